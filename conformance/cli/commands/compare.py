"""``compare``: several engines side by side, case by case, grouped by rule."""

from __future__ import annotations

import argparse
import string
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from conformance.cli.commands import Command
from conformance.cli.commands.common import (
    add_selection_options,
    add_timeout_option,
    error,
    write_file,
    write_stdout,
)
from conformance.engine.client import EngineStartError, split_command
from conformance.reports.sanitize import terminal_text
from conformance.reports.terminal import make_console
from conformance.runner.execute import (
    RunOptions,
    reference_engine,
    run_suite,
    select_cases,
)
from conformance.runner.outcomes import Outcome, RunResult
from conformance.suite.fixtures import Case, FixtureError, load_cases
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import Rule, load_rules

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
}

Rows = list[tuple[str, list[tuple[str, str, list[str]]]]]
"""(rule, [(case id, description, outcome per engine)]), rules in rules.md order."""


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
        "--all", action="store_true", help="show every case, not only those not all engines pass"
    )
    parser.add_argument("--html", type=Path, metavar="FILE", help="also write the matrix as a page")
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the matrix (auto: on a terminal, unless NO_COLOR is set)",
    )
    add_selection_options(parser)
    add_timeout_option(parser)


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
    return engines


def _rows(
    cases: Sequence[Case], runs: Sequence[RunResult], rules: Mapping[str, Rule], every: bool
) -> Rows:
    outcomes = [{r.case.id: r.outcome for r in run.results} for run in runs]
    groups: dict[str, list[tuple[str, str, list[str]]]] = {}
    for case in cases:
        cells = [o.get(case.id, Outcome.SKIPPED) for o in outcomes]
        if every or any(c is not Outcome.PASSED for c in cells):
            rule = case.rules[0] if case.rules else "(no rule)"
            groups.setdefault(rule, []).append(
                (case.id, case.description, [c.value for c in cells])
            )
    order = {rule_id: i for i, rule_id in enumerate(rules)}
    return sorted(groups.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))


_STYLE = {
    Outcome.PASSED: "green",
    Outcome.FAILED: "bold red",
    Outcome.ERRORED: "bold yellow",
    Outcome.SKIPPED: "dim",
    Outcome.XFAILED: "magenta",
    Outcome.XPASSED: "bold red",
}


def _matrix(columns: Sequence[EngineColumn], rows: Rows, shown: int, total: int) -> list[Text]:
    from rich.text import Text

    lines = [Text("Engines:", style="bold")]
    for column in columns:
        run = column.result
        totals = run.totals()
        counts = ", ".join(f"{totals[o.value]} {o.value}" for o in Outcome if totals[o.value])
        name = terminal_text(str(run.engine)) if run.engine else "no engine"
        lines.append(Text(f"  {column.label}  {name}: {counts or 'nothing run'}"))
        if run.aborted:
            lines.append(Text(terminal_text(f"     run stopped: {run.aborted}"), style="red"))
    if not rows:
        lines.extend([Text(""), Text(f"Every engine passes all {total} cases.", style="green")])
        return lines
    width = max(len(case_id) for _, cases in rows for case_id, _, _ in cases) + 2
    lines.append(Text(""))
    head = " " * (width + 2) + "".join(f"{c.label:<7}" for c in columns)
    lines.append(Text(head.rstrip(), style="bold"))
    for rule, cases in rows:
        lines.append(Text(rule, style="bold"))
        for case_id, _, cells in cases:
            outcomes = [Outcome(c) for c in cells]
            cells_text = [(f"{_CELL[o]:<7}", _STYLE[o]) for o in outcomes]
            line = Text.assemble(f"  {case_id:<{width}}", *cells_text)
            line.rstrip()
            lines.append(line)
    lines.extend([Text(""), Text(f"{shown} of {total} cases shown")])
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
        error(f"no case matches the selection ({len(cases)} cases loaded)")
        return 2
    runs: list[RunResult] = []
    for argv, env in engines:
        try:
            runs.append(
                run_suite(argv, selected, options=RunOptions(timeout=args.timeout), env=env)
            )
        except EngineStartError as exc:
            error(f"engine {' '.join(argv)!r}: {exc}")
            return 2
    columns = [EngineColumn(string.ascii_uppercase[i], run) for i, run in enumerate(runs)]
    rows = _rows(selected, runs, rules, args.all)
    shown = sum(len(c) for _, c in rows)
    written = write_stdout(_render(_matrix(columns, rows, shown, len(selected)), args.color))
    if args.html is not None:
        from conformance.reports.html import render_compare

        page, every = args.html, args.all

        def write() -> None:
            page.write_text(render_compare(columns, rows, shown_all=every), encoding="utf-8")

        written &= write_file("the comparison page", page, write)
    if not written:
        return 2
    agree = all(
        len({run.results[i].outcome for run in runs}) == 1 for i in range(len(selected))
    ) and all(len(run.results) == len(selected) for run in runs)
    return 0 if agree and all(run.ok() for run in runs) else 1


COMMAND = Command(
    name="compare",
    help="run the suite against several engines and show them side by side",
    description="Run the suite's cases against each engine and print a matrix: one row per "
    "case, grouped by rule (its first cited rule), one column per engine. By default only "
    "the cases not every engine passes are shown (--all: every case). Exit 0: the engines "
    "agree on every case and none fails; 1: they differ or something fails; 2: could not run.",
    configure=_configure,
    execute=_execute,
)
