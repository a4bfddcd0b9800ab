"""spec/rules.md as a document: worked examples, traceability to the seed, its form.

The examples of rules.md and their fixtures must agree number for number; every seed
section must be cited or out of scope; every rule must be a marked, sourced requirement.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from cli_support import cli

from conformance.specdoc.examples import (
    Example,
    ExampleError,
    disagreements,
    main,
    parse_examples,
    regenerate,
)
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.resources import fixtures_dir, rules_path
from conformance.suite.rules import load_rules, parse_rules
from conformance.suite.traceability import SEED_SECTIONS, out_of_scope, problems

SEED_TEXT = Path(__file__).resolve().parent.parent / "spec" / "seven-rocks-rules.it.txt"
TEXT = rules_path().read_text(encoding="utf-8")
EXAMPLES = parse_examples(TEXT)


@pytest.fixture(scope="module")
def cases() -> dict[str, Case]:
    return {case.id: case for case in load_cases([fixtures_dir()], rules=load_rules())}


def test_the_examples_were_found() -> None:
    assert len(EXAMPLES) >= 29
    assert [e.number for e in EXAMPLES] == list(range(1, len(EXAMPLES) + 1))


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.anchor for e in EXAMPLES])
def test_example_agrees_with_its_fixture(example: Example, cases: dict[str, Case]) -> None:
    assert disagreements(example, cases) == []


def test_every_seed_example_is_in_the_spec(cases: dict[str, Case]) -> None:
    # A case that transcribes a seed example, or a position one implies, is shown.
    shown = {e.fixture for e in EXAMPLES}
    from_seed = {
        cid for cid, case in cases.items() if case.source.startswith(("transcribes:", "implied:"))
    }
    assert len(from_seed) >= 20
    assert from_seed - shown == set()


def test_the_seed_examples_by_kind() -> None:
    # Sequence A (9 steps), B, C, D, E in both mirror images, 36/35, remainders 0-4, 3 + 3.
    titles = " ".join(e.title for e in EXAMPLES)
    for step in range(1, 10):
        assert f"sequence A, step {step} " in titles
    for name in ("sequence B", "sequence C", "sequence D", "mirror image", "36", "35"):
        assert name in titles
    for remainder in range(5):
        assert f"remainder {remainder}" in titles
    assert sum(e.plays is not None and e.drawing is not None for e in EXAMPLES) >= 22


def test_generated_parts_are_current() -> None:
    assert regenerate(TEXT) == TEXT, "run: python -m conformance.specdoc.examples --write"


def test_rules_md_is_traceable_and_normative() -> None:
    assert problems(load_rules(), TEXT) == []


def test_every_seed_section_is_accounted_for() -> None:
    rules = load_rules()
    cited = {section for rule in rules.values() for section in rule.seed}
    outside = {item.section for item in out_of_scope(TEXT)}
    assert set(SEED_SECTIONS) <= cited | outside
    # The four parts of the seed no engine can be held to are listed, with a reason.
    whats = " ".join(item.what for item in out_of_scope(TEXT))
    for part in ("shuffling", "hidden hands", "cribbage", "tie procedure"):
        assert part in whats
    assert all(item.why for item in out_of_scope(TEXT))


def test_the_seed_sections_are_the_shipped_seeds() -> None:
    lines = SEED_TEXT.read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line in SEED_SECTIONS] == list(SEED_SECTIONS[1:])


def test_every_rule_named_in_the_text_exists() -> None:
    rules = load_rules()
    named = set(re.findall(r"`([a-z]+\.[a-z0-9-]+)`", TEXT)) - {"group.name"}
    assert len(named) > 40
    assert named - set(rules) == set()


def test_a_derived_case_names_a_section_of_its_rules(cases: dict[str, Case]) -> None:
    # "derived: <section>" says the test comes from that section's rules. (An example
    # is transcribed from the section that prints it, whatever rules it shows.)
    rules = load_rules()
    derived = [case for case in cases.values() if case.source.startswith("derived: ")]
    assert len(derived) > 100
    wrong = [
        case.id
        for case in derived
        if case.source.partition(": ")[2] not in {s for r in case.rules for s in rules[r].seed}
    ]
    assert wrong == []


def test_the_readings_the_seed_leaves_open_are_marked() -> None:
    rules = load_rules()
    for rule_id in ("place.one-per-end-point", "reading.mirror-opening-double"):
        assert rules[rule_id].kind == "reading" and rules[rule_id].why
    assert rules["reading.no-domino-bonus"].kind == "reading"
    assert rules["scoring.max-end-sum"].kind == "theorem"
    assert "mirror" not in rules["spinner.opening-double"].text


# --- the checks themselves can fail -------------------------------------------------


def test_a_changed_number_is_a_disagreement(cases: dict[str, Case]) -> None:
    example = next(e for e in EXAMPLES if e.fixture == "table.seed-a.step-7")
    wrong = dataclasses.replace(example, credit=10)
    assert any("credit differ" in p for p in disagreements(wrong, cases))
    redrawn = dataclasses.replace(example, drawing="(old drawing)")
    assert any("drawing" in p for p in disagreements(redrawn, cases))
    settle = next(e for e in EXAMPLES if e.hands is not None)
    assert disagreements(dataclasses.replace(settle, pips=[0, 0, 0, 0]), cases)
    assert disagreements(dataclasses.replace(settle, fixture="no.such-case"), cases)
    relabelled = dataclasses.replace(example, source="transcribes: Aprire i rami dello spinner")
    assert any("source" in p for p in disagreements(relabelled, cases))


def test_the_generator_checks_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "current" in capsys.readouterr().out


def test_a_malformed_example_is_refused() -> None:
    block = '<a id="example-1"></a>\n\n#### Example 1: x\n\nPlays: `[1|4]`.\n'
    with pytest.raises(ExampleError, match="names no fixture"):
        parse_examples(block)
    with pytest.raises(ExampleError, match="anchor"):
        parse_examples(block.replace("example-1", "example-2"))
    with pytest.raises(ExampleError, match="cannot read"):
        parse_examples(block.replace("`[1|4]`.", "`[1|4]` on [4|4]."))


def test_the_form_checks_find_what_they_look_for() -> None:
    text = (
        "## 1. Rules\n"
        "- `a.one`: The engine must do it. *Seed:* Posare una tessera.\n"
        "- `a.two`: It is normally so; the engine MUST follow. *Seed:* Nowhere.\n"
        "- `a.three` (reading): The engine MUST read it. *Seed:* preamble.\n"
        "- `a.four`: The engine MUST act.\n"
        "## 10. Theorems\n"
        "- `a.five` (theorem): The engine MUST never exceed 36. *Why:* proof. *Seed:* Fonte.\n"
    )
    found = "\n".join(problems(parse_rules(text), text))
    for expected in (
        "a.one: states no requirement",
        "a.one: lower-case 'must'",
        "a.two: 'normally' marks an interpretation",
        "a.two: unknown seed section 'Nowhere'",
        "a.three: a reading says why",
        "`a.three` is misplaced",
        "a.four: names no seed section",
        "a.five: a theorem adds no requirement",
        "'Vincere la partita' is neither cited",
    ):
        assert expected in found


def test_rule_lines_carry_mark_reason_and_seed() -> None:
    rules = parse_rules(
        "- `a.one` (reading): The engine MUST x. *Why:* because. *Seed:* Fonte; preamble.\n"
        "- `a.two`: The engine MUST y.\n"
    )
    assert rules["a.one"].kind == "reading"
    assert (rules["a.one"].text, rules["a.one"].why) == ("The engine MUST x.", "because.")
    assert rules["a.one"].seed == ("Fonte", "preamble")
    assert rules["a.two"].seed == () and rules["a.two"].kind == "rule"


# --- the rendered page --------------------------------------------------------------


def test_the_page_is_well_formed_self_contained_and_anchored() -> None:
    from conformance.specdoc.page import rule_anchor, spec_html

    page = spec_html(TEXT)
    assert page.startswith("<!DOCTYPE html>\n")
    root = ElementTree.fromstring(page.split("\n", 1)[1])  # XHTML-style: parses as XML
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids))
    for rule_id in load_rules():
        assert rule_anchor(rule_id) in ids
    for example in EXAMPLES:
        assert example.anchor in ids
    # Internal links all land; nothing is fetched from elsewhere.
    assert set(re.findall(r'href="#([^"]+)"', page)) <= set(ids)
    assert re.findall(r'(?:src|href)="(?!#)', page) == []
    assert page.count("<svg") == sum(e.plays is not None for e in EXAMPLES)
    reading = root.find(".//*[@id='rule-place.one-per-end-point']")
    assert reading is not None and "reading" in (reading.get("class") or "")


def test_the_spec_command_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "rules.html"
    done = cli("spec", "--html", str(out))
    assert done.returncode == 0, done.stderr
    assert 'id="rule-spinner.first-double"' in out.read_text(encoding="utf-8")
    bad = cli("spec", "--html", str(tmp_path / "no" / "x.html"))
    assert bad.returncode == 2 and "cannot write" in bad.stderr
