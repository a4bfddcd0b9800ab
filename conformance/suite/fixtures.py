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

from conformance.suite.cache import FixtureCache, fixture_cache
from conformance.suite.files import (
    FixtureReadError,
    decode,
    display_name,
    fixture_files,
    read_fixture,
    resolved_path,
)
from conformance.suite.messages import Expected, parse_expected
from conformance.suite.observable import unobservable
from conformance.suite.problems import FixtureError, FixtureProblem, LintResult
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import Rule, load_rules, renamed
from conformance.suite.sharing import Shared, share_values, shared_text
from conformance.suite.structure import CASE_ID, SEED_HEADINGS, SOURCE_KINDS, file_structure

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

_CASE_PATH = re.compile(r"^\$\.cases\[(\d+)\]")


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

    def __post_init__(self) -> None:
        # "Both" cannot be built. "Neither" is a case read back from a report that
        # recorded no expectation (`conformance.site.reading`): shown, never judged.
        if self.expect is not None and self.expect_rejected is not None:
            raise ValueError("a case expects either a result or a rejection, not both")

    @property
    def expected(self) -> Expected:
        """What the case requires: a `Result` or a `Rejection`. ``ValueError`` for a case
        read back from a report without its expectation."""
        return parse_expected(self.expect, self.expect_rejected)

    def request(self, seq: Any) -> dict[str, Any]:
        """The protocol request for this case, with ``seq``."""
        return {"cmd": self.cmd, "seq": seq, **self.given}

    def expected_reply(self) -> dict[str, Any]:
        """The answer the rules require, shaped as a reply without ``seq``: ``{"result":
        ...}`` or ``{"rejected": ...}``."""
        if self.expect is not None:
            return {"result": self.expect}
        return {"rejected": self.expect_rejected}

    def __repr__(self) -> str:
        return f"<Case {self.id} ({self.cmd}) from {self.file}>"


