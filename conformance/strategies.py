"""Hypothesis strategies for engine authors: deals, legal play, tables, requests.

Property tests of a Python engine draw from these and compare the engine's reply with
the reference engine's (`reference`)::

    from hypothesis import given
    from conformance import strategies as sr

    @given(sr.requests("table") | sr.refusals("table"))
    def test_my_engine_agrees(request):
        sr.assert_agrees(request, my_engine_reply(request))

``assert_agrees`` fails with every field that differs; ``agrees`` only says whether.
``refusals`` draws requests the engine must refuse (malformed, or an action that
breaks a rule), which it must answer with the reference engine's code and index.

Everything is drawn in protocol form (the JSON a request carries: tiles ``[a, b]``,
placements ``{"tile", "on"}``, ``"pass"``), legal play is what the reference engine
lists as legal, and shrinking leads to small cases: few tiles placed, the first legal
action at each turn, the deal in the set's order. Needs Hypothesis (the suite's
``test`` extra); importing this module without it says so.
"""

from __future__ import annotations

from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "conformance.strategies needs Hypothesis: python -m pip install hypothesis (or the "
        "suite's strategies extra, python -m pip install 'seven-rocks-conformance[strategies]')"
    ) from error

from seven_rocks_kit import ALL_TILES, QUERY_CMDS

from conformance.runner.compare import Mismatch, render
from conformance.runner.judge import differences
from conformance.suite.messages import RejectedReply, expected_of, parse_reply, result_of
from reference_impl.adapter import handle

__all__ = [
    "agrees",
    "assert_agrees",
    "deals",
    "hands",
    "legal_actions",
    "reference",
    "refusals",
    "requests",
    "seats",
    "tables",
    "tiles",
]

JSON = Any
_TILES: tuple[list[int], ...] = tuple(t.to_json() for t in ALL_TILES)
_BELOW_TARGET = st.integers(min_value=0, max_value=249)


def reference(request: dict[str, JSON]) -> dict[str, JSON]:
    """The reference engine's reply to ``request`` (a ``seq`` 0 added when it has none)."""
    return handle({"seq": 0, **request})


def _differences(request: dict[str, JSON], reply: JSON) -> list[Mismatch]:
    if not isinstance(reply, dict):
        return [Mismatch("", f"expected a reply object, got {render(reply)}")]
    expected = expected_of(reference(request))
    return differences(expected, reply, {"seq": 0, **request}, complete=True)


def agrees(request: dict[str, JSON], reply: JSON) -> bool:
    """Whether ``reply`` gives what the reference engine gives, judged as the suite judges
    a case (`conformance.runner.judge.differences`): every value whole, the arrays the
    protocol leaves unordered as multisets, the reply's shapes those of the protocol. A
    reply's ``seq``, and a rejection's ``message``, are not compared."""
    return not _differences(request, reply)


def assert_agrees(request: dict[str, JSON], reply: JSON) -> None:
    """Fail, naming every field that differs, unless ``reply`` agrees (`agrees`).

    Raises ``AssertionError`` whose message gives the request, then one line per
    difference: its path in the reply (``result.scores[1]``), what the reference engine
    gives and what ``reply`` gives.
    """
    mismatches = _differences(request, reply)
    if mismatches:
        lines = [f"the reply differs from the reference engine's to {render(request)}:"]
        lines += [f"  {mismatch}" for mismatch in mismatches]
        raise AssertionError("\n".join(lines))


def tiles() -> st.SearchStrategy[list[int]]:
    """One tile, ``[a, b]``."""
    return st.sampled_from(_TILES)


def seats() -> st.SearchStrategy[int]:
    """A seat, 0..3."""
    return st.integers(min_value=0, max_value=3)


@st.composite
def deals(draw: st.DrawFn) -> list[list[list[int]]]:
    """Four hands of seven tiles, all 28 once, each hand in the set's order."""
    order = draw(st.permutations(_TILES))
    return [sorted(order[7 * seat : 7 * seat + 7]) for seat in range(4)]


def _position(
    deal: JSON, opener: int, actions: list[JSON], scores: list[int] | None
) -> dict[str, JSON]:
    request: dict[str, JSON] = {"cmd": "hand", "deal": deal, "opener": opener, "actions": actions}
    if scores is not None:
        request["scores"] = scores
    return _result_of(request)


