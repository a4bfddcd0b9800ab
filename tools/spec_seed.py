"""The Italian rules text ("the seed"), read as sentences of prose and figures: an
authoring tool for spec/rules.md, run by ``python -m tools.regenerate spec`` and the
tests.

The seed is plain text, one paragraph, heading, list item or diagram line per line.
``read_seed`` splits it the way spec/rules.md, section 11.1, describes:

- A line that is one of the seed's headings starts a section; the lines before the
  first heading are the ``preamble``.
- Figure text is the text of the seed's diagrams, not prose: the legend line
  (``Numero pieno: ...``), each caption ``Posata: [a|b]`` and the lines that follow it
  beginning ``Contributi conteggiati:`` (the position's sum and credit and, in the
  longer line, its tiles, links, attach points and counted ends). One caption and the
  lines that follow it are one figure.
- Every other line is prose. The marker ``- `` of a list item is markup, not text. A
  prose line is split into sentences after ``.``, ``!`` or ``?`` followed by a space;
  the end of a line ends a sentence too. ``:`` and ``;`` do not end a sentence.

Sentences and figures are numbered from 1 in the order of the text. Nothing here
interprets a rule: the figures are read into tiles and sides so that the worked
examples can be checked against the seed's own diagrams.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from conformance.suite.resources import rules_path
from conformance.suite.structure import SEED_HEADINGS

__all__ = [
    "SEED_SECTIONS",
    "SIDE_NAMES",
    "Figure",
    "Legend",
    "Link",
    "Seed",
    "SeedError",
    "Sentence",
    "read_seed",
    "seed_path",
]

SEED_SECTIONS: tuple[str, ...] = ("preamble", *SEED_HEADINGS, "Fonte")
"""The seed's sections in order: its untitled opening paragraph, its ten rule sections
(the headings a fixture ``source`` may cite) and its closing attribution."""

SIDE_NAMES: dict[str, str] = {
    "estremità di valore minore": "low",
    "estremità di valore maggiore": "high",
    "lato lineare A": "linear_a",
    "lato lineare B": "linear_b",
    "ramo A": "branch_a",
    "ramo B": "branch_b",
}
"""The seed's names of the sides of a tile, and the protocol's."""

_LEGEND = "Numero pieno:"
_CAPTION = re.compile(r"^Posata: \[(\d)\|(\d)\]$")
_FIGURE_LINE = "Contributi conteggiati:"
_SENTENCE_END = re.compile(r"(?<=[.!?]) +")
_SUM = re.compile(
    r"^Contributi conteggiati: (?P<terms>.+?) = (?P<sum>\d+)\. "
    r"Accredito della posa: (?P<credit>\d+) punti grezzi\.(?P<rest>.*)$"
)
_REST = re.compile(
    r"^ Tessere: (?P<tiles>.+?)\. Spinner: (?P<spinner>.+?)\. Collegamenti: (?P<links>.+?)\. "
    r"Punti di collegamento disponibili: (?P<open>.+?)\. "
    r"Contributi conteggiati: (?P<counted>.+?)\.$"
)
_TILE = r"\[(\d)\|(\d)\]"
_DASH = "\u2013"  # the seed joins the two tiles of a link with an en dash
_LINK = re.compile(rf"^{_TILE} \(([^)]+)\) {_DASH} {_TILE} \(([^)]+)\)$")
_OPEN = re.compile(rf"^{_TILE} \(([^,]+), (\d+)\)$")
_COUNTED = re.compile(rf"^{_TILE}: (\d+)$")

Tile = tuple[int, int]


class SeedError(ValueError):
    """The seed text does not read as the format above (a figure line out of place...)."""


@dataclass(frozen=True)
class Sentence:
    """One sentence of the seed's prose, verbatim, with where it stands."""

    number: int
    section: str
    line: int
    text: str


@dataclass(frozen=True)
class Link:
    """One link of a figure: ``tile`` joins ``onto`` at the side ``at`` by its ``by``."""

    onto: Tile
    at: str
    tile: Tile
    by: str


@dataclass(frozen=True)
class Figure:
    """One diagram of the seed: the tile just placed and what the figure says of the table.

    ``tiles``, ``spinner``, ``links``, ``open`` and ``counted`` are empty when the figure
    has only its caption line.
    """

    number: int
    section: str
    line: int
    placed: Tile
    lines: tuple[str, ...]
    terms: tuple[int, ...]
    end_sum: int
    credit: int
    tiles: tuple[Tile, ...] = ()
    spinner: Tile | None = None
    links: tuple[Link, ...] = ()
    open: tuple[tuple[Tile, str, int], ...] = ()
    counted: tuple[tuple[Tile, int], ...] = ()

    @property
    def caption(self) -> str:
        """The caption line, ``Posata: [4|4]``."""
        return f"Posata: [{self.placed[0]}|{self.placed[1]}]"


