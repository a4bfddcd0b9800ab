"""Loaded cases share one list per pair of integers and one dict per placement, and read
exactly as parsed."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

from conformance.suite.fixtures import Case, load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.sharing import share_values


def test_pairs_are_shared_and_everything_else_is_kept() -> None:
    value: Any = {
        "deal": [[[1, 4], [0, 0]], [[1, 4]]],
        "flags": [True, 1],  # a bool is not an integer: not a pair
        "plays": [{"tile": [1, 4], "on": {"tile": [0, 0], "side": "low"}}],
        "long": [1, 4, 5],
        "float": [1.0, 4],
    }
    before = copy.deepcopy(value)
    seen: dict[object, object] = {}
    assert share_values(value, seen) == before
    assert value["deal"][0][0] is value["deal"][1][0] is value["plays"][0]["tile"]
    assert value["deal"][0][1] is value["plays"][0]["on"]["tile"]
    assert {key for key in seen if type(key[0]) is int} == {(1, 4), (0, 0)}
    assert value["flags"][1] == 1 and value["flags"][0] is True


def test_equal_placements_are_one_object_and_unequal_ones_stay_apart() -> None:
    def placement(tile: list[int], side: Any) -> dict[str, Any]:
        return {"tile": tile, "on": {"tile": [0, 0], "side": side}}

    value: Any = {
        "a": [placement([0, 1], "low"), placement([0, 1], "low")],
        "b": [placement([0, 1], "high"), placement([0, 1], 1), placement([0, 1], True)],
        "c": [{"tile": [0, 1], "on": {"tile": [0, 0], "side": "low", "x": [1, 2, 3]}}],
    }
    before = copy.deepcopy(value)
    seen: dict[object, object] = {}
    assert share_values(value, seen) == before
    first, second = value["a"]
    assert first is second and first["on"] is second["on"]
    ones = value["b"]
    assert len({id(p) for p in ones}) == 3  # "high", 1 and true differ
    assert ones[1]["on"]["side"] == 1 and ones[2]["on"]["side"] is True
    assert value["c"][0]["on"] is not first["on"]  # a long list is not keyed: not shared


def test_sharing_a_deep_value_does_not_recurse() -> None:
    deep: Any = [0, 1]
    for _ in range(100_000):
        deep = [deep]
    assert share_values(deep, {}) is deep


def _tiles(cases: list[Case]) -> list[object]:
    deals = [c.given["deal"] for c in cases if "deal" in c.given]
    assert len(deals) > 50
    return [tile for deal in deals for seat in deal for tile in seat]


def test_a_folder_of_cases_loads_alike_with_its_tiles_shared(tmp_path: Path) -> None:
    folder = shutil.copytree(fixtures_dir(), tmp_path / "mine")
    shared = load_cases([folder])
    tiles = _tiles(shared)
    assert len({id(t) for t in tiles}) <= 28 < len(tiles)
    # The suite's own cases, read from its compiled document, are not shared: they read
    # exactly as the same cases shared.
    own = load_cases([fixtures_dir()])
    assert len({id(t) for t in _tiles(own)}) > 28
    assert [(c.id, c.given, c.expect) for c in own] == [(c.id, c.given, c.expect) for c in shared]
