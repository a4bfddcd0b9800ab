"""A fuzz finding's cause: the smallest rule sets of the catalogue that answer its
request as the engine did, mirror images included, and one finding per cause."""

from __future__ import annotations

import json
import shlex
import sys
from typing import Any

from conformance.fuzz import Divergence, compare_reply, oracle
from conformance.fuzz.cause import CauseSearch, mirror_image
from conformance.fuzz.clusters import Met, _origin
from tests.support.cli import ROOT, cli

PAIR = ROOT / "tests" / "engines" / "mutant_pair.py"
OPENING = {"cmd": "table", "plays": [{"tile": [6, 6]}]}


def _table(*sides: str) -> dict[str, Any]:
    """The answer to `OPENING` with the spinner [6|6] offering `sides` (worked out by
    hand: a lone double counts both halves, 12, no multiple of 5)."""
    return {
        "seq": 0,
        "result": {
            "spinner": [6, 6],
            "open": [{"tile": [6, 6], "side": side, "value": 6} for side in sides],
            "counted": [{"tile": [6, 6], "value": 12}],
            "end_sum": 12,
            "credits": [0],
            "credit": 0,
        },
    }


def test_a_failed_exchange_has_no_cause() -> None:
    search = CauseSearch()
    for actual in ("no reply within 0.5 s", {"error": "no such command"}, None):
        assert search.cause(OPENING, actual).sets == ()
    # The rules' own answer is reproduced by no entry: none changes this request so.
    assert search.cause(OPENING, _table("linear_a", "linear_b")).sets == ()


def test_one_entry_reproduces_an_answer_and_its_mirror_image() -> None:
    search = CauseSearch()
    one_side = search.cause(OPENING, _table("linear_a"))
    assert one_side.sets == (("no-mirror-opening-double",),) and not one_side.mirrored
    # The two linear sides of an opening double are one and the same until one is taken
    # (reading.mirror-opening-double): offering only B is the same misreading.
    other_side = search.cause(OPENING, _table("linear_b"))
    assert other_side.sets == one_side.sets and other_side.mirrored
    assert "mirror image" in other_side.text()


def test_mirror_image_swaps_only_the_named_doubles_linear_sides() -> None:
    value = [
        {"tile": [6, 6], "side": "linear_a"},
        {"tile": [6, 6], "side": "branch_a"},
        {"tile": [3, 3], "side": "linear_b"},
        {"on": {"tile": [6, 6], "side": "linear_b"}},
    ]
    assert mirror_image(value, [6, 6]) == [
        {"tile": [6, 6], "side": "linear_b"},
        {"tile": [6, 6], "side": "branch_a"},
        {"tile": [3, 3], "side": "linear_b"},
        {"on": {"tile": [6, 6], "side": "linear_a"}},
    ]


# A hand found by fuzzing an engine with no spinner that offers one placement per (tile,
# value): its answer, four actions in, is neither entry's alone.
TOGETHER = {
    "cmd": "hand",
    "deal": [
        [[1, 1], [1, 2], [2, 2], [2, 3], [4, 4], [5, 6], [6, 6]],
        [[0, 1], [0, 6], [2, 4], [2, 6], [3, 3], [3, 6], [5, 5]],
        [[0, 2], [0, 4], [1, 3], [1, 4], [1, 6], [2, 5], [3, 4]],
        [[0, 0], [0, 3], [0, 5], [1, 5], [3, 5], [4, 5], [4, 6]],
    ],
    "opener": 0,
    "scores": [156, 232],
    "actions": [
        {"tile": [6, 6]},
        {"tile": [0, 6], "on": {"tile": [6, 6], "side": "linear_b"}},
        {"tile": [0, 4], "on": {"tile": [0, 6], "side": "low"}},
        {"tile": [4, 6], "on": {"tile": [6, 6], "side": "linear_a"}},
    ],
}


def test_entries_applied_together_when_none_alone_reproduces() -> None:
    search = CauseSearch()
    pair = ("no-spinner", "one-placement-per-value")
    actual = {"seq": 0, **search.answer(pair, TOGETHER)}
    for name in pair:
        assert search.answer((name,), TOGETHER) != search.answer(pair, TOGETHER)
    cause = search.cause(TOGETHER, actual)
    assert pair in cause.sets and all(len(names) == 2 for names in cause.sets)
    assert "together" in cause.text()


