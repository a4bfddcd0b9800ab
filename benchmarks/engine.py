"""Benchmark: the engine against a plain Python engine of the same rules, and perft.

``python -m benchmarks.engine [--seconds S] [--seed N]`` deals random
hands, picks a random opener and plays a uniformly random legal action at
every turn to the end of the hand, four ways:

- ``reference``: the reference engine's random playout, `reference_impl.playout`
  (each hand played to its end in one call, as a Monte Carlo player does);
- ``reference_steps``: the reference engine one action at a time through its
  trusted path, `Hand.legal_moves` then `Hand.place_fast` or `Hand.pass_fast`
  (the same `Hand` the adapter drives);
- ``reference_checked``: the reference engine through its checked API, `Hand.legal`
  then `Hand.play` (the values a user of `reference_impl` writes against);
- ``naive``: the plain engine of `benchmarks.naive`, one action at a time.

All four play the very same games: the deals and the random numbers are
drawn before the clock starts, and placement *k* of a hand takes
``moves[floor(r * len(moves))]`` with the same ``r`` in all four. They take
turns batch by batch so that a noisy machine slows them alike, and CPU time is
measured. The last line printed is JSON::

    {"build": "pure", "reference": {"hands_per_second": N, "actions_per_second": M},
     "reference_steps": {...}, "reference_checked": {...}, "naive": {...}, "ratio": R,
     "ratio_steps": S, "ratio_checked": C,
     "same_games": true, "hands": H}

``ratio`` is the naive engine's CPU time over the reference playout's for the
same ``hands``, ``ratio_steps`` the same over the step-by-step path's, ``ratio_checked``
over the checked API's;
``same_games`` says whether every hand ended alike in all four; ``build`` is
`reference_impl.BUILD` (``"compiled"`` in a build of tools/build_compiled.py).

``--perft`` prints the perft figures instead (`perft_figures`, from
`benchmarks.perft`, which ``python -m benchmarks.perft`` prints alone).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from math import floor

from reference_impl import BUILD
from reference_impl.actions import PASS
from reference_impl.hand import Hand
from reference_impl.playout import play_out
from reference_impl.tiles import HIGH, LOW, mask_of

from .naive import NaiveHand
from .perft import perft_figures

__all__ = [
    "Deal",
    "engine_figures",
    "main",
    "make_deals",
    "perft_figures",
    "play_checked",
    "play_naive",
    "play_out_reference",
    "play_reference",
]

_BATCH = 200


@dataclass(frozen=True, slots=True)
class Deal:
    """One benchmark hand: the deal in each engine's form, the opener, the random draws."""

    masks: list[int]
    pairs: list[list[tuple[int, int]]]
    opener: int
    draws: tuple[float, ...]


def make_deals(count: int, rng: random.Random) -> list[Deal]:
    """`count` random deals with a random opener and 28 random numbers each."""
    deals = []
    tiles = list(range(28))
    for _ in range(count):
        rng.shuffle(tiles)
        seats = [tiles[i : i + 7] for i in range(0, 28, 7)]
        deals.append(
            Deal(
                masks=[mask_of(seat) for seat in seats],
                pairs=[[(LOW[t], HIGH[t]) for t in seat] for seat in seats],
                opener=rng.randrange(4),
                draws=tuple(rng.random() for _ in range(28)),  # at most 28 placements
            )
        )
    return deals


Outcome = tuple[int, int, int]
"""What a played hand shows at its end: (actions, team 0 score, team 1 score)."""


def play_reference(deals: list[Deal], outcomes: list[Outcome]) -> int:
    """Play the deals with the reference engine, one action at a time; append each outcome;
    return the actions."""
    actions = 0
    for deal in deals:
        hand = Hand(deal.masks, deal.opener)
        draws = deal.draws
        placed = 0
        while hand.end is None:
            moves = hand.legal_moves()
            if moves:
                tile, point = moves[floor(draws[placed] * len(moves))]
                hand.place_fast(tile, point)
                placed += 1
            else:
                hand.pass_fast()
        count = len(hand.events)
        actions += count
        outcomes.append((count, hand.scores[0], hand.scores[1]))
    return actions


