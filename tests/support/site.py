"""Shared by the site's tests: real reports, made once, and checks of the pages written."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from tests.support.html import _Checker
from tests.support.third_party import all_fives_version
from tools.build_example_site import ENGINES, THIRD_PARTY, run_report

__all__ = [
    "SITE_ENGINES",
    "THIRD_PARTY",
    "assert_links_resolve",
    "check_site_page",
    "load",
    "make_reports",
    "older_suite",
    "site_links",
    "third_party_installed",
]

SITE_ENGINES = ENGINES
"""The engines of the example site: the reference, mutants, all-fives-domino and the
releases of tools/example_engine.py (report file stem -> command line)."""


def third_party_installed() -> bool:
    """Whether the all-fives-domino package (the thirdparty extra) can be imported."""
    return all_fives_version() is not None


def make_reports(folder: Path) -> dict[str, Path]:
    """Run every example engine once and write its JSON report into ``folder`` (the
    published engine only when it is installed)."""
    out = {}
    for stem, argv in SITE_ENGINES.items():
        if stem == THIRD_PARTY and not third_party_installed():
            continue
        path = folder / f"{stem}.json"
        path.write_text(run_report(argv), encoding="utf-8")
        out[stem] = path
    return out


def older_suite(report: dict[str, Any], version: str, dropped: int) -> dict[str, Any]:
    """``report`` as a run of an older suite ``version`` that lacked its last ``dropped``
    cases (as a suite that grows by adding cases would have)."""
    old = copy.deepcopy(report)
    gone = set(old["suite"]["cases"][-dropped:])
    old["suite"]["version"] = version
    old["suite"]["cases"] = old["suite"]["cases"][:-dropped]
    old["cases"] = [c for c in old["cases"] if c["id"] not in gone]
    return old


def check_site_page(path: Path) -> _Checker:
    """Parse one page strictly: balanced elements, unique ids, well-formed as XML, and
    nothing that would be fetched from elsewhere."""
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>"), path
    checker = _Checker()
    checker.feed(page)
    checker.close()
    assert checker.problems == [], (path, checker.problems[:3])
    assert checker.stack == [], (path, checker.stack)
    assert len(checker.ids) == len(set(checker.ids)), f"{path}: duplicate ids"
    ET.fromstring(page.removeprefix("<!DOCTYPE html>"))
    assert checker.tags.get("link", 0) == 0 and checker.tags.get("iframe", 0) == 0, path
    assert not re.search(r"url\(|@import", page), path
    for link in checker.links:
        assert urlsplit(link).scheme in ("", "data"), f"{path}: {link} leaves the site"
    return checker


def site_links(root: Path) -> list[tuple[Path, str, Path, str]]:
    """Every link of every page under ``root``: (page, link, target file, fragment)."""
    out = []
    for page in sorted(root.rglob("*.html")):
        checker = _Checker()
        checker.feed(page.read_text(encoding="utf-8"))
        for link in checker.links:
            parts = urlsplit(link)
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            out.append((page, link, target, unquote(parts.fragment)))
    return out


def assert_links_resolve(root: Path) -> int:
    """Check that every link of every page names a file of the site (and an anchor in
    it that exists); the number of links checked."""
    ids: dict[Path, set[str]] = {}
    links = site_links(root)
    for page, link, target, fragment in links:
        assert target.is_file(), f"{page.name}: {link} names no file"
        assert target.is_relative_to(root.resolve()), f"{page.name}: {link} leaves the site"
        if fragment and target.suffix == ".html":
            if target not in ids:  # parsed: ids and links alike have their entities decoded
                checker = _Checker()
                checker.feed(target.read_text(encoding="utf-8"))
                ids[target] = set(checker.ids)
            assert fragment in ids[target], f"{page.name}: {link}: no such anchor"
    return len(links)


def load(path: Path) -> dict[str, Any]:
    """A JSON report file, parsed."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
