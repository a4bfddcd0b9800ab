"""Write kits/seven-rocks-suite.json: the suite's own cases as one JSON file.

The file is what ``seven-rocks-conformance export --format json`` writes for the suite's
own fixtures. It is checked in, so that a harness in another language (the Go and
JavaScript examples of kits/, or a project that vendors this repository) reads it without
running Python, and the wheel carries it; a test fails when it no longer matches the
fixtures.

    python -m tools.regenerate suite-json   # write the file (with --check: compare)
"""

from __future__ import annotations

from pathlib import Path

from conformance.export import suite_json
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules

__all__ = ["SUITE_FILE", "suite_text"]

SUITE_FILE = Path(__file__).resolve().parent.parent / "kits" / "seven-rocks-suite.json"
"""The checked-in file."""


def suite_text() -> str:
    """The file's contents for the fixtures as they are now."""
    rules = load_rules()
    return suite_json(load_cases([fixtures_dir()], rules=rules), rules)
