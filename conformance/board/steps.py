"""A hand or a game, action by action: what each step did, as expected and as answered.

A ``hand`` case is one hand; a ``game`` case one hand per entry of its ``hands``. Each
hand is drawn once (`case.hand_board`): its tiles carry the step that placed them, so
that a viewer shows the table at any step by hiding the tiles placed later. Each step
says what its action was and what the case expects of it and what the engine answered
(end sum, credit, scores), where each of them says it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.board.case import Answer, CaseBoard, hand_board, reply_result
from conformance.board.layout import as_tile, tile_text
from conformance.board.marks import shown, side_text
from conformance.suite.fixtures import Case

__all__ = ["HandSteps", "Step", "case_steps"]


@dataclass(frozen=True)
class Step:
    """One action of a hand, and what it did."""

    action: int
    """Its index in the hand's actions."""
    text: str
    """The action in the rules' words: ``[1|5] on [0|5] high``, ``pass``."""
    placed: int
    """How many tiles are on the table after it."""
    seat: str
    """The seat that acted, as the answer or the case says it ('' when neither does)."""
    expected: str
    """What the case expects of it (``end sum 5, credit 5, scores [5, 0]``), or ''."""
    answered: str
    """What the engine answered for it, or ''."""
    differs: bool
    """Whether the two say different things (both saying something)."""


@dataclass(frozen=True)
class HandSteps:
    """One hand of a case: its drawing and its steps."""

    title: str
    board: CaseBoard
    steps: tuple[Step, ...]


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def action_text(action: Any) -> str:
    """An action in the rules' words; anything odd is shown as it came."""
    if action == "pass":
        return "pass"
    placement = _map(action)
    tile = as_tile(placement.get("tile"))
    if tile is None:
        return shown(action)
    if "on" not in placement:
        return f"{tile_text(tile)} opens"
    on = _map(placement.get("on"))
    on_tile = as_tile(on.get("tile"))
    side = on.get("side")
    if on_tile is None or not isinstance(side, str):
        return f"{tile_text(tile)} on {shown(placement.get('on'))}"
    return f"{tile_text(tile)} on {tile_text(on_tile)} {side_text(side)}"


def _event_text(event: Any) -> str:
    event = _map(event)
    if not event:
        return ""
    parts = []
    for key, word in (("end_sum", "end sum"), ("credit", "credit"), ("scores", "scores")):
        if key in event:
            value = event[key]
            text = shown(value) if not isinstance(value, list) else _scores(value)
            parts.append(f"{word} {text}")
    return ", ".join(parts)


def _scores(value: list[Any]) -> str:
    return "[" + ", ".join(shown(v) for v in value[:2]) + (", ...]" if len(value) > 2 else "]")


def _steps(
    actions: Sequence[Any], expected: Sequence[Any], answered: Sequence[Any]
) -> tuple[Step, ...]:
    out = []
    placed = 0
    for index, action in enumerate(actions):
        placed += isinstance(action, Mapping)
        want = _event_text(expected[index]) if index < len(expected) else ""
        got = _event_text(answered[index]) if index < len(answered) else ""
        seat = next(
            (
                shown(_map(events[index]).get("seat"))
                for events in (answered, expected)
                if index < len(events) and "seat" in _map(events[index])
            ),
            "",
        )
        out.append(
            Step(
                index,
                action_text(action),
                placed,
                seat,
                want,
                got,
                bool(want and got) and want != got,
            )
        )
    return tuple(out)


def case_steps(case: Case, answer: Answer = None) -> tuple[HandSteps, ...]:
    """The hands of a ``hand`` or ``game`` case, step by step, with the engine's ``answer``
    beside the expectation; () for other commands."""
    result = reply_result(answer)
    if case.cmd == "hand":
        hands: list[tuple[Any, Any, Any]] = [(case.given, case.expect, result)]
    elif case.cmd == "game":
        given = _list(case.given.get("hands"))
        want = _list(_map(case.expect).get("hands"))
        got = _list(_map(result).get("hands"))
        hands = [
            (hand, want[i] if i < len(want) else None, got[i] if i < len(got) else None)
            for i, hand in enumerate(given)
        ]
    else:
        return ()
    out = []
    for index, (given_hand, expected, answered) in enumerate(hands):
        actions = _list(_map(given_hand).get("actions"))
        title = case.id if case.cmd == "hand" else f"{case.id}, hand {index + 1}"
        board = hand_board(case, _map(given_hand), _map(expected), answer, answered, title)
        steps = _steps(
            actions, _list(_map(expected).get("events")), _list(_map(answered).get("events"))
        )
        out.append(HandSteps(title, board, steps))
    return tuple(out)
