"""Benchmark of the fuzzer: ``python -m benchmarks.fuzz [--baseline REV]``.

Fuzzes the reference adapter (``--jobs 2`` by default) and prints hands per second, and
the CPU time a hand costs the runner's process and the engines' (steadier than wall time
when the machine is shared).
With ``--baseline REV`` the same campaign is also run by the fuzzer of git revision
REV (its tree exported to a temporary directory), the two taking turns so that both
see the same load on a shared machine; the medians are printed before and after,
then one JSON line ``{"before", "after", "ratio", ...}``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import NamedTuple

__all__ = ["Figures", "main", "measure"]

_ROOT = Path(__file__).resolve().parent.parent

_PROBE = """
import json, os, sys, time
from conformance.runner.execute import reference_engine
try:
    from conformance.fuzz.hunt import campaign
except ImportError:  # the fuzzer before it was split into modules
    from conformance.fuzz.core import campaign
argv, env = reference_engine()
before = os.times()
report = campaign(argv, hands=int(sys.argv[1]), seed=int(sys.argv[2]), jobs=int(sys.argv[3]),
                  env=env)
after = os.times()
runner = after.user + after.system - before.user - before.system
engines = (after.children_user + after.children_system
           - before.children_user - before.children_system)
print(json.dumps({"hands": report.hands, "seconds": report.seconds,
                  "runner_cpu_s": runner, "engines_cpu_s": engines}))
"""


class Figures(NamedTuple):
    """One campaign's hands per second, and CPU milliseconds per hand of the runner's
    process and of the engines' (steadier than wall time on a shared machine)."""

    hands_per_second: float
    runner_ms: float
    engines_ms: float


def measure(tree: Path, hands: int, seed: int, jobs: int) -> Figures:
    """The figures of one campaign run by the fuzzer in `tree`, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(hands), str(seed), str(jobs)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=True,
    )
    got = json.loads(done.stdout.strip().splitlines()[-1])
    count = float(got["hands"])
    return Figures(
        count / float(got["seconds"]),
        1000 * float(got["runner_cpu_s"]) / count,
        1000 * float(got["engines_cpu_s"]) / count,
    )


def _export(revision: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision],
        capture_output=True,
        cwd=_ROOT,
        check=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def _show(figures: Figures) -> str:
    return (
        f"{figures.hands_per_second:5.0f} hands/s "
        f"(CPU a hand: runner {figures.runner_ms:.2f} ms, engines {figures.engines_ms:.2f} ms)"
    )


def _medians(label: str, runs: list[Figures]) -> dict[str, object]:
    return {
        label: round(statistics.median(f.hands_per_second for f in runs), 1),
        f"{label}_runs": [round(f.hands_per_second) for f in runs],
        f"{label}_runner_ms": round(statistics.median(f.runner_ms for f in runs), 3),
        f"{label}_engines_ms": round(statistics.median(f.engines_ms for f in runs), 3),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the figures and a JSON summary."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fuzz")
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--baseline", metavar="REV", help="git revision to compare with")
    args = parser.parse_args(argv)
    after: list[Figures] = []
    before: list[Figures] = []
    with tempfile.TemporaryDirectory() as temp:
        old = _export(args.baseline, Path(temp)) if args.baseline else None
        for round_ in range(args.repeats):
            shown = ""
            if old is not None:
                before.append(measure(old, args.hands, args.seed, args.jobs))
                shown = f"before {_show(before[-1])}  "
            after.append(measure(_ROOT, args.hands, args.seed, args.jobs))
            print(f"round {round_ + 1}: {shown}after {_show(after[-1])}", flush=True)
    summary: dict[str, object] = {
        "hands": args.hands,
        "jobs": args.jobs,
        **_medians("after", after),
    }
    if before:
        summary["baseline"] = args.baseline
        summary.update(_medians("before", before))
        ratio = statistics.median(f.hands_per_second for f in after) / statistics.median(
            f.hands_per_second for f in before
        )
        summary["ratio"] = round(ratio, 2)
        print(
            f"median: before {summary['before']} hands/s ({summary['before_runner_ms']} ms "
            f"runner CPU a hand), after {summary['after']} hands/s "
            f"({summary['after_runner_ms']} ms)"
        )
    else:
        print(f"median: {summary['after']} hands/s ({summary['after_runner_ms']} ms runner CPU)")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
