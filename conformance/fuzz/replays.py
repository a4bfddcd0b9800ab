"""Hands played or dealt again, shorter, for the shrinker.

A `hand` request is re-derived after actions are deleted (tiles re-dealt to the
player to move, placements re-attached), played again from its deal to a shorter end
of the same kind, cut to its first placements followed by three passes, dealt again
as the shortest blocked hand, or started from scores that reach the target at an
earlier placement.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from conformance.fuzz.probes import JSONObject, deal_json, oracle
from conformance.suite.messages import result_of
from reference_impl.hand import Hand
from reference_impl.protocol import move_json, parse_tile, tile_json
from reference_impl.tiles import mask_of, tiles_of_mask

__all__ = [
    "earlier_targets",
    "forced_passes",
    "hand_state",
    "playouts",
    "rederive_hand",
    "short_blocks",
    "tile_index",
]


def tile_index(tile: Any) -> int:
    """The index of a protocol tile ``[a, b]``."""
    return parse_tile(tile).index


def rederive_hand(request: JSONObject, actions: Sequence[Any]) -> JSONObject:
    """A `hand` request playing `actions` as far as they go, re-dealt to make them legal.

    A placement's tile is swapped into the hand of the player to move (for a tile of
    theirs that no later action names), then placed where it was or wherever it fits;
    a pass stays only where the player cannot place. Unusable actions are dropped.
    """
    deal = [mask_of([tile_index(t) for t in seat]) for seat in request["deal"]]
    hand = Hand(deal, request["opener"], request.get("scores", (0, 0)))
    named = [tile_index(a["tile"]) if isinstance(a, dict) else -1 for a in actions]
    kept: list[Any] = []
    for position, action in enumerate(actions):
        if hand.end is not None:
            break
        moves = hand.legal_moves()
        if not isinstance(action, dict):
            if not moves:
                hand.pass_fast()
                kept.append("pass")
            continue
        tile, seat = named[position], hand.to_move
        if hand.table.placed >> tile & 1:
            continue
        if not hand.holdings[seat] >> tile & 1:
            holder = next(s for s in range(4) if hand.holdings[s] >> tile & 1)
            later = set(named[position:])
            spare = [t for t in tiles_of_mask(hand.holdings[seat]) if t not in later]
            if not spare:
                continue
            swap = (1 << tile) | (1 << spare[-1])
            for s in (seat, holder):
                hand.holdings[s] ^= swap
                deal[s] ^= swap
            moves = hand.legal_moves()
        fits = [m for m in moves if m[0] == tile]
        if not fits:
            continue
        wanted = [m for m in fits if move_json(*m) == action]
        move = (wanted or fits)[0]
        hand.place_fast(*move)
        kept.append(move_json(*move))
    return {**request, "deal": deal_json([tiles_of_mask(m) for m in deal]), "actions": kept}


def hand_state(request: JSONObject) -> tuple[Hand, list[Any]] | None:
    """The reference's hand after the request's actions, and the placements on its table."""
    rebuilt = rederive_hand(request, request["actions"])
    if rebuilt["actions"] != request["actions"] or rebuilt["deal"] != request["deal"]:
        return None  # not a hand the reference plays as it stands
    deal = [mask_of([tile_index(t) for t in seat]) for seat in request["deal"]]
    hand = Hand(deal, request["opener"], request.get("scores", (0, 0)))
    plays = []
    for action in request["actions"]:
        if isinstance(action, dict):
            move = next(m for m in hand.legal_moves() if move_json(*m) == action)
            hand.place_fast(*move)
            plays.append(action)
        else:
            hand.pass_fast()
    return hand, plays


def playouts(request: JSONObject, tries: int = 60) -> Iterator[JSONObject]:
    """The same deal played again at random, from every opener: shorter hands first.

    A hand that diverges where it ends (a domino, a block) keeps its kind of end; any
    hand also gives its shortest prefix that ends with three passes in a row, where the
    rules of turns and of blocked hands meet.
    """
    deal = [mask_of([tile_index(t) for t in seat]) for seat in request["deal"]]
    scores = request.get("scores", (0, 0))
    ending = (result_of(oracle(request)) or {}).get("end")
    rng = random.Random(0)
    shorter: list[tuple[int, JSONObject]] = []
    for attempt in range(tries):
        opener = (request["opener"] + attempt) % 4
        hand = Hand(deal, opener, scores)
        actions: list[Any] = []
        while hand.end is None:
            moves = hand.legal_moves()
            if moves:
                move = rng.choice(moves)
                hand.place_fast(*move)
                actions.append(move_json(*move))
            else:
                hand.pass_fast()
                actions.append("pass")
            if actions[-3:] == ["pass"] * 3 and len(actions) < len(request["actions"]):
                shorter.append((len(actions), {**request, "opener": opener, "actions": actions[:]}))
        ended = hand.end is not None and hand.end.value == ending
        if ending is not None and ended and len(actions) < len(request["actions"]):
            shorter.append((len(actions), {**request, "opener": opener, "actions": actions}))
    shorter.sort(key=lambda item: item[0])
    for _, candidate in shorter[:12]:
        yield candidate


def forced_passes(request: JSONObject) -> Iterator[JSONObject]:
    """The first placements, then three passes: re-dealt so the next three seats cannot play.

    Each tile of theirs that fits the table goes to the seat that just placed, for one
    of its tiles that does not fit. Passes are the simplest actions, and three in a row
    are where the rules of turns and of blocked hands meet.
    """
    actions = request["actions"]
    yield from _suit_openings(request)
    for k in range(1, min(4, len(actions))):
        if not isinstance(actions[k - 1], dict):
            continue
        state = hand_state({**request, "actions": actions[:k]})
        if state is None or state[0].end is not None:
            continue
        hand = state[0]
        placer = (hand.to_move - 1) % 4
        fits = {t for t in range(28) if hand.table.moves(1 << t)}
        spare = [t for t in tiles_of_mask(hand.holdings[placer]) if t not in fits]
        deal = [mask_of([tile_index(t) for t in seat]) for seat in request["deal"]]
        for seat in ((placer + i) % 4 for i in (1, 2, 3)):
            for tile in tiles_of_mask(hand.holdings[seat]):
                if tile in fits and spare:
                    swap = (1 << tile) | (1 << spare.pop())
                    deal[seat] ^= swap
                    deal[placer] ^= swap
        dealt = deal_json([tiles_of_mask(m) for m in deal])
        yield {**request, "deal": dealt, "actions": [*actions[:k], "pass", "pass", "pass"]}


def _suit_openings(request: JSONObject) -> Iterator[JSONObject]:
    """A double opened by a seat holding its whole suit, then three passes: the shortest
    hand in which nobody else can play."""
    opener = request["opener"]
    for value in range(7):
        suit = [tile_index([min(value, v), max(value, v)]) for v in range(7)]
        deal = [mask_of([tile_index(t) for t in seat]) for seat in request["deal"]]
        for tile in suit:
            holder = next(s for s in range(4) if deal[s] >> tile & 1)
            if holder == opener:
                continue
            other = next(t for t in tiles_of_mask(deal[opener]) if t not in suit)
            swap = (1 << tile) | (1 << other)
            deal[holder] ^= swap
            deal[opener] ^= swap
        double = tile_index([value, value])
        yield {
            **request,
            "deal": deal_json([tiles_of_mask(m) for m in deal]),
            "actions": [{"tile": tile_json(double)}, "pass", "pass", "pass"],
        }


def short_blocks(request: JSONObject) -> Iterator[JSONObject]:
    """A blocked hand dealt again as the shortest blocked hand: ten placements, four passes.

    A hand blocks when every open end shows a value v whose seven tiles are all on the
    table. With the other values x1..x6 in order, the seats in turn place
    [x1|x2], [v|x1], [v|x2], [v|x3], [x3|x4], [v|x4], [v|x5], [x5|x6], [v|x6], [v|v]:
    both ends then show v, and the next four seats pass. Each value v gives one deal;
    the request's opener and scores are kept.
    """
    if (result_of(oracle(request)) or {}).get("end") != "blocked":
        return
    opener = request["opener"]
    for v in range(7):
        x = [value for value in range(7) if value != v]
        # Each tile, and the value of the end it joins (the first one opens).
        steps = [
            ((x[0], x[1]), -1), ((v, x[0]), x[0]), ((v, x[1]), x[1]), ((v, x[2]), v),
            ((x[2], x[3]), x[2]), ((v, x[3]), x[3]), ((v, x[4]), v), ((x[4], x[5]), x[4]),
            ((v, x[5]), x[5]), ((v, v), v),
        ]  # fmt: skip
        order = [tile_index([min(pair), max(pair)]) for pair, _ in steps]
        seats: list[list[int]] = [[], [], [], []]
        for turn, tile in enumerate(order):
            seats[(opener + turn) % 4].append(tile)
        rest = iter(t for t in range(28) if t not in order)
        for seat in seats:
            seat += [next(rest) for _ in range(7 - len(seat))]
        hand = Hand([mask_of(seat) for seat in seats], opener, request.get("scores", (0, 0)))
        actions: list[Any] = []
        for tile, (_, joins) in zip(order, steps, strict=True):
            # Starting scores may reach the target first: that value gives no candidate.
            fits = [
                m for m in hand.legal_moves() if m[0] == tile and (m[1] or (0, 0, -1))[2] == joins
            ]
            if not fits:
                break
            hand.place_fast(*fits[0])
            actions.append(move_json(*fits[0]))
        while hand.end is None and not hand.legal_moves():
            hand.pass_fast()
        if hand.end is not None and hand.end.value == "blocked" and len(actions) == 10:
            deal = deal_json([sorted(seat) for seat in seats])
            yield {**request, "deal": deal, "actions": [*actions, *["pass"] * 4]}


def earlier_targets(request: JSONObject) -> Iterator[JSONObject]:
    """Shorter hands whose last placement reaches 250 exactly, from higher starting scores.

    A hand that diverges where a team reaches the target can often show it at its first
    scoring placement, given the right starting score.
    """
    actions = request["actions"]
    for k in range(1, len(actions)):
        if not isinstance(actions[k - 1], dict):
            continue
        reply = oracle({**request, "actions": actions[:k], "scores": [0, 0]})
        event = (result_of(reply) or {}).get("events", [{}])[-1]
        credit = event.get("credit")
        if isinstance(credit, int) and credit > 0:
            scores = [0, 0]
            scores[event["seat"] % 2] = 250 - credit
            yield {**request, "actions": actions[:k], "scores": scores}
