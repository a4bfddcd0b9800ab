"""The HTML report: one self-contained page (inline CSS, JS and SVG; nothing fetched).

The pages are Jinja2 templates shipped in ``conformance/reports/templates``, rendered
with autoescaping on: every string from an engine or a fixture is escaped, and first
stripped of the characters XML does not allow. The only markup inserted as is comes
from the board drawings, which escape their own text.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from conformance import SUITE_VERSION
from conformance.board import case_board
from conformance.board.steps import case_steps
from conformance.mutants.diagnosis import MAX_UNSIGNED, Diagnosis, diagnose_run
from conformance.reports.comparison import Comparison
from conformance.reports.fault import outcome_per_rule
from conformance.reports.misreadings import RANKING, describe, describe_unexplained
from conformance.reports.sanitize import strict_json, xml_text
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.fixtures import Case
from conformance.suite.rules import Rule

__all__ = ["EngineColumn", "render_body", "render_compare", "render_report", "write_html"]

_JSON_LIMIT = 20_000
_COLUMNS = [o.value for o in Outcome]
"""The counts of the per-rule table: every outcome, the cases never sent last."""
_OUTCOMES = [o.value for o in Outcome if o is not Outcome.NOT_RUN]
"""The outcomes of cases the run sent: the page's filter and its totals, before the cases
not run."""
"""Characters of request or reply JSON shown; a flood of JSON would bury the page."""


def _finalize(value: Any) -> Any:
    # Runs on every {{ value }} before autoescaping: text gets only XML characters, so
    # the page stays well-formed whatever an engine sent. Board SVG (Markup) is kept.
    if isinstance(value, Markup):
        return value
    if isinstance(value, str):
        return xml_text(value)
    return value


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("conformance.reports", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        finalize=_finalize,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["pretty"] = _pretty
    return env


def _pretty(value: Any) -> str:
    """Indented JSON, cut after `_JSON_LIMIT` characters."""
    text = json.dumps(strict_json(value), indent=2, ensure_ascii=False)
    if len(text) > _JSON_LIMIT:
        return text[:_JSON_LIMIT] + f"\n... (cut: {len(text)} characters in all)"
    return text


def _known(case: Case) -> bool:
    # A case read back from a report that records no expectation (format 1) has none
    # to show or draw; every fixture has one.
    return case.expect is not None or case.expect_rejected is not None


def _board(result: CaseResult) -> Markup | None:
    if not _known(result.case) or result.case.cmd in _STEPPED:
        return None  # nothing expected to draw, or drawn by its stepper, hand by hand
    board = case_board(result.case, result.answer)
    # The drawing escapes every text it holds (tile values, notes, titles).
    return None if board is None else Markup(board.svg())


_STEPPED = frozenset({"hand", "game"})


def _steps(result: CaseResult) -> list[dict[str, Any]]:
    """The hands of a hand or game case, each drawn once, with its steps."""
    if result.case.cmd not in _STEPPED:
        return []
    return [
        {"title": hand.title, "svg": Markup(hand.board.svg()), "steps": hand.steps}
        for hand in case_steps(result.case, result.answer)
    ]


def _case(result: CaseResult) -> dict[str, Any]:
    detailed = result.outcome is not Outcome.PASSED
    not_run = result.outcome is Outcome.NOT_RUN
    return {
        "id": result.case.id,
        "cmd": result.case.cmd,
        # A case the run never sent is styled and filtered as errored (it is no pass), and
        # labelled for what happened to it.
        "outcome": (Outcome.ERRORED if not_run else result.outcome).value,
        "label": result.outcome.value,
        "bad": result.outcome.bad or not_run,
        "rules": list(dict.fromkeys(result.case.rules)),
        "file": result.case.file,
        "description": result.case.description,
        "message": result.message,
        "mismatches": [str(m) for m in result.mismatches],
        "located": result.located,
        "stderr": result.stderr_tail,
        "request": result.request,
        "expected": result.case.expected_reply() if _known(result.case) else None,
        "reply": result.reply,
        "reply_cut": list(result.reply_cut),
        "detailed": detailed,
        "board": _board(result) if result.outcome.bad else None,
        "hands": _steps(result) if result.outcome.bad else [],
    }


def _rule_rows(results: Sequence[CaseResult], rules: Mapping[str, Rule]) -> list[dict[str, Any]]:
    counts: dict[str, Counter[str]] = {}
    for r in results:
        # Cases never sent are counted apart, as in the totals: no error of the engine.
        for rule_id, outcome in outcome_per_rule(r).items():
            counts.setdefault(rule_id, Counter())[outcome.value] += 1
    order = [*rules, *sorted(set(counts) - set(rules))]
    rows = []
    for rule_id in order:
        if rule_id not in counts:
            continue
        rule = rules.get(rule_id)
        c = counts[rule_id]
        rows.append(
            {
                "id": rule_id,
                "text": rule.text if rule else "(not in rules.md)",
                "in_spec": rule is not None,
                "counts": {o: c.get(o, 0) for o in _COLUMNS},
                "bad": sum(c.get(o.value, 0) for o in Outcome if o.bad),
            }
        )
    return rows


def _diagnosis(diagnosis: Diagnosis) -> dict[str, Any]:
    return {
        "unavailable": diagnosis.unavailable,
        "failures": diagnosis.failures,
        "entries": [
            {
                "sentence": describe(m, diagnosis.failures, first=i == 0),
                "mutant": m.mutant,
                "serve": " ".join(m.serve),
                "rules": list(m.rules),
                "cases": list(m.explained),
            }
            for i, m in enumerate(diagnosis.misreadings)
        ],
        "ranking": RANKING,
        "unexplained": list(diagnosis.unexplained),
        "groups": [
            {"sentence": describe_unexplained(g), "cases": list(g.cases)} for g in diagnosis.groups
        ],
        "unknown": list(diagnosis.unknown),
        "unsigned_limit": MAX_UNSIGNED,
        "errored": diagnosis.errored,
    }


def _engine(result: RunResult) -> dict[str, str]:
    info = result.engine
    if info is None:
        return {"name": "no engine", "command": ""}
    return {"name": str(info), "command": " ".join(info.argv)}


def _body_context(result: RunResult, rules: Mapping[str, Rule], spec_url: str) -> dict[str, Any]:
    cases = [_case(r) for r in result.results]
    # Cases never sent are counted apart, as in the text report.
    totals = result.totals()
    return {
        "totals": totals,
        "outcomes": _OUTCOMES,
        "columns": _COLUMNS if totals[Outcome.NOT_RUN.value] else _OUTCOMES,
        "ok": result.ok(),
        "rule_rows": _rule_rows(result.results, rules),
        "cases": cases,
        "cmds": sorted({c["cmd"] for c in cases}),
        "spec_url": spec_url,
    }


def render_body(result: RunResult, rules: Mapping[str, Rule], *, spec_url: str = "") -> Markup:
    """The report's rules and cases sections (boards drawn, filter script included), as
    markup for another page to place; it uses the ids ``rules``, ``cases``,
    ``shown-count``, ``rule-<ID>`` and ``case-<ID>``, and the classes of the report's
    style sheet. ``spec_url`` as for `render_report`."""
    body = (
        _environment()
        .get_template("_body.html.j2")
        .render(**_body_context(result, rules, spec_url))
    )
    # Every value in it went through autoescaping; the boards escape their own text.
    return Markup(body)


def render_report(result: RunResult, rules: Mapping[str, Rule], *, spec_url: str = "") -> str:
    """The whole HTML page of a run.

    With ``spec_url`` (where ``seven-rocks-conformance spec --html`` put the rules), each
    rule of the per-rule table links to its statement there (``#rule-<ID>``).
    """
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            suite_version=SUITE_VERSION,
            engine=_engine(result),
            duration=f"{result.duration:.2f}",
            restarts=result.restarts,
            aborted=result.aborted or "",
            warnings=list(result.warnings),
            diagnosis=_diagnosis(diagnose_run(result)),
            **_body_context(result, rules, spec_url),
        )
    )


def write_html(
    path: Path, result: RunResult, rules: Mapping[str, Rule], *, spec_url: str = ""
) -> None:
    """Write the HTML page of a run to `path` (OSError if it cannot be written)."""
    path.write_text(render_report(result, rules, spec_url=spec_url), encoding="utf-8")


@dataclass(frozen=True)
class EngineColumn:
    """One engine of a comparison: its column label (A, B, ...) and its run."""

    label: str
    result: RunResult


def render_compare(columns: Sequence[EngineColumn], comparison: Comparison) -> str:
    """The comparison page: each engine's summary (totals and conformance per rule group),
    then the cases of `comparison`, grouped by rule, one column per engine."""
    engines = []
    for column, summary in zip(columns, comparison.summaries, strict=True):
        diagnosis = diagnose_run(column.result)
        first = diagnosis.misreadings[0] if diagnosis.misreadings else None
        engines.append(
            {
                "label": column.label,
                "engine": _engine(column.result),
                "summary": summary,
                "aborted": column.result.aborted or "",
                "likely": describe(first, diagnosis.failures, first=True) if first else "",
            }
        )
    return (
        _environment()
        .get_template("compare.html.j2")
        .render(
            suite_version=SUITE_VERSION,
            engines=engines,
            groups=comparison.groups,
            rows=[
                {
                    "rule": rule,
                    "cases": [
                        (r.case_id, r.description, [o.value for o in r.outcomes]) for r in rows
                    ],
                }
                for rule, rows in comparison.rules
            ],
            shown=comparison.shown,
            total=comparison.total,
            shown_all=comparison.shown == comparison.total,
        )
    )
