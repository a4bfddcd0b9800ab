"""Request form (spec/protocol.md sections 3, 5 and 6): checked arguments, or `BadRequest`.

Every check follows the protocol's precedence: missing, then extra arguments; then the
arguments in the order each command's table lists them, list elements by position; the
first problem found is the one reported, with the index section 6.3 gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from conformance.kit.errors import BadRequest
from conformance.kit.values import PASS, Action, Deal, EndPoint, GameHand, Placement, Side, Tile

__all__ = ["ARGUMENTS", "check_arguments", "show"]

T = TypeVar("T")

ARGUMENTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "table": (("plays",), ()),
    "legal": (("plays", "hand"), ()),
    "settle": (("hands",), ()),
    "hand": (("deal", "opener", "actions"), ("scores",)),
    "game": (("hands",), ()),
    "perft": (("deal", "opener", "depth"), ("scores", "actions")),
}
"""Each command's (required, optional) arguments."""

_ORDER: dict[str, tuple[str, ...]] = {
    "hand": ("deal", "opener", "scores", "actions"),
    "perft": ("deal", "opener", "scores", "actions", "depth"),
}
_TILES = {(a, b): Tile(a, b) for a in range(7) for b in range(a, 7)}
_SIDES = {side.value: side for side in Side}


def show(value: Any) -> str:
    """A request value quoted for a message, cut short (and safe on absurdly deep input)."""
    try:
        text = f'"{value}"' if isinstance(value, str) else repr(value)
    except RecursionError:
        return "(a value nested too deep to show)"
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: Any) -> bool:
    # JSON true/false decode to bools, which are ints to Python but not to the protocol.
    return type(value) is int


