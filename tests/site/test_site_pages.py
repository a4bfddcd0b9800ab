"""The site command: every page well-formed and self-contained, every link resolving."""

from __future__ import annotations

import json
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance import SUITE_VERSION
from conformance.site.build import MANIFEST
from conformance.suite.rules import load_rules
from tests.support.cli import ROOT, cli
from tests.support.site import (
    THIRD_PARTY,
    assert_links_resolve,
    check_site_page,
    load,
    older_suite,
    third_party_installed,
)


@pytest.fixture(scope="module")
def site(site_reports: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    done = cli("site", "--out", str(out), *map(str, site_reports.values()))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return out


def test_the_site_has_a_page_per_engine_and_per_rule(
    site: Path, site_reports: dict[str, Path]
) -> None:
    names = {load(p)["engine"]["name"] for p in site_reports.values()}
    engines = sorted(p.stem for p in (site / "engines").glob("*.html"))
    assert len(engines) == len(names) >= 5
    if third_party_installed():
        assert THIRD_PARTY in engines
    for engine in engines:
        assert (site / "badges" / f"{engine}.svg").is_file()
        endpoint = json.loads((site / "badges" / f"{engine}.json").read_text())
        assert endpoint["schemaVersion"] == 1 and endpoint["label"].startswith("Seven Rocks ")
    rules = [r for r, rule in load_rules().items() if not rule.withdrawn]
    assert {p.stem for p in (site / "rules").glob("*.html")} >= set(rules)
    assert (site / "index.html").is_file() and (site / "spec.html").is_file()


def test_every_page_is_well_formed_and_fetches_nothing(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 60
    for page in pages:
        checker = check_site_page(page)
        if page.name != "spec.html":
            assert checker.tags.get("script", 0) <= 1
    for badge in (site / "badges").glob("*.svg"):
        root = ET.fromstring(badge.read_text(encoding="utf-8"))
        assert root.tag == "{http://www.w3.org/2000/svg}svg"


def test_every_link_resolves(site: Path) -> None:
    assert assert_links_resolve(site) > 1000


def test_the_index_compares_engines_by_group(site: Path, site_reports: dict[str, Path]) -> None:
    page = (site / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<tr data-search="([^"]*)" data-full="([01])">', page)
    assert len(rows) == len(list((site / "engines").glob("*.html")))
    full = {search.split()[0] for search, f in rows if f == "1"}
    assert {"seven-rocks-reference", "example-engine"} <= full
    assert not any(n.startswith("seven-rocks-reference mutant") for n in full)
    # The reference passes every case of every group.
    reference = page.split('data-search="seven-rocks-reference 0', 1)[1].split("</tr>", 1)[0]
    cases = len(load(site_reports["reference"])["suite"]["cases"])
    assert f"{cases}/{cases}" in reference
    assert reference.count("100%") == reference.count("data-label=")
    # Without script the table reads in order: overall, best first.
    overall = [float(v) for v in re.findall(r'data-key="overall" data-value="([-\d.]+)"', page)]
    assert overall == sorted(overall, reverse=True)


def test_an_engine_page_holds_its_report_history_and_badge(
    site: Path, site_reports: dict[str, Path]
) -> None:
    cases = len(load(site_reports["reference"])["suite"]["cases"])
    page = (site / "engines" / "example-engine.html").read_text(encoding="utf-8")
    assert page.count('<figure class="chart') >= 5 and page.count("<svg") >= 5
    assert "Changes between versions" in page and "newly failing" in page
    assert "0.1 → 0.2" in page and "0.3 → 1.0" in page
    label = f"Seven Rocks {SUITE_VERSION.split('.')[0]}.x"
    assert f"[![{label}: {cases}/{cases}](SITE_URL/badges/example-engine.svg)]" in page
    assert "img.shields.io/endpoint?url=SITE_URL%2Fbadges%2Fexample-engine.json" in page
    mutant = site / "engines" / "seven-rocks-reference-mutant-every-double-spinner.html"
    text = mutant.read_text(encoding="utf-8")
    # The latest report's cases, the failing ones drawn, and the run's own diagnosis.
    assert text.count("data-item=") == cases and '<div class="board"><svg' in text
    assert 'id="misreadings"' in text and "every-double-spinner" in text


def test_a_rule_page_shows_every_engine_on_its_cases(site: Path) -> None:
    page = (site / "rules" / "spinner.first-double.html").read_text(encoding="utf-8")
    rule = load_rules()["spinner.first-double"]
    assert rule.text.split(",")[0] in page.replace("&#39;", "'")
    engines = len(list((site / "engines").glob("*.html")))
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", page, re.S)
    assert rows and all(row.count("<td") == engines for row in rows)
    assert 'class="st st-failed"' in page and 'class="st st-passed"' in page


def test_the_same_reports_build_the_same_site(
    site: Path, site_reports: dict[str, Path], tmp_path: Path
) -> None:
    again = tmp_path / "again"
    done = cli("site", "--out", str(again), *map(str, reversed(site_reports.values())))
    assert done.returncode == 0, done.stderr
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second


def test_a_report_of_an_older_suite_is_shown_as_not_run(
    site_reports: dict[str, Path], tmp_path: Path
) -> None:
    reference = load(site_reports["reference"])
    old = older_suite(reference, "0.0.9", 4)
    old["engine"]["name"] = "older-engine"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    out = tmp_path / "site"
    done = cli("site", "--out", str(out), str(site_reports["reference"]), str(path))
    assert done.returncode == 0, done.stderr
    index = (out / "index.html").read_text(encoding="utf-8")
    row = index.split('data-search="older-engine', 1)[1].split("</tr>", 1)[0]
    assert "+4 not run" in row and "100%" in row and "0%" not in row.replace("100%", "")
    page = (out / "engines" / "older-engine.html").read_text(encoding="utf-8")
    assert "4 case(s) of suite" in page and "not counted" in page
    badge = json.loads((out / "badges" / "older-engine.json").read_text())
    count = len(reference["cases"]) - 4
    assert (badge["label"], badge["message"]) == ("Seven Rocks 0.x", f"{count}/{count}")


def test_a_report_not_valid_against_the_schema_is_refused_by_name(
    site_reports: dict[str, Path], tmp_path: Path
) -> None:
    bad = load(site_reports["reference"])
    bad["cases"][3]["outcome"] = "won"
    path = tmp_path / "bad-report.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = tmp_path / "site"
    done = cli("site", "--out", str(out), str(site_reports["reference"]), str(path))
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and str(path) in lines[0], done.stderr
    assert "$.cases[3].outcome" in lines[0] and "Traceback" not in done.stderr
    assert not out.exists()


def test_the_output_folder_is_replaced_only_when_it_holds_a_site(
    site_reports: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "site"
    reports = [str(p) for p in site_reports.values()]
    assert cli("site", "--out", str(out), *reports).returncode == 0
    # A second build with fewer engines leaves none of the first one's pages behind.
    done = cli("site", "--out", str(out), str(site_reports["reference"]))
    assert done.returncode == 0, done.stderr
    assert [p.name for p in (out / "engines").iterdir()] == ["seven-rocks-reference.html"]
    assert (out / MANIFEST).is_file()
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    done = cli("site", "--out", str(other), str(site_reports["reference"]))
    assert done.returncode == 2 and "not empty" in done.stderr
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
    shutil.rmtree(other)


def test_the_base_url_goes_into_the_snippets(site_reports: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "site"
    base = "https://example.org/engine/conformance/"
    done = cli("site", "--out", str(out), "--base-url", base, str(site_reports["reference"]))
    assert done.returncode == 0, done.stderr
    page = (out / "engines" / "seven-rocks-reference.html").read_text(encoding="utf-8")
    assert "https://example.org/engine/conformance/badges/seven-rocks-reference.svg" in page
    assert "SITE_URL" not in page
    check_site_page(out / "engines" / "seven-rocks-reference.html")


def test_what_a_report_says_cannot_become_markup(
    site_reports: dict[str, Path], tmp_path: Path
) -> None:
    hostile = load(site_reports["mutant-every-double-spinner"])
    markup = '<script>alert("x")</script>\x1b[31m\u202e\x00'
    hostile["engine"].update(name=markup, version='"><img src=x>', language=markup)
    hostile["suite"]["version"] = markup
    failed = next(c for c in hostile["cases"] if c["outcome"] == "failed")
    failed.update(message=markup, description=markup, rules=[*failed["rules"], markup, "zzz"])
    hostile["diagnosis"][0]["description"] = markup
    paths = []
    for release in ("1", "2"):  # two versions: the history is drawn, labels and all
        hostile["engine"]["version"] = f'{release}"><img src=x>\x1b'
        paths.append(tmp_path / f"hostile-{release}.json")
        paths[-1].write_text(json.dumps(hostile), encoding="utf-8")
    out = tmp_path / "site"
    done = cli("site", "--out", str(out), *map(str, paths))
    assert done.returncode == 0, done.stderr
    [page] = (out / "engines").glob("*.html")
    assert page.read_text(encoding="utf-8").count("<svg") > 3
    assert re.fullmatch(r"[a-z0-9-]+\.html", page.name), page.name
    for each in out.rglob("*.html"):
        check_site_page(each)
        content = each.read_text(encoding="utf-8")
        assert "<script>alert" not in content and "<img src=x>" not in content
        assert "\x00" not in content and "\x1b" not in content
    for badge in (out / "badges").glob("*.svg"):
        ET.fromstring(badge.read_text(encoding="utf-8"))
    # A group no rule of the rules has ("zzz") still has the heading its column links to.
    assert 'id="group-zzz"' in (out / "index.html").read_text(encoding="utf-8")
    assert assert_links_resolve(out) > 100


def test_commands_not_implemented_are_a_state_of_their_own(tmp_path: Path) -> None:
    minimal = f"{sys.executable} {ROOT / 'examples' / 'minimal_adapter.py'}"
    done = cli("run", "--engine", minimal, "--format", "json")
    assert done.returncode == 0, done.stderr
    report = tmp_path / "minimal.json"
    report.write_text(done.stdout, encoding="utf-8")
    data = json.loads(done.stdout)
    served = sum(1 for c in data["cases"] if c["outcome"] == "passed")
    declined = sum(1 for c in data["cases"] if c["outcome"] == "skipped")
    assert served and declined and served + declined == len(data["cases"])
    site = tmp_path / "site"
    assert cli("site", "--out", str(site), str(report)).returncode == 0
    index = (site / "index.html").read_text(encoding="utf-8")
    cells = re.findall(r'<td class="score (g\w+)"', index)
    # The groups of the settle cases: full marks; the others: not implemented, never 0%.
    assert "gni" in cells and "g10" in cells and "g0" not in cells, cells
    slug = next(p.stem for p in (site / "badges").glob("*.json"))
    badge = json.loads((site / "badges" / f"{slug}.json").read_text(encoding="utf-8"))
    assert badge["message"] == f"{served}/{served}, {declined} not implemented"
    assert badge["color"] == "brightgreen"
    page = (site / "engines" / f"{slug}.html").read_text(encoding="utf-8")
    assert f"{declined} not implemented" in page
