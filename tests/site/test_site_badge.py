"""Badges: the SVG against golden files, the colour bands, and run --badge."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.site.badge import badge_for
from conformance.site.model import Score
from tests.support.cli import ROOT, cli

GOLDEN = ROOT / "tests" / "data" / "site"


@pytest.mark.parametrize(
    ("name", "suite", "score"),
    [
        ("badge-all-passed.svg", "1.4.2", Score(passed=355)),
        ("badge-some-failed.svg", "0.1.0", Score(passed=91, failed=52, skipped=212)),
    ],
)
def test_the_badge_svg_is_the_golden_one(name: str, suite: str, score: Score) -> None:
    # The golden files were looked at in a browser; a change to the drawing shows here.
    svg = badge_for(suite, score).svg()
    assert svg == (GOLDEN / name).read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == root.get("aria-label")


@pytest.mark.parametrize(
    ("score", "colour", "message"),
    [
        (Score(passed=355), "brightgreen", "355/355"),
        (Score(passed=320, failed=35), "green", "320/355"),  # 90.1%
        (Score(passed=319, failed=36), "yellowgreen", "319/355"),  # 89.9%
        (Score(passed=267, failed=88), "yellowgreen", "267/355"),  # 75.2%
        (Score(passed=177, not_run=178), "orange", "177/355"),  # 49.9%
        (Score(passed=89, errored=266), "orange", "89/355"),  # 25.1%
        (Score(passed=88, failed=267), "red", "88/355"),  # 24.8%
        (Score(newer=4), "lightgrey", "no cases"),
        # Cases the engine does not implement are neither passed nor failed.
        (Score(passed=33, skipped=322), "brightgreen", "33/33, 322 not implemented"),
        (Score(passed=30, failed=3, skipped=322), "green", "30/33, 322 not implemented"),
        (Score(skipped=355), "lightgrey", "not implemented"),
    ],
)
def test_the_colour_follows_the_share_passed(score: Score, colour: str, message: str) -> None:
    badge = badge_for("2.3.0", score)
    assert badge.endpoint() == {
        "schemaVersion": 1,
        "label": "Seven Rocks 2.x",
        "message": message,
        "color": colour,
    }


def test_text_from_a_report_cannot_become_markup() -> None:
    svg = badge_for('9</text><script>alert("x")</script>', Score(passed=1)).svg()
    assert "<script>" not in svg
    ET.fromstring(svg)


def test_run_writes_the_badge_the_site_draws(tmp_path: Path) -> None:
    badge = tmp_path / "badge.svg"
    done = cli("run", "--engine", "python -m reference_impl.adapter --mutant tile-fits-once",
               "--badge", str(badge), "--format", "json")  # fmt: skip
    assert done.returncode == 1, done.stderr
    report = tmp_path / "report.json"
    report.write_text(done.stdout, encoding="utf-8")
    site = tmp_path / "site"
    assert cli("site", "--out", str(site), str(report)).returncode == 0
    slug = "seven-rocks-reference-mutant-tile-fits-once"
    assert badge.read_text(encoding="utf-8") == (site / "badges" / f"{slug}.svg").read_text()
    data = json.loads(done.stdout)
    passed = sum(1 for c in data["cases"] if c["outcome"] in ("passed", "xpassed"))
    assert f">{passed}/{len(data['suite']['cases'])}</text>" in badge.read_text()


def test_a_badge_of_a_selection_counts_the_whole_suite(tmp_path: Path) -> None:
    badge = tmp_path / "badge.svg"
    done = cli("run", "-k", "settle.*", "--badge", str(badge), "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert f">{len(data['cases'])}/{len(data['suite']['cases'])}</text>" in badge.read_text()


def test_badge_without_the_suite_is_refused(tmp_path: Path) -> None:
    done = cli("run", "--no-suite", "--fixtures", str(ROOT / "tests" / "data" / "fixtures"),
               "--badge", str(tmp_path / "b.svg"))  # fmt: skip
    assert done.returncode == 2 and "--badge" in done.stderr
    assert not (tmp_path / "b.svg").exists()
