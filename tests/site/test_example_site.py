"""examples/site/ is the site its reports build, and the reports are those of today's runs.

Rebuild both with ``python tools/build_example_site.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.site.build import MANIFEST
from tests.support.site import THIRD_PARTY, check_site_page, third_party_installed
from tests.support.tools import missing
from tools.build_example_site import ENGINES, REPORTS, SITE, same_run, site_files

REBUILD = "stale: rebuild it with python tools/build_example_site.py"


def test_every_example_engine_has_a_report() -> None:
    assert sorted(p.stem for p in REPORTS.glob("*.json")) == sorted(ENGINES)


def test_the_example_site_is_the_one_its_reports_build() -> None:
    files = site_files(REPORTS)
    on_disk = {
        p.relative_to(SITE).as_posix(): p.read_bytes()
        for p in SITE.rglob("*")
        if p.is_file() and p.name != MANIFEST
    }
    assert sorted(on_disk) == sorted(files), REBUILD
    changed = [name for name, content in files.items() if on_disk[name] != content]
    assert changed == [], f"{len(changed)} file(s) {REBUILD}: {changed[:5]}"
    check_site_page(SITE / "index.html")


@pytest.mark.parametrize("stem", sorted(ENGINES))
def test_the_example_reports_are_those_of_todays_runs(
    stem: str, site_reports: dict[str, Path]
) -> None:
    if stem == THIRD_PARTY and not third_party_installed():
        missing("all-fives-domino", "not installed (python -m pip install '.[thirdparty]')")
    committed = json.loads((REPORTS / f"{stem}.json").read_text(encoding="utf-8"))
    fresh = json.loads(site_reports[stem].read_text(encoding="utf-8"))
    assert same_run(committed, fresh), f"{REPORTS.name}/{stem}.json is {REBUILD}"
