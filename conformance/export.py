"""The suite as one JSON document, for harnesses that run the cases in their own test framework.

Every case becomes its request, its expected reply (a partial result or a rejection) and
where the comparison treats lists as multisets, beside its rules, features and source;
the document carries the suite's version, the rules' statements and the comparison
rules of spec/fixtures.md section 7. spec/schemas/suite.schema.json describes it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from conformance import SUITE_VERSION
from conformance.runner.compare import MULTISET_KEYS, RESULT_LIST_KEYS, result_objects
from conformance.suite.features import FEATURES
from conformance.suite.fixtures import Case
from conformance.suite.protocol import PROTOCOL_VERSION
from conformance.suite.rules import Rule

__all__ = [
    "FORMAT",
    "SCHEMA_ID",
    "case_entry",
    "partial",
    "suite_document",
    "suite_json",
    "unordered",
]

FORMAT = "seven-rocks-conformance-suite/1"
"""The document's layout and its version (its ``format`` field)."""

SCHEMA_ID = "https://seven-rocks.example/schemas/suite.schema.json"
"""The ``$id`` of the document's JSON Schema (spec/schemas/suite.schema.json)."""

COMPARISON = (
    "A reply passes a case when it carries the case's expect key ('result' or 'rejected') "
    "and its value matches. An expected object matches an object with exactly its keys, "
    "each value matching, at every depth, except the result objects listed in the case's "
    "'partial' (JSON Pointers into the expected value: the result itself and a game's hand "
    "results), where a key the case leaves out is not compared with anything the case "
    "states; so a key the protocol defines, present where it must be absent (an opening "
    "placement's 'on', even null) or absent where it must be present, is a difference "
    "wherever it appears. An expected array matches an array of the same length, element "
    "by element in order, except the arrays listed in the case's 'unordered' (JSON "
    "Pointers), which match as multisets: each expected element matched to a distinct "
    "actual element, found by a maximum matching; a scalar matches only an equal scalar of "
    "the same JSON type (1 is not true, 2 is not 2.0), and null only null. A key a case "
    "leaves out of a result object is still judged: the whole reply must be valid against "
    "the reply schema of its command (spec/schemas/<cmd>.result.schema.json), and the "
    "result's values must keep the relations that spec/fixtures.md section 7 lists with "
    "the request and with one another (an opening placement has no 'on', each event "
    "echoes its action, credits follow from end sums and scores from credits). A "
    "rejection's 'message' is never compared, and its 'index' only when the case gives it."
)
"""How a harness compares an engine's reply with a case (spec/fixtures.md sections 7, 8)."""


def _pointer_token(key: str | int) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _unordered(value: Any, path: str, key: str | None) -> Iterator[str]:
    if isinstance(value, list):
        if key in MULTISET_KEYS:
            yield path
        for index, item in enumerate(value):
            yield from _unordered(item, f"{path}/{index}", None)
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from _unordered(item, f"{path}/{_pointer_token(name)}", name)


def unordered(expected: Mapping[str, Any]) -> list[str]:
    """The JSON Pointers of the arrays in ``expected`` that compare as multisets."""
    return list(_unordered(dict(expected), "", None))


def partial(expected: Mapping[str, Any]) -> list[str]:
    """The JSON Pointers of the result objects in ``expected``: the result itself and the
    objects in the arrays under `RESULT_LIST_KEYS` (a game's hand results)."""
    return [
        "".join(f"/{_pointer_token(p)}" for p in place) for place, _ in result_objects(expected)
    ]


def case_entry(case: Case) -> dict[str, Any]:
    """One case of the document."""
    if case.expect is not None:
        expect: dict[str, Any] = {"result": dict(case.expect)}
        pointers = unordered(case.expect)
        objects = partial(case.expect)
    else:
        assert case.expect_rejected is not None
        expect = {"rejected": dict(case.expect_rejected)}
        # A rejection compares its code and its index when given: never its message.
        pointers, objects = [], [""]
    return {
        "id": case.id,
        "description": case.description,
        "cmd": case.cmd,
        "rules": list(case.rules),
        "features": list(case.features),
        "source": case.source,
        "file": case.file,
        "request": {"cmd": case.cmd, **case.given},
        "expect": expect,
        "unordered": pointers,
        "partial": objects,
    }


def suite_document(cases: Iterable[Case], rules: Mapping[str, Rule]) -> dict[str, Any]:
    """The whole document for ``cases``, with the statements of the rules they cite."""
    entries = [case_entry(case) for case in cases]
    cited = sorted({rule for entry in entries for rule in entry["rules"]})
    return {
        "$schema": SCHEMA_ID,
        "format": FORMAT,
        "suite": {"name": "seven-rocks-conformance", "version": SUITE_VERSION},
        "protocol": PROTOCOL_VERSION,
        "comparison": {
            "description": COMPARISON,
            "unordered_keys": sorted(MULTISET_KEYS),
            "result_list_keys": sorted(RESULT_LIST_KEYS),
        },
        "features": dict(FEATURES),
        "rules": {rule: rules[rule].text for rule in cited if rule in rules},
        "cases": entries,
    }


def suite_json(cases: Iterable[Case], rules: Mapping[str, Rule]) -> str:
    """`suite_document` as text: one case a line, so that a change to a case is one line."""
    document = suite_document(cases, rules)
    entries = document.pop("cases")
    head = json.dumps(document, ensure_ascii=False, indent=1)
    lines = ",\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries)
    return head[:-2] + ',\n "cases": [\n' + lines + "\n ]\n}\n"
