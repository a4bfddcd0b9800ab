"""Benchmark: the runner's start-up, this checkout against another revision, in one run.

``python -m benchmarks.startup --against DIR [--rounds N]`` where ``DIR`` is a checkout of
the revision to compare with (``git worktree add --detach DIR BASE``). Each figure is
the CPU time (user + system) of fresh processes, as a user starts them:

- ``help``: ``python -m conformance run --help``;
- ``adapter``: the reference engine's adapter, ``python -m reference_impl.adapter``,
  from the handshake to ``stop``;
- ``run``: ``python -m conformance run --format json``, the whole suite against the
  reference engine: the runner and its engine together; ``run_runner`` is the
  runner's own share, ``run_wall`` the wall time.

The two checkouts take turns within each round, so that a loaded machine slows them
alike; each process imports its own checkout first (``PYTHONPATH``) and compiled
bytecode is cached in a scratch folder after a first, unmeasured round, as an installed
package has it (``--no-bytecode`` compiles every module at every start instead). For
each figure it prints min / median / max over the rounds for each checkout, and the
ratio other / this of each round, min / median / max. The last line is JSON. No test
asserts on these numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["checkout_env", "main", "measure_once"]

_HERE = Path(__file__).resolve().parent.parent
_HANDSHAKE = '{"cmd": "start", "protocol": 1}\n{"cmd": "stop"}\n'
# The command line, then its own CPU time (not its engine's) as the last line of stderr.
_RUN = """
import resource, sys
from conformance.cli import main
code = main(sys.argv[1:])
me = resource.getrusage(resource.RUSAGE_SELF)
print(me.ru_utime + me.ru_stime, file=sys.stderr)
sys.exit(code)
"""
FIGURES = ("help", "adapter", "run", "run_runner", "run_wall")


def checkout_env(root: Path, cache: Path | None) -> dict[str, str]:
    """The environment in which Python imports the checkout at ``root`` first, its
    bytecode cached under ``cache`` (None: never written)."""
    env = dict(os.environ)
    paths = (str(root), str(root / "kits" / "python"), env.get("PYTHONPATH"))
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def _cpu(
    argv: list[str], root: Path, env: dict[str, str], stdin: str = ""
) -> tuple[float, float, str]:
    """CPU seconds of ``argv`` and of every process it waited for, wall seconds, and
    the last line of its stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        argv, input=stdin, capture_output=True, text=True, env=env, cwd=root, check=False
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv)} in {root} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, (done.stderr.strip().splitlines() or [""])[-1]


def measure_once(root: Path, cache: Path | None) -> dict[str, float]:
    """One round of every figure for the checkout at ``root``."""
    env = checkout_env(root, cache)
    python = sys.executable
    help_cpu, _, _ = _cpu([python, "-m", "conformance", "run", "--help"], root, env)
    adapter, _, _ = _cpu([python, "-m", "reference_impl.adapter"], root, env, _HANDSHAKE)
    run, wall, own = _cpu([python, "-c", _RUN, "run", "--format", "json"], root, env)
    return {
        "help": help_cpu,
        "adapter": adapter,
        "run": run,
        "run_runner": float(own),
        "run_wall": wall,
    }


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "min": round(min(values), 4),
        "median": round(statistics.median(values), 4),
        "max": round(max(values), 4),
    }


def main(argv: list[str] | None = None) -> int:
    """Measure both checkouts and print the figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.startup", description=__doc__)
    parser.add_argument("--against", type=Path, required=True, help="the other checkout")
    parser.add_argument("--rounds", type=int, default=5, help="measured rounds (default 5)")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module at every start"
    )
    args = parser.parse_args(argv)
    trees = {"this": _HERE, "other": args.against.resolve()}
    samples: dict[str, dict[str, list[float]]] = {name: {f: [] for f in FIGURES} for name in trees}
    with tempfile.TemporaryDirectory() as scratch:
        caches = {name: None if args.no_bytecode else Path(scratch) / name for name in trees}
        for name, root in trees.items():  # fills the bytecode caches; not measured
            measure_once(root, caches[name])
        for _ in range(max(1, args.rounds)):
            for name, root in trees.items():
                for figure, value in measure_once(root, caches[name]).items():
                    samples[name][figure].append(value)
    result: dict[str, Any] = {"rounds": max(1, args.rounds), "bytecode": not args.no_bytecode}
    for figure in FIGURES:
        this, other = samples["this"][figure], samples["other"][figure]
        ratios = [o / t for o, t in zip(other, this, strict=True)]
        result[figure] = {
            "this": _spread(this),
            "other": _spread(other),
            "other_over_this": _spread(ratios),
        }
        cell = result[figure]
        print(
            f"{figure:<10} this {cell['this']['min']:.3f} / {cell['this']['median']:.3f} / "
            f"{cell['this']['max']:.3f} s   other {cell['other']['min']:.3f} / "
            f"{cell['other']['median']:.3f} / {cell['other']['max']:.3f} s   other/this "
            f"{cell['other_over_this']['min']:.2f} / {cell['other_over_this']['median']:.2f} / "
            f"{cell['other_over_this']['max']:.2f}"
        )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
