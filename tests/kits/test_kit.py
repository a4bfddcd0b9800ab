"""The Python adapter kit: request form exactly as the protocol orders it, the loop, errors."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from conformance import kit
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.protocol import QUERY_CMDS
from conformance.suite.resources import fixtures_dir
from reference_impl.adapter import handle as reference_handle
from tests.support.cli import ROOT, cli

CASES = load_cases([fixtures_dir()])
BAD = [c for c in CASES if c.expect_rejected and c.expect_rejected["code"] == "bad_request"]
WELL_FORMED = [c for c in CASES if c not in BAD]


class Called(Exception):
    """Raised by every command of `_probe`: the request got past the form checks."""


def _called(**args: Any) -> dict[str, Any]:
    raise Called(args)


def _probe() -> kit.Engine:
    """An engine whose every command reports that it was reached."""
    functions: dict[str, Any] = dict.fromkeys(QUERY_CMDS, _called)
    return kit.Engine("probe", "0", errors={Called: "no_match"}, **functions)


def _form_verdict(reply: dict[str, Any]) -> tuple[str, Any]:
    """("bad_request", index) when the form was refused, else ("ok", None)."""
    rejected = reply.get("rejected")
    if rejected and rejected["code"] == "bad_request":
        return ("bad_request", rejected["index"])
    return ("ok", None)


def test_the_fixtures_hold_both_kinds() -> None:
    assert len(BAD) >= 60 and len(WELL_FORMED) >= 200


@pytest.mark.parametrize("case", BAD, ids=lambda c: c.id)
def test_every_bad_request_case_is_refused_with_its_index(case: Case) -> None:
    reply = _probe().handle(case.request(9))
    assert reply["seq"] == 9
    assert reply["rejected"]["code"] == "bad_request", reply
    assert reply["rejected"]["index"] == case.expect_rejected["index"]  # type: ignore[index]


@pytest.mark.parametrize("case", WELL_FORMED, ids=lambda c: c.id)
def test_every_well_formed_case_reaches_the_command(case: Case) -> None:
    reply = _probe().handle(case.request(9))
    assert reply["rejected"]["code"] == "no_match", reply  # from Called, mapped


# ------------------------------------------------------------ against the reference

_JUNK: tuple[Any, ...] = (
    None,
    True,
    2.0,
    -1,
    7,
    "x",
    "pass",
    "low",
    "branch_a",
    [],
    [7, 2],
    [2, 1],
    [1],
    [1, 2, 3],
    [True, 2],
    {},
    {"tile": [1, 2]},
    {"tile": [0, 0], "on": {"tile": [0, 0], "side": "up"}},
    {"tile": [0, 0], "on": {"tile": [0, 0]}},
    {"tile": [0, 0], "extra": 1},
    [[0, 0]] * 8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _mutate(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The request with one piece replaced, deleted, duplicated or given a stray key."""
    out = json.loads(json.dumps(request))
    paths = [p for p in _paths(out) if p and p[0] not in ("cmd", "seq")]
    if not paths:
        out["stray"] = 1
        return out
    path = rng.choice(paths)
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    roll = rng.random()
    if roll < 0.6:
        parent[last] = rng.choice(_JUNK)
    elif roll < 0.75:
        del parent[last]
    elif roll < 0.9 and isinstance(parent, list):
        parent.insert(last, parent[last])  # the same element twice
    elif isinstance(parent[last], dict):
        parent[last]["stray"] = 0
    else:
        out["stray"] = 0
    return out


_DEAL = [
    [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]],
    [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]],
    [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]],
]
_OPEN = {"tile": [1, 4]}
_ON = {"tile": [1, 1], "on": {"tile": [1, 4], "side": "low"}}
_HAND = {"deal": _DEAL, "opener": 0, "actions": []}

