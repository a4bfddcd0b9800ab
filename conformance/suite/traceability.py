"""Traceability of spec/rules.md to the Italian seed, sentence by sentence, and the
checks of its form.

Section 11.2 of rules.md quotes every sentence of the seed, verbatim, in a table row
with the rule IDs the sentence gives rise to, or marks it explanatory or out of scope
with a reason. ``problems`` checks that table against the seed (as ``conformance.
suite.seed`` splits it) and the rule lines against the table, and checks what makes
rules.md a normative document: each rule a requirement in BCP 14 keywords with the
engine as its subject, each reading and theorem marked, in its own section, with its
reason, and each cited procedure step present.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from conformance.suite.rules import RULE_LINE, Rule
from conformance.suite.seed import SEED_SECTIONS, Sentence

__all__ = [
    "SEED_SECTIONS",
    "FigureRow",
    "SentenceRow",
    "figure_rows",
    "problems",
    "seed_sections",
    "sentence_rows",
]

SENTENCES_BEGIN = "<!-- BEGIN sentences -->"
SENTENCES_END = "<!-- END sentences -->"
FIGURES_BEGIN = "<!-- BEGIN figures -->"
FIGURES_END = "<!-- END figures -->"

_ROW = re.compile(r"^\| S(\d+) \| (.+?) \| (.*) \|$")
_FIGURE = re.compile(
    r'^- F(\d+), (.+?): "(Posata: \[\d\|\d\])", \[Example (\d+)\]\(#example-\d+\)'
    r"(?:; it gives rise to (.+))?\.$"
)
_CITED = re.compile(r"^((?:`[a-z0-9.-]+`(?:, )?)*)(.*)$")
_ID = re.compile(r"`([a-z0-9.-]+)`")
_MARK = re.compile(r"\*(Explanatory|Out of scope):\* (\S.*)$")
_STEP_ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')
_KEYWORD = re.compile(r"\b(MUST|MUST NOT|SHALL|SHOULD|REQUIRED|MAY|RECOMMENDED|OPTIONAL)\b")
_LOWER_KEYWORD = re.compile(r"\b(must|shall|should|required|may|recommended|optional)\b")
# A requirement whose subject is not the engine: "A terminal double MUST ...".
_SUBJECT = re.compile(r"(?:^|[.;:] |, and |, )(?P<subject>(?:\w+ ){0,6}?)(?:MUST|MAY)\b")
# Words that announce an interpretation, or a rule that does not say what it requires.
_HEDGES = re.compile(r"\b(normally|usually|generally|typically|we read|interpret\w*)\b", re.I)
_SECTION_OF_KIND = {"reading": "Readings", "theorem": "Theorems"}


@dataclass(frozen=True)
class SentenceRow:
    """One row of the sentence table: a seed sentence and what it gives rise to.

    ``rules`` are the IDs the row cites first in its last cell; ``mark`` is
    ``explanatory``, ``out of scope`` or empty, and ``note`` the reason given with it.
    """

    number: int
    section: str
    text: str
    rules: tuple[str, ...]
    mark: str = ""
    note: str = ""
    line: int = 0


@dataclass(frozen=True)
class FigureRow:
    """One line of the figure list: the figure, its section and caption, the number of
    the example that reproduces it, and the rule IDs it gives rise to."""

    number: int
    section: str
    caption: str
    example: int
    rules: tuple[str, ...] = ()


def figure_rows(text: str) -> list[FigureRow]:
    """The figure lines of a rules.md ``text`` (section 11.3), in order."""
    if FIGURES_BEGIN not in text:
        return []
    body = text[text.index(FIGURES_BEGIN) : text.find(FIGURES_END)]
    return [
        FigureRow(int(m[1]), m[2], m[3], int(m[4]), tuple(_ID.findall(m[5] or "")))
        for m in map(_FIGURE.match, body.splitlines())
        if m is not None
    ]


def sentence_rows(text: str) -> list[SentenceRow]:
    """The rows of the sentence table of a rules.md ``text``, in order (empty when the
    text has no table)."""
    if SENTENCES_BEGIN not in text:
        return []
    start = text.index(SENTENCES_BEGIN)
    first_line = text.count("\n", 0, start) + 1
    body = text[start : text.find(SENTENCES_END, start)]
    rows = []
    section = ""
    for offset, line in enumerate(body.splitlines()):
        if line.startswith("#### "):
            section = line[len("#### ") :]
            continue
        match = _ROW.match(line)
        if match is None:
            continue
        cell = _CITED.match(match[3])
        assert cell is not None  # every part of the pattern is optional
        mark = _MARK.search(cell[2])
        rows.append(
            SentenceRow(
                int(match[1]),
                section,
                match[2],
                tuple(_ID.findall(cell[1])),
                mark[1].lower() if mark else "",
                mark[2] if mark else "",
                first_line + offset,
            )
        )
    return rows


def seed_sections(rows: Sequence[SentenceRow | FigureRow]) -> dict[str, tuple[str, ...]]:
    """For each rule ID the rows (sentences and figures) cite, the seed sections of
    those rows, in seed order."""
    found: dict[str, set[str]] = {}
    for row in rows:
        for rule_id in row.rules:
            found.setdefault(rule_id, set()).add(row.section)
    return {
        rule_id: tuple(s for s in SEED_SECTIONS if s in sections)
        for rule_id, sections in found.items()
    }


def _sentence_problems(
    rules: Mapping[str, Rule],
    rows: Sequence[SentenceRow],
    figures: Sequence[FigureRow],
    sentences: Sequence[Sentence],
) -> list[str]:
    out = []
    by_number = {row.number: row for row in rows}
    if [row.number for row in rows] != sorted(by_number) or len(by_number) != len(rows):
        out.append("the sentence table is not in order S1, S2, ... with each number once")
    for sentence in sentences:
        row = by_number.get(sentence.number)
        where = f"S{sentence.number} (seed line {sentence.line})"
        if row is None:
            out.append(f"{where} is not in the sentence table: {sentence.text!r}")
            continue
        if row.text != sentence.text:
            out.append(f"{where} is not quoted verbatim: {row.text!r} is not {sentence.text!r}")
        if row.section != sentence.section:
            out.append(f"{where} stands under {row.section!r}, not {sentence.section!r}")
    out.extend(
        f"S{row.number} (rules.md line {row.line}) is not a sentence of the seed"
        for row in rows
        if row.number > len(sentences)
    )
    citing: list[tuple[str, tuple[str, ...]]] = [
        (f"S{row.number} (rules.md line {row.line})", row.rules) for row in rows
    ]
    citing += [(f"F{row.number}", row.rules) for row in figures]
    for where, ids in citing:
        out.extend(f"{where}: no rule {rule_id!r}" for rule_id in ids if rule_id not in rules)
        out.extend(
            f"{where}: {rule_id!r} is withdrawn"
            for rule_id in ids
            if rule_id in rules and rules[rule_id].withdrawn
        )
    out.extend(
        f"S{row.number} (rules.md line {row.line}): cites no rule and is not marked "
        "explanatory or out of scope"
        for row in rows
        if not row.rules and not row.mark
    )
    cited = {rule_id for _, ids in citing for rule_id in ids}
    out.extend(
        f"{rule.id}: no sentence or figure of the seed cites it"
        for rule in rules.values()
        if not rule.withdrawn and rule.id not in cited
    )
    derived = seed_sections([*rows, *figures])
    out.extend(
        f"{rule.id}: *Seed:* says {'; '.join(rule.seed)!r}, the sentence table "
        f"{'; '.join(derived.get(rule.id, ()))!r} (run python -m tools.regenerate)"
        for rule in rules.values()
        if not rule.withdrawn and rule.seed != derived.get(rule.id, ())
    )
    return out


def _wording_problems(rule: Rule) -> list[str]:
    out: list[str] = []
    if rule.withdrawn:
        return out
    if rule.kind != "theorem" and not _KEYWORD.search(rule.text):
        out.append(f"{rule.id}: states no requirement (no MUST, MUST NOT or MAY)")
    if rule.kind == "theorem" and _KEYWORD.search(rule.text):
        out.append(f"{rule.id}: a theorem adds no requirement; it uses a BCP 14 keyword")
    if lower := _LOWER_KEYWORD.search(rule.text):
        out.append(f"{rule.id}: lower-case {lower[0]!r}; write the keyword in capitals")
    for match in _SUBJECT.finditer(rule.text):
        subject = match["subject"].strip()
        if subject and not subject.endswith(("the engine", "engine")):
            out.append(f"{rule.id}: {subject!r} is the subject of a requirement, not the engine")
    # A hedge inside a quoted identifier (`reading.normally-...`) is a name, not a hedge.
    if rule.kind == "rule" and (hedge := _HEDGES.search(re.sub(r"`[^`]*`", "", rule.text))):
        out.append(f"{rule.id}: {hedge[0]!r} marks an interpretation: make it a reading")
    if rule.kind != "rule" and not rule.why:
        out.append(f"{rule.id}: a {rule.kind} says why (*Why:*)")
    return out


def _placement_problems(text: str) -> list[str]:
    """Readings and theorems stand in their own sections, and nowhere else."""
    out = []
    heading = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            heading = line
            continue
        if line.startswith("- `") and RULE_LINE.match(line) is None and "`:" in line:
            out.append(f"rules.md line {number}: looks like a rule line but does not parse")
        match = RULE_LINE.match(line)
        if match is None:
            continue
        kind = match[3] if match[3] in _SECTION_OF_KIND else "rule"
        for other, title in _SECTION_OF_KIND.items():
            if (kind == other) != heading.endswith(title):
                out.append(f"rules.md line {number}: `{match[1]}` is misplaced for a {kind}")
    return out


def _step_problems(rules: Mapping[str, Rule], text: str) -> list[str]:
    anchors = set(_STEP_ANCHOR.findall(text))
    return [
        f"{rule.id}: cites the step #{step}, which rules.md does not anchor"
        for rule in rules.values()
        for step in rule.steps
        if step not in anchors
    ]


def problems(rules: Mapping[str, Rule], text: str, sentences: Sequence[Sentence]) -> list[str]:
    """Everything that keeps rules.md ``text`` from being traceable to the seed's
    ``sentences`` and normative."""
    out = _sentence_problems(rules, sentence_rows(text), figure_rows(text), sentences)
    out.extend(item for rule in rules.values() for item in _wording_problems(rule))
    out.extend(_placement_problems(text))
    out.extend(_step_problems(rules, text))
    return out
