"""spec/rules.md as a document: worked examples, procedures, the form of its rules, its page.

The examples of rules.md and their fixtures must agree number for number; the play
examples are the fixtures' own data; every rule must be a marked requirement of the
engine resting on steps that exist. The traceability to the seed is checked in
test_spec_traceability.py.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from conformance.specdoc.examples import Example, ExampleError, disagreements, parse_examples
from conformance.specdoc.page import suite_cases
from conformance.specdoc.plays import PlayError, hand_views, play_block
from conformance.suite.fixtures import Case
from conformance.suite.resources import rules_path
from conformance.suite.rules import load_rules, parse_rules
from conformance.suite.seed import read_seed, seed_path
from conformance.suite.traceability import problems
from tests.support.cli import cli

TEXT = rules_path().read_text(encoding="utf-8")
EXAMPLES = parse_examples(TEXT)
PLAY = [e for e in EXAMPLES if e.play is not None]
SENTENCES = read_seed(seed_path().read_text(encoding="utf-8")).sentences


@pytest.fixture(scope="module")
def cases() -> dict[str, Case]:
    return suite_cases()


def test_the_examples_were_found() -> None:
    assert len(EXAMPLES) >= 38
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


def test_the_play_examples_show_every_kind_of_play(cases: dict[str, Case]) -> None:
    assert len(PLAY) >= 8
    shown = [cases[e.fixture] for e in PLAY]
    results = [
        (view, case) for case in shown for view in hand_views(case) if view.result is not None
    ]
    ends = {view.result["end"] for view, _ in results if view.result is not None}
    assert ends == {None, "domino", "blocked", "target"}
    # A forced play: a pass refused while a placement is legal.
    assert any((c.expect_rejected or {}).get("code") == "must_play" for c in shown)
    # Passes in turn order, more than three of them in one hand, with no block.
    assert any(
        view.result is not None
        and view.result["end"] is None
        and sum(a == "pass" for a in view.actions) > 3
        for view, _ in results
    )
    # A win on a player's last tile: the winner placed all seven of its tiles.
    assert any(
        view.result is not None
        and view.result["end"] == "target"
        and sum(
            isinstance(a, dict) and e["seat"] == view.events[-1]["seat"]
            for a, e in zip(view.actions, view.events or [], strict=True)
        )
        == 7
        for view, _ in results
    )
    # A win in the middle of a hand, and a domino counted with its next opener.
    assert any(v.result and v.result["end"] == "target" and len(v.actions) < 25 for v, _ in results)
    assert any(v.result and v.result.get("next_opener") is not None for v, _ in results)
    # A game of two hands, the second starting from the first's scores.
    assert any(c.cmd == "game" and len(c.given["hands"]) >= 2 for c in shown)


def test_play_examples_are_drawn_and_tabled_from_their_fixture(cases: dict[str, Case]) -> None:
    example = next(e for e in PLAY if e.fixture == "hand.blocked.four-passes")
    assert example.play == play_block(cases[example.fixture])
    assert "13  1     pass" in (example.play or "")
    assert "seat 2  [0|4] [1|2] [1|4] [2|2] [3|4]  23 -> 25" in (example.play or "")
    # A changed table, or a fixture changed under it, is a disagreement.
    edited = dataclasses.replace(example, play=(example.play or "").replace("23 -> 25", "23 -> 20"))
    assert any("not the fixture's" in p for p in disagreements(edited, cases))


def test_a_partly_stated_fixture_cannot_be_a_play_example(cases: dict[str, Case]) -> None:
    # Its expectation omits the events, or an event its end sum: the example would
    # have to invent them.
    with pytest.raises(PlayError, match="one expected event per action"):
        play_block(cases["hand.turns.five-choices-after-branch"])
    full = cases["hand.blocked.four-passes"]
    assert full.expect is not None
    events = [dict(e) for e in full.expect["events"]]
    del events[3]["end_sum"]
    partial = dataclasses.replace(full, expect={**full.expect, "events": events})
    with pytest.raises(PlayError, match="event 3 does not state end_sum"):
        play_block(partial)
    with pytest.raises(PlayError, match="hand or game"):
        play_block(cases["table.seed-a.step-1"])


def test_rule_lines_link_the_examples_whose_fixtures_cite_them(cases: dict[str, Case]) -> None:
    rules = load_rules()
    for example in EXAMPLES:
        for rule_id in cases[example.fixture].rules:
            assert example.number in rules[rule_id].examples, (rule_id, example.number)
    assert 35 in rules["win.no-count-after-win"].examples


def test_rules_md_is_traceable_and_normative() -> None:
    assert problems(load_rules(), TEXT, SENTENCES) == []


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
    for rule_id in (
        "place.one-per-end-point",
        "reading.mirror-opening-double",
        "reading.seats-and-teams",
        "reading.eligible-double",
        "reading.side-names",
        "reading.normally-except-doubles",
        "end.no-action-after",
        "game.hands-complete",
    ):
        assert rules[rule_id].kind == "reading" and rules[rule_id].why, rule_id
    assert "idonea" in rules["reading.eligible-double"].why
    assert "normalmente" in rules["reading.normally-except-doubles"].text
    assert rules["scoring.max-end-sum"].kind == "theorem"
    assert "mirror" not in rules["spinner.opening-double"].text
    # The additions are no longer in the rules: they name their reading instead.
    assert "linear side A" not in rules["double.crosswise"].text
    assert "seats 0 and 2" not in rules["players.four-in-two-teams"].text


def test_the_procedures_decide_the_order_after_a_placement() -> None:
    # Credit (3), target (4), last tile (5), turn (6): the rules that the mutants
    # target-at-end-of-hand, count-after-win and last-tile-not-scored probe rest on them.
    rules = load_rules()
    steps = re.findall(r'<a id="after-a-placement-(\d)"></a>\*\*(\w+)', TEXT)
    assert steps == [
        ("1", "Table"),
        ("2", "End"),
        ("3", "Credit"),
        ("4", "Target"),
        ("5", "Last"),
        ("6", "Turn"),
    ]
    assert "after-a-placement-4" in rules["win.no-count-after-win"].steps
    assert "after-a-placement-4" in rules["end.domino"].steps
    assert "after-a-pass-1" in rules["end.blocked"].steps
    assert "counted-ends-2-1" in rules["spinner.internal-after-linear"].steps


def test_key_words_are_capitals_wherever_they_stand() -> None:
    # Lower-case "must" is no requirement (BCP 14), so the text does not use it at all.
    prose = re.sub(r"`[^`]*`", "", re.sub(r"```.*?```", "", TEXT, flags=re.S))
    assert re.findall(r".{30}\b(?:must|should|may|shall)\b.{10}", prose) == []


def test_every_requirement_has_the_engine_as_its_subject() -> None:
    text = "\n".join(rule.text for rule in load_rules().values())
    for thing in ("A terminal double MUST", "branch MUST", "deduction MUST", "spinner MUST"):
        assert thing not in text


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
        "- `a.two`: It is normally so; the engine MUST follow.\n"
        "- `a.three` (reading): The engine MUST read it.\n"
        "- `a.four`: A terminal double MUST count both halves. *Steps:* [x](#no-such-step).\n"
        "## 10. Theorems\n"
        "- `a.five` (theorem): The engine MUST never exceed 36. *Why:* proof.\n"
    )
    found = "\n".join(problems(parse_rules(text), text, SENTENCES))
    for expected in (
        "a.one: states no requirement",
        "a.one: lower-case 'must'",
        "a.two: 'normally' marks an interpretation",
        "a.three: a reading says why",
        "`a.three` is misplaced",
        "a.four: 'A terminal double' is the subject of a requirement",
        "a.four: cites the step #no-such-step",
        "a.five: a theorem adds no requirement",
        "S1 (seed line 1) is not in the sentence table",
        "a.one: no sentence or figure of the seed cites it",
    ):
        assert expected in found


def test_rule_lines_carry_their_parts() -> None:
    rules = parse_rules(
        "- `a.one` (reading): The engine MUST x. *ID:* read x as y. *Why:* because. "
        "*Steps:* [After a pass, step 1](#after-a-pass-1). *Seed:* Fonte; preamble. "
        "*Examples:* [3](#example-3), [30](#example-30).\n"
        "- `a.two`: The engine MUST y.\n"
    )
    one = rules["a.one"]
    assert one.kind == "reading"
    assert (one.text, one.why, one.id_note) == ("The engine MUST x.", "because.", "read x as y.")
    assert one.seed == ("Fonte", "preamble")
    assert (one.steps, one.examples) == (("after-a-pass-1",), (3, 30))
    assert rules["a.two"].seed == () and rules["a.two"].kind == "rule"


# --- the rendered page --------------------------------------------------------------


def test_the_page_is_well_formed_self_contained_and_anchored(cases: dict[str, Case]) -> None:
    from conformance.specdoc.page import rule_anchor, spec_html

    page = spec_html(TEXT, cases)
    assert page.startswith("<!DOCTYPE html>\n")
    root = ElementTree.fromstring(page.split("\n", 1)[1])  # XHTML-style: parses as XML
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert len(ids) == len(set(ids))
    for rule_id in load_rules():
        assert rule_anchor(rule_id) in ids
    for example in EXAMPLES:
        assert example.anchor in ids
    for sentence in SENTENCES:
        assert f"seed-s{sentence.number}" in ids
    assert {"seed-f1", "seed-f11", "after-a-placement-4", "after-a-pass-1"} <= set(ids)
    # Internal links all land; nothing is fetched from elsewhere.
    assert set(re.findall(r'href="#([^"]+)"', page)) <= set(ids)
    assert re.findall(r'(?:src|href)="(?!#)', page) == []
    hands = sum(len(hand_views(cases[e.fixture])) for e in PLAY)
    assert page.count("<svg") == sum(e.plays is not None for e in EXAMPLES) + hands
    assert page.count('<pre class="turns">') == hands
    reading = root.find(".//*[@id='rule-place.one-per-end-point']")
    assert reading is not None and "reading" in (reading.get("class") or "")


def test_the_spec_command_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "rules.html"
    done = cli("spec", "--html", str(out))
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert 'id="rule-spinner.first-double"' in page and 'id="example-38"' in page
    bad = cli("spec", "--html", str(tmp_path / "no" / "x.html"))
    assert bad.returncode == 2 and "cannot write" in bad.stderr
