"""The reports combined: engines, their runs in version order, and each case's status.

Reports of different suite versions meet here. The newest suite version among them
gives the cases the engines are compared on; a report of an older suite has not run the
cases added since, which count as *not run* for it and are left out of its conformance,
never counted as failures. Each run's own conformance (its badge, its point in the
history) is measured on the cases of its own suite version.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from conformance.runner.outcomes import CaseResult, Outcome
from conformance.site.reading import Report, ReportError
from conformance.suite.fixtures import Case
from conformance.suite.rules import rule_group

__all__ = [
    "CaseInfo",
    "Combined",
    "Engine",
    "Run",
    "Score",
    "Status",
    "combine",
    "slug",
    "status_of",
    "version_key",
]


_GROUP = re.compile(r"[a-z0-9-]{1,40}")


class Status(StrEnum):
    """What one run says of one case, for conformance."""

    PASS = "passed"  # passed, or xpassed: the answer is the one the rules require
    FAIL = "failed"  # failed or xfailed: the answer departs from the rules
    ERROR = "errored"  # no usable answer
    SKIP = "skipped"  # declined: a command not implemented, a feature not claimed
    NOT_RUN = "not run"  # never sent, left out by the selection, or not in its suite


_STATUS = {
    Outcome.PASSED: Status.PASS,
    Outcome.XPASSED: Status.PASS,
    Outcome.FAILED: Status.FAIL,
    Outcome.XFAILED: Status.FAIL,
    Outcome.ERRORED: Status.ERROR,
    Outcome.SKIPPED: Status.SKIP,
    Outcome.NOT_RUN: Status.NOT_RUN,
}


def status_of(result: CaseResult) -> Status:
    """The status of one case result; an expected-failure list changes nothing here: the
    site measures answers, not what the engine's authors expected of them."""
    return _STATUS[result.outcome]


