"""The whole site: every page, badge and endpoint from a list of reports, and writing it.

The files are built in memory first, in a fixed order, from the reports alone (and the
installed suite's rules and fixtures): the same reports give the same site, byte for
byte. Writing replaces the files of an earlier build in the same folder, listed in its
manifest, and refuses a folder holding anything else.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
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
from conformance.suite.folders import (
    CLOEXEC,
    NOFOLLOW,
    NONBLOCK,
    open_folder,
    open_path,
    remove_file,
    replace_file,
)
from conformance.suite.resources import fixtures_dir, rules_path
from conformance.suite.rules import Rule, load_rules

__all__ = ["MANIFEST", "SiteFolderError", "build_site", "run_badge", "write_site"]

MANIFEST = ".seven-rocks-site"
"""The file listing what a build wrote, so that the next build may replace it."""
_MANIFEST_HEAD = "seven-rocks-conformance site: files written by the last build\n"
_MAX_MANIFEST_BYTES = 16 * 1024 * 1024
"""A larger manifest is no build's: a site of the whole suite lists under 100 KB."""


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

    Only regular files inside ``out`` are written or removed: no link in it is followed,
    neither a link in place of a file nor one in place of a folder (``out`` itself
    included), so that links planted in the folder cannot carry a write or a removal
    elsewhere. Raises `SiteFolderError` when ``out`` holds files no build of the site
    wrote, or a link or other file where the site needs a folder, and OSError when
    writing fails.
    """
    with contextlib.suppress(FileExistsError):
        out.parent.mkdir(parents=True, exist_ok=True)
    try:
        top = open_folder(str(out), None, make=0o777)
    except OSError as exc:
        raise SiteFolderError(_unusable(out, exc)) from None
    try:
        earlier = _earlier(out, top)
        for name in earlier:
            _remove(top, name)
        for name, content in files.items():
            *folders, base = name.split("/")
            try:
                folder = open_path(top, folders, make=0o777)
            except OSError as exc:
                raise SiteFolderError(_unusable(out.joinpath(*folders), exc)) from None
            try:
                replace_file(folder, base, content, 0o666)
            finally:
                os.close(folder)
        _prune_folders(top, earlier)
        listing = _MANIFEST_HEAD + "".join(f"{n}\n" for n in files)
        replace_file(top, MANIFEST, listing.encode(), 0o666)
    finally:
        os.close(top)


def _unusable(folder: Path, exc: OSError) -> str:
    if exc.errno in (errno.ELOOP, errno.ENOTDIR):
        return f"{folder} is not a folder (a link to one is not followed)"
    return f"cannot use {folder} as a folder of the site: {exc.strerror or exc}"


def _earlier(out: Path, top: int) -> list[str]:
    """The files of the earlier build in the folder `top` (none when it is empty);
    `SiteFolderError` when it holds anything else."""
    if not os.listdir(top):
        return []
    try:
        fd = os.open(MANIFEST, os.O_RDONLY | NOFOLLOW | NONBLOCK | CLOEXEC, dir_fd=top)
    except OSError:
        fd = -1
    listing = b""
    if fd >= 0:
        with os.fdopen(fd, "rb") as stream:
            if stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                listing = stream.read(_MAX_MANIFEST_BYTES + 1)
    if not listing.startswith(_MANIFEST_HEAD.encode()) or len(listing) > _MAX_MANIFEST_BYTES:
        raise SiteFolderError(
            f"{out} is not empty and holds no site written by this command: "
            "give an empty or new folder"
        )
    lines = listing.decode("utf-8", "replace").splitlines()[1:]
    # Only plain names inside the folder: a manifest cannot make this reach elsewhere.
    return [line for line in lines if _inside(line)]


def _inside(name: str) -> bool:
    parts = name.split("/")
    return all(part not in ("", ".", "..") and "\0" not in part for part in parts)


def _remove(top: int, name: str) -> None:
    """Remove the file `name` of an earlier build if it is a regular file reached
    through real folders."""
    *folders, base = name.split("/")
    try:
        folder = open_path(top, folders)
    except OSError:
        return  # gone, or a link or a file in place of a folder: nothing of ours
    try:
        remove_file(folder, base)
    finally:
        os.close(folder)


def _prune_folders(top: int, earlier: list[str]) -> None:
    """Remove the folders of the earlier build's files that are now empty, deepest first
    (a link is never a folder here: `os.rmdir` does not follow it)."""
    folders = {tuple(name.split("/")[:-1]) for name in earlier}
    for parts in sorted((f for f in folders if f), key=len, reverse=True):
        try:
            parent = open_path(top, list(parts[:-1]))
        except OSError:
            continue
        try:
            with contextlib.suppress(OSError):
                os.rmdir(parts[-1], dir_fd=parent)  # only when empty
        finally:
            os.close(parent)
