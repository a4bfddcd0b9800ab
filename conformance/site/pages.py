"""The site's pages as text: the index, and a page per rule (engine pages: `engine_page`).

Templates live in ``conformance/site/templates``; the HTML report's style sheet is
shared with them under ``report/``. Rendering autoescapes every value, first stripped
of the characters XML does not allow, so each page stays well-formed whatever a report
holds; the only markup placed as is comes from the report body and the drawings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import PurePosixPath
from typing import Any

from jinja2 import ChoiceLoader, Environment, PackageLoader, PrefixLoader, StrictUndefined
from markupsafe import Markup

from conformance import SUITE_VERSION
from conformance.reports.sanitize import xml_text
from conformance.site.badge import grade
from conformance.site.model import Combined, Engine, Score, Status, in_group
from conformance.suite.rules import Rule, rule_group

__all__ = ["Pages", "cell", "rule_page_name"]

_RULE_ID = re.compile(r"^[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$")


def _finalize(value: Any) -> Any:
    if isinstance(value, Markup):
        return value
    return xml_text(value) if isinstance(value, str) else value


@cache
def _environment() -> Environment:
    loader = ChoiceLoader(
        [
            PackageLoader("conformance.site", "templates"),
            PrefixLoader({"report": PackageLoader("conformance.reports", "templates")}),
        ]
    )
    return Environment(
        loader=loader,
        autoescape=True,
        undefined=StrictUndefined,
        finalize=_finalize,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def step_title(anchor: str) -> str:
    """The words of a procedure step's anchor: ``counted-ends-2-1`` is "Counted ends,
    step 2.1"."""
    words = anchor.split("-")
    numbers: list[str] = []
    while words and words[-1].isdigit():
        numbers.insert(0, words.pop())
    name = " ".join(words).capitalize()
    return f"{name}, step {'.'.join(numbers)}" if numbers else name


def rule_page_name(rule_id: str) -> str | None:
    """The file of a rule's page under ``rules/``, or None for a text that is no rule ID
    (a report may cite anything: only rule IDs get a page)."""
    return f"{rule_id}.html" if _RULE_ID.fullmatch(rule_id) and len(rule_id) <= 120 else None


def cell(score: Score) -> dict[str, Any]:
    """What a score cell shows: the percentage, the fraction, and the cases not counted."""
    rate = score.rate
    title = (
        f"{score.passed} passed, {score.failed} failed, {score.errored} errored, "
        f"{score.skipped} not implemented, {score.not_run + score.newer} not run"
    )
    if score.newer:
        title += f" ({score.newer} added to the suite after the version this run used)"
    if score.none_implemented:
        # Its own state: no answer was given, so none was wrong.
        return {
            "grade": "ni",
            "value": -1,
            "percent": "not implemented",
            "fraction": f"{score.skipped} cases",
            "not_implemented": 0,
            "newer": score.newer,
            "title": title,
        }
    return {
        "grade": "na" if rate is None else grade(rate),
        "value": -1 if rate is None else round(rate, 6),
        "percent": score.percent,
        "fraction": score.fraction,
        "not_implemented": score.skipped,
        "newer": score.newer,
        "title": title,
    }


