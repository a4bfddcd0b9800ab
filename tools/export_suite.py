"""Write kits/seven-rocks-suite.json: the suite's own cases as one JSON file.

The file is what ``seven-rocks-conformance export --format json`` writes for the suite's
own fixtures. It is checked in, so that a harness in another language (the Go and
JavaScript examples of kits/, or a project that vendors this repository) reads it without
running Python, and the wheel carries it; a test fails when it no longer matches the
fixtures. The runner reads the suite's cases from it too, checked against
conformance/suite/compiled.json, the hashes of the fixture files and of the document
written with it (`conformance.suite.compiled`).

    python -m tools.regenerate suite-json   # write the file (with --check: compare)
"""

from __future__ import annotations

import json
from pathlib import Path

from conformance.export import suite_json
from conformance.suite.compiled import HASHES_FILE, hashes
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules

__all__ = ["HASHES_FILE", "SUITE_FILE", "hashes_text", "suite_text"]

SUITE_FILE = Path(__file__).resolve().parent.parent / "kits" / "seven-rocks-suite.json"
"""The checked-in file."""


def suite_text() -> str:
    """The file's contents for the fixtures as they are now (read from their YAML)."""
    rules = load_rules()
    return suite_json(load_cases([fixtures_dir()], rules=rules, compiled=False), rules)


def hashes_text(document: str) -> str:
    """The contents of conformance/suite/compiled.json for ``document`` and the fixtures."""
    return json.dumps(hashes(fixtures_dir(), document.encode("utf-8")), indent=1) + "\n"
