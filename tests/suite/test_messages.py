"""The protocol's messages as frozen values: built once from JSON, and back."""

from __future__ import annotations

import dataclasses

import pytest
from seven_rocks_kit import PASS, Placement, Tile

from conformance.api import load_suite
from conformance.suite.fixtures import Case
from conformance.suite.messages import (
    UNSTATED,
    ErroredReply,
    HandRequest,
    Malformed,
    PerftRequest,
    RejectedReply,
    Rejection,
    ReplyProblem,
    Result,
    ResultReply,
    SkippedReply,
    expected_of,
    is_skipped,
    parse_expected,
    parse_reply,
    parse_request,
    request_json,
    result_of,
)
from reference_impl.adapter import handle


def test_every_case_request_is_read_and_written_back_unchanged() -> None:
    cases = load_suite()
    typed = 0
    for case in cases:
        request = parse_request(case.cmd, case.given)
        assert request_json(request, 7) == case.request(7), case.id
        if not isinstance(request, Malformed):
            typed += 1
            assert case.expected.to_json() == case.expected_reply(), case.id
    # Only the cases that send malformed arguments on purpose stay as they came.
    assert typed == sum(1 for c in cases if c.expect_rejected is None or
                        c.expect_rejected["code"] != "bad_request")  # fmt: skip


def test_requests_hold_the_kits_values_and_keep_what_was_left_out() -> None:
    deal = [[[a, b] for a, b in pairs] for pairs in _deal()]
    hand = parse_request("hand", {"deal": deal, "opener": 2, "actions": [{"tile": [0, 0]}, "pass"]})
    assert isinstance(hand, HandRequest)
    assert hand.actions == (Placement(Tile(0, 0)), PASS)
    assert hand.scores is None
    assert "scores" not in hand.arguments()
    perft = parse_request("perft", {"deal": deal, "opener": 0, "scores": [5, 0], "depth": 1})
    assert isinstance(perft, PerftRequest)
    assert (perft.scores, perft.actions) == ((5, 0), None)
    assert set(perft.arguments()) == {"deal", "opener", "scores", "depth"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.opener = 1  # type: ignore[misc]


def test_malformed_arguments_are_kept_as_they_came() -> None:
    request = parse_request("hand", {"deal": [], "opener": 0, "actions": 3})
    assert isinstance(request, Malformed)
    assert request.arguments() == {"deal": [], "opener": 0, "actions": 3}
    assert isinstance(parse_request("nonsense", {}), Malformed)


def test_a_case_expects_exactly_one_thing() -> None:
    with pytest.raises(ValueError, match="not both"):
        Case("x", "d", ("a.b",), "derived", "table", {}, {"credit": 0}, {"code": "no_match"})
    # Read back from a report without its expectation: shown, never judged.
    unknown = Case("x", "d", ("a.b",), "derived", "table", {}, None, None)
    with pytest.raises(ValueError, match="not both nor neither"):
        unknown.expected  # noqa: B018
    assert parse_expected({"credit": 0}, None) == Result({"credit": 0})
    assert parse_expected(None, {"code": "no_match"}) == Rejection("no_match", UNSTATED)
    assert Rejection("no_match").to_json() == {"rejected": {"code": "no_match"}}
    assert Rejection("no_match", None).to_json() == {
        "rejected": {"code": "no_match", "index": None}
    }


def test_replies_are_read_by_kind() -> None:
    assert parse_reply({"seq": 1, "result": {"nodes": 1}}) == ResultReply(1, {"nodes": 1})
    rejected = parse_reply({"seq": 2, "rejected": {"code": "no_match", "index": 0, "message": "m"}})
    assert rejected == RejectedReply(2, "no_match", 0, "m")
    assert parse_reply({"seq": 3, "errored": {"message": "x"}}) == ErroredReply(3, "x")
    assert parse_reply({"seq": 4, "skipped": {}}) == SkippedReply(4, "")
    lines: list[object] = [[], {"seq": 1}, {"seq": 1, "result": {}, "errored": {}}, {"result": 5}]
    for line in lines:
        assert isinstance(parse_reply(line), ReplyProblem), line
    whole = {"seq": 9, "result": {"credit": 5}}
    reply = parse_reply(whole)
    assert isinstance(reply, ResultReply) and reply.to_json() == whole


def test_a_whole_reply_is_an_expectation() -> None:
    refused = handle({"cmd": "table", "seq": 0, "plays": [{"tile": [1, 2]}, {"tile": [3, 4]}]})
    assert expected_of(refused) == Rejection("no_such_end", 1)
    answered = handle({"cmd": "table", "seq": 0, "plays": []})
    assert expected_of(answered) == Result(answered["result"])


def _deal() -> list[list[tuple[int, int]]]:
    tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    return [tiles[i : i + 7] for i in range(0, 28, 7)]


def test_result_of_and_is_skipped_say_what_parse_reply_says() -> None:
    replies = [
        {"seq": 1, "result": {"end_sum": 5}},
        {"seq": 1, "skipped": {"message": "too deep"}},
        {"seq": 1, "rejected": {"code": "no_match", "index": 0, "message": ""}},
        {"seq": 1, "result": {"end_sum": 5}, "skipped": {}},  # two kinds: no reply
        {"seq": 1, "skipped": None},
        {"seq": 1, "result": []},
        "no reply",
        None,
    ]
    for reply in replies:
        typed = parse_reply(reply)
        assert result_of(reply) == (typed.result if isinstance(typed, ResultReply) else None)
        assert is_skipped(reply) == isinstance(typed, SkippedReply)
