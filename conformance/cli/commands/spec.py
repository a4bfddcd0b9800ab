"""``spec``: the normative rules as one readable, self-contained HTML page."""

from __future__ import annotations

import argparse
from pathlib import Path

from conformance.cli.commands import Command
from conformance.cli.commands.common import error
from conformance.suite.resources import DataNotFoundError, rules_path

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--html",
        type=Path,
        required=True,
        metavar="FILE",
        help="write the page to FILE ('-' for standard output)",
    )


def _execute(args: argparse.Namespace) -> int:
    # Imported here: markdown-it and the drawings are only needed by this command.
    from conformance.specdoc.page import spec_html

    try:
        text = rules_path().read_text(encoding="utf-8")
    except (DataNotFoundError, OSError) as exc:
        error(str(exc))
        return 2
    page = spec_html(text)
    if str(args.html) == "-":
        print(page, end="")
        return 0
    try:
        args.html.write_text(page, encoding="utf-8")
    except OSError as exc:
        error(f"cannot write {args.html}: {exc.strerror or exc}")
        return 2
    return 0


COMMAND = Command(
    name="spec",
    help="write the rules as one HTML page",
    description="Render spec/rules.md (rules, readings, theorems, the worked examples "
    "drawn in SVG) as one self-contained HTML page. Each rule has the anchor "
    "'rule-<ID>', each example 'example-<N>'. Exit 0: written; 2: it could not be.",
    configure=_configure,
    execute=_execute,
)
