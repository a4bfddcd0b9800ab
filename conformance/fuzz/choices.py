"""The choices that make a request: the inverse of each generator of `draws`.

`draws_of(request)` is the sequence from which `draws.make` makes `request`, or None
when no sequence does: a placement the rules refuse, a pass where a placement is
possible, a malformed value. A round-trip test keeps the two in step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from conformance.fuzz.draws import ALL, SCORE_CHOICES, place
from conformance.fuzz.probes import SIDES, JSONObject, placement_json
from reference_impl.errors import BadRequest
from reference_impl.hand import Hand
from reference_impl.keyed import table_for
from reference_impl.protocol import parse_tile
from reference_impl.table import Table
from reference_impl.tiles import mask_of

__all__ = ["draws_of"]


class _NotMade(Exception):
    """No choice sequence makes this request (raised and caught within this module)."""


def _index(options: Sequence[Any], wanted: Any) -> int:
    for position, option in enumerate(options):
        if option == wanted:
            return position
    raise _NotMade


def _tile(value: Any) -> int:
    try:
        return parse_tile(value).index
    except BadRequest:
        raise _NotMade from None


def _deal_draws(deal: Any, out: list[int]) -> list[list[int]]:
    if not isinstance(deal, list) or len(deal) != 4:
        raise _NotMade
    seats = [sorted(_tile(t) for t in seat) if isinstance(seat, list) else [] for seat in deal]
    if [len(seat) for seat in seats] != [7] * 4 or len({t for s in seats for t in s}) != 28:
        raise _NotMade
    left = list(range(28))
    for tile in [t for seat in seats for t in seat][:27]:
        position = left.index(tile)
        out.append(position)
        left.pop(position)
    return seats


def _scores_draws(scores: Any, out: list[int]) -> None:
    if scores is None:
        out.append(0)
        return
    if not isinstance(scores, list) or len(scores) != 2:
        raise _NotMade
    out.append(1)
    for value in scores:
        if type(value) is not int or abs(value) > SCORE_CHOICES // 2:
            raise _NotMade
        out.append(2 * value - 1 if value > 0 else -2 * value)


def _moves_draws(hand: Hand, actions: Sequence[Any], out: list[int]) -> int:
    """The choices of the actions that `_moves` would play; how many of them it plays."""
    for count, action in enumerate(actions):
        if hand.end is not None:
            return count
        moves = hand.legal_moves()
        if moves:
            if not isinstance(action, dict):
                out.append(0)
                return count
            try:
                position = _index([placement_json(m) for m in moves], action)
            except _NotMade:
                out.append(0)
                return count
            out += (1, position)
            hand.place_fast(*moves[position])
        elif action == "pass":
            out.append(1)
            hand.pass_fast()
        else:
            out.append(0)
            return count
    if hand.end is None:
        out.append(0)
    return len(actions)


def _odd_draws(action: Any, out: list[int]) -> None:
    if action == "pass":
        out.append(0)
        return
    if not isinstance(action, dict) or set(action) - {"tile", "on"}:
        raise _NotMade
    on = action.get("on")
    if on is None:
        if "on" in action:
            raise _NotMade
        out += (1, _tile(action.get("tile")))
        return
    if not isinstance(on, dict) or set(on) != {"tile", "side"} or on["side"] not in SIDES:
        raise _NotMade
    out += (2, _tile(action.get("tile")), SIDES.index(on["side"]), _tile(on["tile"]))


def _hand_draws(request: JSONObject, out: list[int]) -> None:
    seats = _deal_draws(request.get("deal"), out)
    opener = request.get("opener")
    if type(opener) is not int or not 0 <= opener < 4:
        raise _NotMade
    out.append(opener)
    scores = request.get("scores")
    _scores_draws(scores, out)
    actions = request.get("actions")
    if not isinstance(actions, list):
        raise _NotMade
    hand = Hand([mask_of(seat) for seat in seats], opener, scores or (0, 0))
    played = _moves_draws(hand, actions, out)
    rest = actions[played:]
    if len(rest) > 1:
        raise _NotMade
    out.append(len(rest))
    if rest:
        _odd_draws(rest[0], out)


def _plays_draws(plays: Any, table: Table, out: list[int]) -> None:
    if not isinstance(plays, list):
        raise _NotMade
    for play in plays:
        moves = table.moves(ALL & ~table.placed)
        position = _index([placement_json(m) for m in moves], play)
        out += (1, position)
        place(table, moves[position])
    out.append(0)


def _tiles_draws(tiles: Any, used: set[int], out: list[int], most: int = 28) -> None:
    if not isinstance(tiles, list) or len(tiles) > most:
        raise _NotMade
    for value in tiles:
        tile = _tile(value)
        left = [t for t in range(28) if t not in used]
        out += (1, _index(left, tile))
        used.add(tile)
    if len(tiles) < most:
        out.append(0)


def _table_draws(request: JSONObject, out: list[int]) -> None:
    _plays_draws(request.get("plays"), table_for(), out)


def _legal_draws(request: JSONObject, out: list[int]) -> None:
    table = table_for()
    _plays_draws(request.get("plays"), table, out)
    used = {t for t in range(28) if table.placed >> t & 1}
    _tiles_draws(request.get("hand"), used, out)


def _settle_draws(request: JSONObject, out: list[int]) -> None:
    hands = request.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise _NotMade
    used: set[int] = set()
    for seat in hands:
        _tiles_draws(seat, used, out, 7)


def _game_draws(request: JSONObject, out: list[int]) -> None:
    hands = request.get("hands")
    if not isinstance(hands, list):
        raise _NotMade
    previous: Hand | None = None
    for item in hands:
        if not isinstance(item, dict) or set(item) - {"deal", "opener", "actions"}:
            raise _NotMade
        out.append(1)
        seats = _deal_draws(item.get("deal"), out)
        named = None if previous is None else previous.next_opener
        opener = item.get("opener", named)
        if "opener" not in item:
            out.append(0)
        elif opener == named and named is not None:
            out.append(1)
        elif type(opener) is int and 0 <= opener < 4:
            out += (2, opener)
        else:
            raise _NotMade
        actions = item.get("actions")
        if not isinstance(actions, list):
            raise _NotMade
        hand = None
        if opener is not None:
            scores = (0, 0) if previous is None else previous.scores
            hand = Hand([mask_of(seat) for seat in seats], opener, scores)
            if _moves_draws(hand, actions, out) != len(actions):
                raise _NotMade
        elif actions:
            raise _NotMade
        previous = hand
    out.append(0)


_ENCODERS: dict[str, Callable[[JSONObject, list[int]], None]] = {
    "hand": _hand_draws,
    "table": _table_draws,
    "legal": _legal_draws,
    "settle": _settle_draws,
    "game": _game_draws,
}


def draws_of(request: JSONObject) -> tuple[int, ...] | None:
    """The choices that make `request` (see `make`), or None when none do."""
    encoder = _ENCODERS.get(str(request.get("cmd")))
    if encoder is None:
        return None
    out: list[int] = []
    try:
        encoder(request, out)
    except _NotMade:
        return None
    return tuple(out)
