"""Write kits/seven-rocks-suite.json: the suite's own cases as one JSON file.

The file is what ``seven-rocks-conformance export --format json`` writes for the suite's
own fixtures. It is checked in, so that a harness in another language (the Go and
JavaScript examples of kits/, or a project that vendors this repository) reads it without
running Python, and the wheel carries it; a test fails when it no longer matches the
fixtures.

    python tools/export_suite.py          # write the file
    python tools/export_suite.py --check  # exit 1 when it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from conformance.export import suite_json
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules

__all__ = ["SUITE_FILE", "main", "suite_text"]

SUITE_FILE = Path(__file__).resolve().parent.parent / "kits" / "seven-rocks-suite.json"
"""The checked-in file."""


def suite_text() -> str:
    """The file's contents for the fixtures as they are now."""
    rules = load_rules()
    return suite_json(load_cases([fixtures_dir()], rules=rules), rules)


def main(argv: list[str] | None = None) -> int:
    """Write the file, or with ``--check`` say whether it is stale (exit 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check: exit 1 when stale")
    args = parser.parse_args(argv)
    text = suite_text()
    if args.check:
        current = SUITE_FILE.read_text(encoding="utf-8") if SUITE_FILE.exists() else None
        if current != text:
            print(f"{SUITE_FILE} is stale: run python tools/export_suite.py", file=sys.stderr)
            return 1
        return 0
    SUITE_FILE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
