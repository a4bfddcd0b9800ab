"""The example site, built from fresh runs by ``python tools/build_example_site.py OUT``
(it is not committed: CI builds it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.site import check_site_page
from tools import build_example_site


def test_the_builder_runs_the_engines_and_writes_the_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two of the engines, a release history of one: the whole set is the site tests' own.
    engines = {
        stem: argv
        for stem, argv in build_example_site.ENGINES.items()
        if stem in ("reference", "example-engine-0.1", "example-engine-1.0")
    }
    monkeypatch.setattr(build_example_site, "ENGINES", engines)
    out, reports = tmp_path / "site", tmp_path / "reports"
    assert build_example_site.main([str(out), "--reports", str(reports)]) == 0
    assert sorted(p.stem for p in reports.glob("*.json")) == sorted(engines)
    check_site_page(out / "index.html")
    assert (out / "badges").is_dir()


def test_an_engine_that_cannot_run_stops_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build_example_site, "ENGINES", {"gone": ["no-such-engine-here"]})
    assert build_example_site.main([str(tmp_path / "site")]) == 2
    assert capsys.readouterr().err.startswith("gone: ")
    assert not (tmp_path / "site").exists()