def _keys(args: Mapping[str, Any], required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    missing = [k for k in required if k not in args]
    if missing:
        raise BadRequest(f"missing argument {missing[0]!r}")
    extra = sorted(set(args) - set(required) - set(optional))
    if extra:
        raise BadRequest(f"unknown argument {extra[0]!r}")


def tile(value: Any) -> Tile:
    """A tile ``[a, b]``, ``0 <= a <= b <= 6``."""
    if type(value) is list and len(value) == 2 and all(_is_int(v) for v in value):
        found = _TILES.get((value[0], value[1]))
        if found is not None:
            return found
        if 0 <= value[1] < value[0] <= 6:
            raise BadRequest(f"tile {show(value)} is not canonical: write it {value[::-1]}")
    raise BadRequest(f"{show(value)} is not a tile: expected [a, b] with 0 <= a <= b <= 6")


def _tiles(value: Any, what: str) -> tuple[Tile, ...]:
    if type(value) is not list:
        raise BadRequest(f"{what} must be a list of tiles, not {show(value)}")
    return tuple(tile(item) for item in value)


def _distinct(tiles: tuple[Tile, ...], what: str) -> None:
    if len(set(tiles)) != len(tiles):
        twice = next(t for t in tiles if tiles.count(t) > 1)
        raise BadRequest(f"{twice} is twice in {what}")


def placement(value: Any) -> Placement:
    """``{"tile": [a, b]}`` or ``{"tile": [a, b], "on": {"tile": [x, y], "side": s}}``."""
    if type(value) is not dict or "tile" not in value or not set(value) <= {"tile", "on"}:
        raise BadRequest(f"{show(value)} is not a placement: expected {{tile, on?}}")
    placed = tile(value["tile"])
    if "on" not in value:
        return Placement(placed)
    on = value["on"]
    if type(on) is not dict or set(on) != {"tile", "side"}:
        raise BadRequest(f"{show(on)} is not an end point: expected {{tile, side}}")
    side = _SIDES.get(on["side"]) if type(on["side"]) is str else None
    if side is None:
        raise BadRequest(f"{show(on['side'])} is not a side: expected one of {', '.join(_SIDES)}")
    return Placement(placed, EndPoint(tile(on["tile"]), side))


def action(value: Any) -> Action:
    """A placement or ``"pass"``."""
    if value == "pass":
        return PASS
    if type(value) is str:
        raise BadRequest(f'{show(value)} is not an action: expected a placement or "pass"')
    return placement(value)


def _each(value: Any, what: str, parse: Callable[[Any], T]) -> tuple[T, ...]:
    if type(value) is not list:
        raise BadRequest(f"{what} must be a list, not {show(value)}")
    out = []
    for index, item in enumerate(value):
        try:
            out.append(parse(item))
        except BadRequest as error:
            error.index = index
            raise
    return tuple(out)


def plays(value: Any) -> tuple[Placement, ...]:
    """Placements from an empty table, no tile twice (the second one's index)."""
    out = _each(value, "plays", placement)
    seen: set[Tile] = set()
    for index, item in enumerate(out):
        if item.tile in seen:
            raise BadRequest(f"{item.tile} is already on the table", index=index)
        seen.add(item.tile)
    return out


def seat(value: Any, what: str) -> int:
    """A seat ``0..3``."""
    if not (_is_int(value) and 0 <= value <= 3):
        raise BadRequest(f"{what} must be a seat 0..3, not {show(value)}")
    return int(value)


def scores(value: Any) -> tuple[int, int]:
    """Two integer team scores."""
    if not (type(value) is list and len(value) == 2 and all(_is_int(v) for v in value)):
        raise BadRequest(f"scores must be two integers [team0, team1], not {show(value)}")
    return (value[0], value[1])


def deal(value: Any) -> Deal:
    """Four hands of seven tiles, all 28 tiles once."""
    if not (type(value) is list and len(value) == 4):
        raise BadRequest(f"a deal is four lists of 7 tiles, not {show(value)}")
    hands = tuple(_tiles(hand, f"seat {n}'s hand") for n, hand in enumerate(value))
    for n, hand in enumerate(hands):
        if len(hand) != 7:
            raise BadRequest(f"seat {n} is dealt {len(hand)} tiles, not 7")
    _distinct(tuple(t for hand in hands for t in hand), "the deal")
    return (hands[0], hands[1], hands[2], hands[3])


def _table(args: Mapping[str, Any]) -> dict[str, Any]:
    return {"plays": plays(args["plays"])}


def _legal(args: Mapping[str, Any]) -> dict[str, Any]:
    placed = plays(args["plays"])
    hand = _tiles(args["hand"], "hand")
    _distinct(hand, "the hand")
    on_table = {p.tile for p in placed} & set(hand)
    if on_table:
        raise BadRequest(f"{min(on_table)} is in the hand but already on the table")
    return {"plays": placed, "hand": hand}


def _settle(args: Mapping[str, Any]) -> dict[str, Any]:
    value = args["hands"]
    if not (type(value) is list and len(value) == 4):
        raise BadRequest(f"hands must be four lists of tiles, one per seat, not {show(value)}")
    hands = tuple(_tiles(hand, f"seat {n}'s tiles") for n, hand in enumerate(value))
    for n, hand in enumerate(hands):
        if len(hand) > 7:
            raise BadRequest(f"seat {n} holds {len(hand)} tiles: a player holds at most 7")
    _distinct(tuple(t for hand in hands for t in hand), "the hands")
    return {"hands": hands}


def _hand(args: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"deal": deal(args["deal"]), "opener": seat(args["opener"], "opener")}
    out["scores"] = scores(args["scores"]) if "scores" in args else (0, 0)
    out["actions"] = _each(args.get("actions", []), "actions", action)
    if "depth" in args:
        depth = args["depth"]
        if not (_is_int(depth) and depth >= 0):
            raise BadRequest(f"depth must be an integer >= 0, not {show(depth)}")
        out["depth"] = depth
    return out


def _game_hand(value: Any) -> GameHand:
    if type(value) is not dict:
        raise BadRequest(f"a hand is an object {{deal, opener?, actions}}, not {show(value)}")
    _keys(value, ("deal", "actions"), ("opener",))
    dealt = deal(value["deal"])
    opener = seat(value["opener"], "opener") if "opener" in value else None
    return GameHand(dealt, opener, _each(value["actions"], "actions", action))


def _game(args: Mapping[str, Any]) -> dict[str, Any]:
    value = args["hands"]
    if type(value) is not list:
        raise BadRequest(f"hands must be a list of {{deal, opener?, actions}}, not {show(value)}")
    out = []
    for position, item in enumerate(value):
        try:
            out.append(_game_hand(item))
        except BadRequest as error:
            # In a game every problem carries the position of its hand (section 6.3).
            error.index = position
            raise
    return {"hands": tuple(out)}


_CHECKS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "table": _table,
    "legal": _legal,
    "settle": _settle,
    "hand": _hand,
    "game": _game,
    "perft": _hand,
}


def check_arguments(cmd: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """The typed arguments of a ``cmd`` request, optional ones filled in; or `BadRequest`.

    ``hand`` and ``perft`` get ``scores`` ``(0, 0)`` when left out, ``perft`` gets
    ``actions`` ``()``.
    """
    required, optional = ARGUMENTS[cmd]
    _keys(args, required, optional)
    return _CHECKS[cmd](args)
