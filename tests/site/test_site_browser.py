"""The site in headless Chromium: no errors, nothing fetched from elsewhere, the index
usable by keyboard and without script, every page within a phone's width."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.support.browser import Browser, chromium
from tests.support.cli import cli
from tests.support.tools import missing_reason

pytestmark = pytest.mark.skipif(
    chromium() is None, reason=missing_reason("chromium", "no Chromium browser installed")
)

_FOCUSED = """(function () {
  var e = document.activeElement;
  return [e.tagName, e.id || "", e.textContent.trim().slice(0, 40), e.getAttribute("href") || ""];
}())"""
_SHOWN = "Array.from(document.querySelectorAll('#engines tbody tr')).filter(r => !r.hidden)"
_NAMES = f"{_SHOWN}.map(r => r.querySelector('th[data-key=name]').dataset.value)"
_OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture(scope="module")
def site(site_reports: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browsed") / "site"
    done = cli("site", "--out", str(out), *map(str, site_reports.values()))
    assert done.returncode == 0, done.stderr
    return out.resolve()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium()
    assert executable is not None
    with Browser(executable) as b:
        yield b


def _inside(site: Path):  # type: ignore[no-untyped-def]
    def keep(url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme == "data":
            return False
        return not (parts.scheme == "file" and Path(parts.path).is_relative_to(site))

    return keep


def test_no_page_has_errors_or_fetches_from_elsewhere(browser: Browser, site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 60
    browser.viewport(1280, 900)
    for page in pages:
        browser.events.clear()
        browser.open(page.as_uri())
        assert browser.problems() == [], page.relative_to(site)
        assert browser.requests(_inside(site)) == [], page.relative_to(site)
        requested = browser.requests()
        assert requested[0] == page.as_uri()
        # Every image the page shows was found (a badge missing would be a broken image).
        broken = browser.evaluate(
            "Array.from(document.images).filter(i => !i.complete || !i.naturalWidth).length"
        )
        assert broken == 0, page.relative_to(site)


def test_the_index_works_by_keyboard(browser: Browser, site: Path) -> None:
    browser.viewport(1280, 900)
    browser.open((site / "index.html").as_uri())
    total = browser.evaluate(f"{_SHOWN}.length")
    assert total >= 5
    focused = []
    for _ in range(12):
        browser.press("Tab")
        focused.append(browser.evaluate(_FOCUSED))
        if focused[-1][1] == "engine-filter":
            break
    assert focused[-1][1] == "engine-filter", focused
    browser.type_text("mutant")
    mutants = browser.evaluate(f"{_SHOWN}.length")
    assert 0 < mutants < total
    assert browser.evaluate("document.getElementById('engine-count').textContent") == (
        f"{mutants} of {total} engine(s) shown"
    )
    # On to the header's sort buttons: the engine column sorts by name.
    for _ in range(12):
        browser.press("Tab")
        if browser.evaluate(_FOCUSED)[2] == "engine":
            break
    assert browser.evaluate(_FOCUSED)[:1] == ["BUTTON"]
    browser.press("Enter")
    names = browser.evaluate(_NAMES)
    assert names == sorted(names) and len(names) == mutants
    browser.press("Enter")
    assert browser.evaluate(_NAMES) == sorted(names, reverse=True)
    # Tab on to the first engine's link and follow it.
    for _ in range(30):
        browser.press("Tab")
        if browser.evaluate(_FOCUSED)[3].startswith("engines/"):
            break
    target = browser.evaluate(_FOCUSED)[3]
    assert target.startswith("engines/")
    browser.events.clear()
    browser.press("Enter")
    browser.wait_for("Page.loadEventFired")
    assert browser.evaluate("location.href") == (site / target).as_uri()


def test_the_index_reads_without_script(browser: Browser, site: Path) -> None:
    browser.call("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.open((site / "index.html").as_uri())
        assert browser.evaluate("document.getElementById('index-tools').hidden") is True
        assert browser.evaluate("document.querySelectorAll('#engines button').length") == 0
        rows = browser.evaluate("document.querySelectorAll('#engines tbody tr').length")
        assert rows >= 5
    finally:
        browser.call("Emulation.setScriptExecutionDisabled", {"value": False})


@pytest.mark.parametrize(
    "page",
    ["index.html", "engines/example-engine.html", "rules/spinner.first-double.html", "spec.html"],
)
def test_pages_fit_a_phone(browser: Browser, site: Path, page: str, tmp_path: Path) -> None:
    browser.viewport(390, 844, mobile=True)
    try:
        browser.open((site / page).as_uri())
        assert browser.evaluate("document.documentElement.clientWidth") == 390
        assert browser.evaluate(_OVERFLOW) == 0, f"{page} is wider than the phone"
        shot = tmp_path / "phone.png"
        browser.screenshot(shot, full=False)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        browser.viewport(1280, 900)


def test_the_checks_see_errors_and_requests_elsewhere(browser: Browser, tmp_path: Path) -> None:
    page = tmp_path / "broken.html"
    page.write_text(
        "<!DOCTYPE html><html><body><img src='http://127.0.0.1:9/x.png'/>"
        "<script>nosuch();</script></body></html>"
    )
    browser.events.clear()
    browser.open(page.as_uri())
    assert any("nosuch" in p for p in browser.problems())
    assert "http://127.0.0.1:9/x.png" in browser.requests(_inside(tmp_path.resolve()))