def _result_of(request: dict[str, JSON]) -> dict[str, JSON]:
    """The reference's result for a request built to have one."""
    result = result_of(reference(request))
    if result is None:  # pragma: no cover - the strategies' own slip
        raise AssertionError(f"the reference gives no result for {render(request)}")
    return dict(result)


@st.composite
def legal_actions(
    draw: st.DrawFn,
    deal: JSON,
    opener: int,
    scores: list[int] | None = None,
    max_actions: int | None = None,
) -> list[JSON]:
    """Actions of a hand from ``deal`` and ``opener``, each one legal where it is played
    (a pass exactly when nothing can be placed), until the hand ends or ``max_actions``."""
    actions: list[JSON] = []
    while max_actions is None or len(actions) < max_actions:
        position = _position(deal, opener, actions, scores)
        if position["end"] is not None:
            break
        legal = position["legal"]
        actions.append(draw(st.sampled_from(legal)) if legal else "pass")
    return actions


@st.composite
def hands(draw: st.DrawFn, *, to_the_end: bool = False, scores: bool = True) -> dict[str, JSON]:
    """A ``hand`` request's arguments reached by legal play: ``deal``, ``opener``,
    ``actions`` and (with ``scores``) maybe ``scores`` below the target."""
    deal = draw(deals())
    opener = draw(seats())
    out: dict[str, JSON] = {"deal": deal, "opener": opener}
    start = None
    if scores and draw(st.booleans()):
        start = out["scores"] = [draw(_BELOW_TARGET), draw(_BELOW_TARGET)]
    limit = None if to_the_end else draw(st.integers(min_value=0, max_value=40))
    out["actions"] = draw(legal_actions(deal, opener, start, limit))
    return out


@st.composite
def tables(draw: st.DrawFn) -> list[JSON]:
    """The plays of a table reached by legal play: a hand's placements, in order."""
    played = draw(hands(scores=False))
    return [action for action in played["actions"] if action != "pass"]


@st.composite
def _legal(draw: st.DrawFn) -> dict[str, JSON]:
    plays = draw(tables())
    placed = [play["tile"] for play in plays]
    rest = [tile for tile in _TILES if tile not in placed]
    count = draw(st.integers(min_value=0, max_value=min(7, len(rest))))
    held = draw(st.permutations(rest))[:count]
    return {"cmd": "legal", "plays": plays, "hand": held}


@st.composite
def _settle(draw: st.DrawFn) -> dict[str, JSON]:
    order = draw(st.permutations(_TILES))
    held = []
    for seat in range(4):
        count = draw(st.integers(min_value=0, max_value=7))
        held.append(order[7 * seat : 7 * seat + count])
    return {"cmd": "settle", "hands": held}


@st.composite
def _game(draw: st.DrawFn) -> dict[str, JSON]:
    first = draw(hands(to_the_end=True, scores=False))
    game: list[JSON] = [first]
    result = _result_of({"cmd": "hand", **first})
    if result["winner"] is None and draw(st.booleans()):
        deal = draw(deals())
        after = result["next_opener"]
        # After a domino the seat that went out opens (the request may leave it out);
        # after a block a neutral draw decides, which the request must give.
        opener = after if after is not None else draw(seats())
        limit = draw(st.integers(min_value=0, max_value=40))
        second: dict[str, JSON] = {"deal": deal}
        if after is None or draw(st.booleans()):
            second["opener"] = opener
        second["actions"] = draw(legal_actions(deal, opener, result["scores"], limit))
        game.append(second)
    return {"cmd": "game", "hands": game}


@st.composite
def _perft(draw: st.DrawFn) -> dict[str, JSON]:
    deal = draw(deals())
    opener = draw(seats())
    limit = draw(st.integers(min_value=0, max_value=6))
    actions = draw(legal_actions(deal, opener, None, limit))
    depth = draw(st.integers(min_value=0, max_value=2))
    return {"cmd": "perft", "deal": deal, "opener": opener, "actions": actions, "depth": depth}


_REQUESTS: dict[str, st.SearchStrategy[dict[str, JSON]]] = {
    "table": tables().map(lambda plays: {"cmd": "table", "plays": plays}),
    "legal": _legal(),
    "settle": _settle(),
    "hand": hands().map(lambda args: {"cmd": "hand", **args}),
    "game": _game(),
    "perft": _perft(),
}


