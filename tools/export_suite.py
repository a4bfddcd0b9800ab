"""Write kits/seven-rocks-suite.json: the suite's own cases as one JSON file.

The file is what ``seven-rocks-conformance export --format json`` writes for the suite's
own fixtures. It is checked in, so that a harness in another language (the Go and
JavaScript examples of kits/, or a project that vendors this repository) reads it without
running Python, and the wheel carries it; a test fails when it no longer matches the
fixtures. The runner reads the suite's cases from it too, checked against
conformance/suite/compiled.json, the hashes of the fixture files and of the document that
this tool writes beside it (`conformance.suite.compiled`).

    python tools/export_suite.py          # write the file
    python tools/export_suite.py --check  # exit 1 when it is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from conformance.export import suite_json
from conformance.suite.compiled import HASHES_FILE, hashes
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules

__all__ = ["SUITE_FILE", "hashes_text", "main", "suite_text"]

SUITE_FILE = Path(__file__).resolve().parent.parent / "kits" / "seven-rocks-suite.json"
"""The checked-in file."""


def suite_text() -> str:
    """The file's contents for the fixtures as they are now (read from their YAML)."""
    rules = load_rules()
    return suite_json(load_cases([fixtures_dir()], rules=rules, compiled=False), rules)


def hashes_text(document: str) -> str:
    """The contents of conformance/suite/compiled.json for ``document`` and the fixtures."""
    return json.dumps(hashes(fixtures_dir(), document.encode("utf-8")), indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the file, or with ``--check`` say whether it is stale (exit 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check: exit 1 when stale")
    args = parser.parse_args(argv)
    text = suite_text()
    outputs = ((SUITE_FILE, text), (HASHES_FILE, hashes_text(text)))
    if args.check:
        stale = [path for path, wanted in outputs if _read(path) != wanted]
        for path in stale:
            print(f"{path} is stale: run python tools/export_suite.py", file=sys.stderr)
        return 1 if stale else 0
    for path, wanted in outputs:
        path.write_bytes(wanted.encode("utf-8"))
    return 0


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None


if __name__ == "__main__":
    raise SystemExit(main())
