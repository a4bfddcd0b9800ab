"""The Python kit, the JavaScript kit and the reference adapter to the letter of
spec/protocol.md section 4, as the Go and Java kits are (tests/kits/test_kits_compiled.py):
``seq`` echoed exactly when it is an exact integer of any size, refused with ``seq``
null otherwise; ``protocol`` only the integer 1; long lines answered."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from tests.support.cli import ROOT
from tests.support.kits import long_seq_lines
from tests.support.tools import missing

NODE = shutil.which("node")
JS_EXAMPLE = ROOT / "kits" / "javascript" / "example" / "kit_adapter.mjs"
ADAPTERS = {
    "python-kit": [sys.executable, str(ROOT / "kits" / "python" / "example" / "kit_adapter.py")],
    "javascript-kit": [NODE or "node", str(JS_EXAMPLE)],
    "reference": [sys.executable, "-m", "reference_impl.adapter"],
}
START = '{"cmd": "start", "protocol": 1}'
SETTLE = '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []]}'
BIG = "123456789012345678901234567890"


@pytest.fixture(params=sorted(ADAPTERS))
def adapter(request: pytest.FixtureRequest) -> list[str]:
    if request.param == "javascript-kit" and NODE is None:
        missing("node", "not installed: the JS kit needs it")
    return ADAPTERS[request.param]


def _exchange(argv: list[str], lines: list[str]) -> list[str]:
    text = "".join(line + "\n" for line in lines)
    done = subprocess.run(argv, input=text.encode(), capture_output=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode().splitlines()


def test_seq_is_echoed_exactly_and_refused_unless_an_exact_integer(adapter: list[str]) -> None:
    good = [BIG, "-" + BIG, "18446744073709551617", "9007199254740993", "0", "7"]
    bad = ["2.5", "1.0", "1e2", "1e400", "-1e400", '"s"', "true", "null", "[1]", "{}"]
    lines = [f'{{"cmd": "settle", "seq": {seq}, "hands": [[], [], [], []]}}' for seq in good + bad]
    lines.append('{"cmd": "settle", "hands": [[], [], [], []]}')
    raw = _exchange(adapter, [START, *lines])[1:]
    assert len(raw) == len(lines)
    for seq, line in zip(good, raw, strict=False):
        assert line.startswith(f'{{"seq":{seq},'), line  # the same digits, not rounded
        assert "result" in json.loads(line), line  # reached the command
    for line in raw[len(good) :]:
        reply = json.loads(line)  # strict JSON: no Infinity
        assert reply["seq"] is None and reply["rejected"]["code"] == "bad_request", line
        assert reply["rejected"]["index"] is None


@pytest.mark.parametrize("digits", [1000, 4301, 100_000])
def test_a_seq_of_any_length_is_echoed_exactly(adapter: list[str], digits: int) -> None:
    # Python refuses to turn more than 4,300 digits into an int: the Python kit and the
    # reference answered such a seq as a line that is not JSON.
    lines, expected = long_seq_lines(digits)
    raw = _exchange(adapter, lines)[1:]
    assert len(raw) == len(lines) - 1
    for seq, line in zip(expected, raw, strict=False):
        assert line.startswith(f'{{"seq":{seq},"result"'), line[:80]
    # Anywhere but seq, such an integer is out of range: refused with its place.
    assert [json.loads(line)["rejected"]["index"] for line in raw[2:]] == [0, None]


@pytest.mark.parametrize("protocol", ["1.0", "true", '"1"', "2", "10e-1", "1e0"])
def test_only_the_integer_1_is_protocol_1(adapter: list[str], protocol: str) -> None:
    start = f'{{"cmd": "start", "protocol": {protocol}}}'
    replies = [json.loads(line) for line in _exchange(adapter, [start, SETTLE])]
    assert replies == [{"ready": False, "protocol": 1}]


def test_a_line_of_24_mib_is_answered(adapter: list[str]) -> None:
    # benchmarks/long_lines.py measures the time; here only the answers are checked.
    long_line = SETTLE[:-1] + " " * (24 << 20) + "}"
    replies = [json.loads(line) for line in _exchange(adapter, [START, long_line, SETTLE])]
    assert [r.get("seq") for r in replies[1:]] == [5, 5]
    assert all("result" in r for r in replies[1:])
