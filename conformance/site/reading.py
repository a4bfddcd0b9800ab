"""Reading JSON reports back: strict JSON, valid against the report schema, as typed data.

A report is the only input of the site. Whatever a file holds, reading it either gives a
`Report` or raises `ReportError`, whose message names the file and what is wrong in one
line; nothing in a report is trusted further than the schema vouches for.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.engine.bounded import bounded, cut_notes
from conformance.engine.handshake import ENGINE_FIELDS, MAX_ENGINE_TEXT, EngineInfo
from conformance.runner.compare import Mismatch
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.fixtures import Case
from conformance.suite.protocol import PROTOCOL_VERSION
from conformance.suite.schemas import check_report

__all__ = ["MAX_REPORT_BYTES", "Recorded", "Report", "ReportError", "read_report", "report_from"]

MAX_REPORT_BYTES = 256 * 1024 * 1024
"""Larger files are refused unread: a report of the whole suite takes well under 1 MiB."""

_FORMAT_PREFIX = "seven-rocks-conformance-report/"


class ReportError(ValueError):
    """A file that is not a usable report; the message names the file."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = " ".join(problem.split())  # one line, whatever the file held
        super().__init__(f"{source}: {self.problem}")


@dataclass(frozen=True)
class Recorded:
    """One entry of the report's ``diagnosis``: a misreading as the run worked it out."""

    mutant: str
    description: str
    rules: tuple[str, ...]
    cases: tuple[str, ...]
    """The failures it explains that no earlier entry explained."""
    alternatives: tuple[str, ...]
    contradicted: int


@dataclass(frozen=True)
class Report:
    """One run as its JSON report records it."""

    source: str
    """Where it was read from, as given on the command line."""
    format: int
    suite_version: str
    suite_cases: tuple[str, ...] | None
    """The ids of all the suite's cases at that version (format 2), else None."""
    engine: EngineInfo
    result: RunResult
    """The run rebuilt from the report: each case as far as the report describes it
    (the request, expected answer and reply of those not passing)."""
    unclaimed: Mapping[str, int]
    diagnosis: tuple[Recorded, ...]

    @property
    def label(self) -> str:
        """``name version`` of the engine."""
        return f"{self.engine.name} {self.engine.version}"


def _strict_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} repeats in an object")
        out[key] = value
    return out


def read_report(path: Path, *, source: str | None = None) -> Report:
    """The report in the file at ``path``; `ReportError` if it is not one."""
    name = source if source is not None else str(path)
    try:
        with path.open("rb") as stream:
            content = stream.read(MAX_REPORT_BYTES + 1)
    except OSError as exc:
        raise ReportError(name, f"cannot read it: {exc.strerror or exc}") from None
    if len(content) > MAX_REPORT_BYTES:
        raise ReportError(name, f"larger than {MAX_REPORT_BYTES // (1024 * 1024)} MiB")
    try:
        text = content.decode("utf-8")
        data = json.loads(text, parse_constant=_strict_constant, object_pairs_hook=_no_repeats)
    except UnicodeDecodeError as exc:
        raise ReportError(name, f"not UTF-8 text (byte {exc.start})") from None
    except RecursionError:
        raise ReportError(name, "not a report: JSON nested too deeply") from None
    except ValueError as exc:
        raise ReportError(name, f"not JSON: {exc}") from None
    return report_from(data, source=name)


def report_from(data: Any, *, source: str) -> Report:
    """The report held by parsed JSON ``data``; `ReportError` (naming ``source``) if it
    is not valid against the report schema or cannot be placed among engines."""
    problems = check_report(data)
    if problems:
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise ReportError(source, f"not valid against the report schema: {problems[0]}{more}")
    if data["engine"] is None:
        raise ReportError(source, "the report names no engine, so it belongs to none")
    suite_cases = data["suite"].get("cases")
    version = int(data["format"].removeprefix(_FORMAT_PREFIX))
    if version >= 2 and suite_cases is None:
        raise ReportError(
            source, "the run left out the suite's own cases (--no-suite): it measures nothing"
        )
    seen: set[str] = set()
    for number, entry in enumerate(data["cases"]):
        # A case listed twice (failed, then passed) would be counted by its last entry.
        if entry["id"] in seen:
            raise ReportError(source, f"$.cases[{number}]: the case {entry['id']} is listed twice")
        seen.add(entry["id"])
    labels = {f"engine.{key}": data["engine"][key] for key in ENGINE_FIELDS}
    labels["suite.version"] = data["suite"]["version"]
    for where, text in labels.items():
        # Shown on every page of the site: a runner keeps them short, a longer one is forged.
        if len(text) > MAX_ENGINE_TEXT:
            raise ReportError(
                source,
                f"{where} is {len(text)} characters long: a runner writes at most "
                f"{MAX_ENGINE_TEXT}",
            )
    engine = _engine(data["engine"])
    result = RunResult(
        engine=engine,
        results=[_case_result(entry) for entry in data["cases"]],
        duration=data["duration_s"],
        restarts=data["restarts"],
        aborted=data["aborted"],
        warnings=list(data["warnings"]),
        unclaimed_features=tuple(data.get("unclaimed_features", {})),
        suite_cases=None if suite_cases is None else tuple(suite_cases),
    )
    return Report(
        source=source,
        format=version,
        suite_version=data["suite"]["version"],
        suite_cases=result.suite_cases,
        engine=engine,
        result=result,
        unclaimed=dict(data.get("unclaimed_features", {})),
        diagnosis=tuple(_recorded(entry) for entry in data.get("diagnosis", [])),
    )


def _engine(data: Mapping[str, Any]) -> EngineInfo:
    return EngineInfo(
        name=data["name"],
        version=data["version"],
        language=data["language"],
        protocol=PROTOCOL_VERSION,
        cmds=tuple(data["cmds"]),
        argv=tuple(data["argv"]),
    )


def _case_result(entry: Mapping[str, Any]) -> CaseResult:
    request = entry.get("request")
    expected = entry.get("expected", {})
    given = {k: v for k, v in request.items() if k not in ("cmd", "seq")} if request else {}
    case = Case(
        id=entry["id"],
        description=entry.get("description", ""),
        rules=tuple(entry["rules"]),
        source="",
        cmd=entry["cmd"],
        given=given,
        # A format 1 report records no expectation: the case then has none to show.
        expect=expected.get("result"),
        expect_rejected=expected.get("rejected"),
        file=entry["file"],
    )
    # A report is a file from anywhere: its reply is kept within the runner's bounds.
    kept = bounded(entry.get("reply"))
    cut = [str(note) for note in entry.get("reply_cut", []) if isinstance(note, str)]
    return CaseResult(
        case=case,
        # Format 2 writes a case never sent as errored, marked not_run.
        outcome=Outcome.NOT_RUN if entry.get("not_run", False) else Outcome(entry["outcome"]),
        message=entry.get("message", ""),
        mismatches=tuple(Mismatch(m["path"], m["message"]) for m in entry.get("mismatches", [])),
        request=request,
        reply=kept.value,
        reply_cut=cut_notes([*cut, *kept.cut]),
        stderr_tail=entry.get("stderr_tail", ""),
        duration=entry["duration_s"],
        located=entry.get("located", ""),
    )


def _recorded(entry: Mapping[str, Any]) -> Recorded:
    return Recorded(
        mutant=entry["mutant"],
        description=entry["description"],
        rules=tuple(entry["rules"]),
        cases=tuple(entry["cases"]),
        alternatives=tuple(entry["alternatives"]),
        contradicted=entry["contradicted"],
    )
