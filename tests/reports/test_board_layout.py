"""The board drawing: the seed's printed positions laid out and labelled as the seed describes.

The layout model is checked (cells, orientation, neighbours), not only the text: the
seed's diagram descriptions ("Collegamenti", "Punti di collegamento disponibili",
"Contributi conteggiati") fix which tile touches which side, which ends are open and
what each counted end contributes.
"""

from __future__ import annotations

import itertools
import random
from typing import Any
from xml.etree import ElementTree

import pytest
from seven_rocks_kit import Side

from conformance.board import draw_plays, layout, svg_plays
from conformance.board.geometry import overlaps, rectangles
from conformance.board.layout import FROM_RULES, side_value, stated_spinner
from conformance.board.marks import read_marks
from conformance.kit import tile
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.resources import fixtures_dir

_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@pytest.fixture(scope="module")
def seed_cases() -> dict[str, Case]:
    cases = {c.id: c for c in load_cases([fixtures_dir()]) if c.id.startswith("table.seed-")}
    assert len(cases) >= 15, "the seed's positions are missing from fixtures/table"
    return cases


SEED_IDS = [
    *(f"table.seed-a.step-{n}" for n in range(1, 10)),
    "table.seed-b.step-1",
    "table.seed-b.step-2",
    "table.seed-c.open",
    "table.seed-d.open",
    "table.seed-e.step-1",
    "table.seed-e.linear-a-first.step-4",
    "table.seed-e.linear-b-first.step-4",
    "table.seed-e.both-branches",
]


def test_seed_a_step_9_cells_orientation_and_neighbours(seed_cases: dict[str, Case]) -> None:
    board = layout(seed_cases["table.seed-a.step-9"].given["plays"])
    cells = {t: p.cell for t, p in board.tiles.items()}
    # The line of play west to east: [1|2] [1|1] [1|4] [4|4] [3|4]; the spinner's branches
    # north ([1|5] [5|5] [0|5]) and south ([1|3]).
    assert cells == {
        tile(1, 2): (-2, 0),
        tile(1, 1): (-1, 0),
        tile(1, 4): (0, 0),
        tile(4, 4): (1, 0),
        tile(3, 4): (2, 0),
        tile(1, 5): (-1, -1),
        tile(5, 5): (-1, -2),
        tile(0, 5): (-1, -3),
        tile(1, 3): (-1, 1),
    }
    assert board.spinner == tile(1, 1)
    assert not board.problems
    t = board.tiles
    # Doubles lie crosswise: upright in the line, flat in the branch.
    assert t[tile(1, 1)].vertical and t[tile(4, 4)].vertical and not t[tile(5, 5)].vertical
    assert not t[tile(1, 4)].vertical and not t[tile(3, 4)].vertical
    assert t[tile(1, 5)].vertical and t[tile(0, 5)].vertical and t[tile(1, 3)].vertical
    # Joined halves face each other: [1|2] shows 2 outward (west), 1 against the spinner.
    assert (t[tile(1, 2)].value_toward("W"), t[tile(1, 2)].value_toward("E")) == (2, 1)
    assert (t[tile(3, 4)].value_toward("W"), t[tile(3, 4)].value_toward("E")) == (4, 3)
    assert (t[tile(1, 5)].value_toward("S"), t[tile(1, 5)].value_toward("N")) == (1, 5)
    assert (t[tile(0, 5)].value_toward("S"), t[tile(0, 5)].value_toward("N")) == (5, 0)
    assert (t[tile(1, 3)].value_toward("N"), t[tile(1, 3)].value_toward("S")) == (1, 3)
    # "Collegamenti": each link of the seed's list joins the named sides.
    assert board.neighbour(tile(1, 4), "low") == tile(1, 1)
    assert board.neighbour(tile(1, 1), "linear_a") == tile(1, 4)
    assert board.neighbour(tile(4, 4), "linear_b") == tile(3, 4)
    assert board.neighbour(tile(1, 1), "linear_b") == tile(1, 2)
    assert board.neighbour(tile(1, 1), "branch_a") == tile(1, 5)
    assert board.neighbour(tile(1, 5), "high") == tile(5, 5)
    assert board.neighbour(tile(5, 5), "linear_b") == tile(0, 5)
    assert board.neighbour(tile(1, 1), "branch_b") == tile(1, 3)


