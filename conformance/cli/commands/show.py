"""``show``: one case in full, its table drawn, and (with ``--engine``) the engine's answer."""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conformance.cli.commands import Command
from conformance.cli.commands.common import error, positive_float, write_file, write_stdout
from conformance.runner.execute import DEFAULT_TIMEOUT
from conformance.suite.fixtures import Case

if TYPE_CHECKING:
    from conformance.runner.outcomes import CaseResult

__all__ = ["COMMAND", "suggestions"]

_FULL = 20_000  # JSON shown whole: one case is read closely, unlike a report's hundreds


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "case_id", metavar="CASE_ID", help="the id of a case, e.g. table.seed-a.step-9"
    )
    parser.add_argument(
        "--engine",
        metavar="CMD",
        help="also send the case to this engine's adapter (split like a shell would split "
        "it, run without a shell) and draw its answer beside the expected one",
    )
    parser.add_argument(
        "--timeout",
        type=positive_float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"longest wait for the engine's reply (default {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument(
        "--ascii", action="store_true", help="draw with plain ASCII instead of box characters"
    )
    parser.add_argument(
        "--svg", type=Path, metavar="FILE", help="also write the drawing as SVG to FILE"
    )


def suggestions(wanted: str, ids: Sequence[str], limit: int = 5) -> list[str]:
    """Case ids close to ``wanted``: those containing it first, then the most alike."""
    containing = [i for i in ids if wanted and wanted in i]
    alike = difflib.get_close_matches(wanted, ids, n=limit, cutoff=0.6)
    return list(dict.fromkeys([*alike, *containing]))[:limit]


def _can_draw_boxes() -> bool:
    # A terminal that cannot write the box characters gets the ASCII drawing instead.
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        "┌╔┏●○".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _ask_engine(
    case: Case, command: str, timeout: float
) -> tuple[CaseResult | None, list[str], bool] | None:
    """The verdict on the engine's reply to ``case`` (None when it was not asked), the
    lines saying how it fared, and whether it did not fail; None when the engine could
    not be asked (said on stderr)."""
    from conformance.engine.client import EngineClient, EngineStartError, split_command
    from conformance.runner.execute import evaluate

    try:
        argv = split_command(command)
    except ValueError as exc:
        error(f"bad --engine: {exc}")
        return None
    try:
        with EngineClient(argv, timeout=timeout) as client:  # entering does the handshake
            info = client.info
            if info is None:
                error("the engine gave no handshake")
                return None
            lines = [f"Engine:   {info}"]
            if case.cmd not in info.cmds:
                return (
                    None,
                    [*lines, f"Outcome:  skipped (the engine does not do {case.cmd})"],
                    True,
                )
            exchange = next(iter(client.exchange([case.request(client.next_seq())])))
    except EngineStartError as exc:
        error(str(exc))
        return None
    verdict = evaluate(case, exchange)
    lines.append(f"Outcome:  {verdict.outcome.value}")
    lines.extend(f"  - {m}" for m in verdict.mismatches)
    if verdict.message and not verdict.mismatches:
        lines.append(f"  {verdict.message}")
    return verdict, lines, not verdict.outcome.bad


def _case_text(case: Case, rules: Mapping[str, Any]) -> list[str]:
    from conformance.runner.compare import render

    lines = [f"{case.id}  ({case.file})", f"  {case.description}", "Rules:"]
    for rule_id in case.rules:
        rule = rules.get(rule_id)
        lines.append(f"  {rule_id}: {rule.text if rule else '(not in rules.md)'}")
    lines.append(f"Source:   {case.source}")
    lines.append(f"Request:  {render(case.request(1), _FULL)}")
    lines.append(f"Expected: {render(case.expected.to_json(), _FULL)}")
    return lines


def _execute(args: argparse.Namespace) -> int:
    from conformance.board import case_board
    from conformance.reports.sanitize import terminal_text
    from conformance.runner.compare import render
    from conformance.suite.fixtures import FixtureError, load_cases
    from conformance.suite.resources import DataNotFoundError, fixtures_dir
    from conformance.suite.rules import load_rules

    try:
        rules = load_rules()
        cases = {c.id: c for c in load_cases([fixtures_dir()], rules=rules)}
    except (FixtureError, DataNotFoundError, ValueError, OSError) as exc:
        error(str(exc))
        return 2
    case = cases.get(args.case_id)
    if case is None:
        close = suggestions(args.case_id, sorted(cases))
        hint = f"; did you mean: {', '.join(close)}" if close else ""
        error(f"no case {args.case_id!r}{hint}")
        return 2
    lines = _case_text(case, rules)
    judged: CaseResult | None = None
    status = 0
    if args.engine is not None:
        asked = _ask_engine(case, args.engine, args.timeout)
        if asked is None:
            return 2
        judged, said, fine = asked
        if judged is not None and judged.reply is not None:
            lines.append(f"Actual:   {render(judged.reply, _FULL)}")
        lines.extend(said)
        status = 0 if fine else 1
    board = case_board(case, None if judged is None else judged.answer)
    if board is not None:
        lines.extend(["", board.text(ascii=args.ascii or not _can_draw_boxes())])
    if not write_stdout(terminal_text("\n".join(lines) + "\n")):
        return 2
    if args.svg is not None and board is not None:
        svg = board.svg()
        if not write_file("the SVG drawing", args.svg, lambda: args.svg.write_text(svg, "utf-8")):
            return 2
    return status


COMMAND = Command(
    name="show",
    help="show one case: its rules, request, expected answer and table drawn",
    description="Print a case (id, description, file), the text of the rules it cites, the "
    "request and the expected answer, and draw its table (table, legal and hand cases). "
    "With --engine, send it to that engine and draw the answer beside the expected one. "
    "Exit 0: shown (and passed); 1: the engine's answer departs from the rules; 2: no such "
    "case, or the engine could not be asked.",
    configure=_configure,
    execute=_execute,
)
