"""The protocol-1 adapter as a child process, driven the way an engine runner drives it.

Every exchange has a timeout, so a silent or stuck adapter fails a test
instead of hanging it. Expected results are worked out by hand from the
rules (the comments show how).
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "reference_impl.adapter"]
TIMEOUT = 20.0
MULTISET_KEYS = {"open", "counted", "placements", "legal", "divide"}

HANDSHAKE = {"cmd": "start", "protocol": 1}
READY = {
    "ready": True,
    "protocol": 1,
    "engine": {"name": "seven-rocks-reference", "version": "0.1.0", "language": "python"},
    "cmds": ["table", "legal", "settle", "hand", "game", "perft"],
}


def line(obj: Any) -> bytes:
    """One request line."""
    return json.dumps(obj).encode() + b"\n"


def run(data: bytes) -> tuple[list[Any], int]:
    """Feed `data` to a fresh adapter, close stdin, and return (replies, exit status)."""
    done = subprocess.run(
        COMMAND, input=data, capture_output=True, cwd=ROOT, timeout=TIMEOUT, check=False
    )
    replies = [json.loads(raw) for raw in done.stdout.decode("utf-8").splitlines()]
    return replies, done.returncode


class Adapter:
    """A running adapter, talked to one line at a time, every read with a timeout."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            COMMAND,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw)
        self.lines.put(b"")  # end of output

    def send(self, data: bytes) -> None:
        """Write raw bytes (one or more lines) and flush."""
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def receive(self) -> Any:
        """The next reply, decoded; fails if none comes in time or output ended."""
        try:
            raw = self.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            pytest.fail(f"no reply within {TIMEOUT} s")
        assert raw, "the adapter closed its output"
        assert raw.endswith(b"\n")
        return json.loads(raw)

    def ask(self, request: Any) -> Any:
        """Send one request and return its reply."""
        self.send(line(request))
        return self.receive()

    def finish(self) -> int:
        """Close stdin and wait for the exit status."""
        assert self.process.stdin is not None
        if not self.process.stdin.closed:
            self.process.stdin.close()
        return self.process.wait(timeout=TIMEOUT)

    def __enter__(self) -> Adapter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            self.finish()
        except subprocess.TimeoutExpired:
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=TIMEOUT)
            for stream in (self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()


def canonical(value: Any, key: str | None = None) -> Any:
    """`value` with the protocol's multiset arrays sorted, for whole-result comparison."""
    if isinstance(value, dict):
        return {k: canonical(v, k) for k, v in value.items()}
    if isinstance(value, list):
        items = [canonical(v) for v in value]
        if key in MULTISET_KEYS:
            return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
        return items
    return value


def assert_result(reply: Any, seq: Any, expected: dict[str, Any]) -> None:
    """The reply is a result for `seq` equal to `expected` (multisets as multisets)."""
    assert set(reply) == {"seq", "result"}, reply
    assert reply["seq"] == seq
    assert type(reply["seq"]) is type(seq)
    assert canonical(reply["result"]) == canonical(expected)


def assert_rejected(reply: Any, seq: Any, code: str, index: Any = "any") -> None:
    """The reply rejects `seq` with `code` (and `index` when given), with a message."""
    assert set(reply) == {"seq", "rejected"}, reply
    assert reply["seq"] == seq
    assert type(reply["seq"]) is type(seq)
    rejected = reply["rejected"]
    assert set(rejected) == {"code", "index", "message"}
    assert rejected["code"] == code, rejected
    if index != "any":
        assert rejected["index"] == index, rejected
    assert isinstance(rejected["message"], str)
    assert rejected["message"]


def tile(a: int, b: int) -> list[int]:
    """A wire tile."""
    return [a, b]


def on(tile_: list[int], side: str) -> dict[str, Any]:
    """A wire end point."""
    return {"tile": tile_, "side": side}


# A deal by suits: seat 0 holds every 0, seat 1 the rest of the 1s and [2|2],
# seat 2 the rest of the 2s and [3|3] [3|4] [3|5], seat 3 the rest.
SUITS_DEAL = [
    [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]],
    [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]],
    [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]],
]
# [0|5] opens (0 + 5 = 5, credit 5); seat 1's only fit is [1|5] on the 5 (0 + 1 = 1);
# seats 2 and 3 hold no 0 and no 1 and must pass.
SUITS_ACTIONS = [
    {"tile": [0, 5]},
    {"tile": [1, 5], "on": on([0, 5], "high")},
    "pass",
    "pass",
]
# Seat 0 to move: six 0s on [0|5]'s low end, and [0|1] also on [1|5]'s low end.
SUITS_LEGAL = [
    *({"tile": [0, b], "on": on([0, 5], "low")} for b in (0, 1, 2, 3, 4, 6)),
    {"tile": [0, 1], "on": on([1, 5], "low")},
]

