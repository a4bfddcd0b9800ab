"""The built-in structural checks of a fixture file, mirroring fixture.schema.json.

They need no jsonschema and word each problem plainly; the schema check, when it runs,
adds only what these do not already explain.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from conformance.suite.features import FEATURES
from conformance.suite.protocol import QUERY_CMDS, REJECTION_CODES

__all__ = ["CASE_ID", "SEED_HEADINGS", "SOURCE_KINDS", "file_structure"]

CASE_ID = re.compile(r"^[a-z0-9]+([._-][a-z0-9]+)*$")
"""The form of a case id."""

SEED_HEADINGS: tuple[str, ...] = (
    "Giocatori, materiale e obiettivo",
    "Distribuire e aprire",
    "Posare una tessera",
    "Doppie terminali e interne allo schema",
    "L'unico spinner",
    "Aprire i rami dello spinner",
    "Punti della posa",
    "Dalla somma delle estremità ai punti",
    "Terminare la mano e fare il conteggio",
    "Vincere la partita",
)
"""Section headings of the Italian seed text, in its order, that a ``source`` may cite."""

SOURCE_KINDS = ("transcribes", "implied", "derived")
"""How a case relates to the seed section its ``source`` names (``"<kind>: <heading>"``).

``transcribes``: the case is an example printed in that section; ``implied``: a
position the section's examples imply without printing it (a step between two drawn
positions, a mirror image); ``derived``: a test the suite derives from the section's
rules. A case found by the fuzzer has the source ``fuzz``.
"""


def _source_problems(source: str) -> list[str]:
    """What is wrong with a ``source`` other than ``fuzz``, listing what is allowed."""
    kind, _, heading = source.partition(": ")
    out = []
    if kind not in SOURCE_KINDS:
        out.append(
            f"source {source!r} must be 'fuzz' or '<kind>: <heading>': {kind!r} is not a "
            f"kind (one of {', '.join(SOURCE_KINDS)})"
        )
    if heading not in SEED_HEADINGS:
        close = difflib.get_close_matches(heading, SEED_HEADINGS, n=1, cutoff=0.6)
        meant = f"; did you mean {close[0]!r}?" if close else ""
        out.append(
            f"source {source!r}: {heading!r} is not a heading of the seed, which are: "
            + ", ".join(map(repr, SEED_HEADINGS))
            + meant
        )
    return out


_CASE_KEYS = frozenset(
    {"id", "description", "rules", "source", "cmd", "given", "expect", "expect_rejected"}
) | {"features"}
_REQUIRED = ("id", "description", "rules", "source", "cmd", "given")


def file_structure(data: Any) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Built-in structural checks mirroring fixture.schema.json (no jsonschema needed).

    Returns the file's own problems, and (label, problems) for each case in order.
    """
    if not isinstance(data, dict):
        return ["the file must hold a mapping with 'title' and 'cases'"], []
    problems: list[str] = []
    extra = sorted(map(str, set(data) - {"title", "cases"}))
    if extra:
        problems.append(f"unknown top-level key(s): {', '.join(extra)}")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip() or "\n" in title:
        problems.append("'title' is required and must be one non-empty line")
    cases = data.get("cases")
    if not isinstance(cases, list) or not cases:
        problems.append("'cases' is required and must be a non-empty list")
        return problems, []
    return problems, [_case_structure(n, case) for n, case in enumerate(cases, start=1)]


def _case_structure(number: int, case: Any) -> tuple[str, list[str]]:
    if not isinstance(case, dict):
        return f"case #{number}", ["a case must be a mapping"]
    cid = case.get("id")
    label = cid if isinstance(cid, str) and cid else f"case #{number}"
    out: list[str] = []
    out.extend(f"missing required key '{k}'" for k in _REQUIRED if k not in case)
    extra = sorted(map(str, set(case) - _CASE_KEYS))
    if extra:
        out.append(f"unknown key(s): {', '.join(extra)}")
    # fullmatch: with match, ``$`` would let an id end in a newline.
    if "id" in case and not (isinstance(cid, str) and CASE_ID.fullmatch(cid)):
        out.append(f"id {cid!r} does not match {CASE_ID.pattern}")
    desc = case.get("description")
    if "description" in case and not (isinstance(desc, str) and desc.strip() and "\n" not in desc):
        out.append("description must be one non-empty line")
    rules = case.get("rules")
    if "rules" in case and not (
        isinstance(rules, list) and rules and all(isinstance(r, str) for r in rules)
    ):
        out.append("rules must be a non-empty list of rule IDs")
    source = case.get("source")
    if "source" in case:
        if not isinstance(source, str):
            out.append("source must be a string")
        elif source != "fuzz":
            out.extend(_source_problems(source))
    if "cmd" in case and case["cmd"] not in QUERY_CMDS:
        out.append(f"cmd {case['cmd']!r} is not one of {', '.join(QUERY_CMDS)}")
    given = case.get("given")
    if "given" in case:
        if not isinstance(given, dict):
            out.append("given must be a mapping of the request's arguments")
        elif {"cmd", "seq"} & set(given):
            out.append("given must not contain 'cmd' or 'seq' (the runner sets them)")
    has_expect, has_rejected = "expect" in case, "expect_rejected" in case
    if has_expect == has_rejected:
        out.append("exactly one of 'expect' and 'expect_rejected' is required")
    if has_expect and not isinstance(case["expect"], dict):
        out.append("expect must be a mapping (a subset of the result)")
    elif has_expect and not case["expect"]:
        out.append("expect is empty, so any result would pass: name the fields to compare")
    if has_rejected:
        out.extend(_rejected_structure(case["expect_rejected"]))
    out.extend(_features_structure(case))
    return label, out


def _features_structure(case: dict[str, Any]) -> list[str]:
    features = case.get("features", [])
    if not (isinstance(features, list) and all(isinstance(f, str) for f in features)):
        return ["features must be a list of feature names"]
    out = [
        f"unknown feature {name!r}: known are {', '.join(FEATURES)}"
        for name in features
        if name not in FEATURES
    ]
    rejected = case.get("expect_rejected")
    bad_request = isinstance(rejected, dict) and rejected.get("code") == "bad_request"
    if bad_request and "input-validation" not in features:
        out.append("a case expecting bad_request needs 'features: [input-validation]'")
    return out


def _rejected_structure(rejected: Any) -> list[str]:
    if not isinstance(rejected, dict):
        return ["expect_rejected must be a mapping with 'code' and optionally 'index'"]
    out: list[str] = []
    if rejected.get("code") not in REJECTION_CODES:
        out.append(f"expect_rejected.code {rejected.get('code')!r} is not a rejection code")
    index = rejected.get("index")
    if "index" in rejected and not (
        index is None or (isinstance(index, int) and not isinstance(index, bool) and index >= 0)
    ):
        out.append("expect_rejected.index must be a non-negative integer or null")
    extra = sorted(map(str, set(rejected) - {"code", "index"}))
    if extra:
        out.append(f"unknown key(s) in expect_rejected: {', '.join(extra)}")
    return out
