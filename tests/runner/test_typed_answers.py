"""A reply becomes a value of the protocol's model once, where it is read, and what draws,
diagnoses or saves it reads that value; the JSON stays beside it as it came."""

from __future__ import annotations

from typing import Any

from conformance.engine.client import Exchange
from conformance.engine.failures import Timeout
from conformance.fuzz.fixture import guess_rules
from conformance.fuzz.hunt import Divergence
from conformance.runner.compare import Mismatch
from conformance.runner.verdict import evaluate
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.messages import (
    RejectedReply,
    Rejection,
    ReplyProblem,
    Result,
    ResultReply,
    parse_reply,
)
from conformance.suite.resources import fixtures_dir

_CASES = {c.id: c for c in load_cases([fixtures_dir()])}


def _case(cmd: str) -> Case:
    return next(c for c in _CASES.values() if c.cmd == cmd and c.expect is not None)


def _exchange(case: Case, reply: Any) -> Exchange:
    return Exchange(case.request(1), reply)


def test_an_exchange_makes_its_answer_once() -> None:
    case = _case("table")
    exchange = _exchange(case, {"seq": 1, "result": dict(case.expect or {})})
    answer = exchange.answer
    assert isinstance(answer, ResultReply) and answer.result == case.expect
    assert exchange.answer is answer
    failed = Exchange(case.request(1), failure=Timeout(2.0))
    assert failed.answer is None


def test_a_verdict_keeps_the_answer_the_reports_show() -> None:
    case = _case("table")
    wrong = {**dict(case.expect or {}), "end_sum": 999}
    result = evaluate(case, _exchange(case, {"seq": 1, "result": wrong}))
    assert result.outcome.value == "failed"
    assert isinstance(result.answer, ResultReply)
    assert result.answer == parse_reply(result.reply)
    assert result.answer.result["end_sum"] == 999
    assert result.answer is result.answer  # made once


def test_a_kept_reply_cut_to_bounds_is_the_answer_drawn() -> None:
    case = _case("table")
    flood = {"seq": 1, "result": {**dict(case.expect or {}), "open": list(range(5000))}}
    result = evaluate(case, _exchange(case, flood))
    assert result.reply_cut
    assert isinstance(result.answer, ResultReply)
    assert len(result.answer.result["open"]) == len(result.reply["result"]["open"]) < 5000


def test_a_failed_exchange_keeps_no_answer_of_the_protocol() -> None:
    case = _case("table")
    result = evaluate(case, Exchange(case.request(1), failure=Timeout(2.0), raw="garbage"))
    assert result.outcome.value == "errored"
    assert isinstance(result.answer, ReplyProblem) and result.answer.value == "garbage"
    assert evaluate(case, Exchange(case.request(1), failure=Timeout(2.0))).answer is None


def test_a_divergence_reads_both_replies_as_values() -> None:
    request = {"cmd": "table", "plays": [{"tile": [9, 9]}]}
    divergence = Divergence(
        1,
        0,
        request,
        {"rejected": {"code": "bad_request", "index": 0, "message": "no such tile"}},
        {"seq": 1, "result": {"open": []}},
        (Mismatch("rejected", "expected a rejection"),),
    )
    assert divergence.wanted == Rejection("bad_request", 0)
    assert isinstance(divergence.answer, ResultReply)
    assert divergence.wanted is divergence.wanted
    assert guess_rules(divergence) == guess_rules(divergence)
    refused = Divergence(
        1,
        0,
        request,
        {"result": {"open": []}},
        {"seq": 1, "rejected": {"code": "no_match", "index": 0, "message": ""}},
        (Mismatch("rejected", "a refusal where the rules answer"),),
    )
    assert isinstance(refused.wanted, Result)
    assert isinstance(refused.answer, RejectedReply) and refused.answer.code == "no_match"
    # The engine's refusal names the rule when the reference answered.
    assert guess_rules(refused) and guess_rules(refused) != guess_rules(divergence)
