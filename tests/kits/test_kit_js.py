"""The JavaScript adapter kit, run with node: the same form checks and loop as the Python kit."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from reference_impl.adapter import handle as reference_handle
from tests.kits.test_kit import BAD, CASES, SECTION_6, WELL_FORMED, _form_verdict, _mutate
from tests.support.cli import ROOT, cli
from tests.support.kits import ODD_LINES
from tests.support.tools import missing_reason

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(
    NODE is None, reason=missing_reason("node", "not installed: the JS kit needs it")
)

KIT = ROOT / "kits" / "javascript" / "seven-rocks-kit.mjs"
EXAMPLE = ROOT / "kits" / "javascript" / "example" / "kit_adapter.mjs"

# An engine whose commands throw on purpose, one way per command, to see what the kit makes
# of it: table reaches its plays (form passed) and reports it as a mapped error.
_ENGINE = """
import { at, COMMANDS, Rejected, serve, PASS } from %s;
class Reached extends Error {}
const reached = () => { throw new Reached("reached"); };
const commands = Object.fromEntries(COMMANDS.map((c) => [c, reached]));
if (process.argv.includes("--behaviours")) {
  delete commands.settle;
  commands.table = ({ plays }) => {
    plays.forEach((p, i) => at(i, () => {
      if (i === 2 && p.tile.low === 2) throw new Rejected("no_match", "no 1 on [2|2]");
      if (i === 2 && p.tile.low === 3) throw new Reached("mapped");
      if (i === 2 && p.tile.low === 4) throw new Rejected("branch_closed", "closed", 0);
      if (i === 1 && p.tile.low === 5) throw new TypeError("oops");
      const bad = { get() { throw 1; } };
      if (i === 1 && p.tile.low === 6) throw Object.defineProperty(new Error(), "message", bad);
    }));
    return { last: plays.at(-1), on: plays.at(-1).on, pass: PASS };
  };
  commands.legal = () => ({ x: NaN });
  commands.game = () => ({ y: undefined });
}
serve({ name: "probe", version: "0", commands, errors: [[Reached, "no_match"]] });
"""


def _node_engine(tmp_path: Path, *args: str) -> list[str]:
    script = tmp_path / "probe.mjs"
    script.write_text(_ENGINE % json.dumps(KIT.as_uri()), encoding="utf-8")
    return [NODE or "node", str(script), *args]


def _exchange(argv: list[str], lines: list[str]) -> list[Any]:
    text = "".join(line + "\n" for line in lines)
    done = subprocess.run(argv, input=text.encode(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    return [json.loads(line) for line in done.stdout.decode().splitlines()]


def _query(request: dict[str, Any]) -> str:
    return json.dumps(request)


def test_the_example_passes_the_suite_with_no_failure() -> None:
    engine = subprocess.list2cmdline([NODE or "node", str(EXAMPLE)])
    done = cli("run", "--engine", engine, "--check-messages")
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert " passed, " in last and "failed" not in last and "error" not in last
    engine_file = EXAMPLE.parent / "engine.mjs"  # the rules; kit_adapter.mjs only serves them
    assert len(engine_file.read_text(encoding="utf-8").splitlines()) <= 120


def test_fixtures_and_corrupted_requests_get_the_reference_form_verdict(tmp_path: Path) -> None:
    rng = random.Random(18)
    mutated = [_mutate(case.request(1), rng) for _ in range(4) for case in CASES]
    requests = [case.request(n) for n, case in enumerate(CASES)] + mutated
    replies = _exchange(_node_engine(tmp_path), [_query(r) for r in requests])
    assert len(replies) == len(requests)
    by_case = dict(zip((c.id for c in CASES), replies, strict=False))
    for case in BAD:
        rejected = by_case[case.id]["rejected"]
        assert (rejected["code"], rejected["index"]) == (
            "bad_request",
            case.expect_rejected["index"],  # type: ignore[index]
        ), case.id
    for case in WELL_FORMED:
        assert by_case[case.id]["rejected"]["code"] == "no_match", case.id
    for request, reply in zip(mutated, replies[len(CASES) :], strict=True):
        assert _form_verdict(reply) == _form_verdict(reference_handle(request)), request


def test_each_kind_of_malformed_request(tmp_path: Path) -> None:
    requests = [{"seq": n, **request} for n, (_, request, _) in enumerate(SECTION_6)]
    replies = _exchange(_node_engine(tmp_path), [_query(r) for r in requests])
    for (what, _, index), reply in zip(SECTION_6, replies, strict=True):
        assert (reply["rejected"]["code"], reply["rejected"]["index"]) == ("bad_request", index), (
            what
        )


def test_the_loop(tmp_path: Path) -> None:
    settle = '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []]}'
    lines = [
        '{"cmd": "start", "protocol": 1}',
        "not json",
        "NaN",
        "[1]",
        '{"cmd": "table", "plays": []}',
        '{"cmd": "table", "seq": [1], "plays": []}',
        '{"cmd": "sttle", "seq": "s"}',
        '{"cmd": "table", "seq": 7, "plays": [{"tile": [1, 2.0]}]}',
        '{"cmd": "table", "seq": 3, "plays": [{"tile": [1, 2]}], "x": 1}',
        settle,
        '{"cmd": "stop"}',
        settle,
    ]
    replies = _exchange(_node_engine(tmp_path), lines)
    assert replies[0] == {
        "ready": True,
        "protocol": 1,
        "engine": {"name": "probe", "version": "0", "language": "javascript"},
        "cmds": ["table", "legal", "settle", "hand", "game", "perft"],
    }
    seqs = [None, None, None, None, None, None, 7, 3]  # "s" is no integer seq: refused
    for reply, seq in zip(replies[1:9], seqs, strict=True):
        assert reply["seq"] == seq
        assert reply["rejected"]["code"] == "bad_request"
        assert reply["rejected"]["index"] is None or seq == 7
    assert replies[7]["rejected"]["index"] == 0  # [1, 2.0] is not a tile: 2.0 is no integer
    assert replies[9]["rejected"]["code"] == "no_match"  # reached the command
    assert len(replies) == 10  # nothing after stop
    assert _exchange(_node_engine(tmp_path), ['{"cmd": "start", "protocol": 2}', settle]) == [
        {"ready": False, "protocol": 1}
    ]
    assert _exchange(_node_engine(tmp_path), []) == []


def _plays(*tiles: tuple[int, int]) -> str:
    plays = [{"tile": list(t)} for t in tiles]
    return json.dumps({"cmd": "table", "seq": 1, "plays": plays})


def test_rejections_errors_and_results(tmp_path: Path) -> None:
    lines = [
        _plays((0, 0), (0, 1), (2, 2)),
        _plays((0, 0), (0, 1), (3, 3)),
        _plays((0, 0), (0, 1), (4, 4)),
        _plays((0, 0), (5, 5), (4, 4)),
        _plays((0, 0), (0, 1), (6, 6)),
        '{"cmd": "legal", "seq": 2, "plays": [], "hand": []}',
        '{"cmd": "game", "seq": 3, "hands": []}',
        '{"cmd": "settle", "seq": 4, "hands": [[], [], [], []]}',
        _plays((0, 0), (6, 6)),
    ]
    replies = _exchange(_node_engine(tmp_path, "--behaviours"), lines)
    codes = [(r["rejected"]["code"], r["rejected"]["index"]) for r in replies[:3]]
    assert codes == [("no_match", 2), ("no_match", 2), ("branch_closed", 0)]
    assert replies[3] == {"seq": 1, "errored": {"message": "TypeError: oops"}}
    assert replies[4] == {
        "seq": 1,
        "result": {"last": {"tile": [6, 6]}, "on": None, "pass": "pass"},
    }
    assert replies[5] == {"seq": 2, "errored": {"message": "TypeError: NaN in the result"}}
    assert replies[6] == {"seq": 3, "errored": {"message": "TypeError: undefined in the result"}}
    assert list(replies[7]) == ["seq", "skipped"]  # a known command it does not implement
    unreadable = "(the error's message could not be read)"
    assert replies[8] == {"seq": 1, "errored": {"message": unreadable}}


def test_the_python_and_javascript_kits_export_the_same_argument_table() -> None:
    from conformance import kit

    code = f"import({json.dumps(KIT.as_uri())}).then(m => console.log(JSON.stringify(m.ARGUMENTS)))"
    done = subprocess.run([NODE or "node", "-e", code], capture_output=True, text=True, timeout=60)
    tables = json.loads(done.stdout)
    assert {cmd: [list(r), list(o)] for cmd, (r, o) in kit.ARGUMENTS.items()} == tables


def test_no_string_passes_for_a_number(tmp_path: Path) -> None:
    # The kit once read numbers through in-band string markers: the string seq
    # "\u0000integer:7" was echoed as 7, a seq carrying a newline gave two reply lines,
    # the second a forged result, and a string tile half was read as 1.
    forged = '\u0000integer:7}\n{"seq":8,"result":{}'
    lines = [
        json.dumps({"cmd": "table", "seq": "\u0000integer:7", "plays": []}),
        json.dumps({"cmd": "table", "seq": forged, "plays": []}),
        json.dumps({"cmd": "table", "seq": "\u0000float:7", "plays": []}),
        json.dumps({"cmd": "table", "seq": 1, "plays": [{"tile": ["\u0000integer:1", 2]}]}),
        json.dumps({"cmd": "table", "seq": 2, "plays": [{"tile": ["\u0000float:1", 2]}]}),
        json.dumps({"cmd": "table", "seq": 3, "plays": [{"tile": [1, "\u0000integer:2"]}]}),
    ]
    text = "".join(line + "\n" for line in lines)
    done = subprocess.run(_node_engine(tmp_path), input=text.encode(), capture_output=True)
    raw = done.stdout.decode().splitlines()
    assert len(raw) == len(lines), raw  # one reply line per request
    replies = [json.loads(line) for line in raw]
    for reply in replies[:3]:
        assert reply["seq"] is None and reply["rejected"]["code"] == "bad_request", reply
    for seq, reply in enumerate(replies[3:], start=1):
        assert (reply["seq"], reply["rejected"]["code"]) == (seq, "bad_request"), reply
        assert reply["rejected"]["index"] == 0, reply  # not a tile: not read as [1, 2]


def test_the_kit_reads_json_as_json_parse_does(tmp_path: Path) -> None:
    # Whatever the line, the kit's verdict on its form is the reference adapter's: the
    # same JSON read, the same refusals (not JSON, repeated keys, escapes, depth).
    lines = ODD_LINES
    replies = _exchange(_node_engine(tmp_path), lines)
    reference = _exchange([sys.executable, "-m", "reference_impl.adapter"], lines)
    assert len(replies) == len(reference) == len(lines)
    for line, reply, expected in zip(lines, replies, reference, strict=True):
        assert _form_verdict(reply) == _form_verdict(expected), line[:80]
        assert reply["seq"] == expected["seq"], line[:80]