@dataclass(frozen=True)
class Legend:
    """The legend line of a group of figures, verbatim."""

    line: int
    section: str
    text: str


@dataclass(frozen=True)
class Seed:
    """The seed read whole: its sentences, figures and legends, each in text order."""

    sentences: tuple[Sentence, ...]
    figures: tuple[Figure, ...]
    legends: tuple[Legend, ...]


def seed_path() -> Path:
    """The seed shipped with the suite (beside spec/rules.md, in a checkout or a wheel)."""
    return rules_path().with_name("seven-rocks-rules.it.txt")


def _tile(groups: tuple[str, ...]) -> Tile:
    return int(groups[0]), int(groups[1])


def _side(name: str, where: str) -> str:
    if name not in SIDE_NAMES:
        raise SeedError(f"{where}: unknown side name {name!r}")
    return SIDE_NAMES[name]


def _items(text: str, pattern: re.Pattern[str], where: str) -> list[re.Match[str]]:
    if text == "nessuno":
        return []
    out = []
    for item in text.split("; "):
        match = pattern.match(item)
        if match is None:
            raise SeedError(f"{where}: cannot read {item!r}")
        out.append(match)
    return out


def _figure(number: int, section: str, line: int, placed: Tile, lines: list[str]) -> Figure:
    where = f"seed line {line}"
    if not lines:
        raise SeedError(f"{where}: a caption with no figure lines after it")
    parts = [_SUM.match(text) for text in lines]
    if any(part is None for part in parts):
        raise SeedError(f"{where}: a figure line that does not give its sum and credit")
    first = parts[0]
    assert first is not None  # checked just above
    terms = tuple(int(term) for term in first["terms"].split(" + "))
    figure = Figure(
        number, section, line, placed, tuple(lines), terms, int(first["sum"]), int(first["credit"])
    )
    rest = next((p["rest"] for p in parts if p is not None and p["rest"]), "")
    if not rest:
        return figure
    detail = _REST.match(rest)
    if detail is None:
        raise SeedError(f"{where}: cannot read the figure's description")
    spinner_match = re.fullmatch(_TILE, detail["spinner"])
    spinner = _tile(spinner_match.groups()) if spinner_match else None
    tiles = [(int(a), int(b)) for a, b in re.findall(_TILE, detail["tiles"])]
    links = [
        Link(_tile(m.groups()), _side(m[3], where), _tile(m.groups()[3:]), _side(m[6], where))
        for m in _items(detail["links"], _LINK, where)
    ]
    opened = [
        (_tile(m.groups()), _side(m[3], where), int(m[4]))
        for m in _items(detail["open"], _OPEN, where)
    ]
    counted = [(_tile(m.groups()), int(m[3])) for m in _items(detail["counted"], _COUNTED, where)]
    return Figure(
        figure.number,
        section,
        line,
        placed,
        figure.lines,
        terms,
        figure.end_sum,
        figure.credit,
        tuple(tiles),
        spinner,
        tuple(links),
        tuple(opened),
        tuple(counted),
    )


def read_seed(text: str) -> Seed:
    """The seed ``text`` split into sentences, figures and legends; ``SeedError`` when a
    line cannot be placed."""
    sentences: list[Sentence] = []
    figures: list[Figure] = []
    legends: list[Legend] = []
    section = "preamble"
    caption: tuple[int, Tile] | None = None
    figure_lines: list[str] = []

    def close_figure() -> None:
        nonlocal caption
        if caption is not None:
            line, placed = caption
            figures.append(_figure(len(figures) + 1, section, line, placed, figure_lines[:]))
            caption = None
            figure_lines.clear()

    for number, line in enumerate(text.splitlines(), start=1):
        if caption is not None and line.startswith(_FIGURE_LINE):
            figure_lines.append(line)
            continue
        close_figure()
        if line in SEED_SECTIONS:
            section = line
        elif match := _CAPTION.match(line):
            caption = (number, _tile(match.groups()))
        elif line.startswith(_LEGEND):
            legends.append(Legend(number, section, line))
        elif line.startswith(_FIGURE_LINE):
            raise SeedError(f"seed line {number}: figure text without a caption above it")
        elif line.strip():
            prose = line[2:] if line.startswith("- ") else line
            for text_of in _SENTENCE_END.split(prose.strip()):
                sentences.append(Sentence(len(sentences) + 1, section, number, text_of))
    close_figure()
    return Seed(tuple(sentences), tuple(figures), tuple(legends))
