"""``site``: a static conformance site from JSON reports, across engines and versions."""

from __future__ import annotations

import argparse
from pathlib import Path

from conformance.cli.commands import Command
from conformance.cli.commands.common import error

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "reports",
        nargs="+",
        type=Path,
        metavar="REPORT.json",
        help="reports written by 'seven-rocks-conformance run --format json'",
    )
    parser.add_argument(
        "--out", required=True, type=Path, metavar="DIR", help="write the site into DIR"
    )
    parser.add_argument(
        "--base-url",
        default="",
        metavar="URL",
        help="where the site will be published, for the badge snippets on engine pages "
        "(e.g. https://you.github.io/engine/conformance)",
    )


def _execute(args: argparse.Namespace) -> int:
    # Imported here: only this command needs the site's modules and leather.
    from conformance.site.build import SiteFolderError, build_site, write_site
    from conformance.site.reading import ReportError, read_report
    from conformance.suite.fixtures import FixtureError
    from conformance.suite.resources import DataNotFoundError

    try:
        reports = [read_report(path) for path in args.reports]
        files = build_site(reports, base_url=args.base_url)
    except ReportError as exc:
        error(str(exc))
        return 2
    except (FixtureError, DataNotFoundError) as exc:
        error(f"the installed suite cannot be read: {exc}")
        return 2
    try:
        write_site(args.out, files)
    except SiteFolderError as exc:
        error(str(exc))
        return 2
    except OSError as exc:
        error(f"cannot write the site to {args.out}: {exc.strerror or exc}")
        return 2
    engines = sum(1 for name in files if name.startswith("engines/"))
    pages = sum(1 for name in files if name.endswith(".html"))
    print(f"{args.out}: {pages} pages for {engines} engine(s) from {len(reports)} report(s)")
    return 0


COMMAND = Command(
    name="site",
    help="write a static conformance site (index, engine and rule pages, badges) from reports",
    description="Combine JSON reports (run --format json) of any engines, engine versions and "
    "suite versions into a static site that works from the file system: an index of engines "
    "by rule group, a page per engine (its latest report, claims, badge, history) and a page "
    "per rule. A report of an older suite counts the cases added since as not run. "
    "Exit 0: written; 2: a report is refused (named) or the site cannot be written.",
    configure=_configure,
    execute=_execute,
)