@pytest.mark.parametrize("case_id", SEED_IDS)
def test_seed_position_laid_out_and_labelled(seed_cases: dict[str, Case], case_id: str) -> None:
    case = seed_cases[case_id]
    expect: dict[str, Any] = dict(case.expect or {})
    board = layout(case.given["plays"])
    assert len(board.tiles) == len(case.given["plays"]) and not board.problems
    cells = [p.cell for p in board.tiles.values()]
    assert len(set(cells)) == len(cells), "two tiles share a cell"
    for placed in board.tiles.values():
        if placed.parent is None:
            assert placed.cell == (0, 0)
            continue
        px, py = board.tiles[placed.parent].cell
        dx, dy = _STEP[placed.heading]
        assert placed.cell == (px + dx, py + dy), f"{placed} is not next to its parent"
        # The joined side points back at the parent.
        assert placed.sides[str(placed.join_side)] != placed.heading
    spinner = expect.get("spinner")
    assert board.spinner == (tile(*spinner) if spinner else None)
    marks = read_marks(board, expect)
    assert not marks.notes
    counted = sorted((m.tile, m.value) for m in marks.marks if m.kind == "counted")
    assert counted == sorted((tile(*c["tile"]), c["value"]) for c in expect["counted"])
    for mark in marks.marks:
        placed = board.tiles[mark.tile]
        if mark.kind == "open" or not placed.double:
            # Labels sit at a free side of the tile, never against a neighbour.
            free = {placed.sides[s] for s in board.free_sides(mark.tile)}
            assert mark.where in free, f"{mark} is not at a free end"
    text = draw_plays(case.given["plays"], expect)
    for c in expect["counted"]:
        assert f"●{c['value']}" in text
    assert ("╔" in text) == (spinner is not None)
    ascii_text = draw_plays(case.given["plays"], expect, ascii=True)
    assert ascii_text.isascii()


def test_counted_ends_labelled_beside_their_tiles(seed_cases: dict[str, Case]) -> None:
    case = seed_cases["table.seed-a.step-9"]
    lines = draw_plays(case.given["plays"], case.expect).splitlines()
    # The line of play: [1|2] shows 2 to the west with its contribution, [3|4] 3 east.
    line = next(x for x in lines if "│2│1│" in x)
    assert line.strip().startswith("●2│2│1│") and line.endswith("│4│3│●3")
    # Branch ends: ●0 above [0|5] (north), ●3 below [1|3] (south), same column.
    top = next(i for i, x in enumerate(lines) if x.strip() == "●0")
    assert lines[top + 2].strip() == "│0│"
    bottom = max(i for i, x in enumerate(lines) if x.strip() == "●3")
    assert lines[bottom - 2].strip() == "│3│"
    assert lines[top].index("●") == lines[bottom].index("●")


def test_open_points_and_counted_double(seed_cases: dict[str, Case]) -> None:
    case = seed_cases["table.seed-a.step-3"]
    marks = read_marks(layout(case.given["plays"]), case.expect)
    got = sorted((m.tile, m.where, m.kind, m.value) for m in marks.marks)
    # [1|1] is west of [1|4] and [4|4] east; both terminal doubles count whole (across
    # the line, north) and take a tile on their outer linear side.
    assert got == [
        (tile(1, 1), "N", "counted", 2),
        (tile(1, 1), "W", "open", 1),
        (tile(4, 4), "E", "open", 4),
        (tile(4, 4), "N", "counted", 8),
    ]


def _chain(length: int) -> list[dict[str, Any]]:
    """A line of non-doubles all growing east from [0|1]."""
    path = [0, 1, 2, 3, 4, 5, 6, 0, 2, 4, 6, 1, 3, 5, 0, 3, 6, 2, 5, 1, 4, 0]
    plays: list[dict[str, Any]] = [{"tile": [0, 1]}]
    for a, b in itertools.pairwise(path[1 : length + 1]):
        on = sorted(plays[-1]["tile"])
        side = "high" if a == on[1] else "low"
        plays.append({"tile": sorted([a, b]), "on": {"tile": on, "side": side}})
    return plays


