"""Every report is written whole, with its documented exit code, whatever an engine's
answers say: tiles counted that are not on the table, a spinner that is no double, open
points on unknown tiles, null where a list belongs (tests/engines/odd_answers.py)."""

from __future__ import annotations

import json
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.board import case_board
from conformance.board.steps import case_steps
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.messages import parse_reply
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules
from tests.support.cli import REPORT_SCHEMA, ROOT, cli
from tests.support.html import check_page

ENGINE = ROOT / "tests" / "engines" / "odd_answers.py"
MODES = [
    "counted-off-table",
    "spinner-not-double",
    "open-unknown-tile",
    "null-lists",
    "no-spinner",
    "accepts-anything",
]
DRAWN = ("--cmd", "table", "--cmd", "legal", "--cmd", "hand", "--cmd", "game")
SHOWN = ("table.seed-a.step-9", "hand.turns.reply-after-first-credit")


def _engine(mode: str) -> str:
    return shlex.join([sys.executable, str(ENGINE), mode])


def _no_traceback(*streams: str) -> None:
    for text in streams:
        assert "Traceback" not in text, text[-3000:]


@pytest.mark.parametrize("mode", MODES)
def test_text_junit_and_html_reports_are_written_whole(mode: str, tmp_path: Path) -> None:
    junit, page = tmp_path / "junit.xml", tmp_path / "report.html"
    done = cli("run", "--engine", _engine(mode), *DRAWN, "--junit", str(junit), "--html", str(page))
    _no_traceback(done.stdout, done.stderr)
    assert done.returncode == 1, done.stderr  # cases failed: the documented exit code
    # The text report ran to its end: the totals line and the diagnosis follow the cases.
    totals = next(line for line in done.stdout.splitlines() if " cases: " in line)
    assert " failed" in totals
    assert "Likely misreadings:" in done.stdout.split(totals, 1)[1]
    suites = ET.parse(junit).getroot()
    ran = int(suites.get("tests", "0"))
    assert ran == len(suites.findall(".//testcase")) > 100
    assert int(suites.get("failures", "0")) > 0
    check_page(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("mode", ["counted-off-table", "open-unknown-tile", "null-lists"])
def test_the_json_report_is_whole_and_valid(mode: str) -> None:
    done = cli("run", "--engine", _engine(mode), *DRAWN, "--format", "json")
    _no_traceback(done.stderr)
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    jsonschema.Draft202012Validator(json.loads(REPORT_SCHEMA.read_text())).validate(report)
    assert report["exit_code"] == 1 and report["totals"]["failed"] > 0


# What the drawing of table.seed-a.step-9 says of each oddity it cannot draw.
SAID = {
    "counted-off-table": "counted [6|6] 12: that tile is not on the table",
    "spinner-not-double": "spinner [1|4]: not a double, so not outlined",
    "open-unknown-tile": "open point [0|1] sideways (takes 1): [0|1] is not on the table",
    "null-lists": "result.open: expected an array, got null",
    "no-spinner": "no spinner, says the answer: [1|1] is drawn plain",
    "accepts-anything": "counted [6|6] 12: that tile is not on the table",
}


@pytest.mark.parametrize("mode", MODES)
def test_show_draws_every_odd_answer(mode: str, tmp_path: Path) -> None:
    for case_id in SHOWN:
        svg = tmp_path / f"{case_id}.svg"
        done = cli("show", "--engine", _engine(mode), case_id, "--svg", str(svg))
        _no_traceback(done.stdout, done.stderr)
        assert done.returncode in (0, 1), done.stderr
        assert done.stdout.rstrip().splitlines()[-1].strip(), "the drawing ends the output"
        assert "expected" in done.stdout
        ET.fromstring(svg.read_text(encoding="utf-8"))
        if case_id == SHOWN[0]:
            assert SAID[mode] in done.stdout
            if mode == "no-spinner":
                # Nothing is outlined on the actual side: the double lines are expected's.
                drawing = done.stdout.split("\nexpected ", 1)[1]
                assert all(line.count("╔") <= 1 for line in drawing.splitlines())


def test_compare_of_every_odd_engine_is_written_whole(tmp_path: Path) -> None:
    page = tmp_path / "compare.html"
    engines = [arg for mode in MODES for arg in ("--engine", _engine(mode))]
    done = cli("compare", "--reference", *engines, *DRAWN, "--html", str(page))
    _no_traceback(done.stdout, done.stderr)
    assert done.returncode == 1
    assert "cases some engine fails or errs on shown" in done.stdout
    check_page(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("mode", ["counted-off-table", "null-lists"])
def test_fuzz_output_is_whole(mode: str) -> None:
    args = ("fuzz", "--engine", _engine(mode), "--hands", "20", "--seed", "3")
    done = cli(*args, "--format", "json", timeout=120)
    _no_traceback(done.stderr)
    assert done.returncode == 1, done.stderr  # a divergence: the documented exit code
    found = json.loads(done.stdout)
    assert found["findings"]
    text = cli(*args, timeout=120)
    _no_traceback(text.stdout, text.stderr)
    assert text.returncode == 1


# Drawing never fails, whatever a reply holds: any JSON at all in any field.
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
_TILE = st.lists(st.integers(-1, 7), min_size=2, max_size=2) | _JSON
_SIDE = st.sampled_from(["low", "high", "linear_a", "linear_b", "branch_a", "branch_b", "x"])
_POINT = st.fixed_dictionaries({"tile": _TILE, "side": _SIDE | _JSON, "value": _JSON})
_PLACEMENT = st.fixed_dictionaries({"tile": _TILE}, optional={"on": _POINT | _JSON})
_TABLE = st.fixed_dictionaries(
    {},
    optional={
        "spinner": _TILE,
        "open": st.lists(_POINT | _JSON, max_size=5) | _JSON,
        "counted": st.lists(st.fixed_dictionaries({"tile": _TILE, "value": _JSON}), max_size=5)
        | _JSON,
        "placements": st.lists(_PLACEMENT | _JSON, max_size=5) | _JSON,
        "end_sum": _JSON,
        "credit": _JSON,
        "events": st.lists(
            st.fixed_dictionaries({"action": _PLACEMENT | _JSON}, optional={"credit": _JSON}),
            max_size=5,
        )
        | _JSON,
        "legal": st.lists(_PLACEMENT, max_size=4) | _JSON,
        "hands": st.lists(_JSON, max_size=3) | _JSON,
    },
)


@pytest.fixture(scope="module")
def drawn_cases() -> list[Case]:
    cases = load_cases([fixtures_dir()], rules=load_rules())
    chosen = [
        c
        for c in cases
        if c.id in {*SHOWN, "legal.branches.open-on-seed-spinner", "game.carry.two-dominoes"}
    ]
    assert len(chosen) == 4
    return chosen


@settings(max_examples=150, deadline=None)
@given(result=_TABLE, key=st.sampled_from(["result", "rejected", "errored", "nothing"]))
def test_any_reply_is_drawn_without_failing(
    drawn_cases: list[Case], result: dict[str, Any], key: str
) -> None:
    for case in drawn_cases:
        reply = parse_reply({key: result})
        board = case_board(case, reply)
        if board is not None:
            board.text()
            board.text(ascii=True)
            ET.fromstring(board.svg())
        for hand in case_steps(case, reply):
            ET.fromstring(hand.board.svg())
            assert all(isinstance(step.text, str) for step in hand.steps)
