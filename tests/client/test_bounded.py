"""Whatever an engine sends, the runner keeps and draws it in bounded form, with a note of
what it cut, and never recurses on it: a million-entry list, values nested 900 deep."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance import api
from conformance.board import case_board
from conformance.board.marks import shown
from conformance.engine.bounded import CUT, MAX_ITEMS, MAX_TEXT, bounded, short_json
from conformance.engine.handshake import MAX_ENGINE_TEXT
from conformance.reports.text import format_case
from conformance.runner.compare import MAX_LISTED, diff, render
from conformance.suite.rules import load_rules
from tests.support.cli import FAKES, TEST_FIXTURES, cli, fake
from tests.support.html import check_page


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def test_bounded_cuts_lists_strings_and_depth_with_notes() -> None:
    kept = bounded({"open": list(range(10_000)), "m": "x" * 10_000, "deep": _nested(50)})
    assert kept.value["open"] == list(range(MAX_ITEMS))
    assert kept.value["m"] == "x" * MAX_TEXT + CUT
    assert any("open: 10000 items, 200 kept" in n for n in kept.cut)
    assert any("m: a string of 10000 characters" in n for n in kept.cut)
    assert any("deep" in n and "nested deeper than 16" in n for n in kept.cut)
    small = {"result": {"open": [{"tile": [1, 4], "side": "low"}], "end_sum": 5}}
    assert bounded(small).value == small and bounded(small).cut == ()


def test_short_json_reads_only_what_it_writes() -> None:
    deep = _nested(200_000)  # far deeper than any recursion limit
    assert short_json(deep, 50) == "[" * 47 + "..."
    assert render(list(range(10**6)), 20) == "[0, 1, 2, 3, 4, 5..."
    value = {"a": [1, "é"], "b": None}
    assert render(value) == json.dumps(value, ensure_ascii=False)
    assert shown(deep).startswith("[[[[") and len(shown(deep)) < 80


@pytest.mark.parametrize("key", ["open", "events"])  # unordered, ordered
def test_many_unexpected_items_are_a_few_differences(key: str) -> None:
    many = 5000
    mismatches = diff({key: [1]}, {key: [1] + [[]] * many}, "result")
    assert len(mismatches) == 1 + MAX_LISTED + 1
    assert mismatches[-1].message == f"{many - MAX_LISTED} more unexpected items not listed"
    huge = diff({key: [1]}, {key: [[]] * 1_000_000}, "result")
    assert len(huge) <= 2 + MAX_LISTED + 1


@pytest.fixture(scope="module")
def huge() -> api.CaseResult:
    cases = api.select(api.load_suite(), keywords=["table.doubles.opening-six-six"])
    engine = [sys.executable, str(FAKES / "huge_open.py"), "300000"]
    [result] = api.run(engine, cases, options=api.RunOptions(timeout=300)).results
    return result


def test_a_reply_of_a_million_entries_is_kept_in_part(huge: api.CaseResult) -> None:
    assert huge.outcome is api.Outcome.FAILED
    assert len(huge.reply["result"]["open"]) == MAX_ITEMS
    assert huge.reply_cut == ("result.open: 300000 items, 200 kept",)
    assert len(huge.mismatches) <= 2 * MAX_LISTED
    text = format_case(huge, load_rules())
    assert "Actual reply kept in part (judged whole):" in text
    assert "result.open: 300000 items, 200 kept" in text
    assert len(text) < 100_000  # was 57 MB with 1.3 million entries
    board = case_board(huge.case, huge.answer)
    assert board is not None
    drawn = board.text()
    assert "more notes" in drawn and len(drawn.splitlines()) < 60


@pytest.mark.parametrize("errored", [False, True])
def test_values_nested_900_deep_make_valid_reports(tmp_path: Path, errored: bool) -> None:
    junit, html = tmp_path / "r.xml", tmp_path / "r.html"
    engine = fake("deep_values", *(["--errored"] if errored else []))
    done = cli("run", "--engine", engine, "--no-suite", "--fixtures", str(TEST_FIXTURES),
               "--format", "json", "--junit", str(junit), "--html", str(html))  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    report = json.loads(done.stdout)
    assert any("nested deeper than 16" in n for c in report["cases"] for n in c["reply_cut"])
    ET.parse(junit)
    assert not check_page(html.read_text(encoding="utf-8")).problems
    if not errored:
        text = cli("run", "--engine", engine, "--no-suite", "--fixtures", str(TEST_FIXTURES), "-v")
        assert text.returncode == 1 and "Traceback" not in text.stderr


def test_a_huge_engine_name_is_kept_bounded_in_every_report(tmp_path: Path) -> None:
    html = tmp_path / "report.html"
    done = cli(
        "run", "--engine", fake("huge_name"), "--no-suite", "--fixtures", str(TEST_FIXTURES),
        "--format", "json", "--html", str(html),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    for key in ("name", "version", "language"):
        assert len(report["engine"][key]) == MAX_ENGINE_TEXT
        assert f"the handshake's engine.{key}: 1000000 characters" in " ".join(report["warnings"])
    assert len(done.stdout) < 100_000 and html.stat().st_size < 1_000_000


def test_smoke_shows_a_huge_handshake_cut() -> None:
    done = cli("smoke", "--engine", fake("huge_name"))
    handshake = next(line for line in done.stdout.splitlines() if line.startswith('< {"ready"'))
    assert len(handshake) < 2100 and handshake.endswith("...")
    assert len(done.stdout) < 100_000
