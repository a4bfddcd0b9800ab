"""Protocol 1 values: checked parsing of JSON into engine values, and back.

Everything that comes from outside passes through the ``parse_*`` functions,
which raise `BadRequest` with a message quoting the input; the engine behind
them trusts what they return.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import PASS, Action, EndPoint, Placement
from .errors import BadRequest
from .hand import End, Hand
from .table import Point
from .tiles import ALL_TILES, HIGH, LOW, Side, Tile

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
    return [parse_tile(item) for item in value]


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


def parse_placement(value: JSON) -> Placement:
    """``{"tile": [a, b]}`` or ``{"tile": [a, b], "on": {"tile": [x, y], "side": s}}``."""
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
    return _parse_list(value, "actions", parse_action)


def parse_placements(value: JSON) -> list[Placement]:
    """A list of placements with no tile twice; a bad one is refused with its index."""
    placements: list[Placement] = _parse_list(value, "plays", parse_placement)
    seen: set[Tile] = set()
    for index, placement in enumerate(placements):
        if placement.tile in seen:
            raise BadRequest(f"{placement.tile} is already on the table", index)
        seen.add(placement.tile)
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


def hand_result(hand: Hand) -> dict[str, JSON]:
    """The ``hand`` command's result for a hand as it stands."""
    events: list[dict[str, JSON]] = []
    for event in hand.events:
        if len(event) == 1:
            events.append({"seat": event[0], "action": "pass"})
        else:
            seat, tile, point, end_sum, credit, score0, score1 = event
            events.append(
                {
                    "seat": seat,
                    "action": move_json(tile, point),
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
        "legal": [move_json(t, p) for t, p in hand.legal_moves()] if going else None,
    }