# The engine tests' BLOCK hand: all seven 0s out after ten placements, then four passes.
BLOCK_DEAL = [
    [[0, 0], [0, 3], [5, 6], [1, 1], [1, 2], [1, 4], [1, 5]],
    [[0, 1], [2, 4], [0, 6], [1, 6], [2, 2], [2, 3], [2, 5]],
    [[0, 2], [0, 4], [2, 6], [3, 3], [3, 4], [3, 5], [3, 6]],
    [[1, 3], [0, 5], [4, 4], [4, 5], [4, 6], [5, 5], [6, 6]],
]
BLOCK_ACTIONS = [
    {"tile": [0, 0]},
    {"tile": [0, 1], "on": on([0, 0], "linear_a")},
    {"tile": [0, 2], "on": on([0, 0], "linear_b")},
    {"tile": [1, 3], "on": on([0, 1], "high")},
    {"tile": [0, 3], "on": on([1, 3], "high")},
    {"tile": [2, 4], "on": on([0, 2], "high")},
    {"tile": [0, 4], "on": on([2, 4], "high")},
    {"tile": [0, 5], "on": on([0, 3], "low")},
    {"tile": [5, 6], "on": on([0, 5], "high")},
    {"tile": [0, 6], "on": on([5, 6], "high")},
    "pass",
    "pass",
    "pass",
    "pass",
]


# ------------------------------------------------------------------ lifecycle


def test_handshake_reply_is_exact() -> None:
    """start with protocol 1 gets exactly the protocol's ready reply."""
    with Adapter() as adapter:
        assert adapter.ask(HANDSHAKE) == READY
        assert adapter.finish() == 0


def test_wrong_protocol_version_says_not_ready_and_exits() -> None:
    """An engine of protocol 1 asked for 2 answers ready false, protocol 1, and exits 0."""
    replies, status = run(line({"cmd": "start", "protocol": 2}) + line({"cmd": "table"}))
    assert replies == [{"ready": False, "protocol": 1}]
    assert status == 0


def test_stop_exits_zero_without_a_reply() -> None:
    """stop: no reply, exit status 0, nothing after it is answered."""
    replies, status = run(
        line(HANDSHAKE) + line({"cmd": "stop"}) + line({"cmd": "table", "seq": 1, "plays": []})
    )
    assert replies == [READY]
    assert status == 0


def test_stop_while_talking_exits_zero() -> None:
    """Interactive: after stop the process ends with status 0 before stdin is closed."""
    with Adapter() as adapter:
        adapter.ask(HANDSHAKE)
        adapter.send(line({"cmd": "stop"}))
        assert adapter.process.wait(timeout=TIMEOUT) == 0


def test_end_of_input_exits_zero() -> None:
    """EOF on stdin (no stop) ends the adapter with status 0."""
    replies, status = run(line(HANDSHAKE))
    assert replies == [READY]
    assert status == 0
    replies, status = run(b"")
    assert (replies, status) == ([], 0)


# ------------------------------------------------------------------ the six commands


def test_table_command() -> None:
    """Seed sequence A, steps 1-3: the protocol's own example result."""
    with Adapter() as adapter:
        adapter.ask(HANDSHAKE)
        reply = adapter.ask(
            {
                "cmd": "table",
                "seq": 1,
                "plays": [
                    {"tile": [1, 4]},
                    {"tile": [1, 1], "on": on([1, 4], "low")},
                    {"tile": [4, 4], "on": on([1, 4], "high")},
                ],
            }
        )
    assert_result(
        reply,
        1,
        {
            "spinner": [1, 1],
            "open": [
                {"tile": [1, 1], "side": "linear_b", "value": 1},
                {"tile": [4, 4], "side": "linear_b", "value": 4},
            ],
            "counted": [{"tile": [1, 1], "value": 2}, {"tile": [4, 4], "value": 8}],
            "end_sum": 10,
            "credits": [5, 0, 10],
            "credit": 10,
        },
    )


