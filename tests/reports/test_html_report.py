"""The HTML report: well-formed, self-contained, escaped, and readable in a real browser."""

from __future__ import annotations

import html
import json
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from conformance.mutants.signatures import load_signatures
from conformance.runner.execute import reference_engine
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules
from tests.support.cli import FAKES, ROOT, TEST_FIXTURES, cli
from tests.support.html import check_page
from tests.support.tools import missing_reason

EXAMPLE = ROOT / "examples" / "report-example.html"
MUTANT = "every-double-spinner"


@pytest.fixture(scope="module")
def mutant_page(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("html") / "report.html"
    argv, _ = reference_engine()
    done = cli("run", "--engine", " ".join([*argv, "--mutant", MUTANT]), "--html", str(out))
    assert done.returncode == 1, done.stderr
    return out.read_text(encoding="utf-8")


def test_the_page_of_a_failing_run_is_complete(mutant_page: str) -> None:
    checker = check_page(mutant_page)
    fails = {m.name: m.fails for m in load_signatures().mutants}[MUTANT]
    # The diagnosis comes first, naming the mutant.
    assert mutant_page.index('id="diagnosis"') < mutant_page.index('id="rules"')
    assert f"{len(fails)} of {len(fails)} failures match `{MUTANT}`" in mutant_page
    # Every case is listed; the failing ones in detail, with boards where there is a table.
    cases = load_cases([fixtures_dir()], rules=load_rules())
    assert mutant_page.count("data-item=") == len(cases) >= 150
    for case_id in fails:
        assert f'id="case-{case_id}"' in mutant_page
    bad = re.findall(r'<article class="case" id="case-([^"]+)"[^>]*data-bad="1"', mutant_page)
    assert set(bad) == fails
    drawn = [c for c in fails if c.split(".")[0] in ("table", "legal", "hand")]
    assert drawn and checker.tags.get("svg", 0) >= len(drawn)
    for case_id in drawn:
        block = mutant_page.split(f'id="case-{case_id}"', 1)[1].split("</article>", 1)[0]
        assert '<div class="board"><svg' in block, case_id
        assert "<details><summary>request, expected and actual reply" in block
    # Filters for outcome, command and rule; anchors per rule ID.
    for kind in ("outcome", "cmd", "rule"):
        assert f'data-filter="{kind}"' in mutant_page
    assert 'id="rule-spinner.first-double"' in mutant_page
    assert checker.tags.get("script") == 1


def test_cases_never_sent_say_not_run(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    argv, _ = reference_engine()
    engine = " ".join([*argv, "--mutant", MUTANT])
    done = cli("run", "--engine", engine, "--max-fail", "1", "--html", str(out))
    assert done.returncode == 1, done.stderr
    page = out.read_text(encoding="utf-8")
    check_page(page)
    assert page.count('<span class="o-failed">FAILED</span>') == 1
    assert page.count('<span class="o-errored">NOT RUN</span>') >= 100
    assert '<span class="o-errored">ERRORED</span>' not in page
    # Counted apart from the errors, in the totals and the diagnosis alike.
    assert re.search(r'<span class="o-errored">(\d+) not run</span> in', page)
    assert "errored</span>" not in page.split('id="rules"')[0]
    assert "errored case(s)" not in page
    suite = len(load_cases([fixtures_dir()], rules=load_rules()))
    assert re.search(rf"NOT PASSING</span>\s*{suite} cases:", page)
    assert "other rules: every case run passed" in page


def test_what_an_engine_says_cannot_become_markup(tmp_path: Path) -> None:
    # A copy outside tests/fake_engines: the fake engines' tests count live processes
    # started from there, and may run at the same time as this one.
    for name in ("_base.py", "hostile_markup.py"):
        shutil.copy(FAKES / name, tmp_path / name)
    engine = shlex.join([sys.executable, str(tmp_path / "hostile_markup.py")])
    out = tmp_path / "report.html"
    done = cli(
        "run", "--engine", engine, "--no-suite", "--fixtures", str(TEST_FIXTURES),
        "--html", str(out), "--timeout", "5",
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    page = out.read_text(encoding="utf-8")
    checker = check_page(page)
    assert checker.tags.get("script") == 1 and checker.tags.get("img", 0) == 0
    assert "&lt;script&gt;alert" in page
    assert "\x00" not in page and "\x1b" not in page and "\x0c" not in page


def test_an_unwritable_html_file_is_a_message(tmp_path: Path) -> None:
    done = cli("run", "-k", "table.seed-a", "--html", str(tmp_path / "missing" / "r.html"))
    assert done.returncode == 2
    assert "cannot write the HTML report" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_checked_in_example_is_a_readable_failing_run() -> None:
    page = EXAMPLE.read_text(encoding="utf-8")
    check_page(page)
    assert "NOT PASSING" in page and 'id="diagnosis"' in page and "<svg" in page


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _browse(browser: str, page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(
            [
                browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", f"--user-data-dir={profile}", "--enable-logging=stderr",
                "--v=0", "--window-size=1280,2000", *extra, page.as_uri(),
            ],
            capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip


def _console_errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]


_PROBE = """<script>//<![CDATA[
document.body.setAttribute("data-boards", String(Array.from(
  document.querySelectorAll(":not([hidden]) > .board > svg")).filter(function (svg) {
    var box = svg.getBoundingClientRect();
    return box.width > 50 && box.height > 20;
  }).length));
//]]></script></body>"""


@pytest.mark.skipif(
    _chromium() is None, reason=missing_reason("chromium", "no Chromium browser installed")
)
def test_a_real_browser_renders_the_page(mutant_page: str, tmp_path: Path) -> None:
    browser = _chromium()
    assert browser is not None
    # A probe appended to the page measures the drawn boards once laid out.
    page = tmp_path / "page.html"
    page.write_text(mutant_page.replace("</body>", _PROBE, 1), encoding="utf-8")
    done = _browse(browser, page, "--dump-dom")
    assert done.returncode == 0, done.stderr[-2000:]
    assert _console_errors(done.stderr) == []
    boards = re.search(r'data-boards="(\d+)"', done.stdout)
    assert boards is not None, "the page's script did not run"
    drawn = mutant_page.count('<div class="board">') - mutant_page.count('<div class="step-hand"')
    assert drawn > 0 and int(boards.group(1)) == drawn, "some board is not visible"
    # The filter script ran: it counts the cases shown (a failing run shows only those).
    shown = re.search(r'id="shown-count"[^>]*>(\d+) of (\d+) cases shown<', done.stdout)
    assert shown is not None
    assert int(shown.group(1)) == mutant_page.count('data-bad="1"')
    shot = tmp_path / "page.png"
    done = _browse(browser, page, f"--screenshot={shot}")
    assert done.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.skipif(
    _chromium() is None, reason=missing_reason("chromium", "no Chromium browser installed")
)
def test_the_browser_check_sees_script_errors(tmp_path: Path) -> None:
    # The console check above can fail: a page with a broken script is caught.
    browser = _chromium()
    assert browser is not None
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><html><body><script>nosuch();</script></body></html>")
    assert _console_errors(_browse(browser, page, "--dump-dom").stderr) != []


def test_rules_link_to_their_statement_in_the_rules_page(tmp_path: Path) -> None:
    spec = tmp_path / "rules.html"
    assert cli("spec", "--html", str(spec)).returncode == 0
    anchors = set(re.findall(r'id="(rule-[^"]+)"', spec.read_text(encoding="utf-8")))
    report = tmp_path / "report.html"
    done = cli("run", "--html", str(report), "--spec-url", "rules.html", "-k", "seed-a")
    assert done.returncode == 0, done.stderr
    links = re.findall(r'href="rules\.html#(rule-[^"]+)"', report.read_text(encoding="utf-8"))
    assert links, "each rule of the per-rule table links to the rules page"
    assert set(links) <= anchors, set(links) - anchors
    # Without --spec-url the page links only within itself.
    plain = tmp_path / "plain.html"
    assert cli("run", "--html", str(plain), "-k", "seed-a").returncode == 0
    assert "rules.html" not in plain.read_text(encoding="utf-8")


# Steps through the first hand whose events differ, by keyboard and by button, and
# records what is shown at each step: the label, the tiles drawn, the marks drawn.
_STEP_PROBE = """<script>//<![CDATA[
var stepper = Array.from(document.querySelectorAll("[data-stepper]")).filter(function (s) {
  return s.querySelector("tr.differs") !== null && s.querySelectorAll("[data-hand]").length === 1;
})[0];
function seen() {
  var visible = function (g) { return g.getAttribute("display") !== "none"; };
  return [stepper.querySelector(".step-label").textContent,
          Array.from(stepper.querySelectorAll("g[data-order]")).filter(visible).length,
          Array.from(stepper.querySelectorAll("g.mark")).filter(visible).length + "/" +
            stepper.querySelectorAll("g.mark").length,
          stepper.querySelector("tr.current td").textContent].join("~");
}
function key(name) {
  document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {key: name, bubbles: true}));
}
var out = [seen()];
stepper.focus();
out.push(document.activeElement === stepper ? "focused" : "not focused");
key("Home"); out.push(seen());
key("ArrowRight"); out.push(seen());
stepper.querySelector("button[data-go=next]").click(); out.push(seen());
key("ArrowLeft"); out.push(seen());
key("End"); out.push(seen());
stepper.querySelector("button[data-go=first]").click(); out.push(seen());
document.body.setAttribute("data-steps", JSON.stringify(out));
//]]></script></body>"""


@pytest.mark.skipif(
    _chromium() is None, reason=missing_reason("chromium", "no Chromium browser installed")
)
def test_a_hand_is_stepped_through_by_keyboard_and_buttons(tmp_path: Path) -> None:
    browser = _chromium()
    assert browser is not None
    report = tmp_path / "report.html"
    argv, _ = reference_engine()
    engine = " ".join([*argv, "--mutant", "opening-not-scored"])
    assert cli("run", "--engine", engine, "--cmd", "hand", "--html", str(report)).returncode == 1
    text = report.read_text(encoding="utf-8")
    check_page(text)
    assert 'data-stepper="1"' in text and 'class="differs"' in text
    page = tmp_path / "steps.html"
    page.write_text(text.replace("</body>", _STEP_PROBE, 1), encoding="utf-8")
    done = _browse(browser, page, "--dump-dom")
    assert _console_errors(done.stderr) == []
    found = re.search(r'data-steps="([^"]*)"', done.stdout)
    assert found is not None, "the probe did not run"
    steps = [s.split("~") for s in json.loads(html.unescape(found.group(1))) if "~" in s]
    assert "focused" in html.unescape(found.group(1))
    end, first, second, third, back, end_again, first_again = steps
    # It opens at the last action, with the answer's marks; Home goes to action 1.
    assert end[0].startswith("action ") and end == end_again
    total = end[0].split(" of ")[1].split(":")[0]
    assert first[0].startswith(f"action 1 of {total}: ") and first[3] == "1"
    assert (second[3], third[3], back[3]) == ("2", "3", "2")  # keyboard, button, keyboard
    # Both drawings (expected and answered) show only the tiles placed so far: 2 tiles
    # after the opening, at most 2 more per action; the marks only at the last action.
    assert int(first[1]) == 2 <= int(second[1]) <= int(third[1]) <= 6 <= int(end[1])
    marks = end[2].split("/")[1]
    assert end[2] == f"{marks}/{marks}"
    assert first[2] == second[2] == third[2] == f"0/{marks}"
    assert first_again == first
