"""The suite's own cases read from one compiled document instead of their YAML files.

``python -m tools.regenerate suite-json`` writes every case of ``fixtures/`` into one
JSON document, ``kits/seven-rocks-suite.json`` (``conformance/_data/seven-rocks-suite.json``
in the wheel), the one the kits' harnesses read. Reading it costs a few milliseconds; parsing
the YAML files it was made from costs a tenth of a second, on every run.

The document is used only while it matches what it was made from: the same command
writes ``compiled.json`` beside this module, holding a SHA-256 of the fixture files (their
paths and bytes) and one of the document. Each load hashes both again; any difference
is an error that says how to rebuild the document, never a quiet return to the YAML
files, which would hide a stale document from every harness that reads it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from conformance.suite.files import FixtureReadError, fixture_files, read_fixture
from conformance.suite.resources import compiled_suite_path

__all__ = ["HASHES_FILE", "StaleSuiteError", "compiled_cases", "fixtures_hash", "hashes"]

HASHES_FILE = Path(__file__).with_name("compiled.json")
"""The hashes of the fixture files and of the document, as the export tool wrote them."""

_REBUILD = (
    "in a checkout, run python -m tools.regenerate suite-json; otherwise reinstall the package"
)


class StaleSuiteError(Exception):
    """The compiled document does not match the fixture files (or cannot be read)."""


def fixtures_hash(directory: Path) -> str:
    """A SHA-256 of the fixture files under ``directory``: their paths and their bytes."""
    digest = hashlib.sha256(b"seven-rocks fixtures 1\n")
    for path in fixture_files(directory):
        content = read_fixture(path)
        name = path.relative_to(directory).as_posix().encode()
        digest.update(b"%d:%s%d:" % (len(name), name, len(content)))
        digest.update(content)
    return digest.hexdigest()


def hashes(directory: Path, document: bytes) -> dict[str, str]:
    """What ``compiled.json`` holds for these fixture files and this document."""
    return {"fixtures": fixtures_hash(directory), "document": hashlib.sha256(document).hexdigest()}


def compiled_cases(directory: Path) -> list[dict[str, Any]]:
    """The cases of the suite's fixture folder ``directory``, from the compiled document,
    each shaped as a case of a fixture file (``id``, ``given``, ``expect``... and ``file``).

    Raises `StaleSuiteError` when the document or its hashes cannot be read, or when the
    fixture files or the document are not those the hashes were made from.
    """
    try:
        document = compiled_suite_path().read_bytes()
        recorded = json.loads(HASHES_FILE.read_bytes())
        found = hashes(directory, document)
    # Missing, unreadable or malformed (DataNotFoundError is a RuntimeError): said, never
    # passed over.
    except (OSError, ValueError, RuntimeError, FixtureReadError) as exc:
        raise StaleSuiteError(f"cannot read the suite's compiled cases: {exc}; {_REBUILD}") from exc
    for what, name in (("fixtures", "the fixture files"), ("document", "the document")):
        if not isinstance(recorded, dict) or recorded.get(what) != found[what]:
            raise StaleSuiteError(
                f"the suite's compiled cases ({compiled_suite_path().name}) are stale: "
                f"{name} changed since they were written; {_REBUILD}"
            )
    try:
        return [_fixture_case(entry) for entry in json.loads(document)["cases"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise StaleSuiteError(
            f"cannot read the suite's compiled cases: {exc!r}; {_REBUILD}"
        ) from exc


def _fixture_case(entry: dict[str, Any]) -> dict[str, Any]:
    given = {k: v for k, v in entry["request"].items() if k != "cmd"}
    expect: dict[str, Any] = entry["expect"]
    case = {
        "id": entry["id"],
        "description": entry["description"],
        "rules": entry["rules"],
        "source": entry["source"],
        "cmd": entry["request"]["cmd"],
        "given": given,
        "file": entry["file"],
        "features": entry["features"],
    }
    if "result" in expect:
        case["expect"] = expect["result"]
    else:
        case["expect_rejected"] = expect["rejected"]
    return case