def requests(*cmds: str) -> st.SearchStrategy[dict[str, JSON]]:
    """Well-formed requests (no ``seq``) of the commands named, every command when none is:
    each reached by legal play, so that the reference engine answers with a result."""
    unknown = [cmd for cmd in cmds if cmd not in _REQUESTS]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a command: one of {', '.join(QUERY_CMDS)}")
    return st.one_of([_REQUESTS[cmd] for cmd in cmds or QUERY_CMDS])


_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "table": ("plays",),
    "legal": ("plays", "hand"),
    "settle": ("hands",),
    "hand": ("deal", "opener", "actions"),
    "game": ("hands",),
    "perft": ("deal", "opener", "actions", "depth"),
}
"""The arguments each command requires (spec/protocol.md section 4)."""
_MISSHAPEN: tuple[JSON, ...] = (None, True, -1, 1.5, "x", [], {}, [[7, 7]])
"""Values no argument of any command accepts in every place (a bool is no integer)."""


@st.composite
def _malformed(draw: st.DrawFn, request: dict[str, JSON]) -> dict[str, JSON]:
    """A well-formed request made malformed: an argument dropped, added or misshapen."""
    name = draw(st.sampled_from(_ARGUMENTS[request["cmd"]]))
    how = draw(st.sampled_from(("drop", "add", "misshape")))
    if how == "drop":
        return {k: v for k, v in request.items() if k != name}
    if how == "add":
        return {**request, "extra": draw(st.sampled_from(_MISSHAPEN))}
    return {**request, name: draw(st.sampled_from(_MISSHAPEN))}


@st.composite
def _broken_play(draw: st.DrawFn, request: dict[str, JSON]) -> dict[str, JSON]:
    """A table or position with one action that breaks a rule appended."""
    cmd = request["cmd"]
    if cmd in ("table", "legal"):
        placed = [play["tile"] for play in request["plays"]]
        free = [tile for tile in _TILES if tile not in placed]
        # No end point on a table that has tiles, or a tile placed twice.
        extra = {"tile": draw(st.sampled_from(free))}
        if draw(st.booleans()) and placed:
            extra = {**request["plays"][0], "tile": draw(st.sampled_from(placed))}
        plays = [*request["plays"], extra] if placed else [extra, extra]
        return {**request, "plays": plays}
    if cmd in ("hand", "perft"):
        position = _position(
            request["deal"], request["opener"], request["actions"], request.get("scores")
        )
        held = request["deal"][position["to_move"]] if position["end"] is None else []
        others = [tile for hand in request["deal"] for tile in hand if tile not in held]
        legal = position["legal"]
        # After the end any action (hand_over); else a pass while a placement exists
        # (must_play) or another player's tile (not_in_hand).
        action: JSON = "pass"
        if draw(st.booleans()) and legal and others:
            action = {**legal[0], "tile": draw(st.sampled_from(others))}
        return {**request, "actions": [*request["actions"], action]}
    if cmd == "settle":
        # One tile in two hands.
        tile = draw(st.sampled_from(_TILES))
        return {**request, "hands": [[*hand, tile] for hand in request["hands"]]}
    return draw(_malformed(request))


def _refused(request: dict[str, JSON]) -> bool:
    return isinstance(parse_reply(reference(request)), RejectedReply)


def refusals(*cmds: str) -> st.SearchStrategy[dict[str, JSON]]:
    """Requests (no ``seq``) of the commands named, every command when none is, that the
    engine must refuse: a malformed one (an argument missing, extra or of the wrong
    shape: ``bad_request``), or one whose last action breaks a rule (a tile placed twice,
    a pass while a placement exists, another player's tile, an action after the end).
    Each is one the reference engine refuses; its reply gives the code and index."""
    unknown = [cmd for cmd in cmds if cmd not in _REQUESTS]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a command: one of {', '.join(QUERY_CMDS)}")
    broken = [
        _REQUESTS[cmd].flatmap(lambda r: st.one_of(_malformed(r), _broken_play(r)))
        for cmd in cmds or QUERY_CMDS
    ]
    return st.one_of(broken).filter(_refused)