def test_table_command_empty() -> None:
    """No plays: no spinner, nothing open or counted, sum 0, no credit."""
    replies, _ = run(line({"cmd": "table", "seq": 10**30, "plays": []}))
    assert_result(
        replies[0],
        10**30,
        {"spinner": None, "open": [], "counted": [], "end_sum": 0, "credits": [], "credit": None},
    )


def test_legal_command() -> None:
    """[1|4] on the table: [1|2] fits the 1, [4|4] the 4, [2|3] nothing."""
    replies, _ = run(
        line(
            {
                "cmd": "legal",
                "seq": 2,
                "plays": [{"tile": [1, 4]}],
                "hand": [[1, 2], [4, 4], [2, 3]],
            }
        )
    )
    assert_result(
        replies[0],
        2,
        {
            "placements": [
                {"tile": [1, 2], "on": on([1, 4], "low")},
                {"tile": [4, 4], "on": on([1, 4], "high")},
            ]
        },
    )


def test_settle_command() -> None:
    """3 and 3 for partners round to 5 + 5; 23 rounds up to 25; the out player loses 0."""
    replies, _ = run(
        line(
            {"cmd": "settle", "seq": 3, "hands": [[[0, 1], [0, 2]], [[6, 6], [5, 6]], [[1, 2]], []]}
        )
    )
    assert_result(
        replies[0],
        3,
        {"pips": [3, 23, 3, 0], "penalties": [5, 25, 5, 0], "deductions": [10, 25]},
    )


def test_hand_command() -> None:
    """Two placements, two forced passes; the hand goes on with seat 0 to move."""
    request = {"cmd": "hand", "seq": 4, "deal": SUITS_DEAL, "opener": 0, "actions": SUITS_ACTIONS}
    replies, _ = run(line(request))
    assert_result(
        replies[0],
        4,
        {
            "events": [
                {
                    "seat": 0,
                    "action": {"tile": [0, 5]},
                    "end_sum": 5,
                    "credit": 5,
                    "scores": [5, 0],
                },
                {
                    "seat": 1,
                    "action": {"tile": [1, 5], "on": on([0, 5], "high")},
                    "end_sum": 1,
                    "credit": 0,
                    "scores": [5, 0],
                },
                {"seat": 2, "action": "pass"},
                {"seat": 3, "action": "pass"},
            ],
            "end": None,
            "penalties": None,
            "scores": [5, 0],
            "winner": None,
            "next_opener": None,
            "to_move": 0,
            "legal": SUITS_LEGAL,
        },
    )


def test_game_command() -> None:
    """A blocked hand, then a new draw's opener: seat 2 opens [2|3] for 5 to team 0."""
    request = {
        "cmd": "game",
        "seq": 5,
        "hands": [
            {"deal": BLOCK_DEAL, "opener": 0, "actions": BLOCK_ACTIONS},
            {"deal": SUITS_DEAL, "opener": 2, "actions": [{"tile": [2, 3]}]},
        ],
    }
    replies, _ = run(line(request))
    reply = replies[0]
    assert set(reply) == {"seq", "result"}, reply
    result = reply["result"]
    assert set(result) == {"hands", "scores", "winner"}
    first, second = result["hands"]
    # BLOCK: credits 5 and 5 to team 1; left 16, 23, 38, 49 -> 15, 25, 40, 50.
    assert first["end"] == "blocked"
    assert first["penalties"] == [15, 25, 40, 50]
    assert first["scores"] == [-55, -65]
    assert first["next_opener"] is None
    assert [e["end_sum"] for e in first["events"] if e["action"] != "pass"] == [
        *[0, 1, 3, 5, 2, 4, 0, 5, 6, 0]
    ]
    assert_result(
        {"seq": 5, "result": second},
        5,
        {
            "events": [
                {
                    "seat": 2,
                    "action": {"tile": [2, 3]},
                    "end_sum": 5,
                    "credit": 5,
                    "scores": [-50, -65],
                }
            ],
            "end": None,
            "penalties": None,
            "scores": [-50, -65],
            "winner": None,
            "next_opener": None,
            "to_move": 3,
            # [2|3] shows 2 and 3; of seat 3's tiles only [3|6] has either.
            "legal": [{"tile": [3, 6], "on": on([2, 3], "high")}],
        },
    )
    assert result["scores"] == [-50, -65]
    assert result["winner"] is None


