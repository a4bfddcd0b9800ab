"""``show``: one case drawn, as a user would call it."""

from __future__ import annotations

import shlex
import sys
from xml.etree import ElementTree

from conformance.cli.commands.show import suggestions
from tests.support.cli import cli

_REFERENCE = shlex.join([sys.executable, "-m", "reference_impl.adapter"])


def test_show_draws_the_seed_position() -> None:
    done = cli("show", "table.seed-a.step-9")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("table.seed-a.step-9  (fixtures/table/seed-sequence-a.yaml)")
    assert "spinner.started-branch-counts: Each started branch" in out
    assert 'Request:  {"cmd": "table"' in out and "Expected: {" in out
    # The nine tiles: the line [2|1] [1|1] [1|4] [4|4] [4|3], branches above and below.
    assert "●2│2│1│╠═╣│1│4│├─┤│4│3│●3" in out
    # Nine tiles: four across (one of them [5|5] in a branch), four upright, the spinner.
    assert (out.count("┌─┬─┐"), out.count("┌─┐"), out.count("╔═╗")) == (4, 4, 1)
    assert "●0" in out


def test_show_unknown_case_suggests_close_ids() -> None:
    done = cli("show", "table.seed-a.step9")
    assert done.returncode == 2
    assert "no case 'table.seed-a.step9'" in done.stderr
    assert "table.seed-a.step-9" in done.stderr
    assert suggestions("seed-c", ["table.seed-c.open", "settle.x"]) == ["table.seed-c.open"]


def test_show_with_a_wrong_engine_draws_both_answers(tmp_path: object) -> None:
    mutant = f"{_REFERENCE} --mutant unstarted-branch-counts"
    done = cli("show", "--engine", mutant, "--ascii", "table.seed-a.step-5")
    assert done.returncode == 1, done.stderr
    out = done.stdout
    assert "Outcome:  failed" in out and "result.end_sum: expected 5, got 7" in out
    assert out.isascii()
    header = next(line for line in out.splitlines() if line.startswith("expected"))
    assert header.split() == ["expected", "actual"]
    assert "actual   counted: [3|4] 3 + [1|2] 2 + [1|1] 2 = 7" in out


def test_show_with_the_reference_passes_and_writes_svg(tmp_path: object) -> None:
    from pathlib import Path

    svg = Path(str(tmp_path)) / "board.svg"
    done = cli("show", "--engine", _REFERENCE, "--svg", str(svg), "legal.branches.one-left")
    assert done.returncode == 0, done.stderr
    assert "Outcome:  passed" in done.stdout
    ElementTree.parse(svg)


def test_show_engine_that_cannot_start() -> None:
    done = cli("show", "--engine", "/nonexistent/engine --flag", "table.seed-a.step-1")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