@pytest.mark.parametrize("length", [9, 14, 21])
def test_long_lines_fit_a_terminal(length: int) -> None:
    plays = _chain(length)
    board = layout(plays)
    assert len(board.tiles) == length and not board.problems
    text = draw_plays(plays, {"counted": [], "open": []})
    assert max(map(len, text.splitlines())) <= 100
    assert text.count("│") >= 2 * length


def test_bad_input_is_drawn_around_not_crashed_on() -> None:
    plays: list[Any] = [
        {"tile": [1, 4]},
        "pass",
        {"tile": [2, 1]},
        {"tile": [1, 4], "on": {"tile": [1, 4], "side": "low"}},
        {"tile": [6, 6], "on": {"tile": [5, 5], "side": "linear_b"}},
        {"tile": [4, 6], "on": {"tile": [1, 4], "side": "branch_a"}},
        {"tile": [2, 4], "on": {"tile": [1, 4], "side": "high"}},
        {"tile": [3, 4], "on": {"tile": [1, 4], "side": "high"}},
    ]
    board = layout(plays)
    assert set(board.tiles) == {tile(1, 4), tile(2, 4)}
    assert len(board.problems) == 6
    weird = {"counted": [{"tile": [9, 9], "value": 3}, "x"], "open": [None], "end_sum": "x"}
    text = draw_plays(plays, weird)
    assert "open point not understood: null" in text
    assert draw_plays([]) == "(empty table)"
    for junk in ("not a list", None, 3, {"tile": [1, 4]}):
        assert draw_plays(junk).startswith("(empty table)\nthe plays are not a list")  # type: ignore[arg-type]
        ElementTree.fromstring(svg_plays(junk))  # type: ignore[arg-type]


@pytest.mark.parametrize("case_id", SEED_IDS)
def test_svg_is_standalone_xml_with_the_marks(seed_cases: dict[str, Case], case_id: str) -> None:
    case = seed_cases[case_id]
    expect: dict[str, Any] = dict(case.expect or {})
    svg = svg_plays(case.given["plays"], expect, title=case_id)
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    assert "href" not in svg and "url(" not in svg, "an external resource"
    tiles = [r for r in root.iter(f"{ns}rect") if "tile" in r.get("class", "")]
    assert len(tiles) == len(case.given["plays"])
    spinners = [r for r in tiles if "spinner" in r.get("class", "")]
    assert len(spinners) == (1 if expect.get("spinner") else 0)
    discs = [c for c in root.iter(f"{ns}circle") if c.get("class") == "counted"]
    assert len(discs) == len(expect["counted"])
    labels = sorted(
        int(t.text or "") for t in root.iter(f"{ns}text") if "counted-t" in t.get("class", "")
    )
    assert labels == sorted(c["value"] for c in expect["counted"])
    # Pips: one dot per pip of every tile.
    pips = [c for c in root.iter(f"{ns}circle") if c.get("class") == "pip"]
    assert len(pips) == sum(p["tile"][0] + p["tile"][1] for p in case.given["plays"])


def test_svg_survives_hostile_text() -> None:
    svg = svg_plays(
        [{"tile": [1, 4]}],
        {"counted": [{"tile": [1, 4], "value": "<\x00&"}], "end_sum": "\x1b[31m]]>"},
        title="a <b> & \x00 \ud800 title",
        highlight=frozenset({tile(1, 4)}),
    )
    ElementTree.fromstring(svg)
    assert 'class="tile hl"' in svg


