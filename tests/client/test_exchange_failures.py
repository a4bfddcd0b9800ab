"""Failures of an exchange are typed data, and a case never sent has an outcome of its own:
what a consumer needs it reads from the types, not from the words."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from conformance.api import RunOptions, load_suite, run
from conformance.engine.failures import (
    BadJson,
    BadShape,
    ExchangeFailure,
    Exited,
    Oversize,
    Timeout,
    WrongSeq,
)
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from tests.support.cli import FAKES, TEST_FIXTURES, no_engine_left


@pytest.fixture(autouse=True)
def no_leftover_engines() -> Iterator[None]:
    with no_engine_left():
        yield


def _run(name: str, *engine_args: str, options: RunOptions | None = None) -> RunResult:
    cases = load_suite([TEST_FIXTURES], builtin=False)
    argv = [sys.executable, str(FAKES / f"{name}.py"), *engine_args]
    return run(argv, cases, options=options or RunOptions(timeout=2))


def _errored(result: RunResult) -> list[CaseResult]:
    return [r for r in result.results if r.outcome is Outcome.ERRORED]


@pytest.mark.parametrize(
    ("fake", "kind"),
    [
        ("crash_third", Exited),
        ("non_json", BadJson),
        ("wrong_seq", WrongSeq),
        ("huge_line", Oversize),
    ],
)
def test_each_failure_of_an_exchange_is_told_by_its_kind(
    fake: str, kind: type[ExchangeFailure]
) -> None:
    errored = _errored(_run(fake))
    assert errored, f"{fake} makes no case error"
    assert all(isinstance(r.failure, kind) for r in errored), [r.failure for r in errored]
    # The words are built from the data, the same everywhere they are shown.
    assert all(r.message == str(r.failure) for r in errored)


def test_a_timeout_carries_its_allowance() -> None:
    result = _run("hangs", options=RunOptions(timeout=0.4))
    hung = _errored(result)
    assert hung, "the hanging engine made no case error"
    assert {r.failure for r in hung} == {Timeout(0.4)}
    assert {r.message for r in hung} == {"no reply within 0.4 s"}


def test_failures_say_what_they_hold() -> None:
    assert str(Exited(3)) == "the engine exited before replying (exit status 3)"
    assert str(Exited(-9)) == "the engine exited before replying (killed by SIGKILL)"
    assert str(Exited(None)).endswith("(closed its stdout)")
    assert str(WrongSeq(None, "2")) == "the reply's seq is missing, expected 2"
    assert str(WrongSeq("1002", "2")) == "the reply's seq is 1002, expected 2"
    assert str(Oversize(10, 4)) == "the reply is a 10-byte line, longer than the 4-byte limit"
    assert str(BadShape("'[1]'")) == "the reply is not a JSON object: '[1]'"
    # Only a reply that is JSON but no object leaves the stream in step.
    kinds: list[ExchangeFailure] = [
        Timeout(1),
        Exited(0),
        Oversize(1, 1),
        BadJson(""),
        BadShape(""),
        WrongSeq("", ""),
    ]
    assert [k.broken for k in kinds] == [True, True, True, True, False, True]


def test_cases_the_run_gave_up_on_are_not_run_not_errored() -> None:
    result = _run("hangs", "--always", options=RunOptions(timeout=0.3, max_restarts=1))
    outcomes = [r.outcome for r in result.results]
    assert outcomes.count(Outcome.ERRORED) == 2  # the first case, and the one after restart
    assert outcomes.count(Outcome.NOT_RUN) == len(outcomes) - 2
    assert not result.ok() and result.aborted
    assert all(r.failure is None for r in result.results if r.outcome is Outcome.NOT_RUN)
    assert result.totals()[Outcome.NOT_RUN.value] == len(outcomes) - 2


def test_max_fail_counts_verdicts_only() -> None:
    # The limit counts cases that did not pass, never the ones left unsent because of it.
    result = _run("hangs", "--always", options=RunOptions(timeout=0.3, max_fail=1))
    outcomes = [r.outcome for r in result.results]
    assert outcomes[0] is Outcome.ERRORED
    assert set(outcomes[1:]) == {Outcome.NOT_RUN}
    assert "--max-fail" in (result.aborted or "")
