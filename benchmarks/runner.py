"""Benchmark: ``python -m benchmarks.runner``: every performance figure, in one run.

Each run is a fresh ``python -m conformance`` process, as a user would start it, and
its figures are read from the process itself: CPU (user + system) and peak resident
memory of the runner alone, and CPU of the engine it ran. It prints:

- start-up: ``run --help`` CPU, and the import time of the runner (``-X importtime``);
- a plain run of the suite against the reference engine, and the same with
  ``--check-messages``;
- a user folder of 1x, 4x and 16x the suite's cases (the suite's files copied with
  renamed ids), run with ``--no-suite --fixtures``: with an empty cache, again with the
  cache filled, and with the cache turned off; each as runner CPU per case, ratio to
  the plain run, and peak memory;
- the wall time of the suite against the reference engine and against an instant
  engine (the protocol's floor);
- the engine's own figures from ``benchmarks.engine`` and ``benchmarks.perft``.

The last line is one JSON object holding all of them. No test asserts on these numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["INSTANT_ENGINE", "main", "measure", "time_run", "user_folder"]

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

# Runs the command line, then writes the process's own resource use to a file.
_MEASURED = """
import json, resource, sys
from conformance.cli import main
try:
    code = main(sys.argv[2:])
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else 1
me = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[1], "w") as out:
    json.dump({"cpu_s": me.ru_utime + me.ru_stime, "peak_kib": me.ru_maxrss,
               "engine_cpu_s": kids.ru_utime + kids.ru_stime, "code": code}, out)
sys.exit(code)
"""
_ID_LINE = re.compile(r"^(\s*-?\s*)id:\s*", re.MULTILINE)


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    env.update(extra)
    return env


def measure(args: list[str], **extra_env: str) -> dict[str, Any]:
    """Run ``python -m conformance ARGS`` once; its CPU, peak memory and report."""
    with tempfile.TemporaryDirectory() as scratch:
        usage = Path(scratch) / "usage.json"
        done = subprocess.run(
            [sys.executable, "-c", _MEASURED, str(usage), *args],
            capture_output=True,
            text=True,
            env=_env(**extra_env),
            check=False,
        )
        if done.returncode == 2 or not usage.exists():
            raise SystemExit(f"bench: {shlex.join(args)} could not run:\n{done.stderr}")
        figures: dict[str, Any] = json.loads(usage.read_text())
    if "--format" in args and done.stdout.strip():
        figures["totals"] = json.loads(done.stdout)["totals"]
    return figures


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


def user_folder(target: Path, copies: int) -> int:
    """Fill ``target`` with ``copies`` copies of the suite's fixtures, ids renamed.

    Returns the number of files written. Each copy's ids get the prefix ``uN.``, so
    every file's bytes differ and ids stay unique, as in a user's own folder.
    """
    from conformance.suite.resources import fixtures_dir

    source = fixtures_dir()
    written = 0
    for copy in range(copies):
        for path in sorted(source.rglob("*.yaml")):
            out = target / f"u{copy}" / path.relative_to(source)
            out.parent.mkdir(parents=True, exist_ok=True)
            text = path.read_text(encoding="utf-8")
            out.write_text(_ID_LINE.sub(rf"\g<1>id: u{copy}.", text), encoding="utf-8")
            written += 1
    return written


def _best(args: list[str], repeats: int, **extra_env: str) -> dict[str, Any]:
    runs = [measure(args, **extra_env) for _ in range(repeats)]
    return min(runs, key=lambda r: float(r["cpu_s"]))


def _import_ms(args: list[str]) -> float:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "conformance", *args],
        capture_output=True,
        text=True,
        env=_env(),
        check=False,
    )
    # Lines "import time: self | cumulative | name"; top-level imports are not indented.
    total = 0
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit() and not parts[2].startswith("  "):
            total += int(parts[1])
    return total / 1000


def _engine_figures(seconds: float) -> dict[str, Any]:
    # The engine against its naive baseline, and perft leaves per second.
    from benchmarks.engine import engine_figures
    from benchmarks.perft import perft_figures

    return {"engine": engine_figures(seconds), "perft": perft_figures(seconds)}


def _print_run(label: str, run: dict[str, Any], base: dict[str, Any], cases: int) -> None:
    ratio = run["cpu_s"] / base["cpu_s"]
    print(
        f"  {label:<34} runner {run['cpu_s']:7.2f} s CPU = {ratio:5.1f}x plain, "
        f"{1000 * run['cpu_s'] / cases:6.3f} ms/case, peak {run['peak_kib'] / 1024:6.1f} MiB, "
        f"engine {run['engine_cpu_s']:6.2f} s"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.runner", description=__doc__)
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument(
        "--scales", default="1,4,16", help="user folder sizes in suites (default 1,4,16)"
    )
    parser.add_argument(
        "--engine-seconds", type=float, default=2.0, help="time per engine figure (default 2)"
    )
    args = parser.parse_args(argv)
    repeats = max(1, args.repeats)
    scales = [int(s) for s in args.scales.split(",") if s.strip()]
    figures: dict[str, Any] = {"repeats": repeats}

    help_run = _best(["run", "--help"], repeats)
    figures["startup"] = {"cpu_s": help_run["cpu_s"], "import_ms": _import_ms(["run", "--help"])}
    print(
        f"start-up: run --help {help_run['cpu_s'] * 1000:.0f} ms CPU; "
        f"imports {figures['startup']['import_ms']:.0f} ms (-X importtime)"
    )

    plain = _best(["run", "--format", "json"], repeats)
    cases = int(plain["totals"]["total"])
    checked = _best(["run", "--format", "json", "--check-messages"], repeats)
    figures.update(cases=cases, plain=plain, check_messages=checked)
    print(f"suite, {cases} cases, reference engine (best of {repeats}, runner CPU):")
    _print_run("plain run", plain, plain, cases)
    _print_run("--check-messages", checked, plain, cases)

    figures["user_folder"] = {}
    print("user folder (--no-suite --fixtures DIR), ids renamed:")
    for scale in scales:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch) / "fixtures"
            user_folder(folder, scale)
            cache = str(Path(scratch) / "cache")
            run = ["run", "--format", "json", "--no-suite", "--fixtures", str(folder)]
            cold = measure(run, SEVEN_ROCKS_CACHE_DIR=cache)
            warm = _best(run, repeats, SEVEN_ROCKS_CACHE_DIR=cache)
            off = measure(run, SEVEN_ROCKS_NO_CACHE="1")
        n = int(warm["totals"]["total"])
        figures["user_folder"][f"{scale}x"] = {"cases": n, "cold": cold, "warm": warm, "off": off}
        for label, result in (("empty cache", cold), ("cache filled", warm), ("no cache", off)):
            _print_run(f"{scale:>2}x ({n} cases), {label}", result, plain, n)

    ref_times, ref_report = time_run(None, repeats)
    triv_times, _ = time_run([sys.executable, "-c", INSTANT_ENGINE], repeats)
    ref, triv = min(ref_times), min(triv_times)
    figures.update(
        reference_s=round(ref, 4),
        trivial_s=round(triv, 4),
        ratio=round(ref / triv, 3),
        reference_totals=ref_report["totals"],
    )
    print(f"wall time of the suite: reference {ref:.3f} s, instant engine {triv:.3f} s")

    figures["engine"] = _engine_figures(args.engine_seconds)
    for name, values in figures["engine"].items():
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in values.items()))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
