"""The seed's figures in spec/rules.md, section 11.3: each tied to the worked example
that reproduces it, and checked against the figure's own text (an authoring tool, run
by the tests, not part of the installed suite).

A figure line of rules.md reads ``- F3, <section>: "Posata: [2|2]", [Example 12]
(#example-12); it gives rise to `rule.id`, ...`` (``tools.spec_traceability.
figure_rows`` reads it). ``figure_problems`` checks that the list names every figure of the
seed once, in order, and that each example agrees with its figure: the tile placed
last, the caption's sum and credit, and, where the figure lists them, its tiles in
order, its spinner, its links (as the example's plays), its attach points and its
counted ends, all as the example's fixture case states them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from conformance.specdoc.examples import Example
from conformance.suite.fixtures import Case
from tools.spec_seed import Figure
from tools.spec_traceability import FigureRow

__all__ = ["figure_problems"]


def _tile(value: Any) -> tuple[int, int]:
    return (value[0], value[1])


def _links(plays: Sequence[Mapping[str, Any]]) -> Counter[tuple[Any, ...]]:
    return Counter(
        (_tile(p["on"]["tile"]), p["on"]["side"], _tile(p["tile"])) for p in plays if "on" in p
    )


def _against(figure: Figure, case: Case) -> list[str]:
    plays = case.given.get("plays") or []
    expect = case.expect or {}
    tiles = [_tile(p["tile"]) for p in plays]
    out = []
    if not tiles or tiles[-1] != figure.placed:
        out.append(f"its last play is not the figure's {figure.caption!r}")
    end_sum, credit = expect.get("end_sum"), expect.get("credit")
    if (end_sum, credit) != (figure.end_sum, figure.credit):
        out.append(
            f"end sum {end_sum} and credit {credit}; the figure says "
            f"{figure.end_sum} and {figure.credit}"
        )
    counted_ends = expect.get("counted") or []
    if sorted(figure.terms) != sorted(entry["value"] for entry in counted_ends):
        out.append(f"its counted values are not the figure's {' + '.join(map(str, figure.terms))}")
    if not figure.tiles:
        return out
    if list(figure.tiles) != tiles:
        out.append("its tiles in play order are not the figure's (Tessere)")
    spinner = expect.get("spinner")
    if spinner is not None and _tile(spinner) != figure.spinner:
        out.append("its spinner is not the figure's")
    links = Counter((link.onto, link.at, link.tile) for link in figure.links)
    if links != _links(plays):
        out.append("its plays are not the figure's links (Collegamenti)")
    opened = Counter((_tile(e["tile"]), e["side"], e["value"]) for e in expect.get("open") or [])
    if opened != Counter(figure.open):
        out.append("its attach points are not the figure's (Punti di collegamento disponibili)")
    counted = Counter((_tile(e["tile"]), e["value"]) for e in counted_ends)
    if counted != Counter(figure.counted):
        out.append("its counted ends are not the figure's (Contributi conteggiati)")
    return out


def _joins_by_linear_a(figure: Figure) -> list[str]:
    # The seed joins every double by its linear side A (reading.side-names).
    return [
        f"the figure joins the double {list(link.tile)} by {link.by}"
        for link in figure.links
        if link.tile[0] == link.tile[1] and link.by != "linear_a"
    ]


def figure_problems(
    rows: Sequence[FigureRow],
    figures: Sequence[Figure],
    examples: Mapping[int, Example],
    cases: Mapping[str, Case],
) -> list[str]:
    """Everything in which the figure list of rules.md and the seed's figures disagree."""
    out = []
    if [row.number for row in rows] != [figure.number for figure in figures]:
        out.append(
            f"the figure list names F{[row.number for row in rows]}; the seed has "
            f"{len(figures)} figures"
        )
    for row, figure in zip(rows, figures, strict=False):
        where = f"F{figure.number} (seed line {figure.line})"
        if (row.section, row.caption) != (figure.section, figure.caption):
            out.append(f"{where}: listed as {row.caption!r} in {row.section!r}")
        example = examples.get(row.example)
        if example is None:
            out.append(f"{where}: no Example {row.example}")
            continue
        case = cases.get(example.fixture)
        if case is None:
            out.append(f"{where}: Example {row.example} shows no fixture case")
            continue
        problems = _against(figure, case) + _joins_by_linear_a(figure)
        out.extend(f"{where}, Example {row.example}: {problem}" for problem in problems)
    return out
