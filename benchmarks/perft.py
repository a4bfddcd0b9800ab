"""Benchmark: perft leaves per second on the deals of the perft fixtures.

``python -m benchmarks.perft [--seconds S] [--depth D]`` counts
the action tree below the opening of each deal of fixtures/perft/ (the same
deals, openers and starting scores; tests/engine/test_bench.py checks they have
not drifted), over and over for about `S` seconds, and prints the leaves
counted per second of CPU time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from reference_impl import BUILD
from reference_impl.hand import Hand
from reference_impl.tiles import mask_of, tile_index

__all__ = ["PERFT_DEALS", "PerftDeal", "main", "perft_figures", "perft_hand"]

PerftDeal = tuple[str, tuple[tuple[tuple[int, int], ...], ...], int, tuple[int, int]]
"""(name, the four seats' tiles as ``(low, high)``, opener, starting scores)."""

PERFT_DEALS: tuple[PerftDeal, ...] = (
    (
        "many-doubles",
        (
            ((0, 1), (0, 6), (1, 3), (2, 4), (3, 6), (4, 5), (5, 6)),
            ((0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (1, 5), (2, 6)),
            ((0, 2), (0, 3), (1, 4), (2, 5), (3, 5), (4, 6), (6, 6)),
            ((0, 4), (0, 5), (1, 2), (1, 6), (2, 3), (3, 4), (5, 5)),
        ),
        1,
        (0, 0),
    ),
    (
        "near-target",
        (
            ((0, 5), (1, 4), (2, 3), (6, 6), (0, 2), (1, 6), (3, 5)),
            ((0, 0), (1, 1), (2, 4), (3, 6), (4, 5), (0, 6), (2, 5)),
            ((0, 1), (0, 4), (1, 3), (2, 2), (3, 4), (4, 6), (5, 6)),
            ((0, 3), (1, 2), (1, 5), (2, 6), (3, 3), (4, 4), (5, 5)),
        ),
        0,
        (245, 235),
    ),
    (
        "quick-block",
        (
            ((0, 1), (3, 4), (0, 6), (1, 1), (2, 3), (4, 6), (5, 5)),
            ((1, 2), (0, 4), (0, 0), (1, 3), (2, 5), (3, 6), (6, 6)),
            ((0, 2), (0, 5), (1, 4), (2, 2), (2, 6), (3, 5), (4, 4)),
            ((0, 3), (5, 6), (1, 5), (1, 6), (2, 4), (3, 3), (4, 5)),
        ),
        0,
        (0, 0),
    ),
    (
        "suits",
        (
            ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)),
            ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2)),
            ((2, 3), (2, 4), (2, 5), (2, 6), (3, 3), (3, 4), (3, 5)),
            ((3, 6), (4, 4), (4, 5), (4, 6), (5, 5), (5, 6), (6, 6)),
        ),
        0,
        (0, 0),
    ),
    (
        "six-early",
        (
            ((6, 6), (0, 1), (2, 5), (3, 4), (1, 6), (0, 3), (4, 5)),
            ((3, 6), (0, 0), (1, 2), (4, 6), (2, 3), (5, 5), (0, 4)),
            ((5, 6), (1, 1), (0, 2), (3, 5), (2, 6), (1, 4), (4, 4)),
            ((0, 6), (2, 2), (1, 3), (3, 3), (0, 5), (1, 5), (2, 4)),
        ),
        0,
        (0, 0),
    ),
)
"""The distinct deals of fixtures/perft/*.yaml, each with its opener and scores."""


def perft_hand(deal: PerftDeal) -> Hand:
    """The hand a perft deal starts."""
    _, seats, opener, scores = deal
    masks = [mask_of([tile_index(low, high) for low, high in seat]) for seat in seats]
    return Hand(masks, opener, scores)


def perft_figures(seconds: float = 3.0, depth: int = 6) -> dict[str, object]:
    """Perft leaves per CPU second below the opening of each fixture deal, cut at `depth`.

    Counts every deal at least once, then repeats for about `seconds` of wall
    time. ``leaves`` is the count of one pass over the deals.
    """
    # Imported here so that this module also measures an engine whose perft
    # takes no budget (the figures before and after a change, side by side).
    from reference_impl.perft import perft

    hands = [perft_hand(deal) for deal in PERFT_DEALS]
    per_pass = [perft(hand, depth) for hand in hands]  # warm up; and the counts
    leaves = 0
    cpu = 0.0
    deadline = time.perf_counter() + seconds
    while cpu == 0.0 or time.perf_counter() < deadline:
        start = time.process_time()
        for hand in hands:
            leaves += perft(hand, depth)
        cpu += time.process_time() - start
    return {
        "build": BUILD,
        "depth": depth,
        "deals": [deal[0] for deal in PERFT_DEALS],
        "leaves": sum(per_pass),
        "leaves_per_second": round(leaves / cpu),
    }


def main(argv: list[str] | None = None) -> int:
    """Count perft leaves per second and print the figures as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.perft", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="how long to count (default 3)")
    parser.add_argument("--depth", type=int, default=6, help="perft depth (default 6)")
    options = parser.parse_args(argv)
    print(json.dumps(perft_figures(options.seconds, options.depth)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
