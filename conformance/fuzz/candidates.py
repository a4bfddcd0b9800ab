"""Simpler requests to try in place of a diverging one, most promising first.

Each command has its own moves, as a shrinker of structured data has (delete a piece,
lower a value): a `hand` is first translated into the `table`, `legal` and `settle`
requests that show its state, then cut to a prefix, then has actions removed, is
dealt or played again shorter (see `replays`; a blocked hand as the shortest blocked
hand), then loses its scores.
Placements of a `table` or `legal` request are removed (the rest re-attached where they fit),
and every tile is tried lower; `settle` tiles are removed or lowered one by one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from conformance.fuzz.probes import JSONObject, oracle
from conformance.fuzz.replays import (
    earlier_targets,
    forced_passes,
    hand_state,
    playouts,
    rederive_hand,
    short_blocks,
    tile_index,
)
from conformance.suite.messages import result_of
from reference_impl.protocol import tile_json
from reference_impl.tiles import tiles_of_mask

__all__ = ["candidates", "chunks", "rederive_plays", "size_of", "weight_of"]

_RANK = {"settle": 0, "table": 1, "legal": 2, "hand": 3, "game": 4}


def size_of(request: JSONObject) -> int:
    """How big a request is: its actions, plays and tiles, counted."""
    cmd = request.get("cmd")
    if cmd == "game":
        return sum(len(hand.get("actions", ())) + 1 for hand in request["hands"])
    if cmd == "settle":
        return sum(len(seat) for seat in request.get("hands", ()))
    return sum(len(request.get(key, ())) for key in ("actions", "plays", "hand"))


def weight_of(request: JSONObject) -> tuple[int, int, int]:
    """What shrinking lowers: size first, then the command (a `settle` beats a `hand`),
    then the pips of the tiles mentioned and the starting scores."""
    pips = sum(_magnitude(value) for key, value in request.items() if key != "deal")
    return size_of(request), _RANK.get(str(request.get("cmd")), 9), pips


def _magnitude(value: object) -> int:
    """The sum of the sizes of the whole numbers in a JSON value: a tile's pips, a score's
    distance from 0, a seat or a depth."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return abs(value)
    if isinstance(value, list):
        return sum(map(_magnitude, value))
    if isinstance(value, dict):
        return sum(map(_magnitude, value.values()))
    return 0


def chunks(count: int) -> Iterator[tuple[int, int]]:
    """(start, stop) of the runs to delete: halves, quarters, ... single items, last first.

    Runs of every length start anywhere: in a chain of placements, cutting two links
    whose outer values match lets the rest re-attach where they were.
    """
    size = count // 2
    while size >= 1:
        for start in range(count - size, -1, -1):
            yield start, start + size
        size //= 2


# ----------------------------------------------------------------- placements


def rederive_plays(plays: Sequence[Any], held: Sequence[Any] = ()) -> list[Any] | None:
    """`plays` made legal again: each kept where it fits, re-attached elsewhere, or dropped.

    Tiles in `held` (a `legal` request's hand) never go on the table.
    """
    kept: list[Any] = []
    taken = {tuple(tile) for tile in held}
    for play in plays:
        if tuple(play["tile"]) in taken:
            continue
        reply = oracle({"cmd": "legal", "plays": kept, "hand": [play["tile"]]})
        result = result_of(reply)
        if result is None:
            return None
        fits = result["placements"]
        if not fits:
            continue
        # Re-attached where it was if it still fits there, else on the same tile, else
        # anywhere it fits.
        same_tile = [
            f for f in fits if f.get("on", {}).get("tile") == play.get("on", {}).get("tile")
        ]
        kept.append(play if play in fits else (same_tile or fits)[0])
        taken.add(tuple(play["tile"]))
    return kept


def _lower_tiles(used: set[int], tile: Any) -> Iterator[list[int]]:
    """Tiles of fewer pips than `tile`, not in `used`, fewest pips first."""
    pips = sum(tile)
    lower = [tile_json(t) for t in range(28) if t not in used]
    for other in sorted(lower, key=lambda t: (sum(t), t)):
        if sum(other) < pips:
            yield other


def _table_candidates(request: JSONObject) -> Iterator[JSONObject]:
    plays = request["plays"]
    held = request.get("hand", [])
    for k in range(len(plays)):
        yield {**request, "plays": plays[:k]}
    for start, stop in chunks(len(plays)):
        kept = rederive_plays([*plays[:start], *plays[stop:]], held)
        if kept is not None:
            yield {**request, "plays": kept}
    used = {tile_index(p["tile"]) for p in plays} | {tile_index(t) for t in held}
    for i, play in enumerate(plays):
        for lower in _lower_tiles(used, play["tile"]):
            moved = {**play, "tile": lower}
            kept = rederive_plays([*plays[:i], moved, *plays[i + 1 :]], held)
            if kept is not None:
                yield {**request, "plays": kept}


def _legal_candidates(request: JSONObject) -> Iterator[JSONObject]:
    held = request["hand"]
    for k in range(len(held)):
        yield {**request, "hand": held[:k] + held[k + 1 :]}
    yield from _table_candidates(request)
    used = {tile_index(p["tile"]) for p in request["plays"]} | {tile_index(t) for t in held}
    for k, tile in enumerate(held):
        for lower in _lower_tiles(used, tile):
            yield {**request, "hand": [*held[:k], lower, *held[k + 1 :]]}


