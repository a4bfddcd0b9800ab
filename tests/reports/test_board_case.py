"""Expected and actual tables of a case, side by side, the differing ends highlighted."""

from __future__ import annotations

import copy
from typing import Any
from xml.etree import ElementTree

import pytest

from conformance.board import case_board
from conformance.kit import tile
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.messages import parse_reply
from conformance.suite.resources import fixtures_dir


@pytest.fixture(scope="module")
def cases() -> dict[str, Case]:
    found = {c.id: c for c in load_cases([fixtures_dir()])}
    assert found, "no fixtures found"
    return found


def _expect(case: Case) -> dict[str, Any]:
    return copy.deepcopy(dict(case.expect or {}))


def test_table_case_highlights_the_end_that_differs(cases: dict[str, Case]) -> None:
    case = cases["table.seed-a.step-9"]
    wrong = _expect(case)
    wrong["counted"] = [c for c in wrong["counted"] if c["tile"] != [1, 3]]
    wrong["end_sum"] = 5
    board = case_board(case, parse_reply({"seq": 1, "result": wrong}))
    assert board is not None
    assert board.highlight == frozenset({tile(1, 3)})
    text = board.text()
    lines = text.splitlines()
    assert lines[0].split() == ["expected", "actual"]
    # Both tables are drawn, with the spinner, and the counted [1|3] only on the left.
    assert all(line.count("╠═╣") in (0, 2) for line in lines)
    assert sum(line.count("╠═╣") for line in lines) == 2
    assert "●3!" in text and "○3!" in text
    assert "actual   counted: [0|5] 0 + [1|2] 2 + [3|4] 3 = 5; end_sum 5" in text
    root = ElementTree.fromstring(board.svg())
    assert len([e for e in root if e.tag.endswith("svg")]) == 2
    ascii_text = board.text(ascii=True)
    assert ascii_text.isascii() and "*3!" in ascii_text


def test_right_answer_highlights_nothing(cases: dict[str, Case]) -> None:
    case = cases["table.seed-a.step-5"]
    board = case_board(case, parse_reply({"seq": 1, "result": _expect(case)}))
    assert board is not None and board.highlight == frozenset()
    assert "!" not in board.text()


def test_legal_case_draws_the_placements(cases: dict[str, Case]) -> None:
    case = cases["legal.branches.open-on-seed-spinner"]
    reply = {"seq": 1, "result": {"placements": _expect(case)["placements"][:1]}}
    board = case_board(case, parse_reply(reply))
    assert board is not None and board.highlight == frozenset({tile(1, 1)})
    text = board.text()
    # Expected: [1|6] on both branches (above and below the spinner); actual: one.
    assert text.count("+[1|6]") == 3
    ElementTree.fromstring(board.svg())


def test_hand_case_draws_the_table_after_the_actions(cases: dict[str, Case]) -> None:
    case = cases["hand.turns.five-choices-after-branch"]
    reply = {"seq": 1, "result": {**_expect(case), "legal": []}}
    board = case_board(case, parse_reply(reply))
    assert board is not None
    placements = [a for a in case.given["actions"] if isinstance(a, dict)]
    assert len(board.expected.plays) == len(placements) == 7
    text = board.text()
    assert text.count("╠═╣") == 2  # the spinner [6|6] on both tables
    assert "+[4|4]" in text
    assert tile(4, 5) in board.highlight and tile(0, 6) in board.highlight


@pytest.mark.parametrize(
    ("reply", "note"),
    [
        (
            {"seq": 1, "rejected": {"code": "bad_request", "index": None, "message": "no"}},
            "rejected",
        ),
        ({"seq": 1, "errored": {"message": "boom\x1b[31m"}}, "errored: 'boom\\x1b[31m'"),
        ("not json at all", "no usable reply"),
        ({"seq": 1, "result": {"open": "x", "counted": [None, 3]}}, "not understood"),
    ],
)
def test_odd_replies_are_notes_not_crashes(cases: dict[str, Case], reply: Any, note: str) -> None:
    board = case_board(cases["table.seed-a.step-4"], parse_reply(reply))
    assert board is not None
    text = board.text()
    assert note in text and "\x1b" not in text
    ElementTree.fromstring(board.svg())


def test_cases_without_a_table(cases: dict[str, Case]) -> None:
    settle = next(c for c in cases.values() if c.cmd == "settle")
    assert case_board(settle) is None
    alone = case_board(cases["table.seed-a.step-9"])
    assert alone is not None and alone.actual is None
    assert alone.text().startswith("expected\n")
    ElementTree.fromstring(alone.svg())


def test_every_drawn_case_draws(cases: dict[str, Case]) -> None:
    drawn = 0
    for case in cases.values():
        board = case_board(case, parse_reply({"seq": 1, "result": case.expect or {}}))
        if board is None:
            continue
        drawn += 1
        assert board.text()
        ElementTree.fromstring(board.svg())
    assert drawn > 150
