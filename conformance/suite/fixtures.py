"""Fixture files: load the YAML cases and check them (schema and semantic lint).

Every problem found names its file and, when it concerns one, the case id.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.engine.protocol import QUERY_CMDS, REJECTION_CODES
from conformance.suite.cache import FixtureCache, fixture_cache
from conformance.suite.features import FEATURES
from conformance.suite.files import (
    FixtureReadError,
    decode,
    display_name,
    fixture_files,
    read_fixture,
    resolved_path,
)
from conformance.suite.rules import Rule, load_rules

__all__ = [
    "CASE_ID",
    "SEED_HEADINGS",
    "SOURCE_KINDS",
    "Case",
    "FixtureError",
    "FixtureProblem",
    "LintResult",
    "fixture_files",
    "lint",
    "load_cases",
    "load_yaml",
]

CASE_ID = re.compile(r"^[a-z0-9]+([._-][a-z0-9]+)*$")
"""The form of a case id."""

SEED_HEADINGS: frozenset[str] = frozenset(
    {
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
    }
)
"""Section headings of the Italian seed text that a case's ``source`` may cite."""

SOURCE_KINDS = ("transcribes", "implied", "derived")
"""How a case relates to the seed section its ``source`` names (``"<kind>: <heading>"``).

``transcribes``: the case is an example printed in that section; ``implied``: a
position the section's examples imply without printing it (a step between two drawn
positions, a mirror image); ``derived``: a test the suite derives from the section's
rules. A case found by the fuzzer has the source ``fuzz``.
"""

_CASE_KEYS = frozenset(
    {"id", "description", "rules", "source", "cmd", "given", "expect", "expect_rejected"}
) | {"features"}
_CASE_PATH = re.compile(r"^\$\.cases\[(\d+)\]")
_REQUIRED = ("id", "description", "rules", "source", "cmd", "given")


@dataclass(frozen=True, eq=False)
class Case:
    """One conformance case: a request to an engine and the answer the rules require."""

    id: str
    description: str
    rules: tuple[str, ...]
    source: str
    cmd: str
    given: Mapping[str, Any]
    expect: Mapping[str, Any] | None
    expect_rejected: Mapping[str, Any] | None
    file: str = ""
    features: tuple[str, ...] = ()
    """What the case needs beyond the rules (`conformance.suite.features.FEATURES`)."""

    def request(self, seq: Any) -> dict[str, Any]:
        """The protocol request for this case, with ``seq``."""
        return {"cmd": self.cmd, "seq": seq, **self.given}

    def __repr__(self) -> str:
        return f"<Case {self.id} ({self.cmd}) from {self.file}>"


@dataclass(frozen=True)
class FixtureProblem:
    """Something wrong with a fixture file, located by file and (when known) case id."""

    file: str
    case: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.case}" if self.case else self.file
        return f"{where}: {self.message}"


@dataclass
class FixtureError(Exception):
    """The fixtures cannot be used: the run cannot happen."""

    problems: list[FixtureProblem] = field(default_factory=list)

    def __str__(self) -> str:
        lines = [f"{len(self.problems)} problem(s) in the fixtures:"]
        lines.extend(f"  {p}" for p in self.problems)
        return "\n".join(lines)


def load_yaml(text: str) -> Any:
    """Parse fixture YAML into JSON data (see `conformance.suite.yaml_loader`).

    Raises `FixtureReadError` (`YamlSyntaxError` or `YamlDataError`) for text that is
    not YAML or YAML that is not JSON data.
    """
    # Imported here: a run whose files are all cached never needs PyYAML.
    from conformance.suite import yaml_loader

    return yaml_loader.load_yaml(text)