def _settle_candidates(request: JSONObject) -> Iterator[JSONObject]:
    hands = request["hands"]
    for seat, held in enumerate(hands):
        for k in range(len(held)):
            yield {
                **request,
                "hands": [*hands[:seat], held[:k] + held[k + 1 :], *hands[seat + 1 :]],
            }
    used = {tile_index(t) for seat in hands for t in seat}
    for seat, held in enumerate(hands):
        for k, tile in enumerate(held):
            for lower in _lower_tiles(used, tile):
                seats = [list(s) for s in hands]
                seats[seat][k] = lower
                yield {**request, "hands": seats}


# ----------------------------------------------------------------------- hands


def _translations(request: JSONObject) -> Iterator[JSONObject]:
    """The `settle`, `table` and `legal` requests showing the state the hand reaches."""
    state = hand_state(request)
    if state is None:
        return
    hand, plays = state
    yield {
        "cmd": "settle",
        "hands": [[tile_json(t) for t in tiles_of_mask(m)] for m in hand.holdings],
    }
    yield {"cmd": "table", "plays": plays}
    seats = [hand.to_move] + [s for s in range(4) if s != hand.to_move]
    for seat in seats:
        held = [tile_json(t) for t in tiles_of_mask(hand.holdings[seat])]
        yield {"cmd": "legal", "plays": plays, "hand": held}


def _hand_candidates(request: JSONObject, rejected: bool) -> Iterator[JSONObject]:
    actions = request["actions"]
    # A refused request keeps its refused (last) action as it is.
    body, tail = (actions[:-1], actions[-1:]) if rejected and actions else (actions, [])
    if not rejected:
        yield from _translations(request)
    for k in range(len(body)):
        yield {**request, "actions": [*body[:k], *tail]}
    for start, stop in chunks(len(body)):
        rebuilt = rederive_hand(request, [*body[:start], *body[stop:]])
        yield {**rebuilt, "actions": [*rebuilt["actions"], *tail]}
    if not rejected:
        yield from earlier_targets(request)
        yield from forced_passes(request)
        yield from short_blocks(request)
        yield from playouts(request)
    if "scores" in request:
        yield {k: v for k, v in request.items() if k != "scores"}
        scores = request["scores"]
        for team in (0, 1):
            value = scores[team]
            for lower in (0, value // 2, value - 5 if value > 0 else value + 5):
                if abs(lower) < abs(value):
                    yield {**request, "scores": [*scores[:team], lower, *scores[team + 1 :]]}


def _last_hand_alone(request: JSONObject) -> Iterator[JSONObject]:
    """A game's last hand as a `hand` request, from the opener and the scores the earlier
    hands leave it (a rule of the hand's start shows without the hands before it)."""
    hands = request["hands"]
    before = result_of(oracle({**request, "hands": hands[:-1]}))
    if before is None:
        return
    previous = before["hands"][-1]
    opener = hands[-1].get("opener", previous["next_opener"])
    if opener is not None:
        yield {
            "cmd": "hand",
            "deal": hands[-1]["deal"],
            "opener": opener,
            "scores": previous["scores"],
            "actions": hands[-1]["actions"],
        }


def _game_candidates(request: JSONObject) -> Iterator[JSONObject]:
    hands = request["hands"]
    if len(hands) > 1:
        yield {**request, "hands": hands[:-1]}
        yield from _last_hand_alone(request)
    first = hands[0]
    if len(hands) == 1 and "opener" in first:
        yield {
            "cmd": "hand",
            "deal": first["deal"],
            "opener": first["opener"],
            "actions": first["actions"],
        }
    if "opener" in first:
        # The first hand played again to a shorter end of the same kind (a game's later
        # rules, such as who opens next, need the first hand finished).
        as_hand = {"cmd": "hand", "deal": first["deal"], "opener": first["opener"]}
        for replay in playouts({**as_hand, "actions": first["actions"]}):
            again = {**first, "opener": replay["opener"], "actions": replay["actions"]}
            yield {**request, "hands": [again, *hands[1:]]}
    last = hands[-1]
    for k in range(len(last["actions"])):
        yield {**request, "hands": [*hands[:-1], {**last, "actions": last["actions"][:k]}]}
    for position, item in enumerate(hands):
        if "opener" not in item:
            continue
        as_hand = {"cmd": "hand", "deal": item["deal"], "opener": item["opener"]}
        for start, stop in chunks(len(item["actions"])):
            rebuilt = rederive_hand(as_hand, [*item["actions"][:start], *item["actions"][stop:]])
            shorter = {**item, "deal": rebuilt["deal"], "actions": rebuilt["actions"]}
            yield {**request, "hands": [*hands[:position], shorter, *hands[position + 1 :]]}


def candidates(request: JSONObject, rejected: bool = False) -> Iterator[JSONObject]:
    """Simpler requests to try in place of `request` (`rejected`: the reference refuses it)."""
    cmd = request["cmd"]
    if cmd == "hand":
        yield from _hand_candidates(request, rejected)
    elif cmd == "game":
        yield from _game_candidates(request)
    elif cmd == "table":
        yield from _table_candidates(request)
    elif cmd == "legal":
        yield from _legal_candidates(request)
    elif cmd == "settle":
        yield from _settle_candidates(request)
