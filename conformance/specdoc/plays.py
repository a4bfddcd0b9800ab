"""The play examples of spec/rules.md, written from their fixture cases.

A play example shows a ``hand`` or ``game`` case: the deal, every action with the end
sum, credit and scores the fixture expects after it, how the hand ended (the count,
the next opener, the winner) or who is to move, and the table drawn by the board
module. Everything shown is the fixture's own data, or plain bookkeeping on it (which
tiles a seat still holds, and their pips); nothing is computed by an engine, so a
play example is exactly as right as the fixture it shows.

A fixture that does not state every event in full (seat, and for a placement its
end sum, credit and scores) cannot be shown: ``PlayError`` says what it lacks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.board import draw_plays
from conformance.suite.fixtures import Case

__all__ = ["HandView", "PlayError", "hand_views", "play_block"]

TURNS_INFO = "text turns"
"""The info string of a turn table's fence (a drawing's fence is plain ``text``)."""


class PlayError(ValueError):
    """A fixture that a play example cannot show."""


@dataclass(frozen=True)
class HandView:
    """One hand of a play example, as its fixture gives and expects it.

    ``events`` and ``result`` are None for a rejected request, ``rejected`` is None
    otherwise. ``title`` is ``hand 1``, ``hand 2``... in a game, empty for one hand.
    """

    title: str
    deal: Sequence[Sequence[Sequence[int]]]
    opener: int | None
    scores: Sequence[int] | None
    actions: Sequence[Any]
    events: Sequence[Mapping[str, Any]] | None
    result: Mapping[str, Any] | None
    rejected: Mapping[str, Any] | None = None

    def plays(self) -> list[Mapping[str, Any]]:
        """The placements among the actions, up to the refused one if any."""
        actions = self.actions
        if self.rejected is not None and isinstance(self.rejected.get("index"), int):
            actions = actions[: self.rejected["index"]]
        return [a for a in actions if isinstance(a, Mapping)]

    def marks(self) -> dict[str, Any] | None:
        """What the drawing writes beside the tiles: the last placement's end sum and
        credit, and the legal placements of the seat to move while the hand goes on."""
        if self.events is None or self.result is None:
            return None
        marks: dict[str, Any] = {}
        placed = [e for e in self.events if e.get("action") != "pass"]
        if placed:
            marks.update(end_sum=placed[-1]["end_sum"], credit=placed[-1]["credit"])
        if self.result.get("legal"):
            marks["placements"] = self.result["legal"]
        return marks


def _check_events(case: Case, actions: Sequence[Any], events: Any) -> list[Mapping[str, Any]]:
    if not isinstance(events, list) or len(events) != len(actions):
        raise PlayError(f"{case.id}: a play example needs one expected event per action")
    for index, (action, event) in enumerate(zip(actions, events, strict=True)):
        need = ("seat",) if action == "pass" else ("seat", "end_sum", "credit", "scores")
        missing = [key for key in need if key not in event]
        if missing:
            raise PlayError(f"{case.id}: event {index} does not state {', '.join(missing)}")
        if "action" in event and event["action"] != action:
            raise PlayError(f"{case.id}: event {index} echoes another action than the given one")
    return list(events)


def _view(case: Case, title: str, given: Mapping[str, Any], expect: Any) -> HandView:
    actions = list(given.get("actions", []))
    if case.expect_rejected is not None:
        return HandView(
            title,
            given["deal"],
            given.get("opener"),
            given.get("scores"),
            actions,
            None,
            None,
            case.expect_rejected,
        )
    if not isinstance(expect, Mapping) or "end" not in expect or "scores" not in expect:
        raise PlayError(f"{case.id}: a play example needs the expected end and scores")
    events = _check_events(case, actions, expect.get("events"))
    return HandView(
        title, given["deal"], given.get("opener"), given.get("scores"), actions, events, expect
    )


def hand_views(case: Case) -> list[HandView]:
    """The hands a ``hand`` or ``game`` case shows; ``PlayError`` when it cannot be shown."""
    if case.cmd == "hand":
        return [_view(case, "", case.given, case.expect)]
    if case.cmd == "game" and case.expect is not None:
        hands, expected = case.given.get("hands", []), case.expect.get("hands", [])
        if len(hands) != len(expected):
            raise PlayError(f"{case.id}: a play example needs one expected result per hand")
        return [
            _view(case, f"hand {n}", given, expect)
            for n, (given, expect) in enumerate(zip(hands, expected, strict=True), start=1)
        ]
    raise PlayError(f"{case.id}: a play example shows a hand or game case that expects a result")


def _tile(value: Sequence[int]) -> str:
    return f"[{value[0]}|{value[1]}]"


def _action(action: Any) -> str:
    if action == "pass":
        return "pass"
    on = action.get("on")
    if on is None:
        return f"{_tile(action['tile'])} opens"
    return f"{_tile(action['tile'])} on {_tile(on['tile'])} {on['side']}"


def _scores(scores: Sequence[int]) -> str:
    return f"[{scores[0]}, {scores[1]}]"


def _held(view: HandView) -> list[list[Sequence[int]]]:
    """The tiles each seat still holds after the actions (from the events' seats)."""
    held = [list(tiles) for tiles in view.deal]
    for action, event in zip(view.actions, view.events or [], strict=False):
        if isinstance(action, Mapping) and list(action["tile"]) in held[event["seat"]]:
            held[event["seat"]].remove(list(action["tile"]))
    return held


def _deal_lines(view: HandView, starting: Sequence[int] | None) -> list[str]:
    lines = ["deal (the tiles each seat holds at the start):"]
    for seat, tiles in enumerate(view.deal):
        lines.append(f"  seat {seat} (team {seat % 2})  " + " ".join(_tile(t) for t in tiles))
    opener = "not given (the seat that went out)" if view.opener is None else f"seat {view.opener}"
    start = _scores(starting) if starting is not None else "[0, 0]"
    lines.append(f"opener: {opener}; scores at the start: {start}")
    return lines


def _turn_lines(view: HandView) -> list[str]:
    width = max([len(_action(a)) for a in view.actions] + [len("action")])
    if view.events is None:
        # A refused request has no events: its actions are listed, the refused one marked.
        lines = ["  #  action"]
        for index, action in enumerate(view.actions):
            refused = view.rejected is not None and view.rejected.get("index") == index
            note = "  <- refused" if refused else ""
            lines.append(f"{index:3}  {_action(action).ljust(width)}{note}".rstrip())
        return lines
    lines = [f"  #  seat  {'action'.ljust(width)}  end sum  credit  scores"]
    for index, action in enumerate(view.actions):
        event = view.events[index]
        row = f"{index:3}  {event['seat']}     {_action(action).ljust(width)}"
        if action != "pass":
            row += f"  {event['end_sum']:7}  {event['credit']:6}  {_scores(event['scores'])}"
        lines.append(row.rstrip())
    return lines


def _count_lines(view: HandView, penalties: Sequence[int]) -> list[str]:
    held = _held(view)
    cells = [" ".join(_tile(t) for t in tiles) or "nothing" for tiles in held]
    width = max(len(cell) for cell in cells)
    lines = ["the count (tiles held, pips, rounded):"]
    for seat, (tiles, cell) in enumerate(zip(held, cells, strict=True)):
        pips = sum(a + b for a, b in tiles)
        lines.append(f"  seat {seat}  {cell.ljust(width)}  {pips:2} -> {penalties[seat]}")
    team = [penalties[0] + penalties[2], penalties[1] + penalties[3]]
    lines.append(f"deducted: team 0 {team[0]}, team 1 {team[1]}")
    return lines


def _end_lines(view: HandView) -> list[str]:
    if view.rejected is not None:
        index = view.rejected.get("index")
        return [f"refused: {view.rejected['code']} at index {index}; the hand is left unchanged"]
    result = view.result
    assert result is not None  # a view without a rejection has a result
    end, scores = result["end"], _scores(result["scores"])
    if end is None:
        legal = result.get("legal") or []
        lines = [f"the hand goes on: seat {result.get('to_move')} to move, {len(legal)} legal"]
        lines[0] += " placement" + ("" if len(legal) == 1 else "s")
        lines += _wrapped([_action(p) for p in legal]) or ["  none: it has to pass"]
        return [*lines, f"scores: {scores}"]
    if end == "target":
        return [
            f"ended: a win (target reached), the game won by team {result.get('winner')}; "
            "no count, no next opener",
            f"scores: {scores}",
        ]
    how = "a domino" if end == "domino" else "blocked (four consecutive passes)"
    lines = [f"ended: {how}"]
    if result.get("penalties") is not None:
        lines.extend(_count_lines(view, result["penalties"]))
    opener = result.get("next_opener")
    after = f"seat {opener}" if opener is not None else "a new draw"
    if "next_opener" in result:
        return [*lines, f"scores: {scores}; next opener: {after}"]
    return [*lines, f"scores: {scores}"]


def _wrapped(items: Sequence[str], width: int = 76) -> list[str]:
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(item) + 2 <= width:
            lines[-1] += f", {item}"
        else:
            lines.append(f"  {item}")
    return lines


def _listing(view: HandView, starting: Sequence[int] | None) -> str:
    lines = [view.title] if view.title else []
    lines += _deal_lines(view, starting)
    lines += ["", *_turn_lines(view), "", *_end_lines(view)]
    return "\n".join(lines)


def play_block(case: Case) -> str:
    """The generated part of a play example: for each hand its turn table, then its
    table drawn as the board module draws it."""
    parts: list[str] = []
    starting: Sequence[int] | None = None
    views = hand_views(case)
    for number, view in enumerate(views, start=1):
        listing = _listing(view, view.scores or starting)
        if case.cmd == "game" and number == len(views) and case.expect is not None:
            winner = case.expect.get("winner")
            won = "no winner yet" if winner is None else f"won by team {winner}"
            listing += f"\nthe game: scores {_scores(case.expect['scores'])}, {won}"
        parts += [f"```{TURNS_INFO}", listing, "```", ""]
        parts += ["```text", draw_plays(view.plays(), view.marks()), "```", ""]
        if view.result is not None:
            starting = view.result["scores"]
    return "\n".join(parts).rstrip("\n")