def _structure(data: Any) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Built-in structural checks mirroring fixture.schema.json (no jsonschema needed).

    Returns the file's own problems, and (label, problems) for each case in order.
    """
    if not isinstance(data, dict):
        return ["the file must hold a mapping with 'title' and 'cases'"], []
    problems: list[str] = []
    extra = sorted(map(str, set(data) - {"title", "cases"}))
    if extra:
        problems.append(f"unknown top-level key(s): {', '.join(extra)}")
    if not isinstance(data.get("title"), str) or not data["title"].strip():
        problems.append("'title' is required and must be a non-empty string")
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
    if "id" in case and not (isinstance(cid, str) and CASE_ID.match(cid)):
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
            kind, _, heading = source.partition(": ")
            if kind not in SOURCE_KINDS or heading not in SEED_HEADINGS:
                out.append(
                    f"source {source!r} must be 'fuzz' or '<kind>: <heading>', the kind "
                    f"one of {', '.join(SOURCE_KINDS)} and the heading a section of the seed"
                )
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


def _schema_problems(data: Any) -> list[str]:
    # Imported here: a run of cached or trusted files checks no schema.
    from conformance.suite import schemas

    try:
        # The loader bounds nesting, and cached entries are JSON that Python's own
        # parser bounds: no need to walk the data for its depth again.
        return list(schemas.check_fixture_file(data, shallow=True))
    except RecursionError:  # the loader bounds nesting; this is a last safety net
        return ["$: values nest too deeply to check against the schema"]


@contextmanager
def _gc_paused() -> Iterator[None]:
    # Loading allocates many long-lived containers and no garbage cycles; the cyclic
    # collector would otherwise rescan everything loaded so far again and again, which
    # makes loading grow faster than the number of cases.
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@dataclass
class _Collector:
    rules: Mapping[str, Rule]
    schema: bool
    cache: FixtureCache
    problems: list[FixtureProblem] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    seen: dict[str, str] = field(default_factory=dict)
    files: int = 0

    def add_file(self, path: Path, *, schema: bool) -> None:
        name = display_name(path)
        self.files += 1
        entry = self._read(name, path)
        if entry is None:
            return
        data = entry["data"]
        file_problems, case_problems = _structure(data)
        self.problems.extend(FixtureProblem(name, None, m) for m in file_problems)
        for label, problems in case_problems:
            self.problems.extend(FixtureProblem(name, label, m) for m in problems)
        key, fresh = entry.pop("key"), entry.pop("fresh")
        if schema and self.schema:
            if entry.get("schema") is None:
                entry["schema"] = _schema_problems(data)
                fresh = True
            self._add_schema_problems(name, entry["schema"], case_problems)
        if fresh:
            self.cache.put(key, entry)
        if file_problems:
            return
        for raw, (_, problems) in zip(data["cases"], case_problems, strict=True):
            if not problems:
                self._add_case(name, raw)

    def _read(self, name: str, path: Path) -> dict[str, Any] | None:
        """The file's cache entry (``data``, maybe ``schema``), its ``key``, and whether it
        is ``fresh`` (not yet stored); None when it cannot be read."""
        try:
            content = read_fixture(path)
            key = self.cache.key(content)
            entry = self.cache.get(key)
            fresh = entry is None
            if entry is None:
                entry = {"data": load_yaml(decode(content))}
        except FixtureReadError as exc:
            if exc.problems:
                self.problems.extend(FixtureProblem(name, p.case, str(p)) for p in exc.problems)
            else:
                self.problems.append(FixtureProblem(name, None, str(exc)))
            return None
        entry["key"], entry["fresh"] = key, fresh
        return entry

    def _add_schema_problems(
        self, name: str, messages: list[str], case_problems: list[tuple[str, list[str]]]
    ) -> None:
        for message in messages:
            match = _CASE_PATH.match(message)
            if match is None:
                self.problems.append(FixtureProblem(name, None, f"schema: {message}"))
                continue
            index = int(match.group(1))
            if index >= len(case_problems):
                label = None
            else:
                label, problems = case_problems[index]
                if problems:
                    continue  # already explained in plainer words by the built-in checks
            self.problems.append(FixtureProblem(name, label, f"schema: {message}"))

    def _add_case(self, name: str, raw: dict[str, Any]) -> None:
        cid: str = raw["id"]
        if cid in self.seen:
            self.problems.append(
                FixtureProblem(name, cid, f"duplicate id (first defined in {self.seen[cid]})")
            )
            return
        self.seen[cid] = name
        for rule_id in raw["rules"]:
            rule = self.rules.get(rule_id)
            if rule is None:
                self.problems.append(
                    FixtureProblem(name, cid, f"rule ID {rule_id!r} is not in spec/rules.md")
                )
            elif rule.withdrawn:
                self.problems.append(
                    FixtureProblem(name, cid, f"rule {rule_id!r} is withdrawn; cite another")
                )
        self.cases.append(
            Case(
                id=cid,
                description=raw["description"],
                rules=tuple(raw["rules"]),
                source=raw["source"],
                cmd=raw["cmd"],
                given=raw["given"],
                expect=raw.get("expect"),
                expect_rejected=raw.get("expect_rejected"),
                file=name,
                features=tuple(raw.get("features", ())),
            )
        )


def _collect(
    dirs: Sequence[Path],
    rules: Mapping[str, Rule] | None,
    schema_dirs: Iterable[Path],
    schema: bool,
) -> _Collector:
    collector = _Collector(rules if rules is not None else load_rules(), schema, fixture_cache())
    schema_roots = {resolved_path(d) for d in schema_dirs}
    with _gc_paused():
        for directory in dirs:
            _collect_dir(collector, directory, resolved_path(directory) in schema_roots)
    return collector


def _collect_dir(collector: _Collector, directory: Path, schema: bool) -> None:
    if not directory.is_dir():
        collector.problems.append(FixtureProblem(display_name(directory), None, "not a directory"))
        return
    files = fixture_files(directory)
    if not files:
        collector.problems.append(
            FixtureProblem(display_name(directory), None, "no fixture files (*.yaml) found")
        )
    for path in files:
        collector.add_file(path, schema=schema)


def load_cases(
    dirs: Sequence[Path],
    *,
    rules: Mapping[str, Rule] | None = None,
    schema_dirs: Iterable[Path] = (),
    freeze: bool = False,
) -> list[Case]:
    """Load every case under ``dirs`` in file order; raise ``FixtureError`` on any problem.

    The built-in structural and semantic checks always run; the JSON Schema check runs
    for the folders in ``schema_dirs`` (a user's own fixtures), since importing
    jsonschema costs more than a whole run of the suite's own, already linted, files.

    ``freeze`` moves every object alive afterwards, the cases included, out of the
    cyclic garbage collector's sight (`gc.freeze`): for a process that keeps the cases
    to its end, such as a run, this spares the collector rescanning them again and
    again (a third of a large run's CPU). Cyclic garbage alive at that moment is
    never collected, so a long-lived process that loads cases repeatedly leaves it off.
    """
    collector = _collect(dirs, rules, schema_dirs, schema=True)
    if collector.problems:
        raise FixtureError(collector.problems)
    if freeze:
        # No collection first: it would scan all the cases once more, and loading
        # leaves no cyclic garbage (what it discards is freed by reference counting).
        gc.freeze()
    return collector.cases


@dataclass(frozen=True)
class LintResult:
    """What ``lint`` found: the problems, and how many files and cases it read."""

    problems: list[FixtureProblem]
    files: int
    cases: int


def lint(
    dirs: Sequence[Path], *, rules: Mapping[str, Rule] | None = None, schema: bool = True
) -> LintResult:
    """Every problem in the fixture files under ``dirs`` (schema and semantic checks)."""
    collector = _collect(dirs, rules, dirs if schema else (), schema=schema)
    return LintResult(collector.problems, collector.files, len(collector.cases))