def play_checked(deals: list[Deal], outcomes: list[Outcome]) -> int:
    """Play the deals through the reference engine's checked API, as a user of
    `reference_impl` or the adapter does: `Hand.legal` lists the placements as values,
    `Hand.play` checks the one chosen (or the pass) and makes it; append each outcome;
    return the actions."""
    actions = 0
    for deal in deals:
        hand = Hand(deal.masks, deal.opener)
        draws = deal.draws
        placed = 0
        while hand.end is None:
            legal = hand.legal()
            if legal:
                hand.play(legal[floor(draws[placed] * len(legal))])
                placed += 1
            else:
                hand.play(PASS)
        count = len(hand.events)
        actions += count
        outcomes.append((count, hand.scores[0], hand.scores[1]))
    return actions


def play_out_reference(deals: list[Deal], outcomes: list[Outcome]) -> int:
    """Play the deals with the reference engine's playout; append each outcome; return
    the actions."""
    actions = 0
    for deal in deals:
        hand = Hand(deal.masks, deal.opener)
        play_out(hand, deal.draws)
        count = len(hand.events)
        actions += count
        outcomes.append((count, hand.scores[0], hand.scores[1]))
    return actions


def play_naive(deals: list[Deal], outcomes: list[Outcome]) -> int:
    """Play the deals with the naive engine; append each outcome; return the actions."""
    actions = 0
    for deal in deals:
        hand = NaiveHand(deal.pairs, deal.opener)
        draws = deal.draws
        placed = 0
        while not hand.over:
            moves = hand.legal_moves()
            if moves:
                tile, end = moves[floor(draws[placed] * len(moves))]
                hand.play(tile, end)
                placed += 1
            else:
                hand.pass_turn()
        count = len(hand.events)
        actions += count
        outcomes.append((count, hand.scores[0], hand.scores[1]))
    return actions


_Player = Callable[[list[Deal], list[Outcome]], int]


def engine_figures(seconds: float = 3.0, seed: int = 1) -> dict[str, object]:
    """Hands/s and actions/s (CPU) of the reference and the naive engine, and their ratio.

    Runs for about `seconds` of wall time in all. ``same_games`` says whether
    both engines ended every hand identically (it must be true for the ratio
    to mean anything).
    """
    rng = random.Random(seed)
    players: dict[str, _Player] = {
        "reference": play_out_reference,
        "reference_steps": play_reference,
        "reference_checked": play_checked,
        "naive": play_naive,
    }
    cpu = dict.fromkeys(players, 0.0)
    actions = dict.fromkeys(players, 0)
    same = True
    hands = 0
    warm = make_deals(50, rng)
    for play in players.values():
        play(warm, [])
    deadline = time.perf_counter() + seconds
    while hands == 0 or time.perf_counter() < deadline:
        deals = make_deals(_BATCH, rng)
        seen: dict[str, list[Outcome]] = {}
        for name, play in players.items():
            outcomes: list[Outcome] = []
            start = time.process_time()
            actions[name] += play(deals, outcomes)
            cpu[name] += time.process_time() - start
            seen[name] = outcomes
        same = same and all(seen[name] == seen["naive"] for name in players)
        hands += _BATCH
    figures: dict[str, object] = {"build": BUILD}
    figures |= {
        name: {
            "hands_per_second": round(hands / cpu[name]),
            "actions_per_second": round(actions[name] / cpu[name]),
        }
        for name in players
    }
    figures["ratio"] = round(cpu["naive"] / cpu["reference"], 2)
    figures["ratio_steps"] = round(cpu["naive"] / cpu["reference_steps"], 2)
    figures["ratio_checked"] = round(cpu["naive"] / cpu["reference_checked"], 2)
    figures["same_games"] = same
    figures["hands"] = hands
    return figures


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to play (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--perft", action="store_true", help="measure perft instead")
    parser.add_argument("--depth", type=int, default=6, help="perft depth (default 6)")
    options = parser.parse_args(argv)
    if options.perft:
        figures = perft_figures(options.seconds, options.depth)
    else:
        figures = engine_figures(options.seconds, options.seed)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