SECTION_6: list[tuple[str, dict[str, Any], Any]] = [
    # (what is malformed, the request, the index section 6.3 gives)
    ("unknown cmd", {"cmd": "score", "plays": []}, None),
    ("missing argument", {"cmd": "legal", "plays": []}, None),
    ("extra argument", {"cmd": "table", "plays": [], "hand": []}, None),
    ("missing before extra", {"cmd": "legal", "plays": [], "x": 1}, None),
    ("plays not a list", {"cmd": "table", "plays": {"tile": [1, 4]}}, None),
    ("not a tile", {"cmd": "table", "plays": [_OPEN, {"tile": [7, 2]}]}, 1),
    ("tile not canonical", {"cmd": "table", "plays": [{"tile": [4, 1]}]}, 0),
    ("bool in a tile", {"cmd": "table", "plays": [{"tile": [True, 2]}]}, 0),
    ("float in a tile", {"cmd": "table", "plays": [{"tile": [1, 2.0]}]}, 0),
    ("pass in plays", {"cmd": "table", "plays": [_OPEN, "pass"]}, 1),
    ("placement extra key", {"cmd": "table", "plays": [{"tile": [1, 4], "x": 0}]}, 0),
    (
        "end point lacks side",
        {"cmd": "table", "plays": [_OPEN, {**_ON, "on": {"tile": [1, 4]}}]},
        1,
    ),
    (
        "no such side",
        {"cmd": "table", "plays": [_OPEN, {**_ON, "on": {"tile": [1, 4], "side": "up"}}]},
        1,
    ),
    ("tile twice in plays", {"cmd": "table", "plays": [_OPEN, _ON, _OPEN]}, 2),
    ("first problem wins", {"cmd": "table", "plays": [_OPEN, "pass", {"tile": [9, 9]}]}, 1),
    ("plays before hand", {"cmd": "legal", "plays": ["pass"], "hand": "x"}, 0),
    ("hand tile twice", {"cmd": "legal", "plays": [], "hand": [[1, 2], [1, 2]]}, None),
    ("hand tile on table", {"cmd": "legal", "plays": [_OPEN], "hand": [[1, 4]]}, None),
    ("settle three hands", {"cmd": "settle", "hands": [[], [], []]}, None),
    ("settle eight tiles", {"cmd": "settle", "hands": [_DEAL[0] + [[1, 1]], [], [], []]}, None),
    ("settle tile twice", {"cmd": "settle", "hands": [[[1, 2]], [[1, 2]], [], []]}, None),
    ("deal of six", {"cmd": "hand", **_HAND, "deal": [_DEAL[0][:6], *_DEAL[1:]]}, None),
    ("deal tile twice", {"cmd": "hand", **_HAND, "deal": [_DEAL[0], _DEAL[0], *_DEAL[2:]]}, None),
    ("opener 4", {"cmd": "hand", **_HAND, "opener": 4}, None),
    ("opener true", {"cmd": "hand", **_HAND, "opener": True}, None),
    ("scores of three", {"cmd": "hand", **_HAND, "scores": [0, 0, 0]}, None),
    ("actions not a list", {"cmd": "hand", **_HAND, "actions": "pass"}, None),
    ("bad action", {"cmd": "hand", **_HAND, "actions": [{"tile": [0, 5]}, "knock"]}, 1),
    ("depth negative", {"cmd": "perft", **_HAND, "depth": -1}, None),
    ("depth bool", {"cmd": "perft", **_HAND, "depth": True}, None),
    ("game hands not a list", {"cmd": "game", "hands": {}}, None),
    ("game hand not an object", {"cmd": "game", "hands": [_HAND, []]}, 1),
    ("game hand extra key", {"cmd": "game", "hands": [_HAND, {**_HAND, "scores": [0, 0]}]}, 1),
    ("game action bad", {"cmd": "game", "hands": [{**_HAND, "actions": [{"tile": [0]}]}]}, 0),
]
"""Each kind of malformed request of spec/protocol.md section 6, with its expected index."""


@pytest.mark.parametrize(("what", "request_", "index"), SECTION_6, ids=[k[0] for k in SECTION_6])
def test_each_kind_of_malformed_request(what: str, request_: dict[str, Any], index: Any) -> None:
    request = {"seq": 3, **request_}
    for reply in (_probe().handle(request), reference_handle(request)):
        assert reply == {"seq": 3, "rejected": {**reply["rejected"], "index": index}}, what
        assert reply["rejected"]["code"] == "bad_request"


def test_malformed_requests_get_the_reference_adapters_form_verdict() -> None:
    """Thousands of one-step corruptions of the fixtures' requests, kit against reference.

    Wherever the reference refuses the form, the kit refuses it with the same index;
    wherever the reference accepts it, so does the kit.
    """
    rng = random.Random(8)
    engine = _probe()
    checked = refused = 0
    for _ in range(6):
        for case in CASES:
            request = _mutate(case.request(1), rng)
            expected = _form_verdict(reference_handle(request))
            actual = _form_verdict(engine.handle(request))
            assert actual == expected, (case.id, request)
            checked += 1
            refused += expected[0] == "bad_request"
    assert checked > 1500 and refused > checked // 3


