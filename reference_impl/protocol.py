"""Protocol 1 values: checked parsing of JSON into engine values, and back.

Everything that comes from outside passes through the ``parse_*`` functions,
which raise `BadRequest` with a message quoting the input; the engine behind
them trusts what they return.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import PASS, Action, EndPoint, Placement
from .errors import BadRequest
from .hand import End, Hand
from .table import Point, Table
from .tiles import ALL_TILES, BIT, HIGH, LOW, Side, Tile

__all__ = [
    "JSON",
    "hand_result",
    "move_json",
    "parse_action",
    "parse_actions",
    "parse_deal",
    "parse_placement",
    "parse_placements",
    "parse_scores",
    "parse_seat",
    "parse_tile",
    "parse_tiles",
    "point_json",
    "require",
    "table_result",
    "tile_json",
]

JSON = Any
"""A decoded JSON value."""

_BY_PAIR = {(tile.low, tile.high): tile for tile in ALL_TILES}
_PLACEMENT_KEYS = frozenset({"tile", "on"})
_END_POINT_KEYS = frozenset({"tile", "side"})


def _show(value: JSON) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def require(args: Mapping[str, JSON], required: set[str], optional: set[str]) -> None:
    """Check that a request has exactly the arguments its command takes."""
    missing = sorted(required - args.keys())
    if missing:
        raise BadRequest(f"missing argument {missing[0]!r}")
    extra = sorted(args.keys() - required - optional)
    if extra:
        raise BadRequest(f"unknown argument {extra[0]!r}")


def parse_tile(value: JSON) -> Tile:
    """A tile ``[a, b]`` with ``0 <= a <= b <= 6`` (rule ``reading.well-formed-input``)."""
    # `type(x) is int` on purpose: JSON true/false decode to bools, which are not tiles.
    if type(value) is list and len(value) == 2:
        low, high = value
        if type(low) is int and type(high) is int:
            tile = _BY_PAIR.get((low, high))
            if tile is not None:
                return tile
            if 0 <= high < low <= 6:
                raise BadRequest(f"tile {_show(value)} is not canonical: write it [{high}, {low}]")
    raise BadRequest(f"{_show(value)} is not a tile: expected [a, b] with 0 <= a <= b <= 6")


def parse_tiles(value: JSON, what: str) -> list[Tile]:
    """A list of tiles (no check for repeats)."""
    if not isinstance(value, list):
        raise BadRequest(f"{what} must be a list of tiles, not {_show(value)}")
    # `parse_tile`'s success inline (a deal is 28 tiles a request); the rest goes to it.
    tiles = []
    by_pair = _BY_PAIR
    for item in value:
        if type(item) is list and len(item) == 2:
            low, high = item
            if type(low) is int and type(high) is int:
                tile = by_pair.get((low, high))
                if tile is not None:
                    tiles.append(tile)
                    continue
        tiles.append(parse_tile(item))
    return tiles


def parse_seat(value: JSON, what: str) -> int:
    """A seat 0..3."""
    if not _is_int(value) or not 0 <= value <= 3:
        raise BadRequest(f"{what} must be a seat 0..3, not {_show(value)}")
    return int(value)


def parse_scores(value: JSON) -> tuple[int, int]:
    """Two integer team scores."""
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        raise BadRequest(f"scores must be two integers [team0, team1], not {_show(value)}")
    return (value[0], value[1])


def parse_deal(value: JSON) -> list[list[Tile]]:
    """Four lists of tiles (their sizes and repeats are checked by `Hand.deal`)."""
    if not (isinstance(value, list) and len(value) == 4):
        raise BadRequest(f"a deal is four lists of 7 tiles, not {_show(value)}")
    return [parse_tiles(hand, f"seat {seat}'s hand") for seat, hand in enumerate(value)]


_PLACEMENTS: dict[tuple[int, int, int, int, str], Placement] = {}
"""Placements on an end point already parsed, by their JSON's five scalars: a few
thousand can exist, and a hand replays the same ones many times."""


def _on_key(value: JSON) -> tuple[int, int, int, int, str] | None:
    """The five scalars of ``{"tile": [a, b], "on": {"tile": [x, y], "side": s}}``, or None
    for any other shape. `type(x) is int`: True == 1, so a bool must not find a tile."""
    if type(value) is not dict or len(value) != 2:
        return None
    tile = value.get("tile")
    on = value.get("on")
    if type(tile) is not list or len(tile) != 2 or type(on) is not dict or len(on) != 2:
        return None
    at = on.get("tile")
    side = on.get("side")
    if type(at) is not list or len(at) != 2 or type(side) is not str:
        return None
    a, b = tile
    c, d = at
    if type(a) is int and type(b) is int and type(c) is int and type(d) is int:
        return (a, b, c, d, side)
    return None


def parse_placement(value: JSON) -> Placement:
    """``{"tile": [a, b]}`` or ``{"tile": [a, b], "on": {"tile": [x, y], "side": s}}``."""
    key = _on_key(value)
    if key is not None:
        known = _PLACEMENTS.get(key)
        if known is None:
            # Only a well-formed placement is remembered: a malformed one raises here.
            known = _PLACEMENTS[key] = _parse_placement(value)
        return known
    return _parse_placement(value)


def _parse_placement(value: JSON) -> Placement:
    if not isinstance(value, dict) or "tile" not in value or not value.keys() <= _PLACEMENT_KEYS:
        raise BadRequest(f"{_show(value)} is not a placement: expected {{tile, on?}}")
    tile = parse_tile(value["tile"])
    if "on" not in value:
        return Placement(tile)
    on = value["on"]
    if not isinstance(on, dict) or on.keys() != _END_POINT_KEYS:
        raise BadRequest(f"{_show(on)} is not an end point: expected {{tile, side}}")
    side = Side.from_wire(on["side"]) if isinstance(on["side"], str) else None
    if side is None:
        raise BadRequest(
            f"{_show(on['side'])} is not a side: expected low, high, linear_a, linear_b, "
            "branch_a or branch_b"
        )
    return Placement(tile, EndPoint(parse_tile(on["tile"]), side))


def parse_action(value: JSON) -> Action:
    """A placement or the string ``"pass"``."""
    if value == "pass":
        return PASS
    if isinstance(value, str):
        raise BadRequest(f'{_show(value)} is not an action: expected a placement or "pass"')
    return parse_placement(value)


def _parse_list(value: JSON, what: str, parse: Any) -> list[Any]:
    if not isinstance(value, list):
        raise BadRequest(f"{what} must be a list, not {_show(value)}")
    out = []
    for index, item in enumerate(value):
        try:
            out.append(parse(item))
        except BadRequest as error:
            raise error.at(index) from None
    return out


def parse_actions(value: JSON) -> list[Action]:
    """A list of actions; a malformed one is refused with its index."""
    if not isinstance(value, list):
        raise BadRequest(f"actions must be a list, not {_show(value)}")
    # `parse_action` with its commonest case, a placement seen before, looked up inline:
    # a hand replays dozens of actions per request.
    known = _PLACEMENTS
    out: list[Action] = []
    for index, item in enumerate(value):
        key = _on_key(item)
        action: Action | None = None if key is None else known.get(key)
        if action is None:
            try:
                action = parse_action(item)
            except BadRequest as error:
                raise error.at(index) from None
        out.append(action)
    return out


def parse_placements(value: JSON) -> list[Placement]:
    """A list of placements with no tile twice; a bad one is refused with its index."""
    placements: list[Placement] = _parse_list(value, "plays", parse_placement)
    seen = 0  # a mask of tiles: cheaper than a set, whose tiles would hash in Python
    for index, placement in enumerate(placements):
        bit = BIT[placement.tile.index]
        if seen & bit:
            raise BadRequest(f"{placement.tile} is already on the table", index)
        seen |= bit
    return placements


# --------------------------------------------------------------- formatting


def tile_json(tile: int) -> list[int]:
    """``[low, high]`` for a tile index."""
    return [LOW[tile], HIGH[tile]]


def point_json(point: Point, with_value: bool = True) -> dict[str, JSON]:
    """An end point, with its value where the reply lists open points."""
    out: dict[str, JSON] = {"tile": tile_json(point[0]), "side": Side(point[1]).wire}
    if with_value:
        out["value"] = point[2]
    return out


def move_json(tile: int, point: Point | None) -> dict[str, JSON]:
    """A placement in canonical form."""
    if point is None:
        return {"tile": tile_json(tile)}
    return {"tile": tile_json(tile), "on": point_json(point, with_value=False)}


def table_result(table: Table, credits: list[int]) -> dict[str, JSON]:
    """The ``table`` command's result: `table` after placements credited `credits`."""
    return {
        "spinner": None if table.spinner < 0 else tile_json(table.spinner),
        "open": [point_json(point) for point in table.points()],
        "counted": [{"tile": tile_json(t), "value": v} for t, v in table.counted()],
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