def load_yaml(text: str) -> Any:
    """Parse fixture YAML into JSON data (see `conformance.suite.yaml_loader`).

    Raises `FixtureReadError` (`YamlSyntaxError` or `YamlDataError`) for text that is
    not YAML or YAML that is not JSON data.
    """
    # Imported here: a run whose files are all cached never needs PyYAML.
    from conformance.suite import yaml_loader

    return yaml_loader.load_yaml(text)


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
    builtin: Path | None
    """The suite's own fixture folder, resolved: its files are never cached."""
    compiled: bool = False
    """Whether the suite's own cases come from the compiled document
    (`conformance.suite.compiled`) rather than from their files."""
    problems: list[FixtureProblem] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    seen: dict[str, str] = field(default_factory=dict)
    files: int = 0
    shared: Shared = field(default_factory=dict)
    """The values (tiles, placements) the cases loaded so far share (`share_values`)."""
    renames: Mapping[str, str] = field(default_factory=dict)
    """Old rule IDs and the IDs they were renamed to: a case may cite either."""

    def __post_init__(self) -> None:
        self.renames = renamed(self.rules)

    def add_file(self, path: Path, *, schema: bool, reread: bool = False) -> None:
        name = display_name(path)
        self.files += 1
        cached = self._cached(path)
        entry = self._read(name, path, cached and not reread)
        if entry is None:
            return
        data = entry["data"]
        key, fresh = entry.pop("key"), entry.pop("fresh")
        try:
            file_problems, case_problems = file_structure(data)
            messages: list[str] | None = None
            if schema and self.schema:
                messages = entry.get("schema")
                if messages is None:
                    messages = entry["schema"] = _schema_problems(data)
                    fresh = True
        except RecursionError:
            if fresh:
                raise  # the loader bounds nesting: cannot happen to a file just parsed
            file_problems, case_problems, messages = ["nested too deeply"], [], None
        if not fresh and (file_problems or messages or any(p for _, p in case_problems)):
            # An entry is trusted to say that a file is sound, never that it is not: a
            # problem read from the cache (a corrupted entry, maybe) means parse again.
            self.files -= 1
            self.add_file(path, schema=schema, reread=True)
            return
        self.problems.extend(FixtureProblem(name, None, m) for m in file_problems)
        for label, problems in case_problems:
            self.problems.extend(FixtureProblem(name, label, m) for m in problems)
        if messages is not None:
            self._add_schema_problems(name, messages, case_problems)
        if fresh and cached:
            self.cache.put(key, entry)
        if file_problems:
            return
        for raw, (_, problems) in zip(data["cases"], case_problems, strict=True):
            if not problems:
                self._add_case(name, raw)

    def add_compiled(self, directory: Path) -> None:
        """Every case of the suite's own folder, from the compiled document: the files
        were checked when it was written, and it is used only while they are unchanged.
        The citations are checked again, against the rules as they are now."""
        from conformance.suite.compiled import StaleSuiteError, compiled_cases

        try:
            cases = compiled_cases(directory)
        except StaleSuiteError as exc:
            self.problems.append(
                FixtureProblem(display_name(directory), None, str(exc), kind="stale")
            )
            return
        for raw in cases:
            self._add_case(raw["file"], raw, share=False)

    def _cached(self, path: Path) -> bool:
        # The suite's own files are parsed every run: anyone able to write the cache
        # folder (the engine under test too) could otherwise write their entries.
        return self.builtin is None or not resolved_path(path).is_relative_to(self.builtin)

    def _read(self, name: str, path: Path, use_cache: bool) -> dict[str, Any] | None:
        """The file's cache entry (``data``, maybe ``schema``), its ``key``, and whether it
        is ``fresh`` (not yet stored); None when it cannot be read."""
        try:
            content = read_fixture(path)
            key = self.cache.key(content)
            entry = self.cache.get(key) if use_cache else None
            fresh = entry is None
            if entry is None:
                entry = {"data": load_yaml(decode(content))}
        except FixtureReadError as exc:
            if exc.problems:
                self.problems.extend(
                    FixtureProblem(name, p.case, str(p), kind="read", line=p.line)
                    for p in exc.problems
                )
            else:
                self.problems.append(
                    FixtureProblem(name, None, str(exc), kind="read", line=exc.line)
                )
            return None
        entry["key"], entry["fresh"] = key, fresh
        return entry

    def _add_schema_problems(
        self, name: str, messages: list[str], case_problems: list[tuple[str, list[str]]]
    ) -> None:
        for message in messages:
            match = _CASE_PATH.match(message)
            if match is None:
                self.problems.append(
                    FixtureProblem(name, None, f"schema: {message}", kind="schema")
                )
                continue
            index = int(match.group(1))
            if index >= len(case_problems):
                label = None
            else:
                label, problems = case_problems[index]
                if problems:
                    continue  # already explained in plainer words by the built-in checks
            self.problems.append(FixtureProblem(name, label, f"schema: {message}", kind="schema"))

    def _add_case(self, name: str, raw: dict[str, Any], *, share: bool = True) -> None:
        """Add one case that passed the file's checks, unless its id or citations are
        wrong. With ``share``, its values are shared with the cases before it
        (`share_values`): a folder may hold tens of thousands of cases, and shared they
        take a third of the memory. The suite's own few hundred are not: sharing them
        saved about 2 MB and cost every run 12 ms, 40% of loading them."""
        cid: str = raw["id"]
        if cid in self.seen:
            self.problems.append(
                FixtureProblem(
                    name,
                    cid,
                    f"duplicate id (first defined in {self.seen[cid]})",
                    kind="duplicate-id",
                )
            )
            return
        self.seen[cid] = name
        # An old ID cites the rule it was renamed to, under its current ID.
        cited = tuple(dict.fromkeys(self.renames.get(r, r) for r in raw["rules"]))
        for rule_id in cited:
            rule = self.rules.get(rule_id)
            if rule is None:
                self.problems.append(
                    FixtureProblem(
                        name,
                        cid,
                        f"rule ID {rule_id!r} is not in spec/rules.md",
                        kind="unknown-rule",
                    )
                )
            elif rule.withdrawn:
                self.problems.append(
                    FixtureProblem(
                        name,
                        cid,
                        f"rule {rule_id!r} is withdrawn; cite another",
                        kind="withdrawn-rule",
                    )
                )
        self.problems.extend(
            FixtureProblem(name, cid, reason, kind="unobservable")
            for reason in unobservable(raw["cmd"], cited)
        )
        given, expect = raw["given"], raw.get("expect")
        if share:
            given = share_values(given, self.shared)
            expect = None if expect is None else share_values(expect, self.shared)
        self.cases.append(
            Case(
                id=cid,
                description=raw["description"],
                rules=tuple(map(shared_text, cited)),
                source=shared_text(raw["source"]),
                cmd=shared_text(raw["cmd"]),
                given=given,
                expect=expect,
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
    compiled: bool = False,
) -> _Collector:
    try:
        builtin: Path | None = fixtures_dir().resolve()
    except (DataNotFoundError, OSError, RuntimeError):
        builtin = None
    collector = _Collector(
        rules if rules is not None else load_rules(), schema, fixture_cache(), builtin, compiled
    )
    schema_roots = {resolved_path(d) for d in schema_dirs}
    with _gc_paused():
        for directory in dirs:
            _collect_dir(collector, directory, resolved_path(directory) in schema_roots)
    return collector


def _collect_dir(collector: _Collector, directory: Path, schema: bool) -> None:
    if not directory.is_dir():
        collector.problems.append(
            FixtureProblem(display_name(directory), None, "not a directory", kind="folder")
        )
        return
    if collector.compiled and not schema and directory.resolve() == collector.builtin:
        collector.add_compiled(directory)
        return
    files = fixture_files(directory)
    if not files:
        collector.problems.append(
            FixtureProblem(
                display_name(directory), None, "no fixture files (*.yaml) found", kind="folder"
            )
        )
    for path in files:
        collector.add_file(path, schema=schema)


def load_cases(
    dirs: Sequence[Path],
    *,
    rules: Mapping[str, Rule] | None = None,
    schema_dirs: Iterable[Path] = (),
    freeze: bool = False,
    compiled: bool = True,
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

    The suite's own folder is read from its compiled document (`conformance.suite.compiled`),
    which must match its files; ``compiled=False`` parses the files instead (the tool that
    writes the document does).
    """
    collector = _collect(dirs, rules, schema_dirs, schema=True, compiled=compiled)
    if collector.problems:
        raise FixtureError(collector.problems)
    if freeze:
        # No collection first: it would scan all the cases once more, and loading
        # leaves no cyclic garbage (what it discards is freed by reference counting).
        gc.freeze()
    return collector.cases


def lint(
    dirs: Sequence[Path], *, rules: Mapping[str, Rule] | None = None, schema: bool = True
) -> LintResult:
    """Every problem in the fixture files under ``dirs`` (schema and semantic checks)."""
    collector = _collect(dirs, rules, dirs if schema else (), schema=schema)
    return LintResult(collector.problems, collector.files, len(collector.cases))
