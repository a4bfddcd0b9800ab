"""The suite's own cases read from the compiled document: the same cases as the YAML
files, and refused, loudly, when the document no longer matches them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conformance.suite import compiled
from conformance.suite.compiled import HASHES_FILE, StaleSuiteError, compiled_cases
from conformance.suite.fixtures import FixtureError, lint, load_cases
from conformance.suite.resources import fixtures_dir
from tools import export_suite


def _fields(path: Path | None = None, *, compiled_: bool) -> list[tuple[object, ...]]:
    cases = load_cases([path or fixtures_dir()], compiled=compiled_)
    return [
        (
            c.id,
            c.description,
            c.rules,
            c.source,
            c.cmd,
            dict(c.given),
            c.expect,
            c.expect_rejected,
            c.file,
            c.features,
        )
        for c in cases
    ]


def test_the_compiled_cases_are_the_cases_of_the_files() -> None:
    from_files = _fields(compiled_=False)
    assert len(from_files) >= 350
    assert _fields(compiled_=True) == from_files


def test_the_checked_in_hashes_match_the_fixtures_and_the_document() -> None:
    text = export_suite.suite_text()
    assert HASHES_FILE.read_text(encoding="utf-8") == export_suite.hashes_text(text), (
        "run python -m tools.regenerate suite-json"
    )


def test_a_changed_fixture_file_makes_the_document_stale(tmp_path: Path) -> None:
    copy = tmp_path / "fixtures"
    shutil.copytree(fixtures_dir(), copy)
    assert compiled_cases(copy)  # an exact copy matches
    target = copy / "settle" / "rounding.yaml"
    target.write_bytes(target.read_bytes() + b"\n")
    with pytest.raises(StaleSuiteError, match="fixture files changed"):
        compiled_cases(copy)


def test_an_added_fixture_file_makes_the_document_stale(tmp_path: Path) -> None:
    copy = tmp_path / "fixtures"
    shutil.copytree(fixtures_dir(), copy)
    (copy / "settle" / "more.yaml").write_text("title: more\ncases: []\n", encoding="utf-8")
    with pytest.raises(StaleSuiteError, match="fixture files changed"):
        compiled_cases(copy)


def test_a_changed_document_is_stale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    document = tmp_path / "seven-rocks-suite.json"
    text = export_suite.SUITE_FILE.read_text(encoding="utf-8")
    document.write_text(text.replace('"cmd":"settle"', '"cmd":"table"', 1), encoding="utf-8")
    monkeypatch.setattr(compiled, "compiled_suite_path", lambda: document)
    with pytest.raises(StaleSuiteError, match="the document changed"):
        compiled_cases(fixtures_dir())


@pytest.mark.parametrize("hashes", ["", "[]", '{"fixtures": "0", "document": "0"}'])
def test_stale_or_broken_hashes_stop_the_load_with_no_fallback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hashes: str
) -> None:
    # The YAML files are fine: a loader that quietly fell back on them would load.
    recorded = tmp_path / "compiled.json"
    recorded.write_text(hashes, encoding="utf-8")
    monkeypatch.setattr(compiled, "HASHES_FILE", recorded)
    with pytest.raises(FixtureError, match=r"tools\.regenerate suite-json"):
        load_cases([fixtures_dir()])
    assert load_cases([fixtures_dir()], compiled=False)


def test_a_missing_document_stops_the_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "compiled_suite_path", lambda: tmp_path / "absent.json")
    with pytest.raises(FixtureError, match="cannot read the suite's compiled cases"):
        load_cases([fixtures_dir()])


def test_the_compiled_citations_are_checked_against_the_rules_as_they_are() -> None:
    # No rule at all: every citation is unknown.
    with pytest.raises(FixtureError, match=r"is not in spec/rules\.md"):
        load_cases([fixtures_dir()], rules={})


def test_lint_reads_the_files_not_the_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiled, "HASHES_FILE", tmp_path / "absent.json")
    result = lint([fixtures_dir()], schema=False)
    assert result.problems == [] and result.files >= 20
