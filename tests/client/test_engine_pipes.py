"""The client's pipes: large batches, replies known in advance, and closing with requests
still unwritten. (The failure modes of engines are in test_runner_fake_engines.py.)"""

from __future__ import annotations

import json
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.engine.client import EngineClient
from conformance.engine.failures import Exited, Timeout
from conformance.engine.pipes import EOF, Oversize, Pipes
from conformance.engine.reference import reference_engine
from tests.support.cli import FAKES, no_engine_left


@pytest.fixture(autouse=True)
def no_leftover_engines() -> Iterator[None]:
    with no_engine_left():
        yield


def _requests(count: int, client: EngineClient) -> list[dict[str, Any]]:
    # About 1 KB each: `count` of them overflow any pipe once count is in the thousands.
    plays = [{"tile": [0, 0]}] + [{"tile": [0, 1], "on": {"tile": [0, 0], "side": "low"}}] * 40
    return [{"cmd": "table", "plays": plays, "seq": client.next_seq()} for _ in range(count)]


def test_a_batch_larger_than_the_pipes_to_an_engine_that_stops_reading() -> None:
    # The engine answers one request, then neither reads nor answers: 4 MB of requests
    # cannot all be written, and the wait for the second reply still ends in a timeout.
    argv = [sys.executable, str(FAKES / "hangs.py")]
    with EngineClient(argv, timeout=0.5) as client:
        requests = _requests(4000, client)
        exchanges = list(client.exchange(requests))
        assert exchanges[0].failure is None
        assert len(exchanges) == 2
        assert exchanges[1].broken
        assert exchanges[1].failure == Timeout(0.5)
        assert str(exchanges[1].failure) == "no reply within 0.5 s"


def test_a_large_batch_is_answered_in_order() -> None:
    argv, env = reference_engine()
    with EngineClient(argv, env=env) as client:
        requests = _requests(3000, client)
        exchanges = list(client.exchange(requests))
    assert [e.reply["seq"] for e in exchanges] == [r["seq"] for r in requests]
    # Each refuses the tile placed twice, at the same index.
    assert {e.reply["rejected"]["index"] for e in exchanges if e.failure is None} == {2}


def test_a_reply_line_known_in_advance_is_taken_without_decoding() -> None:
    argv, env = reference_engine()
    with EngineClient(argv, env=env) as client:
        seq = client.next_seq()
        request = {"cmd": "settle", "hands": [[], [], [], []], "seq": seq}
        written = {"seq": seq, "result": {"pips": [0, 0, 0, 0]}}  # not quite the reply
        line = json.dumps(written, separators=(",", ":")).encode() + b"\n"
        wire = (json.dumps(request) + "\n").encode()
        [unlike] = client.exchange_encoded([request], wire, [(line, written)])
        seq = client.next_seq()
        request = {**request, "seq": seq}
        [exchange] = client.exchange([request])
        reply = exchange.reply
        line = (exchange.raw or "").encode()
        offered = dict(reply)
        wire = (json.dumps(request) + "\n").encode()
        [same] = client.exchange_encoded([request], wire, [(line, offered)])
    # A line that differs is decoded as usual; the same line is the value offered.
    assert unlike.reply is not written and unlike.reply["result"]["deductions"] == [0, 0]
    assert same.reply is offered
    assert same.raw == exchange.raw


def test_closing_with_requests_unwritten_stops_the_engine() -> None:
    # The engine answers the first request late, once the client has filled the pipe:
    # most of a large batch is still unwritten when the client closes. What is left is
    # dropped, and `stop` still reaches the engine on a line of its own (exit status 0,
    # not a kill). The engine reads the rest without parsing or answering it, so that
    # reaching `stop` takes milliseconds even on a loaded machine, far inside the
    # client's grace period.
    script = textwrap.dedent(
        """
        import json, sys, time
        first = sys.stdin.readline()
        print(json.dumps({"ready": True, "protocol": 1, "engine": {"name": "slow",
              "version": "1", "language": "python"}, "cmds": ["table"]}), flush=True)
        request = json.loads(sys.stdin.readline())
        time.sleep(0.3)
        print(json.dumps({"seq": request["seq"], "result": {}}), flush=True)
        for line in sys.stdin:
            if line.startswith('{"cmd":"stop"') or line.startswith('{"cmd": "stop"'):
                sys.exit(0)
        sys.exit(5)
        """
    )
    with EngineClient([sys.executable, "-c", script, str(FAKES)], timeout=30) as client:
        exchanges = client.exchange(_requests(3000, client))
        assert next(exchanges).failure is None
        status = client.close()
    assert status == 0


def test_pipes_split_lines_across_reads(tmp_path: Path) -> None:
    import os

    read_end, write_end = os.pipe()
    stdin_read, stdin_write = os.pipe()
    with (
        os.fdopen(stdin_write, "wb") as stdin,
        os.fdopen(read_end, "rb") as stdout,
        os.fdopen(stdin_read, "rb"),
    ):
        pipes = Pipes(stdin, stdout, max_line_bytes=10)
        for chunk in (b'{"a"', b":1}\n{", b'"b":2}\n', b"x" * 25, b"\nlast"):
            os.write(write_end, chunk)
        os.close(write_end)
        items = []
        while (item := pipes.next(time.monotonic() + 5, lambda: False)) is not EOF:
            items.append(item)
        pipes.close()
    assert items[:2] == [b'{"a":1}\n', b'{"b":2}\n']
    assert isinstance(items[2], Oversize) and items[2].size == 26
    assert items[3:] == [b"last"]  # a last line without its newline


def test_closing_from_another_thread_ends_the_wait_for_a_reply() -> None:
    # An interrupted run closes its engines from the main thread while the workers
    # still wait for replies: the wait ends (the engine is gone), nothing hangs.
    import threading

    client = EngineClient([sys.executable, str(FAKES / "hangs.py"), "--always"], timeout=60)
    client.start()
    got: list[Any] = []
    worker = threading.Thread(
        target=lambda: got.extend(client.exchange(_requests(3, client))), daemon=True
    )
    worker.start()
    client.close()
    worker.join(30)
    assert not worker.is_alive()
    assert len(got) == 1 and got[0].broken
    assert isinstance(got[0].failure, Exited)
    assert str(got[0].failure).startswith("the engine exited before replying")
