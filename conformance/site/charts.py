"""History charts: the share of cases passed over an engine's versions, drawn by leather.

leather (a small charting library with no dependencies) lays out the axes, ticks and
lines; this module only chooses the scales and the look, and wraps leather's drawing in
an ``<svg>`` element that scales to the width it is given and has an accessible name.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import leather

from conformance.reports.sanitize import xml_text

__all__ = ["history_chart"]

_FONT = "system-ui, -apple-system, Segoe UI, sans-serif"
# leather reads its look from module attributes when it draws: these are set for the
# drawing and put back afterwards, so nothing else using leather is affected.
_THEME: dict[str, Any] = {
    "background_color": "#ffffff",
    "title_font_family": _FONT,
    "legend_font_family": _FONT,
    "axis_title_font_family": _FONT,
    "tick_font_family": _FONT,
    "tick_font_size": 12,
    "tick_font_char_height": 12,
    "tick_font_char_width": 7,
    "legend_font_size": 12,
    "legend_font_char_height": 12,
    "legend_font_char_width": 7,
    "label_color": "#5b6472",
    "tick_color": "#e2e4e8",
    "zero_color": "#9aa1ac",
    "default_line_width": 2.5,
    "default_dot_radius": 4,
}
_LINE = "#1f5fa8"
# leather computes in Decimal and writes every digit: a hundredth of a pixel will do.
_LONG = re.compile(r"\d+\.\d{3,}")
_MAX_TICKS = 8


@contextmanager
def _theme(**overrides: Any) -> Iterator[None]:
    values = {**_THEME, **overrides}
    saved = {name: getattr(leather.theme, name) for name in values}
    try:
        for name, value in values.items():
            setattr(leather.theme, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(leather.theme, name, value)


def _short(match: re.Match[str]) -> str:
    return f"{float(match.group()):.2f}".rstrip("0").rstrip(".")


def _x_ticks(count: int) -> list[int]:
    step = max(1, -(-count // _MAX_TICKS))
    ticks = list(range(0, count, step))
    return ticks if ticks[-1] == count - 1 else [*ticks, count - 1]


def history_chart(
    title: str,
    labels: Sequence[str],
    rates: Sequence[float | None],
    *,
    width: int = 480,
    height: int = 220,
    font_size: int = 12,
) -> str:
    """An SVG line chart of ``rates`` (0 to 1; None leaves a gap) over ``labels``.

    ``title`` is the chart's accessible name (it is not drawn: the page captions it);
    ``font_size`` that of the tick labels, in the chart's own pixels.
    Needs at least two points: a history of one version has no line to draw.
    """
    if len(labels) != len(rates) or len(labels) < 2:
        raise ValueError("a history chart needs two or more points, one per label")
    # Labels come from reports: characters XML forbids become visible escapes.
    labels = [xml_text(label) for label in labels]
    title = xml_text(title)
    points = [(i, None if r is None else round(100 * r, 2)) for i, r in enumerate(rates)]
    chart = leather.Chart()
    chart.add_x_scale(0, len(labels) - 1)
    chart.add_y_scale(0, 100)
    chart.add_x_axis(ticks=_x_ticks(len(labels)), tick_formatter=lambda v, i, n: labels[int(v)])
    step = 50 if height < 160 else 25
    chart.add_y_axis(ticks=list(range(0, 101, step)), tick_formatter=lambda v, i, n: f"{v}%")
    # One series: leather then draws no legend. The tick lines mark the versions.
    chart.add_line(points, stroke_color=_LINE)
    with _theme(tick_font_size=font_size, tick_font_char_height=font_size):
        group = chart.to_svg_group(width, height)
    for element in group.iter():
        for name, value in element.attrib.items():
            element.set(name, _LONG.sub(_short, value))
    root = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(width),
        height=str(height),
        viewBox=f"0 0 {width} {height}",
        role="img",
    )
    root.set("aria-label", title)
    label = ET.SubElement(root, "title")
    label.text = title
    root.append(group)
    return ET.tostring(root, encoding="unicode")
