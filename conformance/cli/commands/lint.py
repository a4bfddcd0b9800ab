"""``lint``: check fixture files against the schema and the semantic rules."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from conformance.cli.commands import Command
from conformance.cli.commands.common import error
from conformance.reports.sanitize import terminal_text
from conformance.suite.files import visible_name
from conformance.suite.fixtures import lint
from conformance.suite.resources import DataNotFoundError, fixtures_dir

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dirs",
        nargs="*",
        type=Path,
        metavar="DIR",
        help="folders of fixture files (default: the suite's own)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="json: one object with the counts and each problem's kind, file, case, line "
        "and message",
    )


def _execute(args: argparse.Namespace) -> int:
    try:
        dirs: list[Path] = args.dirs or [fixtures_dir()]
    except DataNotFoundError as exc:
        error(str(exc))
        return 2
    missing = [d for d in dirs if not d.is_dir()]
    if missing:
        error(f"not a directory: {', '.join(visible_name(str(d)) for d in missing)}")
        return 2
    result = lint(dirs)
    if args.format == "json":
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return 1 if result.problems else 0
    for problem in result.problems:
        # A YAML key or value may hold anything: one visible line per problem.
        print(terminal_text(str(problem)).replace("\n", "\\n"))
    print(
        f"{result.files} file(s), {result.cases} case(s): {len(result.problems) or 'no'} problem(s)"
    )
    return 1 if result.problems else 0


COMMAND = Command(
    name="lint",
    help="check fixture files (the suite's or your own)",
    description="Validate fixture files against fixture.schema.json and the semantic checks "
    "(JSON data only, unique ids and keys, rule IDs present in rules.md or renamed there, "
    "rules that the case's command can observe, sources), naming "
    "file, line and case in each message. Parsed files are cached by content (see "
    "SEVEN_ROCKS_CACHE_DIR, SEVEN_ROCKS_NO_CACHE). Exit 0: clean; 1: problems found; "
    "2: no such folder. With --format json, stdout is one JSON object: "
    '{"files", "cases", "problems": [{"kind", "file", "case", "line", "message"}]}.',
    configure=_configure,
    execute=_execute,
)
