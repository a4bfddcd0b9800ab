"""What checking fixture files finds: typed problems, and what ``lint`` returns.

A problem is data (its kind, file, case, line and message), so that ``lint --format
json`` and any tool reading it can tell one kind from another without parsing words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

__all__ = ["FixtureError", "FixtureProblem", "LintResult", "ProblemKind"]

ProblemKind = Literal[
    "folder",  # a folder given is not one, or holds no fixture file
    "read",  # the file cannot be read as JSON data (size, encoding, YAML)
    "structure",  # the built-in checks of a file's or a case's shape
    "schema",  # fixture.schema.json
    "duplicate-id",  # a case id defined twice
    "unknown-rule",  # a cited rule ID that spec/rules.md does not have
    "withdrawn-rule",  # a cited rule that is withdrawn
    "unobservable",  # a cited rule that the case's command cannot observe
    "stale",  # the suite's compiled document no longer matches its files
]


@dataclass(frozen=True)
class FixtureProblem:
    """Something wrong with a fixture file, located by file and (when known) case id
    and line (from 1)."""

    file: str
    case: str | None
    message: str
    kind: ProblemKind = "structure"
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}: {self.case}" if self.case else self.file
        return f"{where}: {self.message}"

    def to_json(self) -> dict[str, object]:
        """The problem as ``lint --format json`` writes it."""
        return {
            "kind": self.kind,
            "file": self.file,
            "case": self.case,
            "line": self.line,
            "message": self.message,
        }


@dataclass
class FixtureError(Exception):
    """The fixtures cannot be used: the run cannot happen."""

    problems: list[FixtureProblem] = field(default_factory=list)

    def __str__(self) -> str:
        lines = [f"{len(self.problems)} problem(s) in the fixtures:"]
        lines.extend(f"  {p}" for p in self.problems)
        return "\n".join(lines)


@dataclass(frozen=True)
class LintResult:
    """What ``lint`` found: the problems, and how many files and cases it read."""

    problems: list[FixtureProblem]
    files: int
    cases: int

    def to_json(self) -> dict[str, object]:
        """The result as ``lint --format json`` writes it."""
        return {
            "files": self.files,
            "cases": self.cases,
            "problems": [problem.to_json() for problem in self.problems],
        }
