"""The whole site: every page, badge and endpoint from a list of reports, and writing it.

The files are built in memory first, in a fixed order, from the reports alone (and the
installed suite's rules and fixtures): the same reports give the same site, byte for
byte. Writing replaces the files of an earlier build in the same folder, listed in its
manifest, and refuses a folder holding anything else.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from conformance.reports.json_report import report_object
from conformance.runner.outcomes import RunResult
from conformance.site.badge import Badge, badge_for
from conformance.site.engine_page import engine_page
from conformance.site.model import Combined, Run, combine
from conformance.site.pages import Pages, rule_page_name
from conformance.site.reading import Report, report_from
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.resources import fixtures_dir, rules_path
from conformance.suite.rules import Rule, load_rules

__all__ = ["MANIFEST", "SiteFolderError", "build_site", "run_badge", "write_site"]

MANIFEST = ".seven-rocks-site"
"""The file listing what a build wrote, so that the next build may replace it."""
_MANIFEST_HEAD = "seven-rocks-conformance site: files written by the last build\n"


class SiteFolderError(OSError):
    """The output folder cannot take the site (it holds other files, or is not a folder)."""


def build_site(
    reports: Sequence[Report],
    *,
    base_url: str = "",
    rules: Mapping[str, Rule] | None = None,
    known: Mapping[str, Case] | None = None,
) -> dict[str, bytes]:
    """Every file of the site, by path relative to its root.

    ``rules`` and ``known`` default to the installed suite's rules and cases: the rules
    give each rule page its statement, the cases fill in what no report says of a case.
    ``base_url`` is where the site will be published, for the badge snippets.
    Raises `ReportError` when two reports are runs of the same engine version on the
    same suite version.
    """
    if not reports:
        raise ValueError("a site needs at least one report")
    rules = load_rules() if rules is None else rules
    if known is None:
        known = {c.id: c for c in load_cases([fixtures_dir()], rules=rules)}
    combined = combine(reports, known=known, rule_order=list(rules))
    return _files(combined, rules, len(reports), base_url)


def _files(
    combined: Combined, rules: Mapping[str, Rule], count: int, base_url: str
) -> dict[str, bytes]:
    from conformance.specdoc.page import spec_html

    pages = Pages(combined, rules, count)
    files: dict[str, bytes] = {}
    texts: dict[str, str] = {}
    for engine in combined.engines:
        badge = badge_for(engine.latest.suite_version, engine.latest.own_score())
        files[f"badges/{engine.slug}.svg"] = badge.svg().encode()
        endpoint = json.dumps(badge.endpoint(), ensure_ascii=False, indent=2) + "\n"
        files[f"badges/{engine.slug}.json"] = endpoint.encode()
        texts[engine.slug] = f"{badge.label}: {badge.message}"
        page = engine_page(pages, engine, badge, base_url=base_url)
        files[f"engines/{engine.slug}.html"] = page.encode()
    files["index.html"] = pages.index(texts).encode()
    for rule_id in pages.rule_ids():
        name = rule_page_name(rule_id)
        if name is not None:
            files[f"rules/{name}"] = pages.rule(rule_id).encode()
    files["spec.html"] = spec_html(rules_path().read_text(encoding="utf-8")).encode()
    return dict(sorted(files.items()))


def run_badge(result: RunResult) -> Badge:
    """The badge of one run, counted as the site counts its JSON report (ReportError when
    the run left the suite out)."""
    run = Run.of(report_from(report_object(result), source="the run"))
    return badge_for(run.suite_version, run.own_score())


def write_site(out: Path, files: Mapping[str, bytes]) -> None:
    """Write ``files`` under ``out`` (made if missing), replacing an earlier build's.

    Raises `SiteFolderError` when ``out`` holds files no build of the site wrote, and
    OSError when writing fails.
    """
    manifest = out / MANIFEST
    if out.exists() and not out.is_dir():
        raise SiteFolderError(f"{out} is not a folder")
    earlier: list[str] = []
    if out.is_dir() and any(out.iterdir()):
        if not manifest.is_file():
            raise SiteFolderError(
                f"{out} is not empty and holds no site written by this command: "
                "give an empty or new folder"
            )
        lines = manifest.read_text(encoding="utf-8").splitlines()
        earlier = [line for line in lines[1:] if line and not line.startswith("/")]
    for name in earlier:
        target = out / name
        # Only plain files inside the folder: a manifest cannot make this reach elsewhere.
        if ".." not in Path(name).parts and target.is_file() and not target.is_symlink():
            target.unlink()
    for name, content in files.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    for folder in sorted({(out / n).parent for n in earlier}, reverse=True):
        if folder != out and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    manifest.write_text(_MANIFEST_HEAD + "".join(f"{n}\n" for n in files), encoding="utf-8")