def version_key(version: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key putting versions in natural order: ``1.9`` before ``1.10``."""
    parts = re.findall(r"\d+|[^\d.\-+_ ]+", version)
    return tuple((1, int(p), "") if p.isdigit() else (0, 0, p.lower()) for p in parts)


def slug(text: str) -> str:
    """A file-name-safe form of ``text`` (lower-case letters, digits and dashes)."""
    out = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60].strip("-")
    return out or "engine"


@dataclass(frozen=True)
class Score:
    """Status counts over some cases for one run, and its conformance on them."""

    passed: int = 0
    failed: int = 0
    errored: int = 0
    skipped: int = 0
    not_run: int = 0
    """Cases of the run's suite it did not run (never sent, or left out by a selection)."""
    newer: int = 0
    """Cases not in the run's suite version: not run, and not counted against it."""

    @property
    def counted(self) -> int:
        """The cases conformance is measured on: those of the run's own suite."""
        return self.passed + self.failed + self.errored + self.skipped + self.not_run

    @property
    def rate(self) -> float | None:
        """Passed over counted, or None when nothing is counted."""
        return self.passed / self.counted if self.counted else None

    @property
    def percent(self) -> str:
        """The rate as a whole percentage, rounded down (100% only when all pass)."""
        rate = self.rate
        return "n/a" if rate is None else f"{int(rate * 100)}%"

    @property
    def fraction(self) -> str:
        """``passed/counted``."""
        return f"{self.passed}/{self.counted}"


@dataclass(frozen=True)
class Run:
    """One report, with each case's status."""

    report: Report
    statuses: Mapping[str, Status]
    suite_ids: tuple[str, ...]
    """The cases of its suite version: as recorded (format 2), else those it lists."""
    extra: tuple[str, ...]
    """Cases it ran that are not the suite's (from the user's own fixtures)."""
    _suite: frozenset[str] = field(default=frozenset(), repr=False)

    @classmethod
    def of(cls, report: Report) -> Run:
        """The run a report records."""
        listed = [r.case.id for r in report.result.results]
        suite_ids = tuple(listed if report.suite_cases is None else report.suite_cases)
        suite = frozenset(suite_ids)
        return cls(
            report=report,
            statuses={r.case.id: status_of(r) for r in report.result.results},
            suite_ids=suite_ids,
            extra=tuple(i for i in listed if i not in suite),
            _suite=suite,
        )

    @property
    def version(self) -> str:
        """The engine's version."""
        return self.report.engine.version

    @property
    def suite_version(self) -> str:
        """The suite version of the run."""
        return self.report.suite_version

    def in_suite(self, case_id: str) -> bool:
        """Whether the case belongs to this run's suite version."""
        return case_id in self._suite

    def status(self, case_id: str) -> Status:
        """The case's status in this run (not run when absent)."""
        return self.statuses.get(case_id, Status.NOT_RUN)

    def score(self, case_ids: Iterable[str]) -> Score:
        """The run's counts over ``case_ids``."""
        counts = dict.fromkeys(Status, 0)
        newer = 0
        for case_id in case_ids:
            if self.in_suite(case_id):
                counts[self.status(case_id)] += 1
            else:
                newer += 1
        return Score(
            passed=counts[Status.PASS],
            failed=counts[Status.FAIL],
            errored=counts[Status.ERROR],
            skipped=counts[Status.SKIP],
            not_run=counts[Status.NOT_RUN],
            newer=newer,
        )

    def own_score(self) -> Score:
        """Its conformance on its own suite version (what its badge shows)."""
        return self.score(self.suite_ids)


@dataclass(frozen=True)
class Engine:
    """One engine (by the name its handshake gives) and its runs, oldest first."""

    name: str
    slug: str
    runs: tuple[Run, ...]

    @property
    def latest(self) -> Run:
        """Its run of the highest version (on the newest suite, for that version)."""
        return self.runs[-1]


@dataclass(frozen=True)
class CaseInfo:
    """What the reports (or the installed suite) say of a case."""

    id: str
    cmd: str
    rules: tuple[str, ...]
    description: str

    @cached_property
    def groups(self) -> tuple[str, ...]:
        """The rule groups it cites, once each."""
        return tuple(dict.fromkeys(rule_group(r) for r in self.rules))


@dataclass(frozen=True)
class Combined:
    """All the reports combined."""

    engines: tuple[Engine, ...]
    suite_version: str
    """The newest suite version among the reports: the one engines are compared on."""
    cases: tuple[str, ...]
    """The cases of that suite version, in suite order."""
    catalogue: Mapping[str, CaseInfo]
    groups: tuple[str, ...]

    def in_group(self, group: str, case_ids: Iterable[str] | None = None) -> list[str]:
        """The cases (of ``case_ids``, default the compared ones) citing ``group``."""
        ids = self.cases if case_ids is None else case_ids
        return [i for i in ids if i in self.catalogue and group in self.catalogue[i].groups]

    def citing(self, rule: str) -> list[str]:
        """Every case known to cite ``rule``: the compared ones first, in suite order."""
        order = [*self.cases, *sorted(set(self.catalogue) - set(self.cases))]
        return [i for i in order if i in self.catalogue and rule in self.catalogue[i].rules]


def _run_key(run: Run) -> tuple[object, ...]:
    return (version_key(run.version), run.version, version_key(run.suite_version))


def combine(
    reports: Sequence[Report],
    *,
    known: Mapping[str, Case] | None = None,
    rule_order: Sequence[str] = (),
) -> Combined:
    """Combine ``reports`` (at least one).

    ``known`` (the installed suite's cases by id) fills in what no report says of a case,
    such as the description of a case every engine passed; ``rule_order`` (rule IDs in
    the order of the rules) orders the groups. Raises `ReportError` for two reports of
    the same engine version on the same suite version: which one holds is not known.
    """
    runs = [Run.of(r) for r in reports]
    by_name: dict[str, list[Run]] = {}
    for run in runs:
        by_name.setdefault(run.report.engine.name, []).append(run)
    engines = []
    taken: dict[str, str] = {}
    for name in sorted(by_name):
        ordered = sorted(by_name[name], key=_run_key)
        for before, after in itertools.pairwise(ordered):
            if (before.version, before.suite_version) == (after.version, after.suite_version):
                raise ReportError(
                    after.report.source,
                    f"{name} {after.version} on suite {after.suite_version} is also the run "
                    f"of {before.report.source}: keep one of the two",
                )
        page = slug(name)
        if page in taken:
            raise _shared_page(page, by_name[taken[page]][0], ordered[0])
        taken[page] = name
        engines.append(Engine(name, page, tuple(ordered)))
    newest = max((r.suite_version for r in runs), key=lambda v: (version_key(v), v))
    cases = list(dict.fromkeys(i for r in runs if r.suite_version == newest for i in r.suite_ids))
    catalogue = _catalogue(runs, known or {})
    return Combined(
        engines=tuple(engines),
        suite_version=newest,
        cases=tuple(cases),
        catalogue=catalogue,
        groups=_groups(catalogue.values(), rule_order),
    )


def _shared_page(page: str, first: Run, second: Run) -> ReportError:
    """The refusal of two engine names that give one page name: each engine's page and
    badge URL is its name's slug alone, so that a published badge keeps meaning one
    engine whatever reports are added beside it."""
    return ReportError(
        second.report.source,
        f"the engine {_quoted(second.report.engine.name)} and the engine "
        f"{_quoted(first.report.engine.name)} of {first.report.source} would share the page "
        f"and badge name {page!r}: rename one of them",
    )


def _quoted(name: str, limit: int = 80) -> str:
    """An engine name for a message: quoted, escapes visible, at most `limit` characters."""
    shown = json.dumps(name)
    return shown if len(shown) <= limit else shown[: limit - 4] + '..."'


def _catalogue(runs: Sequence[Run], known: Mapping[str, Case]) -> dict[str, CaseInfo]:
    # The newest suite version's word on a case first; descriptions from any report.
    newest_first = sorted(runs, key=lambda r: version_key(r.suite_version), reverse=True)
    entries: dict[str, CaseInfo] = {}
    descriptions: dict[str, str] = {}
    for run in newest_first:
        for result in run.report.result.results:
            case = result.case
            if case.id in run.extra:
                continue  # the user's own fixtures: not the suite's
            if case.description:
                descriptions.setdefault(case.id, case.description)
            entries.setdefault(case.id, CaseInfo(case.id, case.cmd, case.rules, ""))
    ids = {i for r in runs for i in r.suite_ids}
    out = {}
    for case_id in sorted(ids):
        info = entries.get(case_id)
        fixture = known.get(case_id)
        if info is None and fixture is not None:
            info = CaseInfo(case_id, fixture.cmd, fixture.rules, "")
        if info is None:
            continue  # left out by every selection, and not in the installed suite
        text = fixture.description if fixture is not None else descriptions.get(case_id, "")
        out[case_id] = CaseInfo(info.id, info.cmd, info.rules, text)
    return out


def _groups(infos: Iterable[CaseInfo], rule_order: Sequence[str]) -> tuple[str, ...]:
    # A report may cite any text as a rule: only groups named as the rules name them
    # become columns (a case citing nothing else counts in the overall score only).
    cited = {g for info in infos for g in info.groups if _GROUP.fullmatch(g)}
    ordered = [g for g in dict.fromkeys(rule_group(r) for r in rule_order) if g in cited]
    return (*ordered, *sorted(cited - set(ordered)))
