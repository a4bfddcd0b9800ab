"""How often diagnosis names both misreadings of an engine that has two: prints numbers.

Runs the whole suite against the reference engine with every pair of catalogue
mutants applied at once (tests/engines/mutant_pair.py) and counts the pairs
whose two mutants are the first two names of the diagnosis, as the entries' names or
among their alternatives; pairs where one mutant's failures hide the other's (one
signature inside the other, or the engine failing exactly one signature) cannot be
told apart by any diagnosis and are counted separately.

Usage: ``python tools/diagnosis_pairs.py [--jobs N]`` from the checkout root.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance.mutants.diagnosis import diagnose_run  # noqa: E402
from conformance.mutants.signatures import load_signatures  # noqa: E402
from conformance.runner.execute import RunOptions, reference_engine, run_suite  # noqa: E402
from conformance.suite.fixtures import load_cases  # noqa: E402
from conformance.suite.resources import fixtures_dir  # noqa: E402
from conformance.suite.rules import load_rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    cases = load_cases([fixtures_dir()], rules=load_rules())
    sigs = load_signatures()
    fails = {m.name: m.fails for m in sigs.mutants}
    _, env = reference_engine()
    engine = [sys.executable, str(ROOT / "tests" / "engines" / "mutant_pair.py")]

    def one(pair: tuple[str, str]) -> tuple[str, tuple[str, str], list[str]]:
        result = run_suite([*engine, *pair], cases, options=RunOptions(timeout=30), env=env)
        failed = frozenset(r.case.id for r in result.failures())
        top = diagnose_run(result, sigs).misreadings[:2]
        names = [m.mutant for m in top]
        a, b = pair
        if set(names) == {a, b}:
            return "named", pair, names
        if {a, b} <= {n for m in top for n in (m.mutant, *m.alternatives)}:
            return "named among alternatives", pair, names
        if failed in (fails[a], fails[b]) or fails[a] <= fails[b] or fails[b] <= fails[a]:
            return "one hides the other", pair, names
        return "missed", pair, names

    pairs = list(itertools.combinations(fails, 2))
    counts: dict[str, int] = {}
    with ThreadPoolExecutor(args.jobs) as pool:
        for verdict, pair, names in pool.map(one, pairs):
            counts[verdict] = counts.get(verdict, 0) + 1
            if verdict == "missed":
                print(f"missed {pair[0]} + {pair[1]}: diagnosis named {names}", file=sys.stderr)
    print(json.dumps({"pairs": len(pairs), **counts}))


if __name__ == "__main__":
    main()
