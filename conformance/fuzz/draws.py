"""The choices a request is made from: what the shrinker shrinks.

As Hypothesis shrinks the choices its generator drew rather than the value it made, the
shrinker works on choice sequences. Each command has a generator here that reads whole
numbers from a sequence (`Draws`) and makes a request of that command by playing the
reference's rules: a deal, an opener, whether there are starting scores, and at each
turn which of the legal placements is made (a pass only where none is). Whatever the
sequence, the request is one the rules allow, but for what is drawn on purpose to be
refused, as the campaign draws it: the one action a `hand` request may add at its end,
and a `game`'s later openers and unfinished hands. Lower numbers are simpler choices: 0 ends a list,
takes the first legal placement in the engine's order or the lowest tile left, and
gives no starting scores; a sequence read past its end reads 0s.

`conformance.fuzz.choices.draws_of` is each generator's inverse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from conformance.fuzz.probes import SIDES, JSONObject, deal_json, placement_json
from reference_impl.hand import Hand
from reference_impl.keyed import table_for
from reference_impl.protocol import tile_json
from reference_impl.table import Move, Table
from reference_impl.tiles import mask_of

__all__ = ["ALL", "SCORE_CHOICES", "Draws", "make", "place"]

SCORE_CHOICES = 499
"""Starting scores are drawn from -249..249, short of the target (zigzag: 0, 1, -1, 2, -2...)."""
ALL = (1 << 28) - 1


class Draws:
    """A choice sequence read in turn; what was read is kept in `taken`."""

    __slots__ = ("_at", "_given", "taken")

    def __init__(self, given: Sequence[int] = ()) -> None:
        self._given = given
        self._at = 0
        self.taken: list[int] = []

    def below(self, count: int) -> int:
        """The next choice among `count` (0 past the sequence's end, at most `count - 1`)."""
        at = self._at
        value = min(self._given[at], count - 1) if at < len(self._given) else 0
        self._at = at + 1
        self.taken.append(value)
        return value


# ------------------------------------------------------------------ generators


def _deal(draws: Draws) -> list[list[int]]:
    left = list(range(28))
    order = [left.pop(draws.below(len(left))) for _ in range(27)] + left
    return [sorted(order[i : i + 7]) for i in range(0, 28, 7)]


def _scores(draws: Draws) -> list[int] | None:
    if not draws.below(2):
        return None
    return [_unzig(draws.below(SCORE_CHOICES)), _unzig(draws.below(SCORE_CHOICES))]


def _moves(draws: Draws, hand: Hand) -> list[Any]:
    """Actions played while the sequence says go on: a legal placement, or a forced pass."""
    actions: list[Any] = []
    while hand.end is None and draws.below(2):
        moves = hand.legal_moves()
        if moves:
            chosen = moves[draws.below(len(moves))]
            hand.place_fast(*chosen)
            actions.append(placement_json(chosen))
        else:
            hand.pass_fast()
            actions.append("pass")
    return actions


def _odd(draws: Draws) -> Any:
    """Any action of the protocol's form, legal or not: a refused request's last."""
    kind = draws.below(3)
    if kind == 0:
        return "pass"
    action: JSONObject = {"tile": tile_json(draws.below(28))}
    if kind == 2:
        side = SIDES[draws.below(len(SIDES))]
        action["on"] = {"tile": tile_json(draws.below(28)), "side": side}
    return action


def _hand(draws: Draws) -> JSONObject:
    deal = _deal(draws)
    opener = draws.below(4)
    scores = _scores(draws)
    hand = Hand([mask_of(seat) for seat in deal], opener, scores or (0, 0))
    actions = _moves(draws, hand)
    if draws.below(2):
        actions.append(_odd(draws))
    request: JSONObject = {"cmd": "hand", "deal": deal_json(deal), "opener": opener}
    if scores is not None:
        request["scores"] = scores
    return {**request, "actions": actions}


def _plays(draws: Draws, table: Table) -> list[Any]:
    plays: list[Any] = []
    while draws.below(2):
        moves = table.moves(ALL & ~table.placed)
        if not moves:
            break
        chosen = moves[draws.below(len(moves))]
        place(table, chosen)
        plays.append(placement_json(chosen))
    return plays


def _tiles(draws: Draws, used: set[int], most: int = 28) -> list[list[int]]:
    """At most `most` tiles picked while the sequence says go on, each among those not
    yet `used`."""
    picked: list[list[int]] = []
    while len(picked) < most and draws.below(2):
        left = [t for t in range(28) if t not in used]
        if not left:
            break
        tile = left[draws.below(len(left))]
        used.add(tile)
        picked.append(tile_json(tile))
    return picked


def _table(draws: Draws) -> JSONObject:
    return {"cmd": "table", "plays": _plays(draws, table_for())}


def _legal(draws: Draws) -> JSONObject:
    table = table_for()
    plays = _plays(draws, table)
    used = {t for t in range(28) if table.placed >> t & 1}
    return {"cmd": "legal", "plays": plays, "hand": _tiles(draws, used)}


def _settle(draws: Draws) -> JSONObject:
    used: set[int] = set()
    # At most 7 tiles a seat (protocol, 5.3); a `legal` request's hand holds any number.
    return {"cmd": "settle", "hands": [_tiles(draws, used, 7) for _ in range(4)]}


def _game(draws: Draws) -> JSONObject:
    hands: list[JSONObject] = []
    previous: Hand | None = None
    while draws.below(2):
        deal = _deal(draws)
        item: JSONObject = {"deal": deal_json(deal)}
        # 0: the opener left out (the last hand's next opener), 1: that opener named,
        # 2: a seat drawn.
        mode = draws.below(3)
        opener = None if previous is None else previous.next_opener
        if mode == 2 or (mode == 1 and opener is None):
            opener = draws.below(4)
        if mode:
            item["opener"] = opener
        hand = None
        if opener is not None:
            scores = (0, 0) if previous is None else previous.scores
            hand = Hand([mask_of(seat) for seat in deal], opener, scores)
        item["actions"] = [] if hand is None else _moves(draws, hand)
        hands.append(item)
        previous = hand
    return {"cmd": "game", "hands": hands}


_GENERATORS: dict[str, Callable[[Draws], JSONObject]] = {
    "hand": _hand,
    "table": _table,
    "legal": _legal,
    "settle": _settle,
    "game": _game,
}


def make(cmd: str, choices: Sequence[int]) -> tuple[JSONObject, tuple[int, ...]]:
    """The request of `cmd` that `choices` make, and the choices it read (the canonical
    sequence: values capped, what was not read left out)."""
    draws = Draws(choices)
    request = _GENERATORS[cmd](draws)
    return request, tuple(draws.taken)


# ---------------------------------------------------------------------- values


def place(table: Table, move: Move) -> None:
    """Make `move` on `table`: an opening, or a tile on its point (trusted)."""
    tile, point = move
    if point is None:
        table.open_fast(tile)
    else:
        table.place_fast(tile, point)


def _unzig(choice: int) -> int:
    """0, 1, -1, 2, -2... for 0, 1, 2, 3, 4...: lower choices are scores nearer 0."""
    return (choice + 1) // 2 if choice % 2 else -(choice // 2)