class Pages:
    """Renders the pages of one combination of reports."""

    def __init__(self, combined: Combined, rules: Mapping[str, Rule], report_count: int) -> None:
        self.combined = combined
        self.rules = rules
        self.report_count = report_count

    def render(self, template: str, *, depth: int, **context: Any) -> str:
        """Render ``template`` for a page ``depth`` folders below the site's root."""
        return (
            _environment()
            .get_template(template)
            .render(
                root="../" * depth,
                builder_version=SUITE_VERSION,
                report_count=self.report_count,
                **context,
            )
        )

    def rule_ids(self) -> list[str]:
        """Every rule with a page: those of the rules, then others the cases cite."""
        cited = {r for info in self.combined.catalogue.values() for r in info.rules}
        listed = [r for r in self.rules if not self.rules[r].withdrawn or r in cited]
        others = sorted(r for r in cited - set(self.rules) if rule_page_name(r))
        return [*listed, *others]

    def rule_href(self, rule_id: str, depth: int) -> str:
        """Where the page of ``rule_id`` is, from a page ``depth`` folders down ('' if none)."""
        name = rule_page_name(rule_id)
        return "" if name is None else f"{'../' * depth}rules/{name}"

    def index(self, badges: Mapping[str, str]) -> str:
        """The index page; ``badges`` maps an engine's slug to its badge's text."""
        combined = self.combined
        rows = sorted(
            (self._row(e, badges[e.slug]) for e in combined.engines),
            key=lambda r: (-r["overall"]["value"], r["name"]),
        )
        return self.render(
            "index.html.j2",
            depth=0,
            engines=combined.engines,
            case_count=len(combined.cases),
            suite_version=combined.suite_version,
            groups=combined.groups,
            rows=rows,
            rule_groups=self._rule_groups(),
            reports=[
                {
                    "href": f"engines/{e.slug}.html",
                    "engine": e.name,
                    "version": run.version,
                    "suite_version": run.suite_version,
                    "source": PurePosixPath(run.report.source.replace("\\", "/")).name,
                    "format": run.report.format,
                }
                for e in combined.engines
                for run in e.runs
            ],
        )

    def _row(self, engine: Engine, badge_text: str) -> dict[str, Any]:
        run = engine.latest
        info = run.report.engine
        overall = run.score(self.combined.cases)
        return {
            "name": engine.name,
            "href": f"engines/{engine.slug}.html",
            "version": run.version,
            "language": info.language,
            "suite_version": run.suite_version,
            "search": " ".join([engine.name, run.version, info.language]).lower(),
            "full": overall.counted > 0 and overall.passed == overall.counted,
            "badge": f"badges/{engine.slug}.svg",
            "badge_text": badge_text,
            "overall": cell(overall),
            "groups": [
                {"group": g, "score": cell(run.score(self.combined.in_group(g), in_group(g)))}
                for g in self.combined.groups
            ],
        }

    def _rule_groups(self) -> list[dict[str, Any]]:
        # Every group the index has a column for has its heading here, rules or none.
        groups: dict[str, list[dict[str, str]]] = {g: [] for g in self.combined.groups}
        for rule_id in self.rule_ids():
            cases = self.combined.citing(rule_id)
            full = sum(
                1
                for e in self.combined.engines
                if cases and all(e.latest.status(c, rule_id.__eq__) is Status.PASS for c in cases)
            )
            summary = (
                f"{full} of {len(self.combined.engines)} engine(s) pass its {len(cases)} case(s)"
                if cases
                else "no case cites it"
            )
            groups.setdefault(rule_group(rule_id), []).append(
                {"id": rule_id, "href": self.rule_href(rule_id, 0), "summary": summary}
            )
        return [{"name": name, "rules": rules} for name, rules in groups.items()]

    def rule(self, rule_id: str) -> str:
        """The page of one rule: its statement, and each engine's results on its cases."""
        rule = self.rules.get(rule_id)
        engines = self.combined.engines
        case_ids = self.combined.citing(rule_id)
        rows = []
        for case_id in case_ids:
            info = self.combined.catalogue[case_id]
            cells = []
            for e in engines:
                status = e.latest.status(case_id, rule_id.__eq__)
                listed = case_id in e.latest.statuses
                href = f"../engines/{e.slug}.html#case-{case_id}" if listed else ""
                cells.append({"status": status.value, "href": href, "engine": e.name})
            rows.append({"id": case_id, "description": info.description, "cells": cells})
        summaries = []
        for e in engines:
            score = e.latest.score(case_ids, rule_id.__eq__)
            text = f"{score.fraction} passed" + (
                f", {score.newer} not run (newer than its suite)" if score.newer else ""
            )
            summaries.append(
                {
                    "name": e.name,
                    "version": e.latest.version,
                    "href": f"../engines/{e.slug}.html",
                    "summary": text,
                }
            )
        return self.render(
            "rule.html.j2",
            depth=1,
            rule_id=rule_id,
            group=rule_group(rule_id),
            statement=rule.text if rule else "",
            kind="" if rule is None or rule.kind == "rule" else rule.kind,
            why=rule.why if rule else "",
            steps=[(anchor, step_title(anchor)) for anchor in (rule.steps if rule else ())],
            examples=rule.examples if rule else (),
            aliases=rule.aliases if rule else (),
            engines=summaries,
            cases=rows,
        )
