"""Benchmark: ``python -m conformance.bench``.

Times, as a user would run it (a fresh ``python -m conformance run`` process, start-up
included), the whole suite against the reference engine and against a trivial engine that
answers every request at once with a fixed reply (the protocol's floor). Prints the
figures, then one JSON line: ``{"cases", "reference_s", "trivial_s", "ratio", ...}``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["INSTANT_ENGINE", "main", "time_run"]

INSTANT_ENGINE = r"""
import json, sys
RESULT = {"spinner": None, "open": [], "counted": [], "end_sum": 0, "credits": [],
          "credit": None, "placements": [], "pips": [0, 0, 0, 0],
          "penalties": None, "deductions": [0, 0], "events": [], "end": None,
          "scores": [0, 0], "winner": None, "next_opener": None, "to_move": 0,
          "legal": [], "hands": [], "nodes": 1, "divide": []}
TAIL = json.dumps({"result": RESULT})[1:]
out = sys.stdout
sys.stdin.readline()
out.write(json.dumps({"ready": True, "protocol": 1, "cmds": ["table", "legal", "settle",
          "hand", "game", "perft"], "engine": {"name": "instant", "version": "0",
          "language": "python"}}) + "\n")
out.flush()
for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "stop":
        break
    out.write('{"seq": ' + json.dumps(request.get("seq")) + ", " + TAIL + "\n")
    out.flush()
"""
"""Source of the trivial engine: a fixed result for every request, seq echoed."""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


def time_run(engine: list[str] | None, repeats: int) -> tuple[list[float], dict[str, Any]]:
    """Wall times of ``repeats`` full runs and the last JSON report."""
    argv = [sys.executable, "-m", "conformance", "run", "--format", "json"]
    if engine is not None:
        argv += ["--engine", shlex.join(engine)]
    times: list[float] = []
    report: dict[str, Any] = {}
    for _ in range(repeats):
        started = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, env=_env(), check=False)
        times.append(time.perf_counter() - started)
        if done.returncode == 2:
            raise SystemExit(f"bench: the run could not happen:\n{done.stderr}")
        report = json.loads(done.stdout)
    return times, report


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="python -m conformance.bench", description=__doc__)
    parser.add_argument("--repeats", type=int, default=3, help="runs per engine (default 3)")
    args = parser.parse_args(argv)
    repeats = max(1, args.repeats)
    ref_times, ref_report = time_run(None, repeats)
    triv_times, _ = time_run([sys.executable, "-c", INSTANT_ENGINE], repeats)
    cases = int(ref_report["totals"]["total"])
    ref, triv = min(ref_times), min(triv_times)
    figures = {
        "cases": cases,
        "repeats": repeats,
        "reference_s": round(ref, 4),
        "reference_median_s": round(statistics.median(ref_times), 4),
        "trivial_s": round(triv, 4),
        "trivial_median_s": round(statistics.median(triv_times), 4),
        "ratio": round(ref / triv, 3),
        "reference_per_case_ms": round(1000 * ref / max(cases, 1), 3),
        "trivial_per_case_ms": round(1000 * triv / max(cases, 1), 3),
        "reference_totals": ref_report["totals"],
    }
    print(f"full suite, {cases} cases, best of {repeats} wall times (start-up included):")
    print(f"  reference engine: {ref:.3f} s ({figures['reference_per_case_ms']} ms/case)")
    print(f"  trivial engine:   {triv:.3f} s ({figures['trivial_per_case_ms']} ms/case)")
    print(f"  ratio reference/trivial: {figures['ratio']}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