def test_perft_command() -> None:
    """Depth 1 at seat 0's turn: the seven placements; forced passes count one action."""
    base = {"cmd": "perft", "deal": SUITS_DEAL, "opener": 0}
    replies, _ = run(
        line({**base, "seq": 6, "actions": SUITS_ACTIONS, "depth": 1})
        + line({**base, "seq": 7, "actions": SUITS_ACTIONS[:2], "depth": 3})
        + line({**base, "seq": 8, "depth": 0})
    )
    assert_result(
        replies[0],
        6,
        {"nodes": 7, "divide": [{"action": action, "nodes": 1} for action in SUITS_LEGAL]},
    )
    # Seat 2 must pass, seat 3 must pass, then seat 0 has its seven placements.
    assert_result(replies[1], 7, {"nodes": 7, "divide": [{"action": "pass", "nodes": 7}]})
    assert_result(replies[2], 8, {"nodes": 1, "divide": []})


def test_rule_refusals_carry_their_index() -> None:
    """A pass while able in `hand`, and a first hand with no opener in `game`."""
    replies, _ = run(
        line(
            {
                "cmd": "hand",
                "seq": 9,
                "deal": SUITS_DEAL,
                "opener": 0,
                "actions": [SUITS_ACTIONS[0], "pass"],
            }
        )
        + line({"cmd": "game", "seq": 10, "hands": [{"deal": SUITS_DEAL, "actions": []}]})
        + line(
            {
                "cmd": "hand",
                "seq": 11,
                "deal": SUITS_DEAL,
                "opener": 0,
                "actions": [*SUITS_ACTIONS, "pass"],
            }
        )
    )
    assert_rejected(replies[0], 9, "must_play", 1)  # seat 1 holds [1|5] for the 5
    assert_rejected(replies[1], 10, "wrong_opener", 0)
    assert_rejected(replies[2], 11, "must_play", 4)


def test_game_malformed_deal_comes_before_the_opener_rule() -> None:
    """Precedence: a deal with a tile twice is bad_request even when the opener is missing."""
    deal = [row[:] for row in SUITS_DEAL]
    deal[3] = [[0, 0], *deal[3][1:]]  # [0|0] twice, [3|6] missing
    replies, _ = run(line({"cmd": "game", "seq": 12, "hands": [{"deal": deal, "actions": []}]}))
    assert_rejected(replies[0], 12, "bad_request", 0)


# ------------------------------------------------------------------ pipelining


def test_pipelined_requests_keep_order_and_echo_seq() -> None:
    """50 requests written before any reply is read; replies in order, seq echoed."""
    seqs: list[Any] = []
    for i in range(50):
        seqs.append([i, 10**20 + i, -i, 2**63 + i, 0][i % 5])
    requests = []
    for i, seq in enumerate(seqs):
        if i % 3 == 0:
            requests.append({"cmd": "table", "seq": seq, "plays": [{"tile": [i % 7, 6]}]})
        elif i % 3 == 1:
            requests.append({"cmd": "settle", "seq": seq, "hands": [[[0, i % 7]], [], [], []]})
        else:
            requests.append({"cmd": "table", "seq": seq, "plays": "bad"})
    with Adapter() as adapter:
        adapter.ask(HANDSHAKE)
        adapter.send(b"".join(line(r) for r in requests))
        replies = [adapter.receive() for _ in requests]
        assert adapter.finish() == 0
    for i, (seq, reply) in enumerate(zip(seqs, replies, strict=True)):
        assert reply["seq"] == seq, i
        assert type(reply["seq"]) is type(seq), i
        if i % 3 == 0:
            low = i % 7
            # [low|6] alone: both ends count, low + 6.
            assert reply["result"]["end_sum"] == low + 6, i
        elif i % 3 == 1:
            pips = i % 7
            assert reply["result"]["pips"] == [pips, 0, 0, 0], i
            assert reply["result"]["penalties"][0] == (0 if pips < 3 else 5), i
        else:
            assert_rejected(reply, seq, "bad_request")


