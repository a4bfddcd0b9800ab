"""Loaded cases share one list per pair of integers, and read exactly as parsed."""

from __future__ import annotations

import copy
from typing import Any

from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.sharing import share_pairs


def test_pairs_are_shared_and_everything_else_is_kept() -> None:
    value: Any = {
        "deal": [[[1, 4], [0, 0]], [[1, 4]]],
        "flags": [True, 1],  # a bool is not an integer: not a pair
        "plays": [{"tile": [1, 4], "on": {"tile": [0, 0], "side": "low"}}],
        "long": [1, 4, 5],
        "float": [1.0, 4],
    }
    before = copy.deepcopy(value)
    seen: dict[tuple[int, int], list[int]] = {}
    assert share_pairs(value, seen) == before
    assert value["deal"][0][0] is value["deal"][1][0] is value["plays"][0]["tile"]
    assert value["deal"][0][1] is value["plays"][0]["on"]["tile"]
    assert set(seen) == {(1, 4), (0, 0)}


def test_the_suite_loads_alike_with_its_tiles_shared() -> None:
    first, second = load_cases([fixtures_dir()]), load_cases([fixtures_dir()])
    deals = [c.given["deal"] for c in first if "deal" in c.given]
    assert len(deals) > 50
    tiles = [tile for deal in deals for seat in deal for tile in seat]
    assert len({id(t) for t in tiles}) <= 28 < len(tiles)
    assert [(c.id, c.given, c.expect) for c in first] == [(c.id, c.given, c.expect) for c in second]
