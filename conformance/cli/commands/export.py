"""``export``: the suite as one JSON file, for harnesses in any language."""

from __future__ import annotations

import argparse
from pathlib import Path

from conformance.cli.commands import Command
from conformance.cli.commands.common import add_selection_options, error, write_file, write_stdout

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=["json"],
        default="json",
        help="the file's format (default json; spec/schemas/suite.schema.json)",
    )
    parser.add_argument(
        "--fixtures",
        dest="fixture_dirs",
        action="append",
        default=[],
        type=Path,
        metavar="DIR",
        help="also export the cases of this folder (repeatable)",
    )
    parser.add_argument(
        "--no-suite",
        action="store_true",
        help="leave out the suite's own cases (export only those given with --fixtures)",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help="write to FILE instead of standard output",
    )
    add_selection_options(parser)


def _execute(args: argparse.Namespace) -> int:
    # Imported here: loading fixtures is only needed when the command runs.
    from conformance.export import suite_json
    from conformance.runner.select import select_cases
    from conformance.suite.fixtures import FixtureError, load_cases
    from conformance.suite.resources import DataNotFoundError, fixtures_dir
    from conformance.suite.rules import load_rules

    if args.no_suite and not args.fixture_dirs:
        error("--no-suite needs at least one --fixtures DIR")
        return 2
    try:
        rules = load_rules()
        dirs = ([] if args.no_suite else [fixtures_dir()]) + args.fixture_dirs
        cases = load_cases(dirs, rules=rules, schema_dirs=args.fixture_dirs)
    except (FixtureError, DataNotFoundError, OSError) as exc:
        error(str(exc))
        return 2
    chosen = select_cases(cases, keywords=args.keywords, rules=args.rules, cmds=args.cmds)
    text = suite_json(chosen, rules)
    if args.output is None:
        return 0 if write_stdout(text) else 2
    written = write_file(
        "the suite", args.output, lambda: args.output.write_text(text, encoding="utf-8")
    )
    return 0 if written else 2


COMMAND = Command(
    name="export",
    help="write the suite's cases as one JSON file",
    description="Write every case (its request, the expected result or rejection, the "
    "arrays compared as multisets, its rules, features and source) as one JSON document "
    "with the suite's version and the rules' statements, for test harnesses in any "
    "language (spec/schemas/suite.schema.json). Exit 0: written; 2: the fixtures could "
    "not be read or the file not written.",
    configure=_configure,
    execute=_execute,
)
