"""A rule page says what the spec says of the rule: why, its steps, its examples and
its old names; a report citing an old name is shown under the new one."""

from __future__ import annotations

from pathlib import Path

from conformance.site.pages import step_title
from tests.support.cli import ROOT, cli

SITE = ROOT / "examples" / "site"
REFERENCE = ROOT / "examples" / "site-reports" / "reference.json"


def test_a_step_anchor_reads_as_words() -> None:
    assert step_title("counted-ends-2-1") == "Counted ends, step 2.1"
    assert step_title("a-game-3") == "A game, step 3"
    assert step_title("legal-placements") == "Legal placements"


def test_a_rule_page_gives_the_why_the_steps_the_examples_and_the_old_name() -> None:
    page = (SITE / "rules" / "reading.scores-carried.html").read_text(encoding="utf-8")
    assert "<em>Why:</em>" in page
    assert '<a href="../spec.html#a-game-3">A game, step 3</a>' in page
    assert '<a href="../spec.html#example-38">38</a>' in page
    assert "Formerly" in page and "game.scores-carried" in page
    assert not (SITE / "rules" / "game.scores-carried.html").exists()


def test_a_report_citing_an_old_rule_id_meets_the_new_one(tmp_path: Path) -> None:
    old = REFERENCE.read_text(encoding="utf-8").replace(
        '"reading.scores-carried"', '"game.scores-carried"'
    )
    assert '"game.scores-carried"' in old
    (tmp_path / "old.json").write_text(old, encoding="utf-8")
    done = cli("site", "--out", str(tmp_path / "site"), str(tmp_path / "old.json"))
    assert done.returncode == 0, done.stderr
    rules = tmp_path / "site" / "rules"
    assert (rules / "reading.scores-carried.html").exists()
    assert not (rules / "game.scores-carried.html").exists()
