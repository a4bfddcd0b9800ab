"""Request form (spec/protocol.md sections 3, 5 and 6): checked arguments, or `BadRequest`.

Every check follows the protocol's precedence: missing, then extra arguments; then the
arguments in the order each command's table lists them, list elements by position; the
first problem found is the one reported, with the index section 6.3 gives it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from seven_rocks_kit.rejections import BadRequest
from seven_rocks_kit.values import (
    ALL_TILES,
    PASS,
    Action,
    Deal,
    EndPoint,
    GameHand,
    Placement,
    Side,
    Tile,
)

__all__ = [
    "ARGUMENTS",
    "Key",
    "action",
    "actions",
    "check_arguments",
    "deal",
    "depth",
    "game_hand",
    "game_hands",
    "held",
    "keys",
    "placement",
    "placement_key",
    "plays",
    "remaining",
    "scores",
    "seat",
    "show",
    "tile",
    "tiles",
]

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
_TILES = {(t.low, t.high): t for t in ALL_TILES}
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


def keys(args: Mapping[str, Any], required: Collection[str], optional: Collection[str]) -> None:
    """Exactly the arguments ``required`` and maybe ``optional``: the first missing one, then
    the first unknown one, is a `BadRequest`."""
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


def tiles(value: Any, what: str) -> tuple[Tile, ...]:
    """A list of tiles (repeats allowed: the caller says where they are refused)."""
    if type(value) is not list:
        raise BadRequest(f"{what} must be a list of tiles, not {show(value)}")
    out = []
    by_pair = _TILES
    for item in value:
        # `tile` with its success inline: a deal is 28 tiles a request.
        if type(item) is list and len(item) == 2:
            low, high = item
            if type(low) is int and type(high) is int:
                found = by_pair.get((low, high))
                if found is not None:
                    out.append(found)
                    continue
        out.append(tile(item))
    return tuple(out)


def _distinct(groups: tuple[tuple[Tile, ...], ...], what: str) -> None:
    seen = 0  # a mask of tile indices: cheaper than a set, whose tiles would hash in Python
    for group in groups:
        for found in group:
            bit = 1 << found.index
            if seen & bit:
                raise BadRequest(f"{found} is twice in {what}")
            seen |= bit


Key = tuple[int, int] | tuple[int, int, int, int, str]

_PLACEMENTS: dict[Key, Placement] = {}
"""Placements already checked, by their JSON's scalars: a few thousand can exist, and a
hand names the same ones many times."""


def placement_key(value: Any) -> Key | None:
    """The scalars of ``{"tile": [a, b]}`` (``(a, b)``) or of ``{"tile": [a, b], "on":
    {"tile": [x, y], "side": s}}`` (``(a, b, x, y, s)``); None for any other shape. The
    key of the well-formed placements seen before."""
    if type(value) is not dict:
        return None
    placed = value.get("tile")
    if type(placed) is not list or len(placed) != 2:
        return None
    a, b = placed
    # `type(x) is int`: True == 1, so a bool must not find a tile.
    if type(a) is not int or type(b) is not int:
        return None
    if len(value) == 1:
        return (a, b)
    on = value.get("on")
    if len(value) != 2 or type(on) is not dict or len(on) != 2:
        return None
    joined = on.get("tile")
    side = on.get("side")
    if type(joined) is not list or len(joined) != 2 or type(side) is not str:
        return None
    c, d = joined
    if type(c) is int and type(d) is int:
        return (a, b, c, d, side)
    return None


def placement(value: Any) -> Placement:
    """``{"tile": [a, b]}`` or ``{"tile": [a, b], "on": {"tile": [x, y], "side": s}}``."""
    key = placement_key(value)
    if key is None:
        return _placement(value)
    known = _PLACEMENTS.get(key)
    if known is None:
        # Only a well-formed placement is remembered: a malformed one raises here.
        known = _PLACEMENTS[key] = _placement(value)
    return known


def _placement(value: Any) -> Placement:
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


def actions(value: Any) -> tuple[Action, ...]:
    """A list of actions; a malformed one is refused with its index."""
    if type(value) is not list:
        raise BadRequest(f"actions must be a list, not {show(value)}")
    # `action` with its commonest case, a placement seen before, looked up inline: a hand
    # names dozens of actions a request.
    known = _PLACEMENTS
    out: list[Action] = []
    for index, item in enumerate(value):
        key = placement_key(item)
        found: Action | None = None if key is None else known.get(key)
        if found is None:
            try:
                found = action(item)
            except BadRequest as error:
                raise error.at(index) from None
        out.append(found)
    return tuple(out)


def plays(value: Any) -> tuple[Placement, ...]:
    """Placements from an empty table, no tile twice (the second one's index)."""
    out = _each(value, "plays", placement)
    seen = 0  # a mask of tile indices
    for index, item in enumerate(out):
        bit = 1 << item.tile.index
        if seen & bit:
            raise BadRequest(f"{item.tile} is already on the table", index=index)
        seen |= bit
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
    hands = tuple(tiles(hand, f"seat {n}'s hand") for n, hand in enumerate(value))
    for n, hand in enumerate(hands):
        if len(hand) != 7:
            raise BadRequest(f"seat {n} is dealt {len(hand)} tiles, not 7")
    _distinct(hands, "the deal")
    return (hands[0], hands[1], hands[2], hands[3])


def held(value: Any, placed: tuple[Placement, ...]) -> tuple[Tile, ...]:
    """The ``hand`` of a ``legal`` request: tiles, none twice, none already on the table."""
    hand = tiles(value, "hand")
    _distinct((hand,), "the hand")
    on_table = 0  # a mask of tile indices
    for play in placed:
        on_table |= 1 << play.tile.index
    for found in hand:
        if on_table >> found.index & 1:
            raise BadRequest(f"{found} is in the hand but already on the table")
    return hand


def remaining(value: Any) -> tuple[tuple[Tile, ...], ...]:
    """The ``hands`` of a ``settle`` request: four seats' tiles, at most 7 each, none twice."""
    if not (type(value) is list and len(value) == 4):
        raise BadRequest(f"hands must be four lists of tiles, one per seat, not {show(value)}")
    hands = tuple(tiles(hand, f"seat {n}'s tiles") for n, hand in enumerate(value))
    for n, hand in enumerate(hands):
        if len(hand) > 7:
            raise BadRequest(f"seat {n} holds {len(hand)} tiles: a player holds at most 7")
    _distinct(hands, "the hands")
    return hands


def depth(value: Any) -> int:
    """A ``perft`` depth, an integer >= 0."""
    if not (_is_int(value) and value >= 0):
        raise BadRequest(f"depth must be an integer >= 0, not {show(value)}")
    return int(value)


def game_hand(value: Any) -> GameHand:
    """One hand of a ``game`` request, ``{deal, opener?, actions}`` (no index of its own)."""
    if type(value) is not dict:
        raise BadRequest(f"a hand is an object {{deal, opener?, actions}}, not {show(value)}")
    keys(value, ("deal", "actions"), ("opener",))
    dealt = deal(value["deal"])
    opener = seat(value["opener"], "opener") if "opener" in value else None
    return GameHand(dealt, opener, actions(value["actions"]))


def game_hands(value: Any) -> tuple[GameHand, ...]:
    """The ``hands`` of a ``game`` request; a problem carries its hand's position (6.3)."""
    if type(value) is not list:
        raise BadRequest(f"hands must be a list of {{deal, opener?, actions}}, not {show(value)}")
    out = []
    for position, item in enumerate(value):
        try:
            out.append(game_hand(item))
        except BadRequest as error:
            raise error.at(position) from None
    return tuple(out)


def _table(args: Mapping[str, Any]) -> dict[str, Any]:
    return {"plays": plays(args["plays"])}


def _legal(args: Mapping[str, Any]) -> dict[str, Any]:
    placed = plays(args["plays"])
    return {"plays": placed, "hand": held(args["hand"], placed)}


def _settle(args: Mapping[str, Any]) -> dict[str, Any]:
    return {"hands": remaining(args["hands"])}


def _hand(args: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"deal": deal(args["deal"]), "opener": seat(args["opener"], "opener")}
    out["scores"] = scores(args["scores"]) if "scores" in args else (0, 0)
    out["actions"] = actions(args.get("actions", []))
    if "depth" in args:
        out["depth"] = depth(args["depth"])
    return out


def _game(args: Mapping[str, Any]) -> dict[str, Any]:
    return {"hands": game_hands(args["hands"])}


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
    keys(args, required, optional)
    return _CHECKS[cmd](args)
