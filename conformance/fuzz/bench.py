"""Benchmark of the fuzzer: ``python -m conformance.fuzz.bench [--baseline REV]``.

Fuzzes the reference adapter (``--jobs 2`` by default) and prints hands per second.
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

__all__ = ["main", "measure"]

_ROOT = Path(__file__).resolve().parent.parent.parent

_PROBE = """
import json, sys, time
from conformance.runner.execute import reference_engine
try:
    from conformance.fuzz.hunt import campaign
except ImportError:  # the fuzzer before it was split into modules
    from conformance.fuzz.core import campaign
argv, env = reference_engine()
report = campaign(argv, hands=int(sys.argv[1]), seed=int(sys.argv[2]), jobs=int(sys.argv[3]),
                  env=env)
print(json.dumps({"hands": report.hands, "seconds": report.seconds}))
"""


def measure(tree: Path, hands: int, seed: int, jobs: int) -> float:
    """Hands per second of one campaign run by the fuzzer in `tree`, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(hands), str(seed), str(jobs)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return float(figures["hands"]) / float(figures["seconds"])


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


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the figures and a JSON summary."""
    parser = argparse.ArgumentParser(prog="python -m conformance.fuzz.bench")
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--baseline", metavar="REV", help="git revision to compare with")
    args = parser.parse_args(argv)
    after: list[float] = []
    before: list[float] = []
    with tempfile.TemporaryDirectory() as temp:
        old = _export(args.baseline, Path(temp)) if args.baseline else None
        for round_ in range(args.repeats):
            if old is not None:
                before.append(measure(old, args.hands, args.seed, args.jobs))
            after.append(measure(_ROOT, args.hands, args.seed, args.jobs))
            shown = f"before {before[-1]:7.0f}  " if before else ""
            print(f"round {round_ + 1}: {shown}after {after[-1]:7.0f} hands/s", flush=True)
    summary: dict[str, object] = {
        "hands": args.hands,
        "jobs": args.jobs,
        "after": round(statistics.median(after), 1),
        "after_runs": [round(x) for x in after],
    }
    if before:
        summary["baseline"] = args.baseline
        summary["before"] = round(statistics.median(before), 1)
        summary["before_runs"] = [round(x) for x in before]
        summary["ratio"] = round(statistics.median(after) / statistics.median(before), 2)
        print(f"median: before {summary['before']} hands/s, after {summary['after']} hands/s")
    else:
        print(f"median: {summary['after']} hands/s")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
