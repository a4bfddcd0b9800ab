"""spec/rules.md traced to the Italian seed, sentence by sentence and figure by figure.

The seed is split into sentences and figures as rules.md section 11.1 says; every
sentence must be quoted verbatim beside the rules it gives rise to (or marked, with a
reason), every rule must be cited by some sentence, and every figure must agree with
the worked example that reproduces it.
"""

from __future__ import annotations

import dataclasses

import pytest

from conformance.specdoc.examples import parse_examples
from conformance.specdoc.page import suite_cases
from conformance.suite.fixtures import Case
from conformance.suite.resources import rules_path
from conformance.suite.rules import load_rules
from tools.spec_figures import figure_problems
from tools.spec_seed import SEED_SECTIONS, SeedError, read_seed, seed_path
from tools.spec_traceability import figure_rows, problems, seed_sections, sentence_rows

SEED_TEXT = seed_path().read_text(encoding="utf-8")
SEED = read_seed(SEED_TEXT)
TEXT = rules_path().read_text(encoding="utf-8")
ROWS = sentence_rows(TEXT)


@pytest.fixture(scope="module")
def cases() -> dict[str, Case]:
    return suite_cases()


def test_the_seed_is_split_into_sentences_figures_and_legends() -> None:
    assert (len(SEED.sentences), len(SEED.figures), len(SEED.legends)) == (77, 11, 3)
    first, last = SEED.sentences[0], SEED.sentences[-1]
    assert (first.number, first.section, first.line) == (1, "preamble", 1)
    assert first.text == "Seven Rocks si gioca con quattro persone in due coppie."
    assert last.section == "Fonte" and last.text.endswith("vince subito.")
    texts = [s.text for s in SEED.sentences]
    # ";" and ":" end no sentence; a line's end does; a list marker is not text.
    assert "Solo la prima doppia idonea è uno spinner; le successive non aprono rami." in texts
    assert texts[texts.index("Usa prima i due lati di continuazione rettilinea.") - 1].endswith(
        "in un ordine fisso:"
    )
    assert not any(t.startswith(("- ", "Posata:", "Contributi", "Numero pieno")) for t in texts)


def test_every_line_of_the_seed_is_a_sentence_a_heading_or_figure_text() -> None:
    # Nothing is dropped silently: each line's text is in a sentence, is a heading, is a
    # legend, or belongs to a figure.
    placed = {s.line for s in SEED.sentences} | {legend.line for legend in SEED.legends}
    for figure in SEED.figures:
        placed |= set(range(figure.line, figure.line + 1 + len(figure.lines)))
    for number, line in enumerate(SEED_TEXT.splitlines(), start=1):
        assert number in placed or line in SEED_SECTIONS or not line.strip(), (number, line)
    joined = " ".join(s.text for s in SEED.sentences if s.line == 10)
    assert joined == SEED_TEXT.splitlines()[9]


def test_the_figures_are_read_whole() -> None:
    first = SEED.figures[0]
    assert (first.placed, first.end_sum, first.credit, first.spinner) == ((4, 4), 10, 10, (1, 1))
    assert first.tiles == ((1, 4), (1, 1), (4, 4))
    assert [(link.onto, link.at, link.tile, link.by) for link in first.links] == [
        ((1, 4), "low", (1, 1), "linear_a"),
        ((1, 4), "high", (4, 4), "linear_a"),
    ]
    assert first.open == (((1, 1), "linear_b", 1), ((4, 4), "linear_b", 4))
    assert SEED.figures[7].spinner is None and SEED.figures[7].terms == (4, 1)


def test_a_figure_line_out_of_place_is_refused() -> None:
    with pytest.raises(SeedError, match="without a caption"):
        read_seed("Titolo.\nContributi conteggiati: 1 = 1. Accredito della posa: 0 punti grezzi.\n")
    with pytest.raises(SeedError, match="no figure lines"):
        read_seed("Posata: [1|2]\nAltro testo.\n")


def test_every_sentence_is_quoted_in_order_and_every_rule_is_cited() -> None:
    assert [row.number for row in ROWS] == [s.number for s in SEED.sentences]
    assert [row.text for row in ROWS] == [s.text for s in SEED.sentences]
    assert problems(load_rules(), TEXT, SEED.sentences) == []


