"""Benchmark: perft of the reference engine against a plain C engine of the same rules.

``python -m benchmarks.c_perft [--depth D] [--rounds R] [--deal NAME]`` compiles
``benchmarks/c/perft.c`` (written from the rules, not from the reference engine) with
the system's C compiler, checks that it counts exactly the leaves the reference engine
counts below the opening of each perft deal (`benchmarks.perft.PERFT_DEALS`), then
times both, in CPU time, taking turns round by round so that a loaded machine slows
them alike. It prints, for each round, the reference's time over the C engine's for
the same counts, and their min / median / max; the last line is JSON::

    {"build": "pure", "depth": 8, "deals": [...], "leaves": N,
     "c_times_faster": {"min": A, "median": B, "max": C}, "rounds": R}

Without a C compiler it says so and exits with 2. No test asserts on these numbers.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reference_impl import BUILD
from reference_impl.perft import perft

from .perft import PERFT_DEALS, PerftDeal, perft_hand

__all__ = ["c_count", "c_figures", "compile_c", "main"]

_SOURCE = Path(__file__).resolve().parent / "c" / "perft.c"
_MIN_SECONDS = 0.3
"""The least CPU time each engine's counts are repeated for in a round, so that the clock
reads meaningfully."""


def compile_c(directory: Path) -> Path:
    """The C engine compiled into `directory` (FileNotFoundError without a compiler)."""
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        raise FileNotFoundError("no C compiler (cc, gcc or clang) on PATH")
    binary = directory / "perft"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(_SOURCE)], check=True)
    return binary


def c_count(binary: Path, deal: PerftDeal, depth: int, repeat: int) -> tuple[int, float]:
    """(leaves, CPU seconds for `repeat` counts) of the C engine."""
    _, seats, opener, scores = deal
    tiles = [f"{low}{high}" for seat in seats for low, high in seat]
    argv = [str(binary), str(depth), str(repeat), str(opener), *map(str, scores), *tiles]
    done = subprocess.run(argv, capture_output=True, text=True, check=True)
    leaves, seconds = done.stdout.split()
    return int(leaves), float(seconds)


def c_figures(depth: int, rounds: int, names: list[str] | None = None) -> dict[str, object]:
    """The ratios, after checking that both engines count the same leaves."""
    deals = [deal for deal in PERFT_DEALS if names is None or deal[0] in names]
    if not deals:
        raise ValueError(f"no perft deal named {names}")
    hands = [perft_hand(deal) for deal in deals]
    with tempfile.TemporaryDirectory() as directory:
        binary = compile_c(Path(directory))
        counts = [perft(hand, depth) for hand in hands]
        repeats = []
        for deal, count in zip(deals, counts, strict=True):
            theirs, seconds = c_count(binary, deal, depth, 1)
            if theirs != count:
                raise AssertionError(
                    f"{deal[0]}, depth {depth}: the C engine counts {theirs}, the reference {count}"
                )
            repeats.append(max(1, round(_MIN_SECONDS / max(seconds, 1e-6))))
        start = time.process_time()
        for hand in hands:
            perft(hand, depth)
        passes = max(1, round(_MIN_SECONDS / max(time.process_time() - start, 1e-6)))
        ratios = []
        for _ in range(rounds):
            start = time.process_time()
            for _ in range(passes):
                for hand in hands:
                    perft(hand, depth)
            ours = (time.process_time() - start) / passes
            theirs_total = 0.0
            for deal, repeat in zip(deals, repeats, strict=True):
                theirs_total += c_count(binary, deal, depth, repeat)[1] / repeat
            ratios.append(ours / theirs_total)
            print(f"round {len(ratios)}: the C engine is {ratios[-1]:.1f}x faster")
    return {
        "build": BUILD,
        "depth": depth,
        "deals": [deal[0] for deal in deals],
        "leaves": sum(counts),
        "c_times_faster": {
            "min": round(min(ratios), 2),
            "median": round(statistics.median(ratios), 2),
            "max": round(max(ratios), 2),
        },
        "rounds": rounds,
    }


def main(argv: list[str] | None = None) -> int:
    """Print the ratios, and the figures as one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.c_perft", description=__doc__)
    parser.add_argument("--depth", type=int, default=8, help="perft depth (default 8)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    parser.add_argument(
        "--deal", action="append", help="a deal of benchmarks.perft to count (default: all)"
    )
    options = parser.parse_args(argv)
    try:
        figures = c_figures(options.depth, options.rounds, options.deal)
    except FileNotFoundError as error:
        print(f"benchmarks.c_perft: {error}; nothing measured", file=sys.stderr)
        return 2
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