# ------------------------------------------------------------ the loop


def _serve(engine: kit.Engine, *lines: str) -> tuple[int, list[Any]]:
    out = io.StringIO()
    status = engine.serve([line.encode() + b"\n" for line in lines], out)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def _settle_engine(function: Callable[..., Any] | None = None, **kw: Any) -> kit.Engine:
    def settle(hands: Any) -> dict[str, Any]:
        return {"pips": [sum(t.pips for t in h) for h in hands], "penalties": [], "deductions": []}

    return kit.Engine("e", "1", settle=function or settle, **kw)


def test_handshake_lists_exactly_the_implemented_commands() -> None:
    status, replies = _serve(_settle_engine(), '{"cmd": "start", "protocol": 1}')
    assert status == 0
    assert replies == [
        {
            "ready": True,
            "protocol": 1,
            "engine": {"name": "e", "version": "1", "language": "python"},
            "cmds": ["settle"],
        }
    ]
    assert _probe().handshake()["cmds"] == list(QUERY_CMDS)


def test_another_protocol_is_declined_and_the_loop_ends() -> None:
    status, replies = _serve(_settle_engine(), '{"cmd": "start", "protocol": 2}', "{}")
    assert (status, replies) == (0, [{"ready": False, "protocol": 1}])


def test_stop_ends_without_a_reply_and_eof_ends_quietly() -> None:
    assert _serve(_settle_engine(), '{"cmd": "stop"}', '{"cmd": "settle"}') == (0, [])
    assert _serve(_settle_engine()) == (0, [])


@pytest.mark.parametrize(
    ("line", "seq"),
    [
        ("not json", None),
        ("NaN", None),
        ('{"cmd": "settle", "seq": 1, "hands": [[], [], [], []], "x": Infinity}', None),
        ("[1, 2]", None),
        ('"settle"', None),
        ('{"cmd": "settle", "hands": [[], [], [], []]}', None),
        ('{"cmd": "settle", "seq": [1], "hands": [[], [], [], []]}', None),
        ('{"cmd": "settle", "seq": {"a": 1}, "hands": [[], [], [], []]}', None),
        ('{"cmd": "sttle", "seq": "s"}', None),
        ('{"cmd": "settle", "seq": 1.0, "hands": [[], [], [], []]}', None),
        ('{"cmd": "settle", "seq": 1e400, "hands": [[], [], [], []]}', None),
        ('{"cmd": "settle", "seq": true, "hands": [[], [], [], []]}', None),
        ('{"cmd": "sttle", "seq": 2}', 2),
        ('{"seq": 3}', 3),
        ('{"cmd": 5, "seq": null}', None),
        ('{"cmd": "settle", "seq": 4}', 4),
        ('{"cmd": "settle", "seq": 5, "hands": [[], [], [], []], "depth": 1}', 5),
        ('{"cmd": "settle", "seq": 6, "hands": [[[1, 2.0]], [], [], []]}', 6),
    ],
)
def test_malformed_lines_are_bad_requests_with_null_index(line: str, seq: Any) -> None:
    status, replies = _serve(_settle_engine(), line)
    assert status == 0
    assert replies == [{"seq": seq, "rejected": replies[0]["rejected"]}]
    assert replies[0]["rejected"]["code"] == "bad_request"
    assert replies[0]["rejected"]["index"] is None
    assert replies[0]["rejected"]["message"]


def test_a_known_command_not_implemented_is_skipped() -> None:
    _, replies = _serve(_settle_engine(), '{"cmd": "table", "seq": 1, "plays": []}')
    assert list(replies[0]) == ["seq", "skipped"]


def test_results_carry_kit_values_as_protocol_json() -> None:
    def table(plays: Any) -> dict[str, Any]:
        return {"last": plays[-1], "on": plays[-1].on, "pass": kit.PASS, "side": kit.Side.LOW}

    line = '{"cmd": "table", "seq": 2, "plays": [{"tile": [1, 4]}, '
    line += '{"tile": [1, 1], "on": {"tile": [1, 4], "side": "low"}}]}'
    _, replies = _serve(kit.Engine("e", "1", table=table), line)
    assert replies[0]["result"] == {
        "last": {"tile": [1, 1], "on": {"tile": [1, 4], "side": "low"}},
        "on": {"tile": [1, 4], "side": "low"},
        "pass": "pass",
        "side": "low",
    }