def _random_plays(rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Placements on random free sides with a matching value (branches at any time:
    more tables than the rules allow, which the layout must draw all the same)."""
    tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    rng.shuffle(tiles)
    plays: list[dict[str, Any]] = [{"tile": list(tiles.pop())}]
    for _ in range(count - 1):
        board = layout(plays)
        ends = [(t, s, side_value(t, s)) for t in board.tiles for s in board.free_sides(t)]
        fits = [(tile, end) for tile in tiles for end in ends if end[2] in tile]
        if not fits:
            break
        tile, (on, side, _) = rng.choice(fits)
        tiles.remove(tile)
        plays.append({"tile": list(tile), "on": {"tile": on.to_json(), "side": side.value}})
    return plays


def test_random_tables_are_laid_out_without_overlap_until_an_arm_turns() -> None:
    rng = random.Random(9)
    turned_tables = 0
    for _ in range(400):
        plays = _random_plays(rng, rng.randint(1, 28))
        board = layout(plays)
        assert len(board.tiles) == len(plays) and not board.problems
        boxes = rectangles(board, 5, 3, 0)
        turned = any(
            p.parent is not None and p.heading != board.tiles[p.parent].sides[str(p.parent_side)]
            for p in board.tiles.values()
        )
        assert turned == any(p.turned for p in board.tiles.values())
        turned_tables += turned
        if not turned:
            assert overlaps(boxes) == [], plays
        text = draw_plays(plays)
        for note in overlaps(boxes):
            assert note in text
        if len(plays) <= 14 and not turned:
            assert max(map(len, text.splitlines())) <= 100
    assert turned_tables > 20, "the random tables never turned a corner"


_LATER_DOUBLE = [
    {"tile": [1, 1]},
    {"tile": [1, 2], "on": {"tile": [1, 1], "side": "linear_a"}},
    {"tile": [2, 2], "on": {"tile": [1, 2], "side": "high"}},
]


def test_the_spinner_is_the_one_the_answer_states() -> None:
    # An engine whose opening double never spins names a later double as its spinner:
    # that double is drawn with branches, the opening one without.
    board = layout(_LATER_DOUBLE, spinner=tile(2, 2))
    assert board.spinner == tile(2, 2)
    assert {Side.BRANCH_A, Side.BRANCH_B} <= set(board.tiles[tile(2, 2)].sides)
    assert not {Side.BRANCH_A, Side.BRANCH_B} & set(board.tiles[tile(1, 1)].sides)
    none = layout(_LATER_DOUBLE, spinner=None)
    assert none.spinner is None
    assert all(Side.BRANCH_A not in placed.sides for placed in none.tiles.values())


def test_without_an_answer_the_rules_say_which_double_spins() -> None:
    board = layout(_LATER_DOUBLE)
    assert board.spinner == tile(1, 1)  # spinner.first-double
    assert layout(_LATER_DOUBLE, spinner=stated_spinner({"open": []})).spinner == tile(1, 1)
    # A value that is no double on the table is not taken for the spinner.
    assert stated_spinner({"spinner": [1, 2]}) is FROM_RULES
    assert stated_spinner({"spinner": "[2|2]"}) is FROM_RULES
    assert stated_spinner({"spinner": None}) is None


def test_a_table_answer_draws_its_own_spinner() -> None:
    answer = {"spinner": [2, 2], "open": [{"tile": [2, 2], "side": "branch_a", "value": 2}]}
    drawn = draw_plays(_LATER_DOUBLE, answer, ascii=True)
    assert "spinner [2|2]" in drawn
    assert "not on the table" not in drawn and "no side" not in drawn
    assert "spinner [1|1]" in draw_plays(_LATER_DOUBLE, ascii=True)


def test_plays_that_start_a_branch_the_answer_denies_are_laid_out_by_the_rules() -> None:
    # The request's own plays start a branch of [1|1]; an answer saying there is no
    # spinner cannot undo them: they are drawn as the rules lay them out, and said so.
    plays = [
        {"tile": [1, 1]},
        {"tile": [1, 2], "on": {"tile": [1, 1], "side": "linear_a"}},
        {"tile": [0, 1], "on": {"tile": [1, 1], "side": "linear_b"}},
        {"tile": [1, 3], "on": {"tile": [1, 1], "side": "branch_a"}},
    ]
    board = layout(plays, spinner=None)
    assert board.overruled and not board.problems and len(board.tiles) == 4
    drawn = draw_plays(plays, {"spinner": None}, ascii=True)
    assert "laid out as the rules' spinner" in drawn
    assert "no spinner, says the answer: [1|1] is drawn plain" in drawn
    assert not layout(plays[:3], spinner=None).overruled  # nothing contradicts it