# ------------------------------------------------------------------ bad lines

GOOD = {"cmd": "settle", "seq": 77, "hands": [[[3, 3]], [], [], []]}
GOOD_RESULT = {"pips": [6, 0, 0, 0], "penalties": [5, 0, 0, 0], "deductions": [5, 0]}

BAD_LINES: list[tuple[str, bytes, Any, Any]] = [
    # (label, raw line, seq expected in the reply, index expected)
    ("not-json", b"this is not json\n", None, None),
    ("json-array", b'[1, 2, {"cmd": "table"}]\n', None, None),
    ("json-scalar", b"42\n", None, None),
    ("unknown-cmd", line({"cmd": "frobnicate", "seq": 7}), 7, None),
    ("missing-cmd", line({"seq": 7, "plays": []}), 7, None),
    ("missing-field", line({"cmd": "table", "seq": 8}), 8, None),
    ("extra-field", line({"cmd": "table", "seq": 9, "plays": [], "colour": "red"}), 9, None),
    ("tile-seven-two", line({"cmd": "table", "seq": 10, "plays": [{"tile": [7, 2]}]}), 10, 0),
    (
        "tile-x",
        line({"cmd": "table", "seq": 15, "plays": [{"tile": [1, 2]}, {"tile": "x"}]}),
        15,
        1,
    ),
    ("hand-tile-x", line({"cmd": "legal", "seq": 11, "plays": [], "hand": ["x"]}), 11, None),
    ("tile-not-canonical", line({"cmd": "table", "seq": 13, "plays": [{"tile": [2, 1]}]}), 13, 0),
    ("tile-bool", line({"cmd": "table", "seq": 14, "plays": [{"tile": [False, True]}]}), 14, 0),
    ("empty-line", b"\n", None, None),
]


@pytest.mark.parametrize(
    ("raw", "seq", "index"), [case[1:] for case in BAD_LINES], ids=[case[0] for case in BAD_LINES]
)
def test_bad_line_is_bad_request_and_the_adapter_goes_on(raw: bytes, seq: Any, index: Any) -> None:
    """Each malformed line gets bad_request (seq when readable); the next request is served."""
    with Adapter() as adapter:
        adapter.ask(HANDSHAKE)
        adapter.send(raw)
        assert_rejected(adapter.receive(), seq, "bad_request", index)
        assert_result(adapter.ask(GOOD), 77, GOOD_RESULT)
        assert adapter.finish() == 0


def test_invalid_utf8_is_bad_request_and_the_adapter_goes_on() -> None:
    """A line that is not UTF-8 is not JSON: bad_request, then business as usual."""
    raw = b'{"cmd": "table", "seq": 12, "plays": [], "x": "\xc3\x28"}\n'
    with Adapter() as adapter:
        adapter.ask(HANDSHAKE)
        adapter.send(raw)
        reply = adapter.receive()
        assert reply["seq"] in (None, 12)
        assert_rejected(reply, reply["seq"], "bad_request")
        assert_result(adapter.ask(GOOD), 77, GOOD_RESULT)
        assert adapter.finish() == 0


def test_absurdly_deep_json_is_bad_request_and_the_adapter_goes_on() -> None:
    """Nesting deeper than any decoder allows must not take the adapter down."""
    deep = b"[" * 200_000 + b"]" * 200_000 + b"\n"
    with Adapter() as adapter:
        adapter.ask(HANDSHAKE)
        adapter.send(deep)
        assert_rejected(adapter.receive(), None, "bad_request", None)
        assert_result(adapter.ask(GOOD), 77, GOOD_RESULT)
        assert adapter.finish() == 0


def test_all_bad_lines_in_one_stream() -> None:
    """Every bad line interleaved with good requests: one reply each, in order."""
    data = line(HANDSHAKE)
    for _, raw, _, _ in BAD_LINES:
        data += raw + line(GOOD)
    replies, status = run(data)
    assert status == 0
    assert len(replies) == 1 + 2 * len(BAD_LINES)
    for n, (_, _, seq, index) in enumerate(BAD_LINES):
        assert_rejected(replies[1 + 2 * n], seq, "bad_request", index)
        assert_result(replies[2 + 2 * n], 77, GOOD_RESULT)
