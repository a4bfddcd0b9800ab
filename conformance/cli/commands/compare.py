"""``compare``: several engines side by side, case by case, grouped by rule."""

from __future__ import annotations

import argparse
import json
import string
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from conformance.cli.commands import Command
from conformance.cli.commands.common import (
    add_sandbox_options,
    add_selection_options,
    add_timeout_option,
    confine,
    empty_selection,
    error,
    warn_partial_containment,
    write_file,
    write_stdout,
)
from conformance.engine.client import EngineStartError, split_command
from conformance.engine.sandbox import SandboxError
from conformance.reports.comparison import Comparison, compare_runs, comparison_object
from conformance.reports.sanitize import terminal_text
from conformance.reports.terminal import make_console
from conformance.runner.execute import (
    RunOptions,
    reference_engine,
    run_suite,
    select_cases,
)
from conformance.runner.outcomes import Outcome, RunResult
from conformance.suite.fixtures import FixtureError, load_cases
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import load_rules

if TYPE_CHECKING:
    from rich.text import Text

    from conformance.reports.html import EngineColumn

__all__ = ["COMMAND"]

_CELL = {
    Outcome.PASSED: "pass",
    Outcome.FAILED: "FAIL",
    Outcome.ERRORED: "ERROR",
    Outcome.SKIPPED: "skip",
    Outcome.XFAILED: "xfail",
    Outcome.XPASSED: "XPASS",
    Outcome.NOT_RUN: "not run",
}


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        dest="engines",
        action="append",
        default=[],
        metavar="CMD",
        help="command starting one engine's adapter (repeat: one column per engine)",
    )
    parser.add_argument(
        "--reference",
        action="store_true",
        help="add the built-in reference engine as the first column",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="show every case, not only those some engine fails or errs on",
    )
    parser.add_argument("--html", type=Path, metavar="FILE", help="also write the matrix as a page")
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="json: one object with each engine's totals and scores per rule group, and "
        "each case shown with every engine's outcome",
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the matrix (auto: on a terminal, unless NO_COLOR is set)",
    )
    add_selection_options(parser)
    add_timeout_option(parser)
    add_sandbox_options(parser)


def _engines(args: argparse.Namespace) -> list[tuple[list[str], Mapping[str, str] | None]] | None:
    engines: list[tuple[list[str], Mapping[str, str] | None]] = []
    if args.reference:
        argv, env = reference_engine()
        engines.append((argv, env))
    for text in args.engines:
        try:
            engines.append((split_command(text), None))
        except ValueError as exc:
            error(f"bad --engine {text!r}: {exc}")
            return None
    if len(engines) < 2:
        error("compare needs at least two engines (--engine CMD, repeated, or --reference)")
        return None
    if len(engines) > len(string.ascii_uppercase):
        error(f"compare shows at most {len(string.ascii_uppercase)} engines")
        return None
    try:
        confined = [(confine(args, argv, env), env) for argv, env in engines]
    except SandboxError as exc:
        error(str(exc))
        return None
    warn_partial_containment(args)
    return confined


_STYLE = {
    Outcome.PASSED: "green",
    Outcome.FAILED: "bold red",
    Outcome.ERRORED: "bold yellow",
    Outcome.SKIPPED: "dim",
    Outcome.XFAILED: "magenta",
    Outcome.XPASSED: "bold red",
    Outcome.NOT_RUN: "yellow",
}


def _matrix(columns: Sequence[EngineColumn], comparison: Comparison) -> list[Text]:
    from rich.text import Text

    lines = [Text("Engines:", style="bold")]
    for column, summary in zip(columns, comparison.summaries, strict=True):
        run = column.result
        counts = ", ".join(
            f"{n} {word}"
            for n, word in (
                (summary.passed, "passed"),
                (summary.failed, "failed"),
                (summary.errored, "errored"),
                (summary.skipped, "skipped"),
            )
            if n
        )
        name = terminal_text(str(run.engine)) if run.engine else "no engine"
        lines.append(Text(f"  {column.label}  {name}: {counts or 'nothing run'}"))
        if run.aborted:
            lines.append(Text(terminal_text(f"     run stopped: {run.aborted}"), style="red"))
    lines.extend(_group_table(columns, comparison))
    if not comparison.shown:
        lines.extend(
            [Text(""), Text(f"No engine fails any of the {comparison.total} cases.", style="green")]
        )
        return lines
    width = max(len(row.case_id) for _, rows in comparison.rules for row in rows) + 2
    lines.append(Text(""))
    head = " " * (width + 2) + "".join(f"{c.label:<7}" for c in columns)
    lines.append(Text(head.rstrip(), style="bold"))
    for rule, rows in comparison.rules:
        lines.append(Text(rule, style="bold"))
        for row in rows:
            cells_text = [(f"{_CELL[o]:<7}", _STYLE[o]) for o in row.outcomes]
            line = Text.assemble(f"  {row.case_id:<{width}}", *cells_text)
            line.rstrip()
            lines.append(line)
    what = "cases" if comparison.shown == comparison.total else "cases some engine fails or errs on"
    lines.extend([Text(""), Text(f"{comparison.shown} of {comparison.total} {what} shown")])
    return lines


