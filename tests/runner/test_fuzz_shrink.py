"""Shrinking against every catalogue mutant: each ends within the bound of its class.

Mutants are classed by the rules they declare they break:

- a spinner or double misreading shows on a table of at most 4 placements;
- a rounding (settle) misreading shows in one `settle` tile;
- a turn-order, must-play, blocked-hand or target misreading shows in at most 6 actions
  (three passes in a row follow one placement when its opener holds the whole suit);
- other table misreadings (scoring, placements) show in at most 4 placements;
- a misreading of how a hand ends (a domino, a blocked hand, the next hand's opener,
  the count after the end) shows only in a finished hand. A domino takes at least 25
  actions (one seat places 7 tiles, with three actions between any two of them): a
  domino must end within 28 (the opener may be up to three seats before the one going
  out). A blocked hand takes at least 14 actions: 10 placements and 4 passes. When
  it blocks, every open end shows a value whose seven tiles are all on the table; with
  one such value v, the six tiles [v|x] need three chains of at least one other tile
  between them ([v|a] ... [b|v][v|c] ... [d|v][v|e] ... [f|v]), and [v|v] is the
  seventh; two values or more need at least 13 tiles. The shrinker deals that
  shortest blocked hand, so the shrunk request must be one.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.fuzz import (
    Divergence,
    FuzzEngine,
    Shrinker,
    campaign,
    compare_reply,
    oracle,
    size_of,
)
from conformance.runner.execute import reference_engine
from reference_impl.mutants import MUTANTS

_HAND_END = {
    "end.domino",
    "open.after-domino",
    "reading.hands-complete",
    "settle.player-pips",
    "reading.negative-scores",
}
_TURNS = ("turn.", "place.must-play", "win.", "end.blocked")


def _class(rules: tuple[str, ...]) -> tuple[str, int | None]:
    """(what is measured, its bound) for a mutant breaking `rules`."""
    if _HAND_END.intersection(rules):
        return "hand end", None
    if any(r.startswith("end.") for r in rules) and any(r.startswith("settle.") for r in rules):
        return "hand end", None  # the count after an ending shows once the hand has ended
    if any(r.startswith(("spinner.", "double.")) for r in rules):
        return "placements", 4
    if all(r.startswith("settle.") for r in rules):
        # Pooling shows only when two partners both hold tiles: two tiles at the least.
        return "settle tiles", 2 if "settle.no-pooling" in rules else 1
    if any(r.startswith(_TURNS) for r in rules):
        return "actions", 6
    return "placements", 4


def _measure(kind: str, request: dict[str, Any]) -> int:
    cmd = request["cmd"]
    if kind == "settle tiles":
        assert cmd == "settle", f"a rounding misreading should end as a settle: {request}"
        return size_of(request)
    if kind == "actions":
        if cmd == "game":
            return sum(len(hand["actions"]) for hand in request["hands"])
        return len(request.get("actions", request.get("plays", [])))
    # placements: the plays of a table/legal request, the placements of a hand
    if cmd in ("table", "legal"):
        return len(request["plays"])
    if cmd == "hand":
        return sum(1 for action in request["actions"] if isinstance(action, dict))
    if cmd == "settle":
        return 0
    return sum(1 for h in request["hands"] for a in h["actions"] if isinstance(a, dict))


def test_every_mutant_has_a_class() -> None:
    classes = {name: _class(m.rules)[0] for name, m in MUTANTS.items()}
    assert set(classes.values()) == {"placements", "settle tiles", "actions", "hand end"}
    assert classes["every-double-spinner"] == "placements"
    assert classes["remainder-3-down"] == "settle tiles"
    assert classes["counter-clockwise"] == "actions"
    assert classes["blocked-after-three-passes"] == "actions"
    assert classes["pips-to-team-out"] == "hand end"
    assert classes["blocked-lighter-team-scores"] == "hand end"


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_shrinking_meets_the_bound_of_the_mutants_class(name: str) -> None:
    argv, env = reference_engine()
    mutant = [*argv, "--mutant", name]
    report = campaign(mutant, hands=400, seed=1, env=env)
    found = report.divergence
    assert found is not None, f"{name} not found in 400 hands"
    engine = FuzzEngine(mutant, 5.0, env)
    try:
        shrunk = Shrinker(engine).shrink(found)
        # Still a real divergence: the reference's reply, and the mutant departs from it.
        assert oracle(shrunk.request) == shrunk.expected
        [(reply, raw)] = engine.ask([shrunk.request])
        assert compare_reply(shrunk.expected, reply, raw) != []
    finally:
        engine.close()
    assert size_of(shrunk.request) <= size_of(found.request)
    kind, bound = _class(MUTANTS[name].rules)
    if bound is not None:
        assert _measure(kind, shrunk.request) <= bound, (kind, shrunk.request)
    elif shrunk.expected.get("result", {}).get("end") == "domino":
        assert len(shrunk.request["actions"]) <= 28, shrunk.request
    elif shrunk.expected.get("result", {}).get("end") == "blocked":
        assert len(shrunk.request["actions"]) == 14, shrunk.request


def test_a_malformed_request_is_left_as_it_is() -> None:
    argv, env = reference_engine()
    request = {"cmd": "table", "plays": [{"tile": [1, 4]}, {"tile": "x"}, {"tile": [9, 9]}]}
    found = Divergence(0, 0, request, oracle(request), {"result": {}}, ("made up",))
    engine = FuzzEngine(argv, 5.0, env)
    try:
        shrunk = Shrinker(engine).shrink(found)
    finally:
        engine.close()
    assert shrunk.request["cmd"] == "table"
