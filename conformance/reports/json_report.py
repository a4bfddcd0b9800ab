"""The machine-readable report (``--format json``), valid against report.schema.json."""

from __future__ import annotations

from typing import Any

from conformance import SUITE_VERSION
from conformance.mutants.diagnosis import diagnose_run
from conformance.reports.sanitize import strict_json
from conformance.runner.outcomes import Outcome, RunResult
from conformance.suite.protocol import PROTOCOL_VERSION

__all__ = ["REPORT_FORMAT", "report_object"]

_NOT_RUN = Outcome.NOT_RUN.value

REPORT_FORMAT = "seven-rocks-conformance-report/2"
"""Identifies the report's shape; bumped when what a reader may rely on changes. Format
2 adds ``suite.cases`` and each not-passing case's ``expected`` answer to format 1."""


def _counts(counts: dict[str, int]) -> dict[str, int]:
    """Outcome counts as the format has them: a case never sent counts as errored (its
    entry says ``not_run``)."""
    out = {key: n for key, n in counts.items() if key != _NOT_RUN}
    out[Outcome.ERRORED.value] += counts.get(_NOT_RUN, 0)
    return out


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
            # Format 2 has no outcome of its own for a case never sent: errored, marked.
            "outcome": (Outcome.ERRORED if r.outcome is Outcome.NOT_RUN else r.outcome).value,
            "duration_s": round(r.duration, 6),
        }
        if r.outcome is Outcome.NOT_RUN:
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
        "totals": _counts(result.totals()),
        "unclaimed_features": result.feature_skips(),
        "groups": {group: _counts(c) for group, c in result.by_group().items()},
        "cases": cases,
        "diagnosis": [m.as_json() for m in diagnosis.misreadings],
        "unexplained": [group.as_json() for group in diagnosis.groups],
    }
    return dict(strict_json(report))