def _group_table(columns: Sequence[EngineColumn], comparison: Comparison) -> list[Text]:
    """Conformance per rule group: cases passed of those judged, one column per engine."""
    from rich.text import Text

    if not comparison.groups:
        return []
    width = max(len(g) for g in comparison.groups) + 2
    lines = [
        Text(""),
        Text("Per rule group (cases passed of those run, skips left out):", style="bold"),
        Text(
            (" " * (width + 2) + "".join(f"{c.label:<9}" for c in columns)).rstrip(), style="bold"
        ),
    ]
    for index, group in enumerate(comparison.groups):
        scores = [summary.groups[index] for summary in comparison.summaries]
        cells = [
            (
                f"{score.text():<9}",
                "dim" if score.share is None else "green" if score.share == 1 else "bold red",
            )
            for score in scores
        ]
        line = Text.assemble(f"  {group:<{width}}", *cells)
        line.rstrip()
        lines.append(line)
    return lines


def _render(lines: Sequence[Text], color: str) -> str:
    console = make_console(sys.stdout, color)
    # Captured, not printed: write_stdout handles a closed or full output.
    with console.capture() as captured:
        for line in lines:
            console.print(line, soft_wrap=True, overflow="ignore")
    return captured.get()


def _execute(args: argparse.Namespace) -> int:
    from conformance.reports.html import EngineColumn

    engines = _engines(args)
    if engines is None:
        return 2
    try:
        rules = load_rules()
        cases = load_cases([fixtures_dir()], rules=rules)
    except (FixtureError, DataNotFoundError, ValueError, OSError) as exc:
        error(str(exc))
        return 2
    selected = select_cases(cases, keywords=args.keywords, rules=args.rules, cmds=args.cmds)
    if not selected:
        error(empty_selection(args, cases, rules))
        return 2
    runs: list[RunResult] = []
    for argv, env in engines:
        try:
            runs.append(
                run_suite(
                    argv,
                    selected,
                    options=RunOptions(timeout=args.timeout, locate_perft=False),
                    env=env,
                )
            )
        except EngineStartError as exc:
            error(f"engine {' '.join(argv)!r}: {exc}")
            return 2
    columns = [EngineColumn(string.ascii_uppercase[i], run) for i, run in enumerate(runs)]
    comparison = compare_runs(selected, runs, rules, every=args.all)
    if args.format == "json":
        labels = [column.label for column in columns]
        obj = comparison_object(comparison, runs, labels)
        written = write_stdout(json.dumps(obj, allow_nan=False) + "\n")
    else:
        written = write_stdout(_render(_matrix(columns, comparison), args.color))
    if args.html is not None:
        from conformance.reports.html import render_compare

        page = args.html

        def write() -> None:
            page.write_text(render_compare(columns, comparison), encoding="utf-8")

        written &= write_file("the comparison page", page, write)
    if not written:
        return 2
    # Skips are no difference: an engine that lacks a command says nothing of its rules.
    fine = not comparison.differing and not any(run.aborted for run in runs)
    return 0 if fine else 1


COMMAND = Command(
    name="compare",
    help="run the suite against several engines and show them side by side",
    description="Run the suite's cases against each engine and print, for each engine, its "
    "totals and its conformance per rule group (cases passed of those run), then a matrix: "
    "one row per case, grouped by rule (its first cited rule), one column per engine. By "
    "default only the cases some engine fails or errs on are shown; a case an engine skips "
    "is no difference (--all: every case). Exit 0: no engine fails or errs on any case; "
    "1: some engine does; 2: could not run. With --format json, stdout is one JSON object "
    '(format 1): {"format", "total", "differing", "groups", "engines": [{"label", "name", '
    '"version", "argv", "passed", "failed", "errored", "skipped", "groups", "aborted"}], '
    '"cases": [{"id", "rule", "outcomes"}]}.',
    configure=_configure,
    execute=_execute,
)