def test_the_counts_of_the_table() -> None:
    to_rules = [row for row in ROWS if row.rules]
    explanatory = [row for row in ROWS if not row.rules and row.mark == "explanatory"]
    out_of_scope = [row for row in ROWS if not row.rules and row.mark == "out of scope"]
    assert len(to_rules) + len(explanatory) + len(out_of_scope) == len(ROWS) == 77
    assert len(to_rules) >= 70
    # The parts of the seed no engine can be held to are listed, with a reason.
    outside = " ".join(row.note for row in ROWS if row.mark == "out of scope")
    for part in ("shuffling", "hidden hands", "cribbage", "tie procedure", "Pagat"):
        assert part in outside
    assert all(row.note for row in ROWS if row.mark)


def test_the_seed_part_of_each_rule_is_the_tables() -> None:
    derived = seed_sections([*ROWS, *figure_rows(TEXT)])
    for rule in load_rules().values():
        assert rule.seed == derived[rule.id], rule.id


def test_a_missing_or_altered_sentence_is_found() -> None:
    rules = load_rules()
    row = (
        "| S23 | Se hai una posa lecita, devi farla. | If you have a legal placement, you must "
        "make it. | `place.must-play` |\n"
    )
    dropped = TEXT.replace(row, "")
    found = "\n".join(problems(rules, dropped, SEED.sentences))
    assert "S23 (seed line 10) is not in the sentence table" in found
    assert "place.must-play: no sentence or figure of the seed cites it" in found
    altered = TEXT.replace("una posa lecita, devi farla.", "una posa lecita devi farla.")
    assert "is not quoted verbatim" in "\n".join(problems(rules, altered, SEED.sentences))
    unmarked = TEXT.replace(
        "| These rules follow a form of Seven Rocks described by Pagat. | *Out of "
        "scope:* the attribution to Pagat; it states no rule. |",
        "| These rules follow a form of Seven Rocks described by Pagat. | |",
    )
    assert "S76" in "\n".join(problems(rules, unmarked, SEED.sentences))
    unknown = TEXT.replace("| `place.must-play` |", "| `place.must-pass` |")
    assert "no rule 'place.must-pass'" in "\n".join(problems(rules, unknown, SEED.sentences))
    untranslated = TEXT.replace("| If you have a legal placement, you must make it. |", "|  |")
    found = "\n".join(problems(rules, untranslated, SEED.sentences))
    assert "S23 (rules.md line" in found and "no English rendering" in found


def test_every_sentence_has_its_english_beside_it() -> None:
    assert len(ROWS) == 77
    assert all(row.english and row.english != row.text for row in ROWS)
    by_number = {row.number: row.english for row in ROWS}
    assert by_number[23] == "If you have a legal placement, you must make it."
    assert by_number[65].endswith("to which that hand belongs.")


def test_the_glossary_gives_the_seeds_terms() -> None:
    glossary = TEXT[TEXT.index("## Glossary") : TEXT.index("## Procedures")]
    for term in (
        "coppia",
        "mano",
        "estremità esterna",
        "punto di collegamento",
        "idonea",
        "bussa o passa",
        "accredito",
        "arrotondare",
    ):
        assert f"*{term}" in glossary, term
    # Each notion has one term; the others are listed as not used.
    assert "| end point, open point" in glossary


def test_every_figure_is_reproduced_by_its_example(cases: dict[str, Case]) -> None:
    examples = {e.number: e for e in parse_examples(TEXT)}
    rows = figure_rows(TEXT)
    assert [row.number for row in rows] == list(range(1, 12))
    assert figure_problems(rows, SEED.figures, examples, cases) == []
    # The check can fail: a wrong credit or other attach points in the example's
    # fixture, an example showing another case, a missing figure.
    third = cases[examples[3].fixture]
    assert third.expect is not None
    wrong = dict(cases)
    wrong[third.id] = dataclasses.replace(third, expect={**third.expect, "credit": 0})
    found = figure_problems(rows, SEED.figures, examples, wrong)
    assert any("F1 (seed line 15), Example 3: end sum 10 and credit 0" in p for p in found)
    fourth = cases[examples[4].fixture]
    assert fourth.expect is not None
    moved = dict(cases)
    moved[fourth.id] = dataclasses.replace(
        fourth, expect={**fourth.expect, "open": third.expect["open"]}
    )
    assert any("attach points" in p for p in figure_problems(rows, SEED.figures, examples, moved))
    assert figure_problems(rows[:-1], SEED.figures, examples, cases)


def test_every_double_the_seed_joins_joins_by_its_linear_side_a() -> None:
    # The ground of reading.side-names: in every figure, a double joining the table
    # joins by its "lato lineare A".
    doubles = [link for f in SEED.figures for link in f.links if link.tile[0] == link.tile[1]]
    assert len(doubles) >= 3
    assert {link.by for link in doubles} == {"linear_a"}