class EngineError(Exception):
    """An engine's own rule error, mapped to a code through ``errors``."""


def _table_raising(error: Callable[[int], BaseException], where: int) -> kit.Engine:
    def table(plays: Any) -> dict[str, Any]:
        for index, _ in enumerate(plays):
            with kit.at(index):
                if index == where:
                    raise error(index)
        return {}

    return kit.Engine("e", "1", table=table, errors={EngineError: "no_such_end"})


_THREE = (
    '{"cmd": "table", "seq": 1, "plays": [{"tile": [1, 1]}, {"tile": [1, 2]}, {"tile": [2, 2]}]}'
)


@pytest.mark.parametrize(
    ("error", "code", "index"),
    [
        (lambda i: kit.NoMatch("no 1 on [2|2]"), "no_match", 2),
        (lambda i: kit.Rejected("must_play", "you hold [1|2]"), "must_play", 2),
        (lambda i: kit.BranchClosed("closed", index=0), "branch_closed", 0),
        (lambda i: EngineError("no such end"), "no_such_end", 2),
    ],
)
def test_rejections_get_their_code_and_the_index_of_at(
    error: Callable[[int], BaseException], code: str, index: int
) -> None:
    _, replies = _serve(_table_raising(error, 2), _THREE)
    assert replies[0]["rejected"]["code"] == code
    assert replies[0]["rejected"]["index"] == index
    assert replies[0]["rejected"]["message"]


def test_unexpected_exceptions_and_unencodable_results_are_errored() -> None:
    _, replies = _serve(_table_raising(lambda i: KeyError("oops"), 1), _THREE)
    assert replies == [{"seq": 1, "errored": {"message": "KeyError: 'oops'"}}]
    for result in ({"x": {1, 2}}, {"x": float("nan")}):
        _, replies = _serve(_settle_engine(lambda hands, r=result: r), _settle_line())
        assert list(replies[0]) == ["seq", "errored"]


def _settle_line() -> str:
    return '{"cmd": "settle", "seq": 1, "hands": [[], [], [], []]}'


def test_the_loop_keeps_serving_after_anything() -> None:
    lines = ["{", _settle_line(), "[]", _settle_line(), '{"cmd": "stop"}']
    _, replies = _serve(_settle_engine(lambda hands: 1 / 0), *lines)
    assert [next(k for k in r if k != "seq") for r in replies] == [
        "rejected",
        "errored",
        "rejected",
        "errored",
    ]


def test_bad_codes_are_refused_when_the_adapter_is_written() -> None:
    with pytest.raises(ValueError, match="not a rejection code"):
        kit.Rejected("nope", "message")
    with pytest.raises(ValueError, match="not a rejection code"):
        kit.Engine("e", "1", errors={KeyError: "nope"})


def test_values_read_and_print_as_the_rules_write_them() -> None:
    tile = kit.Tile(1, 4)
    point = kit.EndPoint(kit.Tile(3, 3), kit.Side.LINEAR_B)
    assert (str(tile), repr(tile), tile.pips, tile.is_double) == ("[1|4]", "Tile(1, 4)", 5, False)
    assert eval(repr(kit.Placement(tile, point)), vars(kit)) == kit.Placement(tile, point)
    assert point.value == 3 and kit.EndPoint(tile, kit.Side.LOW).value == 1
    assert point.to_json() == {"tile": [3, 3], "side": "linear_b"}
    assert kit.OpenPoint(point, 3).to_json() == {"tile": [3, 3], "side": "linear_b", "value": 3}
    assert kit.to_json(kit.Counted(tile, 5)) == {"tile": [1, 4], "value": 5}
    assert kit.tile(1, 4) is kit.tile(1, 4) == tile and kit.ALL_TILES[tile.index] == tile
    with pytest.raises(ValueError):
        kit.Tile(4, 1)


