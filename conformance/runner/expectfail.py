"""Expected-failure lists: case ids, one a line, ``#`` starting a comment."""

from __future__ import annotations

from pathlib import Path

from conformance.runner.outcomes import Outcome, RunResult

__all__ = ["format_expect_fail", "parse_expect_fail", "read_expect_fail", "write_expect_fail"]


def parse_expect_fail(text: str) -> frozenset[str]:
    """The case ids listed in an expected-failure text."""
    ids = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return frozenset(i for i in ids if i)


def read_expect_fail(path: Path) -> frozenset[str]:
    """Read an expected-failure file; raises ``OSError`` when it cannot be read."""
    return parse_expect_fail(path.read_text(encoding="utf-8"))


def format_expect_fail(result: RunResult) -> str:
    """The current failures of a run as an expected-failure file."""
    engine = str(result.engine) if result.engine else "unknown engine"
    failing = sorted(
        r.case.id for r in result.results if r.outcome in (Outcome.FAILED, Outcome.XFAILED)
    )
    lines = [
        f"# Expected failures of {engine}",
        "# (cases that currently fail; remove a line once the engine passes it)",
        *failing,
    ]
    return "\n".join(lines) + "\n"


def write_expect_fail(path: Path, result: RunResult) -> int:
    """Write the current failures to ``path``; return how many were written."""
    text = format_expect_fail(result)
    path.write_text(text, encoding="utf-8")
    return sum(1 for line in text.splitlines() if line and not line.startswith("#"))
