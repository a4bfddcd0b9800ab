"""The human report: a progress bar on a terminal, each failure explained, a summary."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, TextIO

from conformance import SUITE_VERSION
from conformance.reports.misreadings import format_misreadings
from conformance.reports.sanitize import terminal_text
from conformance.runner.compare import render
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.rules import Rule

__all__ = ["ProgressBar", "format_case", "format_report", "format_summary"]

_LABEL = {
    Outcome.FAILED: "FAILED",
    Outcome.ERRORED: "ERROR",
    Outcome.XPASSED: "UNEXPECTEDLY PASSED",
    Outcome.SKIPPED: "SKIPPED",
    Outcome.XFAILED: "EXPECTED FAILURE",
    Outcome.PASSED: "PASSED",
}
_COLUMNS = (
    ("pass", Outcome.PASSED),
    ("fail", Outcome.FAILED),
    ("error", Outcome.ERRORED),
    ("skip", Outcome.SKIPPED),
    ("xfail", Outcome.XFAILED),
    ("xpass", Outcome.XPASSED),
)


class ProgressBar:
    """A one-line progress bar redrawn in place; draws only when ``stream`` is a terminal."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.enabled = stream.isatty() and total > 0
        self.done = 0
        self.bad = 0
        self._last = 0.0

    def __call__(self, result: CaseResult) -> None:
        """Count one finished case and redraw (at most every 50 ms)."""
        self.done += 1
        self.bad += result.outcome.bad
        now = time.monotonic()
        if self.enabled and (now - self._last > 0.05 or self.done == self.total):
            self._last = now
            filled = self.width * self.done // self.total
            bar = "#" * filled + "." * (self.width - filled)
            trouble = f"  {self.bad} not passing" if self.bad else ""
            self.stream.write(f"\r[{bar}] {self.done}/{self.total}{trouble}")
            self.stream.flush()

    def finish(self) -> None:
        """Erase the bar so that the report starts on a clean line."""
        if self.enabled:
            self.stream.write("\r" + " " * (self.width + 40) + "\r")
            self.stream.flush()


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def _tail(text: str, lines: int = 15, width: int = 160) -> str:
    # A flood of stderr must not drown the report: the last lines, each cut short.
    kept = text.rstrip().splitlines()[-lines:]
    return "\n".join(line if len(line) <= width else line[: width - 3] + "..." for line in kept)


def _json(value: Any, limit: int = 2000) -> str:
    return render(value, limit)


def format_case(result: CaseResult, rules: Mapping[str, Rule]) -> str:
    """Everything about one case that did not pass, for a reader fixing the engine."""
    case = result.case
    lines = [f"{_LABEL[result.outcome]} {case.id}  ({case.file})"]
    lines.append(f"  {case.description}")
    lines.append("  Rules:")
    for rule_id in case.rules:
        rule = rules.get(rule_id)
        lines.append(f"    {rule_id}: {rule.text if rule else '(not in rules.md)'}")
    if result.request is not None:
        lines.append(f"  Request:  {_json(result.request)}")
    expected = (
        {"result": case.expect} if case.expect is not None else {"rejected": case.expect_rejected}
    )
    lines.append(f"  Expected: {_json(expected)}")
    if result.reply is not None:
        lines.append(f"  Actual:   {_json(result.reply)}")
    if result.mismatches:
        lines.append("  Differences (expected vs actual):")
        lines.extend(f"    - {m}" for m in result.mismatches)
    elif result.message:
        lines.append(f"  Problem:  {result.message}")
    if result.located:
        lines.append(f"  Located:  {result.located}")
    if result.stderr_tail.strip():
        lines.append("  Engine stderr (tail):")
        lines.append(_indent(_tail(result.stderr_tail)))
    return terminal_text("\n".join(lines))


def format_summary(result: RunResult) -> str:
    """A table of outcome counts per rule group, then the totals."""
    groups = result.by_group()
    totals = result.totals()
    shown = [(name, o) for name, o in _COLUMNS if totals[o.value] or o in _COLUMNS_ALWAYS]
    width = max([len("rule group"), *map(len, groups)])
    head = f"{'rule group':<{width}}" + "".join(f"{name:>7}" for name, _ in shown)
    lines = [head, "-" * len(head)]
    for group, counts in groups.items():
        lines.append(f"{group:<{width}}" + "".join(f"{counts[o.value]:>7}" for _, o in shown))
    parts = [f"{totals[o.value]} {o.value}" for o in Outcome if totals[o.value]]
    lines.append("")
    lines.append(
        f"{totals['total']} cases: {', '.join(parts) or 'none run'} "
        f"in {result.duration:.2f} s"
        + (f" ({result.restarts} engine restart(s))" if result.restarts else "")
    )
    return "\n".join(lines)


_COLUMNS_ALWAYS = frozenset({Outcome.PASSED, Outcome.FAILED, Outcome.ERRORED, Outcome.SKIPPED})


def format_report(result: RunResult, rules: Mapping[str, Rule], *, verbose: bool = False) -> str:
    """The whole human report: header, each case that did not pass, summary."""
    engine = str(result.engine) if result.engine else "no engine"
    argv = " ".join(result.engine.argv) if result.engine else ""
    out = [f"seven-rocks-conformance {SUITE_VERSION}: engine {engine}", f"  command: {argv}", ""]
    shown = (Outcome.FAILED, Outcome.ERRORED, Outcome.XPASSED)
    for r in result.results:
        if r.outcome in shown:
            out.extend([format_case(r, rules), ""])
        elif verbose and r.outcome in (Outcome.SKIPPED, Outcome.XFAILED):
            out.append(f"{_LABEL[r.outcome]} {r.case.id}: {r.message}")
    if verbose and any(r.outcome in (Outcome.SKIPPED, Outcome.XFAILED) for r in result.results):
        out.append("")
    out.append(format_summary(result))
    if misreadings := format_misreadings(result):
        out.extend(["", misreadings])
    for warning in result.warnings:
        out.append(f"warning: {warning}")
    if result.aborted:
        out.append(f"RUN STOPPED: {result.aborted}")
    return terminal_text("\n".join(out) + "\n")