def test_the_example_passes_the_suite_with_no_failure() -> None:
    example = ROOT / "kits" / "python" / "example" / "kit_adapter.py"
    engine = subprocess.list2cmdline([sys.executable, str(example)])
    done = cli("run", "--engine", engine, "--check-messages")
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert " passed, " in last and "failed" not in last and "error" not in last
    assert len(example.read_text(encoding="utf-8").splitlines()) <= 120
    # The kit is for other engines: it must not lean on the reference engine.
    kit_sources = (ROOT / "kits" / "python" / "seven_rocks_kit").glob("*.py")
    leaning = ("reference_impl", "conformance")
    assert not [
        p.name for p in kit_sources if any(n in p.read_text(encoding="utf-8") for n in leaning)
    ]


def test_rejections_carry_their_code_and_print_back_as_python() -> None:
    for error in (kit.NoMatch("no 4 on [1|1]", index=2), kit.Rejected("must_play", "hold [1|2]")):
        again = eval(repr(error), vars(kit))
        assert (again.code, again.message, again.index) == (
            error.code,
            error.message,
            error.index,
        )
    assert kit.BranchClosed("x").code == "branch_closed"


def test_replies_go_out_whatever_the_value_or_the_exception() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    reply = _probe().handle({"cmd": deep, "seq": 1})
    assert reply["rejected"]["code"] == "bad_request"

    class Unprintable(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    def settle(hands: Any) -> dict[str, Any]:
        raise Unprintable

    _, replies = _serve(_settle_engine(settle), _settle_line())
    assert replies[0]["errored"]["message"].startswith("Unprintable: ")


class _Board:
    """A board that reports fixed values and refuses a [6|6] placed after the opening."""

    def __init__(self) -> None:
        self.placed: list[kit.Placement] = []

    def place(self, placement: kit.Placement) -> int:
        if self.placed and placement.tile == kit.tile(6, 6):
            raise kit.NoMatch("no 6 here")
        self.placed.append(placement)
        return 5 * len(self.placed)

    def open_points(self) -> list[kit.OpenPoint]:
        first = self.placed[0].tile
        return [kit.OpenPoint(kit.EndPoint(first, kit.Side.LOW), 9)]

    def counted(self) -> list[kit.Counted]:
        return [kit.Counted(self.placed[0].tile, 7)]

    def end_sum(self) -> int:
        return 7

    def spinner(self) -> kit.Tile | None:
        return None

    def legal(self, hand: Sequence[kit.Tile]) -> list[kit.Placement]:
        return [kit.Placement(t) for t in hand]


def test_the_replay_helper_places_each_play_and_copies_what_the_board_reports() -> None:
    engine = kit.Engine("e", "1", table=kit.replay_table(_Board), legal=kit.replay_legal(_Board))
    opening, second = {"tile": [1, 2]}, {"tile": [2, 3], "on": {"tile": [1, 2], "side": "high"}}
    reply = engine.handle({"seq": 1, "cmd": "table", "plays": [opening, second]})
    assert reply == {"seq": 1, "result": {
        "spinner": None, "open": [{"tile": [1, 2], "side": "low", "value": 9}],
        "counted": [{"tile": [1, 2], "value": 7}], "end_sum": 7, "credits": [5, 10],
        "credit": 10}}  # fmt: skip
    refused = engine.handle({"seq": 2, "cmd": "table", "plays": [
        opening, {"tile": [6, 6], "on": {"tile": [1, 2], "side": "high"}}]})  # fmt: skip
    assert refused["rejected"] == {"code": "no_match", "index": 1, "message": "no 6 here"}
    legal = engine.handle({"seq": 3, "cmd": "legal", "plays": [opening], "hand": [[3, 3]]})
    assert legal == {"seq": 3, "result": {"placements": [{"tile": [3, 3]}]}}


def test_a_side_is_its_wire_name_and_its_position() -> None:
    assert [int(side) for side in kit.Side] == list(range(6))
    assert kit.Side(2) is kit.Side.LINEAR_A and kit.Side("branch_b") is kit.Side.BRANCH_B
    assert kit.Side.from_wire("left") is None and kit.Side.HIGH.words == "higher-value end"
    placements = [
        kit.Placement(t, None if n is None else kit.EndPoint(kit.ALL_TILES[n % 28], side))
        for t in kit.ALL_TILES
        for n in (None, *range(28))
        for side in kit.Side
    ]
    assert len({p.key for p in placements}) == len(set(placements))  # one key a placement
