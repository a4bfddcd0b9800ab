"""Benchmark: the runner's memory per case over a large folder, this checkout against another.

``python -m benchmarks.memory --against DIR [--copies 100] [--rounds 3]`` fills a folder
with ``--copies`` copies of the suite's fixture files (ids renamed, as
`benchmarks.runner.user_folder` does) and runs
``run --no-suite --fixtures FOLDER --format json`` against the reference engine in each
checkout, the fixture cache filled first. It prints the runner's peak resident memory
(its own, not its engine's) and, per case, the peak less that of a run of one copy,
min / median / max over the rounds.

It then says where the memory goes, in this process, over the suite's own cases (one
copy: no case repeats another): the bytes per case of the cases as loaded
(``tracemalloc``), and what they would weigh if every identical sub-value (a tile, a
play, a deal) were one shared object, with the CPU time that sharing costs.
The last line is JSON. No test asserts on these numbers.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from benchmarks.runner import user_folder
from benchmarks.startup import checkout_env

__all__ = ["main", "peak_kib", "shared"]

_HERE = Path(__file__).resolve().parent.parent
_PEAK = """
import resource, sys
from conformance.cli import main
code = main(sys.argv[1:])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
sys.exit(0 if code in (0, 1) else code)
"""


def peak_kib(root: Path, folder: Path, cache: Path, pycache: Path) -> int:
    """The peak resident memory, in KiB, of the runner of ``root`` over ``folder``."""
    env = checkout_env(root, pycache)
    env["SEVEN_ROCKS_CACHE_DIR"] = str(cache)
    argv = ["run", "--no-suite", "--fixtures", str(folder), "--format", "json"]
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"bench: the run in {root} failed:\n{done.stderr[-2000:]}")
    return int(done.stderr.strip().splitlines()[-1])


def shared(value: Any, memo: dict[Any, Any]) -> Any:
    """``value`` (JSON data) with every sub-value equal to one seen before replaced by
    that one; identity of the children makes the key, so 1, 1.0 and true stay apart."""
    if isinstance(value, dict):
        items = [(shared(k, memo), shared(v, memo)) for k, v in value.items()]
        key: Any = ("d", tuple((id(k), id(v)) for k, v in items))
        made: Any = dict(items)
    elif isinstance(value, list):
        children = [shared(v, memo) for v in value]
        key, made = ("l", tuple(id(v) for v in children)), children
    else:
        key, made = (type(value), value), value
    found = memo.get(key)
    if found is None:
        memo[key] = found = made
    return found


def _where(folder: Path) -> dict[str, float]:
    """What the cases of ``folder`` weigh as loaded, and with identical sub-values
    shared, per case (``tracemalloc``), and the CPU time sharing them costs (measured
    apart: tracemalloc slows every allocation)."""
    from conformance.suite.fixtures import load_cases

    # Loaded once first: the modules and caches the loading needs are not the cases.
    load_cases([folder], schema_dirs=[folder])
    tracemalloc.start()
    cases = load_cases([folder], schema_dirs=[folder])
    loaded = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    text = json.dumps([(dict(c.given), c.expect, c.expect_rejected) for c in cases])
    count = len(cases)
    del cases
    tracemalloc.start()
    kept = shared(json.loads(text), {})
    compact = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    data = json.loads(text)
    started = time.process_time()
    shared(data, {})
    sharing = time.process_time() - started
    return {
        "cases": count,
        "loaded_bytes_per_case": round(loaded / count),
        "shared_bytes_per_case": round(compact / count),
        "sharing_cpu_us_per_case": round(1e6 * sharing / count, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Measure both checkouts and print the figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.memory", description=__doc__)
    parser.add_argument("--against", type=Path, required=True, help="the other checkout")
    parser.add_argument("--copies", type=int, default=100, help="copies of the suite, at least 2")
    parser.add_argument("--rounds", type=int, default=3, help="measured rounds (default 3)")
    args = parser.parse_args(argv)
    args.copies = max(2, args.copies)
    trees = {"this": _HERE, "other": args.against.resolve()}
    result: dict[str, Any] = {"copies": args.copies, "rounds": args.rounds}
    with tempfile.TemporaryDirectory() as scratch:
        big, one = Path(scratch) / "big", Path(scratch) / "one"
        user_folder(big, args.copies)
        user_folder(one, 1)
        from conformance.suite.fixtures import load_cases

        per_copy = len(load_cases([one]))
        samples: dict[str, dict[str, list[float]]] = {n: {"peak": [], "per": []} for n in trees}
        for name, root in trees.items():  # fills the fixture and bytecode caches
            peak_kib(root, big, Path(scratch) / f"c-{name}", Path(scratch) / f"p-{name}")
        for _ in range(max(1, args.rounds)):
            for name, root in trees.items():
                cache, pyc = Path(scratch) / f"c-{name}", Path(scratch) / f"p-{name}"
                small = peak_kib(root, one, cache, pyc)
                large = peak_kib(root, big, cache, pyc)
                samples[name]["peak"].append(large / 1024)
                samples[name]["per"].append((large - small) * 1024 / (per_copy * (args.copies - 1)))
        for name in trees:
            peak, per = samples[name]["peak"], samples[name]["per"]
            result[name] = {
                "peak_mib": [
                    round(min(peak), 1),
                    round(statistics.median(peak), 1),
                    round(max(peak), 1),
                ],
                "bytes_per_case": [round(min(per)), round(statistics.median(per)), round(max(per))],
            }
            print(
                f"{name:<6} peak {result[name]['peak_mib']} MiB (min / median / max), "
                f"per case {result[name]['bytes_per_case']} bytes"
            )
        result["where"] = where = _where(one)
    print(
        f"the suite's {where['cases']} cases as loaded: {where['loaded_bytes_per_case']} "
        f"bytes each; with identical sub-values shared: {where['shared_bytes_per_case']} "
        f"bytes each, for {where['sharing_cpu_us_per_case']} us of CPU each"
    )
    print(f"this process: peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MiB")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
