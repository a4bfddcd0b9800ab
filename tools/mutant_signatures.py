"""Check or regenerate the shipped mutant signatures (conformance/mutants/signatures.json).

Every catalogue mutant is run over the suite's fixtures; its signature (the cases it
fails, and the fields it changes) is compared with the shipped file, or written to it.

    python tools/mutant_signatures.py          # exit 1 when the file is stale
    python tools/mutant_signatures.py --write  # rewrite it

A test fails while the shipped file is stale.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from conformance.engine.client import EngineStartError
from conformance.mutants.signatures import (
    REGENERATE,
    SIGNATURES_PATH,
    Signatures,
    compute_signatures,
    load_signatures,
)
from conformance.suite.fixtures import FixtureError, load_cases
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import load_rules

__all__ = ["main", "write_signatures"]


def write_signatures(signatures: Signatures, path: Path = SIGNATURES_PATH) -> None:
    """Write `signatures` to `path`, one id a line so that changes diff readably."""
    path.write_text(json.dumps(signatures.as_json(), indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Check (default) or rewrite (``--write``) the shipped signatures; the exit code."""
    parser = argparse.ArgumentParser(
        prog="python tools/mutant_signatures.py",
        description="Compute every mutant's signature over the suite's fixtures; compare it "
        "with the shipped file (exit 1 when stale), or --write it. Exit 2: could not run.",
    )
    parser.add_argument("--write", action="store_true", help="rewrite the shipped file")
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="mutants run at once")
    args = parser.parse_args(argv)
    try:
        fresh = compute_signatures(load_cases([fixtures_dir()], rules=load_rules()), jobs=args.jobs)
    except (ValueError, EngineStartError, FixtureError, DataNotFoundError) as exc:
        print(f"cannot compute the signatures: {exc}", file=sys.stderr)
        return 2
    if args.write:
        write_signatures(fresh)
        print(f"wrote {SIGNATURES_PATH} (fingerprint {fresh.fingerprint})")
        return 0
    try:
        shipped = load_signatures()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    if shipped.as_json() != fresh.as_json():
        print(f"{SIGNATURES_PATH} is stale: run {REGENERATE}", file=sys.stderr)
        return 1
    print(f"{SIGNATURES_PATH} is current (fingerprint {fresh.fingerprint})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