def test_two_causes_are_two_findings() -> None:
    engine = shlex.join([sys.executable, str(PAIR), "no-spinner", "one-placement-per-value"])
    done = cli(
        "fuzz", "--engine", engine, "--hands", "200", "--seed", "1", "--keep-going",
        "--format", "json", timeout=300,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    findings = json.loads(done.stdout)["findings"]
    causes = [tuple(map(tuple, f["variants"])) for f in findings]
    assert len(set(causes)) == len(causes)  # one finding per cause
    named = [{name for names in cause for name in names} for cause in causes]
    assert any("no-spinner" in names for names in named)
    assert any("one-placement-per-value" in names and "no-spinner" not in names for names in named)
    for finding in findings:  # its mutants are every entry of its cause
        assert set(finding["mutants"]) == {n for names in finding["variants"] for n in names}


def _divergence(request: dict[str, Any], actual: dict[str, Any]) -> Divergence:
    expected = oracle(request)
    return Divergence(1, 0, request, expected, actual, tuple(compare_reply(expected, actual)))


def test_shrinking_keeps_the_cause_it_started_from() -> None:
    # A divergence that no spinner explains stands for another, smaller, only when that
    # one is explained by no spinner too, and by nothing smaller than its cause.
    search = CauseSearch()
    no_spinner = search.cause(OPENING, {"seq": 0, **search.answer(("no-spinner",), OPENING)})
    assert ("no-spinner",) in no_spinner.sets
    keeps = _origin(search, no_spinner)
    assert keeps is not None
    assert keeps(_divergence(OPENING, {"seq": 0, **search.answer(("no-spinner",), OPENING)}))
    one_side = _divergence(OPENING, _table("linear_a"))  # no-mirror-opening-double's answer
    assert not keeps(one_side)
    # A cause of two entries together is not kept by a request that one explains alone.
    pair = ("no-spinner", "one-placement-per-value")
    together = search.cause(TOGETHER, {"seq": 0, **search.answer(pair, TOGETHER)})
    keeps_pair = _origin(search, together)
    assert keeps_pair is not None
    assert keeps_pair(_divergence(TOGETHER, {"seq": 0, **search.answer(pair, TOGETHER)}))
    assert not keeps_pair(
        _divergence(OPENING, {"seq": 0, **search.answer(("no-spinner",), OPENING)})
    )
    assert _origin(search, search.cause(OPENING, "no reply")) is None


def test_a_rule_set_explaining_two_misreadings_does_not_carry_one_into_the_other() -> None:
    # Refused on a branch: no spinner, or an opening double that is one point, or never
    # a spinner... One placement offered on a lone [0|0]: that opening double counted
    # once, or one placement per value, or... The two share one rule set but are two
    # misreadings: the second does not stand for the first, and is kept to be shrunk
    # on its own.
    search = CauseSearch()
    pair = ("no-spinner", "one-placement-per-value")
    branch = {
        "cmd": "legal",
        "plays": [
            {"tile": [0, 0]},
            {"tile": [0, 1], "on": {"tile": [0, 0], "side": "linear_a"}},
            {"tile": [0, 2], "on": {"tile": [0, 0], "side": "linear_b"}},
            {"tile": [0, 3], "on": {"tile": [0, 0], "side": "branch_b"}},
        ],
        "hand": [],
    }
    lone = {"cmd": "legal", "plays": [{"tile": [0, 0]}], "hand": [[0, 1]]}
    refused = search.cause(branch, {"seq": 0, **search.answer(pair, branch)})
    offered = search.cause(lone, {"seq": 0, **search.answer(pair, lone)})
    assert ("no-spinner",) in refused.sets and ("no-spinner",) not in offered.sets
    shared = set(refused.sets) & set(offered.sets)
    assert shared, (refused.sets, offered.sets)  # a rule set explains both
    met: Met = {}
    keeps = _origin(search, refused, met)
    assert keeps is not None
    assert not keeps(_divergence(lone, {"seq": 0, **search.answer(pair, lone)}))
    assert list(met) == [frozenset(offered.sets)]
    assert met[frozenset(offered.sets)][1].sets == offered.sets  # kept with its cause
