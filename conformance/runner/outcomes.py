"""Results of a run: the outcome of each case and the run as a whole."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from conformance.engine.client import EngineInfo, ExchangeFailure
from conformance.runner.compare import Mismatch
from conformance.runner.defaults import EXIT_EMPTY
from conformance.suite.fixtures import Case
from conformance.suite.messages import Reply, ReplyProblem, parse_reply
from conformance.suite.rules import rule_group

__all__ = ["EXIT_EMPTY", "CaseResult", "Outcome", "RunResult"]


class Outcome(StrEnum):
    """What happened to one case."""

    PASSED = "passed"
    FAILED = "failed"  # the engine answered, and the answer departs from the rules
    ERRORED = "errored"  # no usable answer: crash, timeout, protocol violation
    SKIPPED = "skipped"  # not sent: command not implemented, or declined by the engine
    XFAILED = "xfailed"  # failed, and listed as an expected failure
    XPASSED = "xpassed"  # listed as an expected failure, but passed
    NOT_RUN = "not run"  # never sent: the run stopped first; it says nothing of the engine

    @property
    def bad(self) -> bool:
        """Whether this verdict on the engine makes the run unsuccessful.

        A case not run is no verdict on the engine; a run that left cases not run is not
        successful all the same (`RunResult.ok`).
        """
        return self in (Outcome.FAILED, Outcome.ERRORED, Outcome.XPASSED)


@dataclass
class CaseResult:
    """The outcome of one case with everything needed to understand it."""

    case: Case
    outcome: Outcome
    message: str = ""
    mismatches: tuple[Mismatch, ...] = ()
    request: Mapping[str, Any] | None = None
    reply: Any = None
    stderr_tail: str = ""
    duration: float = 0.0
    located: str = ""
    """For a failed perft case: the first position and action where the counts part."""
    unclaimed: tuple[str, ...] = ()
    """For a skipped case: the features it needs that the engine does not claim."""
    failure: ExchangeFailure | None = None
    """For an errored case whose exchange failed: what went wrong, as data."""
    reply_cut: tuple[str, ...] = ()
    """What was cut from ``reply`` to keep it bounded (`conformance.engine.bounded`):
    the case was judged on the whole reply, the reports show this part of it."""

    @cached_property
    def answer(self) -> Reply | ReplyProblem | None:
        """The kept ``reply`` as a value of the protocol's model, made once: what the
        drawings and the diagnosis read (the reports print ``reply`` as it came). None
        when no reply is kept; a `ReplyProblem` when what is kept is no reply of the
        protocol (for an exchange that failed, the line as received)."""
        return None if self.reply is None else parse_reply(self.reply)


@dataclass
class RunResult:
    """The outcome of a run: one ``CaseResult`` per selected case, in suite order."""

    engine: EngineInfo | None
    results: list[CaseResult]
    duration: float = 0.0
    restarts: int = 0
    aborted: str | None = None
    warnings: list[str] = field(default_factory=list)
    unclaimed_features: tuple[str, ...] = ()
    """Features the engine does not claim (``--skip-feature`` and its handshake)."""
    suite_cases: tuple[str, ...] | None = None
    """The ids of all the suite's own cases, selected or not, or None when the run did
    not load the suite: with them a report says which of the suite's cases it leaves
    out, and which of its cases are not the suite's."""

    def feature_skips(self) -> dict[str, int]:
        """For each unclaimed feature, how many cases were skipped for it."""
        counts = Counter(f for r in self.results for f in r.unclaimed)
        return {feature: counts.get(feature, 0) for feature in self.unclaimed_features}

    def totals(self) -> dict[str, int]:
        """Counts per outcome (every outcome present, zero included) and ``total``."""
        counts = Counter(r.outcome for r in self.results)
        out = {o.value: counts.get(o, 0) for o in Outcome}
        out["total"] = len(self.results)
        return out

    def by_group(self) -> dict[str, dict[str, int]]:
        """Outcome counts per rule group; a case citing several groups counts in each."""
        groups: dict[str, Counter[str]] = {}
        for r in self.results:
            for group in dict.fromkeys(rule_group(rule) for rule in r.case.rules):
                groups.setdefault(group, Counter())[r.outcome.value] += 1
        return {g: {o.value: c.get(o.value, 0) for o in Outcome} for g, c in sorted(groups.items())}

    def failures(self) -> list[CaseResult]:
        """The cases that make the run unsuccessful, in suite order."""
        return [r for r in self.results if r.outcome.bad]

    def empty(self) -> bool:
        """Whether no case was run: every one was skipped (its command or a feature it
        needs not claimed), or there was none."""
        return not self.aborted and all(r.outcome is Outcome.SKIPPED for r in self.results)

    def ok(self, *, strict: bool = False, allow_empty: bool = False) -> bool:
        """Whether every case ran and none failed or errored, some case was run (unless
        ``allow_empty``), and, when ``strict``, nothing was skipped."""
        if self.aborted or any(r.outcome.bad or r.outcome is Outcome.NOT_RUN for r in self.results):
            return False
        if self.empty() and not allow_empty:
            return False
        return not (strict and any(r.outcome is Outcome.SKIPPED for r in self.results))

    def exit_code(self, *, strict: bool = False, allow_empty: bool = False) -> int:
        """0 when the run is successful, `EXIT_EMPTY` when no case was run (unless
        ``allow_empty``), 1 otherwise."""
        if self.empty() and not allow_empty:
            return EXIT_EMPTY
        return 0 if self.ok(strict=strict, allow_empty=allow_empty) else 1
