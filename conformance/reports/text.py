"""The human report: each case that did not pass explained and drawn, then summaries.

The report is built as lines with a style each (``report_lines``); ``format_report``
gives it as plain text, ``print_report`` writes it through rich, coloured where the
console allows (see ``conformance.reports.terminal``). Everything an engine said passes
through ``terminal_text`` before it is shown.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TextIO

from rich import box
from rich.console import Console
from rich.table import Table

from conformance import SUITE_VERSION
from conformance.mutants.diagnosis import diagnose_run
from conformance.reports.fault import outcome_per_rule
from conformance.reports.misreadings import format_misreadings, headline
from conformance.reports.sanitize import terminal_text
from conformance.reports.terminal import ProgressBar, StyledLine, render_lines
from conformance.runner.compare import render
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.rules import Rule

__all__ = [
    "ProgressBar",
    "can_draw_boxes",
    "compact_line",
    "format_case",
    "format_report",
    "render_report",
    "report_lines",
    "rule_summary",
]

_LABEL = {
    Outcome.FAILED: "FAILED",
    Outcome.ERRORED: "ERROR",
    Outcome.XPASSED: "UNEXPECTEDLY PASSED",
    Outcome.SKIPPED: "SKIPPED",
    Outcome.XFAILED: "EXPECTED FAILURE",
    Outcome.PASSED: "PASSED",
    Outcome.NOT_RUN: "NOT RUN",
}
_STYLE = {
    Outcome.FAILED: "bold red",
    Outcome.ERRORED: "bold magenta",
    Outcome.XPASSED: "bold yellow",
    Outcome.SKIPPED: "yellow",
    Outcome.XFAILED: "dim",
    Outcome.PASSED: "green",
    Outcome.NOT_RUN: "bold yellow",
}
_COLUMNS = (
    ("pass", Outcome.PASSED),
    ("fail", Outcome.FAILED),
    ("error", Outcome.ERRORED),
    ("skip", Outcome.SKIPPED),
    ("xfail", Outcome.XFAILED),
    ("xpass", Outcome.XPASSED),
)
_COLUMNS_ALWAYS = frozenset({Outcome.PASSED, Outcome.FAILED, Outcome.ERRORED, Outcome.SKIPPED})
_DRAWN = frozenset({"table", "legal", "hand"})
_RULED_HEAD = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)
"""A table drawn with one ASCII rule under its head, and nothing else."""


def can_draw_boxes(stream: TextIO) -> bool:
    """Whether ``stream``'s encoding can write the board's box characters."""
    try:
        "┌╔┏●○".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _tail(text: str, lines: int = 15, width: int = 160) -> list[str]:
    # A flood of stderr must not drown the report: the last lines, each cut short.
    kept = text.rstrip().splitlines()[-lines:]
    return [line if len(line) <= width else line[: width - 3] + "..." for line in kept]


def _json(value: Any, limit: int = 2000) -> str:
    return render(value, limit)


def _board_lines(result: CaseResult, ascii: bool) -> list[str]:
    if result.case.cmd not in _DRAWN or result.reply is None:
        return []
    from conformance.board import case_board

    board = case_board(result.case, result.answer)
    if board is None:
        return []
    return [
        "  Table (expected | actual):",
        *("    " + x for x in board.text(ascii=ascii).split("\n")),
    ]


def _case_lines(result: CaseResult, rules: Mapping[str, Rule], ascii: bool) -> list[StyledLine]:
    case = result.case
    out: list[StyledLine] = [
        (f"{_LABEL[result.outcome]} {case.id}  ({case.file})", _STYLE[result.outcome]),
        (f"  {case.description}", ""),
        ("  Rules:", ""),
    ]
    for rule_id in case.rules:
        rule = rules.get(rule_id)
        out.append((f"    {rule_id}: {rule.text if rule else '(not in rules.md)'}", "cyan"))
    if result.request is not None:
        out.append((f"  Request:  {_json(result.request)}", ""))
    out.append((f"  Expected: {_json(case.expected.to_json())}", "green"))
    if result.reply is not None:
        out.append((f"  Actual:   {_json(result.reply)}", "red"))
    if result.reply_cut:
        out.append(("  Actual reply kept in part (judged whole):", "dim"))
        out.extend((f"    - {note}", "dim") for note in result.reply_cut)
    if result.mismatches:
        out.append(("  Differences (expected vs actual):", "bold"))
        out.extend((f"    - {m}", "yellow") for m in result.mismatches)
    elif result.message:
        out.append((f"  Problem:  {result.message}", "yellow"))
    if result.located:
        out.append((f"  Located:  {result.located}", "yellow"))
    out.extend((line, "") for line in _board_lines(result, ascii))
    if result.stderr_tail.strip():
        out.append(("  Engine stderr (tail):", "dim"))
        out.extend((f"    {line}", "dim") for line in _tail(result.stderr_tail))
    # Each entry is one line: a newline in engine text (or a file name) is shown escaped,
    # so that it cannot forge a line of the report ("361 passed").
    return [(terminal_text(text).replace("\n", "\\n"), style) for text, style in out]


def format_case(result: CaseResult, rules: Mapping[str, Rule], *, ascii: bool = False) -> str:
    """Everything about one case that did not pass, for a reader fixing the engine: its
    rules, request, expected and actual answers, the differences, and the table drawn."""
    return "\n".join(text for text, _ in _case_lines(result, rules, ascii))


def compact_line(result: CaseResult) -> str:
    """One line for a case that did not pass: outcome, id, the first problem."""
    problem = result.message or (str(result.mismatches[0]) if result.mismatches else "")
    return terminal_text(f"{_LABEL[result.outcome]} {result.case.id}: {problem}")


def _table(
    title: str, rows: Mapping[str, Mapping[str, int]], totals: Mapping[str, int]
) -> list[str]:
    shown = [(name, o) for name, o in _COLUMNS if totals[o.value] or o in _COLUMNS_ALWAYS]
    table = Table(box=_RULED_HEAD, show_edge=False, pad_edge=False, padding=(0, 0, 0, 2))
    table.add_column(title, no_wrap=True)
    for name, _ in shown:
        table.add_column(name, justify="right", no_wrap=True)
    for name, counts in rows.items():
        table.add_row(name, *(str(counts[o.value]) for _, o in shown))
    # Drawn as plain text into a buffer of its own, never wrapped: the caller styles and
    # writes the lines (to a stream that may fail).
    drawn = io.StringIO()
    console = Console(
        file=drawn, width=10_000, color_system=None, highlight=False, emoji=False, markup=False
    )
    console.print(table)
    return [line.rstrip() for line in drawn.getvalue().splitlines() if line.strip()]


def _sent(result: RunResult) -> RunResult:
    """``result`` without the cases never sent, for the tables per group and rule: they
    say nothing of the engine."""
    return replace(result, results=[r for r in result.results if r.outcome is not Outcome.NOT_RUN])


def _totals_line(result: RunResult) -> str:
    totals = result.totals()
    parts = [f"{totals[o.value]} {o.value}" for o in Outcome if totals[o.value]]
    return (
        f"{totals['total']} cases: {', '.join(parts) or 'none run'} "
        f"in {result.duration:.2f} s"
        + (f" ({result.restarts} engine restart(s))" if result.restarts else "")
    )


def _claims_line(result: RunResult) -> str | None:
    """What the verdict covers when the engine did not claim every feature."""
    if not result.unclaimed_features:
        return None
    verdict = "conforms" if result.ok() else "does not conform"
    if result.empty():
        verdict = "nothing run"
    claims = "; ".join(
        f"{name} not claimed ({count} cases skipped)"
        for name, count in result.feature_skips().items()
    )
    return f"{verdict}: {result.totals()['passed']} passed; {claims}"


def rule_summary(result: RunResult, *, every_rule: bool = False) -> list[str]:
    """A table of outcome counts per rule ID: the rules with a case not passing (all of
    them with ``every_rule``); a case citing several rules counts under each, a failure
    as a failure only under those it counts against (`fault.counts_against`)."""
    counts: dict[str, Counter[str]] = {}
    for r in result.results:
        if r.outcome is Outcome.NOT_RUN:
            continue
        for rule_id, outcome in outcome_per_rule(r).items():
            counts.setdefault(rule_id, Counter())[outcome.value] += 1
    troubled = {k for k, c in counts.items() if any(c[o.value] for o in Outcome if o.bad)}
    chosen = sorted(counts) if every_rule else sorted(troubled)
    lines = [
        "Per rule (a case citing several rules counts once under each of them, so the "
        "rows add up to more than the cases; a failure counts as one only under the rules "
        "that decide a field it got wrong, and as passed under the others):"
    ]
    if result.empty():
        return [*lines, f"  no case was run: all {len(result.results)} were skipped"]
    if not chosen:
        return [*lines, f"  every case of all {len(counts)} rules run passed"]
    rows = {k: {o.value: counts[k][o.value] for o in Outcome} for k in chosen}
    lines.extend(_table("rule", rows, result.totals()))
    if not every_rule and len(counts) > len(chosen):
        not_run = result.totals()[Outcome.NOT_RUN.value]
        passed = "every case run passed" if not_run else "every case passed"
        lines.append(f"({len(counts) - len(chosen)} other rules: {passed}; -v lists them)")
    return lines


def _not_run_line(result: RunResult) -> list[StyledLine]:
    skipped = [r for r in result.results if r.outcome is Outcome.NOT_RUN]
    if not skipped:
        return []
    first, last = skipped[0].case.id, skipped[-1].case.id
    span = first if first == last else f"{first} ... {last}"
    text = f"NOT RUN: {len(skipped)} case(s) the run did not reach ({span}); see RUN STOPPED"
    return [(text, "bold yellow")]


def _diagnosis_headline(result: RunResult) -> str:
    """The diagnosis in one line, for ``-q``: the likeliest misreading, or that none is
    known; '' when there is nothing to say."""
    diagnosis = diagnose_run(result)
    if diagnosis.unavailable or not diagnosis.failures:
        return ""
    more = "; without -q, the full diagnosis"
    if not diagnosis.misreadings:
        return f"likely misreading: none known explains the {diagnosis.failures} failure(s){more}"
    first = diagnosis.misreadings[0]
    names = " + ".join(f"`{name}`" for name in first.variants or (first.mutant,))
    if first.variants:
        shown = f"reproduces {len(first.reproduced)} of {diagnosis.failures} failure(s) exactly"
    else:
        shown = f"{len(first.explained)} of {diagnosis.failures} failure(s)"
    return f"likely misreading: {names} ({', '.join(first.rules)}), {shown}{more}"


def report_lines(
    result: RunResult,
    rules: Mapping[str, Rule],
    *,
    verbose: bool = False,
    quiet: bool = False,
    ascii: bool = False,
) -> list[StyledLine]:
    """The whole report as styled lines (see ``format_report``)."""
    shown = (Outcome.FAILED, Outcome.ERRORED, Outcome.XPASSED)
    failing = [r for r in result.results if r.outcome in shown]
    if quiet:
        out = [(compact_line(r), _STYLE[r.outcome]) for r in failing]
        out.extend(_not_run_line(result))
        if failing and (one_line := _diagnosis_headline(result)):
            out.append((one_line, "bold"))
    else:
        engine = terminal_text(str(result.engine)) if result.engine else "no engine"
        argv = terminal_text(" ".join(result.engine.argv)) if result.engine else ""
        out = [
            (f"seven-rocks-conformance {SUITE_VERSION}: engine {engine}", "bold"),
            (f"  command: {argv}", ""),
            ("", ""),
        ]
        if summary := headline(diagnose_run(result)):
            out.extend([(terminal_text(summary), "bold"), ("", "")])
        for r in failing:
            out.extend([*_case_lines(r, rules, ascii), ("", "")])
        extra = [r for r in result.results if r.outcome in (Outcome.SKIPPED, Outcome.XFAILED)]
        if verbose and extra:
            out.extend((compact_line(r), _STYLE[r.outcome]) for r in extra)
            out.append(("", ""))
        out.extend(_not_run_line(result))
        groups = _table("rule group", _sent(result).by_group(), result.totals())
        out.extend((line, "") for line in groups)
        out.append(("", ""))
        out.extend((line, "") for line in rule_summary(result, every_rule=verbose))
        out.append(("", ""))
    ok = result.ok()
    out.append((_totals_line(result), "bold green" if ok else "bold red"))
    claims = _claims_line(result)
    if claims is not None:
        out.append((claims, "bold"))
    if not quiet and (misreadings := format_misreadings(result)):
        out.extend([("", ""), *((line, "bold") for line in misreadings.splitlines())])
    out.extend((terminal_text(f"warning: {w}"), "yellow") for w in result.warnings)
    if result.aborted:
        out.append((terminal_text(f"RUN STOPPED: {result.aborted}"), "bold red"))
    if quiet and failing:
        out.append(("failing: " + " ".join(r.case.id for r in failing), ""))
    return out


def format_report(
    result: RunResult,
    rules: Mapping[str, Rule],
    *,
    verbose: bool = False,
    quiet: bool = False,
    ascii: bool = False,
) -> str:
    """The whole human report as plain text: header, each case that did not pass (with
    its table drawn), the cases not run in one line, the summaries per rule group and
    per rule ID, the totals. ``quiet``: one line per case not passing, then the totals
    and the failing ids."""
    lines = report_lines(result, rules, verbose=verbose, quiet=quiet, ascii=ascii)
    return "\n".join(text for text, _ in lines) + "\n"


def render_report(
    result: RunResult,
    rules: Mapping[str, Rule],
    stream: TextIO,
    *,
    color: str = "auto",
    verbose: bool = False,
    quiet: bool = False,
) -> str:
    """The report as it should be written to ``stream``: coloured as ``color`` says
    (``auto``: on a terminal only, honouring NO_COLOR and FORCE_COLOR), drawn in ASCII
    when the stream's encoding cannot write box characters."""
    lines = report_lines(
        result, rules, verbose=verbose, quiet=quiet, ascii=not can_draw_boxes(stream)
    )
    return render_lines(lines, stream, color)
