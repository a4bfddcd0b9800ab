"""Mutation testing of the suite: run it against each mutant engine, build the kill matrix.

A mutant is the reference engine with one deliberate misreading of the rules
(`reference_impl.mutants`). It is *killed* when at least one case fails or errors
against it; a mutant that survives points at a missing fixture.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from conformance.engine.client import EngineStartError
from conformance.runner.execute import RunOptions, reference_engine, run_suite
from conformance.runner.outcomes import Outcome
from conformance.suite.fixtures import Case

__all__ = [
    "MutantResult",
    "kill_matrix",
    "mutant_catalogue",
    "reference_failures",
    "serving_args",
]

_SHOWN_KILLERS = 3


@dataclass(frozen=True)
class MutantResult:
    """What the suite did to one mutant."""

    name: str
    description: str
    rules: tuple[str, ...]
    killers: tuple[str, ...]
    """Ids of every case that failed or errored against the mutant, in suite order."""
    error: str | None = None

    @property
    def killed(self) -> bool:
        """Whether some case caught the mutant."""
        return bool(self.killers)

    @property
    def first_killers(self) -> tuple[str, ...]:
        """The first few killing cases, for display."""
        return self.killers[:_SHOWN_KILLERS]


def mutant_catalogue() -> Mapping[str, tuple[str, tuple[str, ...]]]:
    """Every mutant's name with its description and the rules it breaks."""
    from reference_impl.mutants import MUTANTS

    return {m.name: (m.description, m.rules) for m in MUTANTS.values()}


def serving_args(name: str) -> tuple[str, ...]:
    """The reference adapter's arguments that make it serve the catalogue entry `name`."""
    return ("--mutant", name)


def _bad_cases(extra_argv: Sequence[str], cases: Sequence[Case], timeout: float) -> list[str]:
    """Ids of the cases that fail or error against the reference run with `extra_argv`."""
    argv, env = reference_engine()
    result = run_suite(
        [*argv, *extra_argv],
        cases,
        options=RunOptions(timeout=timeout, locate_perft=False),
        env=env,
    )
    return [r.case.id for r in result.results if r.outcome in (Outcome.FAILED, Outcome.ERRORED)]


def reference_failures(cases: Sequence[Case], *, timeout: float = 5.0) -> list[str]:
    """Ids of the cases the true reference engine fails: these cannot judge mutants."""
    return _bad_cases([], cases, timeout)


def _run_one(name: str, cases: Sequence[Case], timeout: float) -> MutantResult:
    description, rules = mutant_catalogue()[name]
    try:
        killers = tuple(_bad_cases(serving_args(name), cases, timeout))
    except EngineStartError as exc:
        return MutantResult(name, description, rules, (), error=str(exc))
    return MutantResult(name, description, rules, killers)


def kill_matrix(
    cases: Sequence[Case],
    *,
    names: Sequence[str] | None = None,
    jobs: int = 2,
    timeout: float = 5.0,
) -> list[MutantResult]:
    """Run `cases` against each mutant (all of them by default), `jobs` at a time.

    The cases must all pass against the reference (see `reference_failures`): a case
    that the reference fails would "kill" every mutant and prove nothing.
    """
    todo = list(names if names is not None else mutant_catalogue())
    unknown = sorted(set(todo) - set(mutant_catalogue()))
    if unknown:
        raise ValueError(f"unknown mutant(s): {', '.join(unknown)}")
    results: dict[str, MutantResult] = {}
    lock = threading.Lock()
    queue = list(reversed(todo))

    def work() -> None:
        while True:
            with lock:
                if not queue:
                    return
                name = queue.pop()
            outcome = _run_one(name, cases, timeout)
            with lock:
                results[name] = outcome

    threads = [threading.Thread(target=work, daemon=True) for _ in range(max(1, jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [results[name] for name in todo]
