"""Which replies a run keeps: every reply by default, and with ``keep_passed_replies``
off (as the command line runs) only those a report shows."""

from __future__ import annotations

from conformance.api import Case, Outcome, RunOptions, load_suite, run, select
from tests.support.cli import fake


def _cases() -> list[Case]:
    return [c for c in select(load_suite(), cmds=["settle"]) if c.expect is not None][:4]


def test_by_default_every_reply_is_kept() -> None:
    result = run(None, _cases())
    assert [r.outcome for r in result.results] == [Outcome.PASSED] * 4
    assert all(isinstance(r.reply, dict) and "result" in r.reply for r in result.results)


def test_off_a_passed_reply_is_not_kept_but_an_xpassed_one_is() -> None:
    cases = _cases()
    listed = cases[0].id
    options = RunOptions(keep_passed_replies=False, expect_fail=frozenset({listed}))
    result = run(None, cases, options=options)
    outcomes = [r.outcome for r in result.results]
    assert outcomes == [Outcome.XPASSED] + [Outcome.PASSED] * 3
    assert isinstance(result.results[0].reply, dict) and "result" in result.results[0].reply
    assert [r.reply for r in result.results[1:]] == [None] * 3
    assert [r.request for r in result.results[1:]] == [None] * 3
    assert result.results[0].request is not None


def test_off_a_failed_reply_is_still_kept_in_bounded_form() -> None:
    options = RunOptions(keep_passed_replies=False, timeout=5)
    result = run(
        fake("huge_open", "1000"), select(load_suite(), cmds=["table"])[:1], options=options
    )
    failed = result.results[0]
    assert failed.outcome in (Outcome.FAILED, Outcome.ERRORED)
    assert failed.reply is not None and failed.reply_cut
