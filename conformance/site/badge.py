"""Conformance badges: an SVG in the flat style READMEs use, and a shields.io endpoint.

A badge reads ``Seven Rocks 1.x | 355/355``: the suite's major version (within it, cases
are only added), then the cases passed of those the run's suite version holds that the
engine implements, and how many it does not implement when there are such
(``33/33, 322 not implemented``): a command not served is not a wrong answer. Its
colour follows the share passed of the cases implemented. The endpoint JSON says the
same for shields.io (https://shields.io/badges/endpoint-badge), which draws it in any
of its styles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from conformance.reports.sanitize import xml_text
from conformance.site.model import Score

__all__ = ["Badge", "badge_for", "grade"]

# (lowest share passed, grade, shields.io colour name, its hex value), best first.
_COLOURS = (
    (1.0, 10, "brightgreen", "#4c1"),
    (0.9, 9, "green", "#97ca00"),
    (0.75, 7, "yellowgreen", "#a4a61d"),
    (0.5, 5, "yellow", "#dfb317"),
    (0.25, 2, "orange", "#fe7d37"),
    (0.0, 0, "red", "#e05d44"),
)
_NONE = ("lightgrey", "#9f9f9f")

# Advance widths in em of Verdana, the face the badge names first, for the characters
# a badge holds; others take _WIDE. They only size the boxes: textLength then fits the
# text exactly into its box whichever font the viewer has.
_EM = {
    **dict.fromkeys("0123456789", 0.636),
    " ": 0.352,
    ".": 0.364,
    ",": 0.364,
    ":": 0.454,
    "/": 0.454,
    "|": 0.545,
    "-": 0.431,
    "%": 1.076,
    **dict.fromkeys("il", 0.274),
    "j": 0.344,
    "f": 0.352,
    "t": 0.394,
    "r": 0.427,
    **dict.fromkeys("cksvxyz", 0.53),
    **dict.fromkeys("m", 0.974),
    "w": 0.818,
    "I": 0.421,
    "J": 0.455,
    "M": 0.863,
    "W": 0.989,
    **dict.fromkeys("CDGHNOQU", 0.76),
}
_LOWER, _UPPER, _WIDE = 0.61, 0.70, 0.8
_FONT_SIZE = 11
_PAD = 5


def _text_width(text: str) -> int:
    em = 0.0
    for char in text:
        default = _LOWER if char.islower() else _UPPER if char.isupper() else _WIDE
        em += _EM.get(char, default)
    return round(em * _FONT_SIZE)


@dataclass(frozen=True)
class Badge:
    """One badge: its two texts and colour."""

    label: str
    message: str
    colour: str
    """The shields.io colour name."""
    hex: str

    def endpoint(self) -> dict[str, Any]:
        """The shields.io endpoint JSON object."""
        return {
            "schemaVersion": 1,
            "label": self.label,
            "message": self.message,
            "color": self.colour,
        }

    def svg(self) -> str:
        """The badge as a standalone SVG document (no external resource)."""
        # Text from a report may hold characters XML forbids: they become visible escapes.
        label, message = xml_text(self.label), xml_text(self.message)
        left, right = _text_width(label), _text_width(message)
        lw, rw = left + 2 * _PAD, right + 2 * _PAD
        width = lw + rw
        words = f"{label}: {message}"
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" '
            f'role="img" aria-label={quoteattr(words)}>',
            f"<title>{escape(words)}</title>",
            '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" '
            'stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
            f'<clipPath id="r"><rect width="{width}" height="20" rx="3" fill="#fff"/></clipPath>',
            f'<g clip-path="url(#r)"><rect width="{lw}" height="20" fill="#555"/>'
            f'<rect x="{lw}" width="{rw}" height="20" fill="{self.hex}"/>'
            f'<rect width="{width}" height="20" fill="url(#s)"/></g>',
            '<g fill="#fff" text-anchor="middle" '
            f'font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="{_FONT_SIZE}">',
            *_text(label, lw / 2, left),
            *_text(message, lw + rw / 2, right),
            "</g></svg>",
        ]
        return "".join(parts) + "\n"


def _text(text: str, middle: float, length: int) -> list[str]:
    # A shadow one pixel below, then the text, as flat badges are drawn.
    body = escape(text)
    at = f'x="{middle:g}" textLength="{length}" lengthAdjust="spacingAndGlyphs"'
    return [
        f'<text {at} y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">{body}</text>',
        f'<text {at} y="14">{body}</text>',
    ]


def _major(suite_version: str) -> str:
    match = re.match(r"\d+", suite_version)
    return match.group(0) if match else suite_version


def _band(rate: float) -> tuple[float, int, str, str]:
    return next(band for band in _COLOURS if rate >= band[0])


def grade(rate: float) -> int:
    """The band of a share passed (0 to 1) that badges colour by: 10 (all), 9 (90% and
    more), 7, 5, 2 or 0; pages shade their scores by the same bands."""
    return _band(rate)[1]


def badge_for(suite_version: str, score: Score) -> Badge:
    """The badge of a run of suite ``suite_version`` scoring ``score`` on its cases."""
    label = f"Seven Rocks {_major(suite_version)}.x"
    rate = score.rate
    if score.none_implemented:
        return Badge(label, "not implemented", *_NONE)
    if rate is None:
        return Badge(label, "no cases", *_NONE)
    _, _, name, hex_value = _band(rate)
    message = score.fraction
    if score.skipped:
        message += f", {score.skipped} not implemented"
    return Badge(label, message, name, hex_value)
