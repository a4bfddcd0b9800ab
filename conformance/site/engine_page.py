"""An engine's page: its latest report, its claims, its badge, and its history."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from conformance.reports.html import render_body
from conformance.site.badge import Badge
from conformance.site.changes import Change, changes
from conformance.site.charts import history_chart
from conformance.site.model import Engine, Run, Status, in_group
from conformance.site.pages import Pages
from conformance.suite.features import FEATURES
from conformance.suite.protocol import QUERY_CMDS

__all__ = ["PLACEHOLDER_URL", "engine_page"]

PLACEHOLDER_URL = "SITE_URL"
"""Stands for the site's address in the embedding snippets when none is given."""

_PART_WORDS = ["failed", "errored", "not implemented", "not run"]
_UNSAFE_IN_SNIPPET = re.compile(r'[\[\]()<>"`]')


def _labels(runs: Sequence[Run]) -> list[str]:
    versions = [r.version for r in runs]
    twice = {v for v in versions if versions.count(v) > 1}
    return [f"{r.version} (suite {r.suite_version})" if r.version in twice else r.version
            for r in runs]  # fmt: skip


def _counts(run: Run) -> dict[str, Any]:
    score = run.own_score()
    return {
        "version": run.version,
        "suite_version": run.suite_version,
        "score": score,
        "counts": [score.failed, score.errored, score.skipped, score.not_run],
    }


def _badge(engine: Engine, badge: Badge, base_url: str) -> dict[str, str]:
    base = base_url.rstrip("/") or PLACEHOLDER_URL
    text = _UNSAFE_IN_SNIPPET.sub("", f"{badge.label}: {badge.message}")
    image, page = f"{base}/badges/{engine.slug}.svg", f"{base}/engines/{engine.slug}.html"
    endpoint = f"{base}/badges/{engine.slug}.json"
    shields = f"https://img.shields.io/endpoint?url={quote(endpoint, safe='')}"
    note = (
        ""
        if base_url
        else f"{PLACEHOLDER_URL} stands for the address where the site is published "
        "(site --base-url fills it in)."
    )
    return {
        "src": f"../badges/{engine.slug}.svg",
        "json": f"../badges/{engine.slug}.json",
        "text": f"{badge.label}: {badge.message}",
        "markdown": f"[![{text}]({image})]({page})",
        "html": f'<a href="{html.escape(page)}"><img src="{html.escape(image)}" '
        f'alt="{html.escape(text)}"/></a>',
        "shields": f"[![{text}]({shields})]({page})",
        "note": note,
    }


def _history(pages: Pages, engine: Engine, labels: list[str]) -> dict[str, Any]:
    runs = engine.runs
    combined = pages.combined
    rates = [r.own_score().rate for r in runs]
    chart = None
    if len(runs) > 1:
        title = f"{engine.name}: share of cases passed"
        chart = Markup(history_chart(title, labels, rates, font_size=13))
    group_charts, group_rows = [], []
    for group in combined.groups:
        scores = [r.score(combined.in_group(group, r.suite_ids), in_group(group)) for r in runs]
        if not any(s.counted for s in scores):
            continue
        cells = [
            "not implemented" if s.none_implemented else f"{s.fraction} ({s.percent})"
            for s in scores
        ]
        group_rows.append({"group": group, "cells": cells})
        if len(runs) > 1:
            svg = history_chart(
                f"{engine.name}, {group}: share of cases passed",
                labels,
                [s.rate for s in scores],
                width=240,
                height=130,
            )
            group_charts.append({"group": group, "latest": scores[-1].percent, "svg": Markup(svg)})
    return {"chart": chart, "group_charts": group_charts, "group_rows": group_rows}


def _change(change: Change, before: str, after: str, latest: Run) -> dict[str, Any]:
    def item(case_id: str, status: Status | None = None) -> dict[str, str]:
        # Only the latest report is on the page: a case links to it when it is there.
        href = f"#case-{case_id}" if case_id in latest.statuses else ""
        return {"id": case_id, "href": href, "status": status or ""}

    parts = [
        ("failed", "newly failing", [item(c, s) for c, s in change.newly_failing], True),
        ("passed", "newly passing", [item(c) for c in change.newly_passing], True),
        (
            "skipped",
            "passing before, not run now",
            [item(c, s) for c, s in change.no_longer_run],
            True,
        ),
        ("not-run", "new in the suite", [item(c, s) for c, s in change.added], False),
    ]
    return {
        "before": before,
        "after": after,
        "quiet": change.quiet,
        "parts": [
            {"key": key, "title": title, "entries": items, "open": opened and len(items) <= 40}
            for key, title, items, opened in parts
            if items
        ],
    }


def engine_page(pages: Pages, engine: Engine, badge: Badge, *, base_url: str = "") -> str:
    """The page of ``engine``, whose latest run has ``badge``."""
    combined = pages.combined
    latest = engine.latest
    info = latest.report.engine
    score = latest.own_score()
    labels = _labels(engine.runs)
    steps = list(zip(labels, labels[1:], changes(engine), strict=False))
    parts = [
        ("failed", score.failed, "failed"),
        ("errored", score.errored, "errored"),
        ("not-implemented", score.skipped, "not implemented"),
        ("not-run", score.not_run, "not run"),
    ]
    cmd_of = {i: combined.catalogue[i].cmd for i in latest.suite_ids if i in combined.catalogue}
    unclaimed: Mapping[str, int] = latest.report.unclaimed
    context = {
        "name": engine.name,
        "language": info.language,
        "suite_version": combined.suite_version,
        "badge": _badge(engine, badge, base_url),
        "latest": {
            "version": latest.version,
            "suite_version": latest.suite_version,
            "score": score,
            "parts": [{"key": k, "count": n, "word": w} for k, n, w in parts if n],
            "newer": sum(1 for i in combined.cases if not latest.in_suite(i)),
            "extra": len(latest.extra),
            "aborted": latest.report.result.aborted or "",
            "warnings": list(latest.report.result.warnings),
        },
        "commands": [
            {
                "name": cmd,
                "served": cmd in info.cmds,
                "cases": sum(1 for c in cmd_of.values() if c == cmd),
            }
            for cmd in QUERY_CMDS
        ],
        "features": [
            {
                "name": name,
                "meaning": meaning,
                "claimed": name not in unclaimed,
                "skipped": unclaimed.get(name, 0),
            }
            for name, meaning in FEATURES.items()
        ],
        "runs": [_counts(r) for r in engine.runs],
        "part_words": _PART_WORDS,
        "changes": [
            _change(change, before, after, latest) for before, after, change in reversed(steps)
        ],
        "misreadings": [
            {
                "mutant": m.mutant,
                "description": m.description,
                "rules": [{"id": r, "href": pages.rule_href(r, 1) or "#rules"} for r in m.rules],
                "alternatives": list(m.alternatives),
                "contradicted": m.contradicted,
                "cases": [c for c in m.cases if c in latest.statuses],
            }
            for m in latest.report.diagnosis
        ],
        "body": render_body(latest.report.result, pages.rules, spec_url="../spec.html"),
        **_history(pages, engine, labels),
    }
    return pages.render("engine.html.j2", depth=1, **context)
