"""The one comparison: stated values whole, the reply's schema, and the relations a
result keeps with its request, each judged even where a case states nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from conformance.runner.judge import differences, stated_paths
from conformance.suite.messages import Rejection, Result
from reference_impl.adapter import handle

DEAL = [
    [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]],
    [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]],
    [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]],
]
# spec/protocol.md Example 12: credit 5, nothing, two passes, nothing; seat 1 to pass.
ACTIONS: list[Any] = [
    {"tile": [0, 5]},
    {"tile": [1, 5], "on": {"tile": [0, 5], "side": "high"}},
    "pass",
    "pass",
    {"tile": [0, 1], "on": {"tile": [1, 5], "side": "low"}},
]
REQUESTS: dict[str, dict[str, Any]] = {
    "table": {"cmd": "table", "plays": [{"tile": [1, 4]},
                                        {"tile": [1, 1], "on": {"tile": [1, 4], "side": "low"}}]},
    "legal": {"cmd": "legal", "plays": [], "hand": [[3, 5], [1, 2]]},
    "settle": {"cmd": "settle", "hands": [[[1, 2]], [[0, 1], [0, 2]], [], [[3, 4], [5, 6]]]},
    "hand": {"cmd": "hand", "deal": DEAL, "opener": 0, "actions": ACTIONS[:2]},
    "passes": {"cmd": "hand", "deal": DEAL, "opener": 0, "actions": ACTIONS},
    "game": {"cmd": "game", "hands": [{"deal": DEAL, "opener": 0, "actions": ACTIONS[:2]}]},
    "perft": {"cmd": "perft", "deal": DEAL, "opener": 0, "depth": 2},
}  # fmt: skip


def _answer(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    request = {"seq": 0, **REQUESTS[name]}
    return request, copy.deepcopy(handle(request))


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(result: dict[str, Any]) -> None:
        target = result
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


# (request, what a case states, a change to the engine's result, the path that must differ)
WRONG = [
    ("table", {"spinner": [1, 1]}, _set(["end_sum"], 5), "result.end_sum"),
    ("table", {"spinner": [1, 1]}, _set(["credit"], 5), "result.credit"),
    ("table", {"end_sum": 6}, _set(["spinner"], [4, 4]), "result.spinner"),
    ("table", {"end_sum": 6}, _set(["credits"], [5]), "result.credits"),
    ("legal", {}, _set(["placements", 0, "on"], {"tile": [6, 6], "side": "high"}),
     "result.placements[0].on"),
    ("legal", {}, _set(["placements", 0, "tile"], [0, 0]), "result.placements[0].tile"),
    ("settle", {"pips": [3, 3, 0, 18]}, _set(["penalties", 3], 15), "result.penalties"),
    ("settle", {"penalties": [5, 5, 0, 20]}, _set(["deductions"], [5, 20]), "result.deductions"),
    ("hand", {"end": None}, _set(["events", 1, "scores"], [5, 5]), "result.events[1].scores"),
    ("hand", {"end": None}, _set(["events", 0, "credit"], 0), "result.events[0].credit"),
    ("hand", {"end": None}, _set(["events", 1, "seat"], 3), "result.events[1].seat"),
    ("hand", {"end": None}, _set(["to_move"], 3), "result.to_move"),
    ("hand", {"events": None}, _set(["scores"], [0, 0]), "result.scores"),
    ("passes", {"end": None}, _set(["events", 2, "credit"], 0), "result.events[2]"),
    ("passes", {"end": None}, _set(["events", 0, "action", "on"], None),
     "result.events[0].action.on"),
    ("game", {"winner": None}, _set(["scores"], [0, 5]), "result.scores"),
    ("game", {"winner": None}, _set(["hands", 0, "events", 0, "end_sum"], 10),
     "result.hands[0].events[0].credit"),
    ("perft", {"divide": None}, _set(["nodes"], 12), "result.nodes"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "stated", "change", "path"), WRONG)
def test_a_value_the_case_leaves_out_is_still_judged(
    name: str, stated: dict[str, Any], change: Callable[[dict[str, Any]], None], path: str
) -> None:
    request, reply = _answer(name)
    fields = {k: reply["result"][k] for k in stated}
    assert differences(Result(fields), reply, request) == []  # the reference agrees
    change(reply["result"])
    found = differences(Result(fields), reply, request)
    assert path in [m.path for m in found], [str(m) for m in found]


def test_a_value_the_case_states_is_compared_whole_and_only_once() -> None:
    request, reply = _answer("legal")
    fields = {"placements": copy.deepcopy(reply["result"]["placements"])}
    reply["result"]["placements"][0]["on"] = None
    found = differences(Result(fields), reply, request)
    # Reported by the comparison of the stated value, not again by the schema.
    assert [m.path for m in found] == ["result.placements[0].on"]


def test_without_the_request_only_the_stated_values_are_judged() -> None:
    request, reply = _answer("table")
    reply["result"]["end_sum"] = 5
    assert differences(Result({"spinner": [1, 1]}), reply) == []
    assert differences(Result({"spinner": [1, 1]}), reply, request) != []
    # A whole expectation states every key: nothing is left to judge otherwise.
    whole = Result(handle(request)["result"])
    assert [m.path for m in differences(whole, reply, complete=True)] == ["result.end_sum"]


def test_a_refusal_is_judged_by_its_code_index_and_shape() -> None:
    request = {"cmd": "table", "seq": 0, "plays": [{"tile": [1, 2]}, {"tile": [3, 4]}]}
    reply = handle(request)
    assert differences(Rejection("no_such_end", 1), reply, request) == []
    assert differences(Rejection("no_such_end"), reply, request) == []
    assert [m.path for m in differences(Rejection("no_such_end", 0), reply, request)] == [
        "rejected.index"
    ]
    reply["rejected"]["hint"] = "x"
    assert differences(Rejection("no_such_end", 1), reply, request) != []
    assert [m.path for m in differences(Result({}), reply, request)] == ["rejected"]


def test_the_stated_paths_of_a_game_reach_into_its_hand_results() -> None:
    assert stated_paths({"hands": [{"scores": [5, 0]}, {}], "winner": None}) == {
        "result.hands[0].scores",
        "result.winner",
    }
