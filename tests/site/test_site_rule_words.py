"""A rule page says what the spec says of the rule: why, its steps, its examples and
its old names; a report citing an old name is shown under the new one."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from conformance.engine.reference import reference_engine
from conformance.site.pages import step_title
from tests.support.cli import cli


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The JSON report of the reference engine on the cases that carry scores."""
    argv, _ = reference_engine()
    done = cli("run", "--engine", shlex.join(argv), "-k", "game.carry.*", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert '"reading.scores-carried"' in done.stdout
    return done.stdout


def _site(tmp_path: Path, report: str) -> Path:
    (tmp_path / "report.json").write_text(report, encoding="utf-8")
    done = cli("site", "--out", str(tmp_path / "site"), str(tmp_path / "report.json"))
    assert done.returncode == 0, done.stderr
    return tmp_path / "site" / "rules"


def test_a_step_anchor_reads_as_words() -> None:
    assert step_title("counted-ends-2-1") == "Counted ends, step 2.1"
    assert step_title("a-game-3") == "A game, step 3"
    assert step_title("legal-placements") == "Legal placements"


def test_a_rule_page_gives_the_why_the_steps_the_examples_and_the_old_name(
    tmp_path: Path, report: str
) -> None:
    rules = _site(tmp_path, report)
    page = (rules / "reading.scores-carried.html").read_text(encoding="utf-8")
    assert "<em>Why:</em>" in page
    assert '<a href="../spec.html#a-game-3">A game, step 3</a>' in page
    assert '<a href="../spec.html#example-38">38</a>' in page
    assert "Formerly" in page and "game.scores-carried" in page
    assert not (rules / "game.scores-carried.html").exists()


def test_a_report_citing_an_old_rule_id_meets_the_new_one(tmp_path: Path, report: str) -> None:
    old = report.replace('"reading.scores-carried"', '"game.scores-carried"')
    rules = _site(tmp_path, old)
    assert (rules / "reading.scores-carried.html").exists()
    assert not (rules / "game.scores-carried.html").exists()
