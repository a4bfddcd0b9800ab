"""Benchmark: random legal complete hands on one core.

``python -m reference_impl.bench [--seconds S] [--seed N]`` deals random
hands, picks a random opener and plays a uniformly random legal action at
every turn through the engine's trusted path (the same `Hand` that the
adapter drives), and prints as its last line
``{"hands_per_second": N, "actions_per_second": M}``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .hand import Hand
from .tiles import mask_of

__all__ = ["main", "play_random_hands"]


def play_random_hands(count: int, rng: random.Random) -> int:
    """Play `count` random complete hands; return the number of actions made."""
    actions = 0
    tiles = list(range(28))
    shuffle = rng.shuffle
    randbelow = rng.random
    for _ in range(count):
        shuffle(tiles)
        hand = Hand(
            [mask_of(tiles[0:7]), mask_of(tiles[7:14]), mask_of(tiles[14:21]), mask_of(tiles[21:])],
            int(randbelow() * 4),
        )
        while hand.end is None:
            moves = hand.legal_moves()
            if moves:
                hand.place_fast(*moves[int(randbelow() * len(moves))])
            else:
                hand.pass_fast()
            actions += 1
    return actions


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m reference_impl.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to play (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    play_random_hands(200, rng)  # warm up
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + options.seconds
    while time.perf_counter() < deadline:
        actions += play_random_hands(500, rng)
        hands += 500
    elapsed = time.perf_counter() - start
    print(f"{hands} hands, {actions} actions in {elapsed:.2f} s", file=sys.stderr)
    print(
        json.dumps(
            {
                "hands_per_second": round(hands / elapsed),
                "actions_per_second": round(actions / elapsed),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
