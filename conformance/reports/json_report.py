"""The machine-readable report (``--format json``), valid against report.schema.json."""

from __future__ import annotations

from typing import Any

from conformance import SUITE_VERSION
from conformance.mutants.diagnosis import diagnose_run
from conformance.reports.sanitize import strict_json
from conformance.runner.outcomes import Outcome, RunResult
from conformance.suite.protocol import PROTOCOL_VERSION

__all__ = ["REPORT_FORMAT", "report_object"]

REPORT_FORMAT = "seven-rocks-conformance-report/2"
"""Identifies the report's shape; bumped when what a reader may rely on changes. Format
2 adds ``suite.cases`` and each not-passing case's ``expected`` answer to format 1."""


def report_object(
    result: RunResult, *, strict: bool = False, allow_empty: bool = False
) -> dict[str, Any]:
    """The report of a run as one object that ``json.dumps(..., allow_nan=False)`` accepts.

    Everything an engine said (replies, messages, its name) is made strict JSON: NaN,
    infinities, lone surrogates and absurd nesting are replaced (see ``strict_json``).
    """
    engine = result.engine
    diagnosis = diagnose_run(result)
    cases: list[dict[str, Any]] = []
    for r in result.results:
        entry: dict[str, Any] = {
            "id": r.case.id,
            "cmd": r.case.cmd,
            "rules": list(r.case.rules),
            "file": r.case.file,
            "outcome": r.outcome.value,
            "duration_s": round(r.duration, 6),
        }
        if r.never_sent:
            entry["not_run"] = True
        if r.outcome is not Outcome.PASSED:
            entry["description"] = r.case.description
            entry["message"] = r.message
            entry["mismatches"] = [{"path": m.path, "message": m.message} for m in r.mismatches]
            # The answer as this version of the suite expects it: a reader of the report
            # needs no fixtures (of whichever version) to show or draw what was expected.
            entry["expected"] = r.case.expected_reply()
            if r.request is not None:
                entry["request"] = r.request
            if r.reply is not None:
                entry["reply"] = r.reply
            if r.reply_cut:
                entry["reply_cut"] = list(r.reply_cut)
            if r.stderr_tail:
                entry["stderr_tail"] = r.stderr_tail
            if r.located:
                entry["located"] = r.located
        cases.append(entry)
    report = {
        "format": REPORT_FORMAT,
        # The version alone does not fix the case list (cases are added between
        # releases); the ids do, and tell a selection or added fixtures apart.
        "suite": {
            "name": "seven-rocks-conformance",
            "version": SUITE_VERSION,
            "cases": None if result.suite_cases is None else list(result.suite_cases),
        },
        "protocol": PROTOCOL_VERSION,
        "engine": None
        if engine is None
        else {
            "name": engine.name,
            "version": engine.version,
            "language": engine.language,
            "argv": list(engine.argv),
            "cmds": list(engine.cmds),
        },
        "ok": result.ok(strict=strict, allow_empty=allow_empty),
        "exit_code": result.exit_code(strict=strict, allow_empty=allow_empty),
        "duration_s": round(result.duration, 6),
        "restarts": result.restarts,
        "aborted": result.aborted,
        "warnings": list(result.warnings),
        "totals": result.totals(),
        "unclaimed_features": result.feature_skips(),
        "groups": result.by_group(),
        "cases": cases,
        "diagnosis": [m.as_json() for m in diagnosis.misreadings],
        "unexplained": [group.as_json() for group in diagnosis.groups],
    }
    return dict(strict_json(report))
