"""Benchmark of fixture loading: ``python -m benchmarks.fixtures [--repeats N]``.

Prints, as the median CPU time of ``--repeats`` runs in this process:

- ``parse_s``: the suite's own fixture files parsed by the loader (`load_yaml`), no cache;
- ``plain_s``: the same files through PyYAML's ``CSafeLoader`` with no check at all, the
  floor of any loader built on PyYAML;
- ``cold_s``, ``warm_s``, ``off_s``: a fresh process importing the loader and running
  `load_cases` on the suite, with an empty disk cache, with it filled, and with the
  cache turned off;
- ``linear``: a generated file of N cases (the suite's largest kind of case, repeated)
  parsed at N, 4N and 16N: seconds per megabyte at each size, which stay level when the
  loader's time is linear in the file's size;
- ``laughs_s``: a "billion laughs" file (ten to the ninth values once expanded) refused.

The last line is one JSON object holding all of them. No test asserts on these numbers.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from conformance.suite.files import FixtureReadError
from conformance.suite.resources import fixtures_dir
from conformance.suite.yaml_loader import load_yaml

__all__ = ["main"]

_LOAD = "\n".join(
    [
        "import time",
        "before = time.process_time()",
        "from conformance.suite.fixtures import load_cases",
        "from conformance.suite.resources import fixtures_dir",
        "load_cases([fixtures_dir()])",
        "print(time.process_time() - before)",
    ]
)
"""A process loading the suite: its CPU from the imports to the cases."""

_CASE = """\
  - id: bench.case-{n}
    description: A generated case of realistic shape.
    rules: [scoring.end-sum, spinner.first-double]
    source: "derived: Punti della posa"
    cmd: hand
    given:
      deal: &deal{n}
        - [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]]
        - [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]]
        - [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]]
        - [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]]
      opener: 1
      actions: [{{tile: [1, 1]}}, {{tile: [1, 2], on: {{tile: [1, 1], side: low}}}}, pass]
    expect: {{end: null, to_move: 3, hands: *deal{n}}}
"""


def _cpu(work: Callable[[], object], repeats: int) -> float:
    # With the cyclic collector paused, as the fixture loader runs: its passes over a
    # growing heap would make any loader look quadratic.
    times = []
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            before = time.process_time()
            work()
            times.append(time.process_time() - before)
        finally:
            gc.enable()
    return statistics.median(times)


def _suite_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(fixtures_dir().rglob("*.yaml"))]


def _generated(cases: int) -> str:
    return "title: Generated\ncases:\n" + "".join(_CASE.format(n=n) for n in range(cases))


def _laughs() -> str:
    rows = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    rows += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 9)]
    return "\n".join(rows) + "\n"


def _refused(text: str) -> None:
    try:
        load_yaml(text)
    except FixtureReadError:
        return
    raise SystemExit("bench: the billion laughs file was accepted")


def _load_process(cache: Path | None, repeats: int) -> float:
    env = dict(os.environ)
    env.pop("SEVEN_ROCKS_NO_CACHE", None)
    if cache is None:
        env["SEVEN_ROCKS_NO_CACHE"] = "1"
    else:
        env["SEVEN_ROCKS_CACHE_DIR"] = str(cache)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    times = []
    for _ in range(repeats):
        done = subprocess.run(
            [sys.executable, "-c", _LOAD], capture_output=True, text=True, env=env, check=True
        )
        times.append(float(done.stdout.strip()))
    return statistics.median(times)


def measure(repeats: int, cases: int) -> dict[str, Any]:
    """Every figure, as the module's documentation lists them."""
    texts = _suite_texts()
    plain_loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    figures: dict[str, Any] = {
        "files": len(texts),
        "megabytes": round(sum(map(len, texts)) / 1e6, 3),
        "parse_s": _cpu(lambda: [load_yaml(t) for t in texts], repeats),
        "plain_s": _cpu(lambda: [yaml.load(t, Loader=plain_loader) for t in texts], repeats),
    }
    with tempfile.TemporaryDirectory() as scratch:
        cache = Path(scratch) / "cache"
        figures["cold_s"] = _load_process(cache, 1)
        figures["warm_s"] = _load_process(cache, repeats)
        figures["off_s"] = _load_process(None, repeats)
    linear = {}
    for scale in (1, 4, 16):
        text = _generated(cases * scale)
        seconds = _cpu(partial(load_yaml, text), repeats)
        linear[f"{scale}x"] = {
            "megabytes": round(len(text) / 1e6, 3),
            "seconds": round(seconds, 4),
            "s_per_mb": round(seconds / (len(text) / 1e6), 4),
        }
    figures["linear"] = linear
    laughs = _laughs()
    figures["laughs_s"] = _cpu(lambda: _refused(laughs), repeats)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fixtures", description=__doc__)
    parser.add_argument("--repeats", type=int, default=5, metavar="N")
    parser.add_argument("--cases", type=int, default=30, metavar="N", help="cases at 1x")
    args = parser.parse_args(argv)
    figures = measure(max(1, args.repeats), max(1, args.cases))
    for key, value in figures.items():
        print(f"{key}: {value}")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
