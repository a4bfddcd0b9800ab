"""Protocol 1 values: checked parsing of JSON into engine values, and back.

Everything that comes from outside passes through the ``parse_*`` functions, which
check it with the kit's validator of request form (`seven_rocks_kit.validate`, raising
its `BadRequest` with a message quoting the input) and return the engine's values; the
engine behind them trusts what they return.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seven_rocks_kit import validate as form
from seven_rocks_kit.values import ALL_TILES, Counted, Deal, EndPoint, OpenPoint, to_json

from .actions import PASS, Action, Placement
from .hand import End, Hand
from .table import Point, Table
from .tiles import SIDES, Tile

__all__ = [
    "JSON",
    "deal_masks",
    "hand_result",
    "move_json",
    "parse_action",
    "parse_actions",
    "parse_placements",
    "parse_scores",
    "parse_seat",
    "parse_tile",
    "point_json",
    "require",
    "table_result",
    "tile_json",
]

JSON = Any
"""A decoded JSON value."""

# The request form is the kit's (`seven_rocks_kit.validate`): one validator, its messages
# and its precedence. What it returns, the kit's values, are the engine's values too.


def require(args: Mapping[str, JSON], required: set[str], optional: set[str]) -> None:
    """Check that a request has exactly the arguments its command takes."""
    form.keys(args, sorted(required), sorted(optional))


def parse_tile(value: JSON) -> Tile:
    """A tile ``[a, b]`` with ``0 <= a <= b <= 6`` (rule ``reading.well-formed-input``)."""
    return form.tile(value)


parse_seat = form.seat
parse_scores = form.scores


def parse_action(value: JSON) -> Action:
    """A placement or the string ``"pass"``."""
    return form.action(value)


_BY_KEY: dict[form.Key, Placement] = {}
"""Placements the kit has accepted, by the scalars of their JSON
(`seven_rocks_kit.validate.placement_key`): the fast path of `parse_actions`."""


def parse_actions(value: JSON) -> list[Action]:
    """A list of actions; a malformed one is refused with its index."""
    if type(value) is list:
        # Every item a pass or a placement the kit accepted before: nothing to check again.
        out: list[Action] = []
        key_of, known = form.placement_key, _BY_KEY
        for item in value:
            if item == "pass":
                out.append(PASS)
                continue
            key = key_of(item)
            made = None if key is None else known.get(key)
            if made is None:
                break
            out.append(made)
        else:
            return out
    actions = list(form.actions(value))
    for item, action in zip(value, actions, strict=True):
        key = form.placement_key(item)
        if key is not None and isinstance(action, Placement):
            _BY_KEY[key] = action
    return actions


def parse_placements(value: JSON) -> list[Placement]:
    """A list of placements with no tile twice; a bad one is refused with its index."""
    return list(form.plays(value))


def deal_masks(deal: Deal) -> list[int]:
    """The four seats' masks of tiles of a deal the kit has checked (all 28 tiles once)."""
    masks = []
    for held in deal:
        mask = 0
        for tile in held:
            mask |= 1 << tile.index
        masks.append(mask)
    return masks


# --------------------------------------------------------------- formatting


# Every value is written by the kit's one `to_json`, from the kit's values: the engine's
# tile indexes and attach points are turned into those first.


def tile_json(tile: int) -> list[int]:
    """``[low, high]`` for a tile index."""
    written: list[int] = to_json(ALL_TILES[tile])
    return written


def _end(point: Point) -> EndPoint:
    return EndPoint(ALL_TILES[point[0]], SIDES[point[1]])


def point_json(point: Point, with_value: bool = True) -> dict[str, JSON]:
    """An end point, with its value where the reply lists open points."""
    end = _end(point)
    written: dict[str, JSON] = to_json(OpenPoint(end, point[2]) if with_value else end)
    return written


def move_json(tile: int, point: Point | None) -> dict[str, JSON]:
    """A placement in canonical form."""
    placed = Placement(ALL_TILES[tile], None if point is None else _end(point))
    written: dict[str, JSON] = to_json(placed)
    return written


_WRITTEN: dict[object, dict[str, JSON]] = {}
"""Open points and counted ends already written, by their engine form: a few hundred
distinct ones appear in every table. Shared between results, which are only encoded or
compared."""


def _open(point: Point) -> dict[str, JSON]:
    made = _WRITTEN.get(point)
    if made is None:
        made = _WRITTEN[point] = point_json(point)
    return made


def _counted(tile: int, value: int) -> dict[str, JSON]:
    made = _WRITTEN.get((tile, value))
    if made is None:
        made = _WRITTEN[tile, value] = to_json(Counted(ALL_TILES[tile], value))
    return made


def table_result(table: Table, credits: list[int]) -> dict[str, JSON]:
    """The ``table`` command's result: `table` after placements credited `credits`."""
    return {
        "spinner": None if table.spinner < 0 else tile_json(table.spinner),
        "open": [_open(point) for point in table.points()],
        "counted": [_counted(t, v) for t, v in table.counted()],
        "end_sum": table.end_sum(),
        "credits": credits,
        "credit": credits[-1] if credits else None,
    }


_MOVES: dict[tuple[int, Point | None], dict[str, JSON]] = {}
"""`move_json` of every move met in a hand result: a few hundred distinct moves appear
in millions of events. Shared between results, which are only encoded or compared."""


def _move(tile: int, point: Point | None) -> dict[str, JSON]:
    made = _MOVES.get((tile, point))
    if made is None:
        made = _MOVES[tile, point] = move_json(tile, point)
    return made


def hand_result(hand: Hand, known: Sequence[dict[str, JSON]] = ()) -> dict[str, JSON]:
    """The ``hand`` command's result for a hand as it stands.

    `known`: the events' JSON already built for the hand's first events (then shared),
    as for a hand continuing one whose result was taken.
    """
    events: list[dict[str, JSON]] = list(known)
    moves = _MOVES
    for event in hand.events[len(known) :] if known else hand.events:
        if len(event) == 1:
            events.append({"seat": event[0], "action": "pass"})
        else:
            seat, tile, point, end_sum, credit, score0, score1 = event
            action = moves.get((tile, point))
            events.append(
                {
                    "seat": seat,
                    "action": _move(tile, point) if action is None else action,
                    "end_sum": end_sum,
                    "credit": credit,
                    "scores": [score0, score1],
                }
            )
    going = hand.end is None
    return {
        "events": events,
        "end": None if going else hand.end.value,  # type: ignore[union-attr]
        "penalties": None if hand.penalties is None else list(hand.penalties),
        "scores": list(hand.scores),
        "winner": hand.winner,
        "next_opener": hand.next_opener if hand.end is End.DOMINO else None,
        "to_move": hand.to_move if going else None,
        "legal": [_move(t, p) for t, p in hand.legal_moves()] if going else None,
    }
