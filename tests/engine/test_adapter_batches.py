"""The adapter reads its input in chunks and writes its replies together: lines split
across reads, a last line without newline, and batches larger than one read or write."""

from __future__ import annotations

from tests.engine.test_adapter import HANDSHAKE, READY, Adapter, line, run


def test_a_request_written_in_two_pieces_is_answered() -> None:
    with Adapter() as adapter:
        assert adapter.ask(HANDSHAKE) == READY
        request = line({"cmd": "settle", "seq": 1, "hands": [[[0, 1]], [], [], []]})
        adapter.send(request[:20])
        adapter.send(request[20:])
        reply = adapter.receive()
    assert reply["seq"] == 1 and reply["result"]["pips"] == [1, 0, 0, 0]


def test_the_reply_to_each_request_comes_without_waiting_for_more_input() -> None:
    # Two requests in one write, then nothing: both replies come (the second is not held
    # back until more input arrives), in order.
    with Adapter() as adapter:
        assert adapter.ask(HANDSHAKE) == READY
        adapter.send(line({"cmd": "table", "seq": 1, "plays": []}) + line({"cmd": "x", "seq": 2}))
        first, second = adapter.receive(), adapter.receive()
    assert first["seq"] == 1 and "result" in first
    assert second["seq"] == 2 and second["rejected"]["code"] == "bad_request"


def test_a_last_line_without_newline_is_answered() -> None:
    request = line({"cmd": "table", "seq": 7, "plays": []}).rstrip(b"\n")
    replies, status = run(line(HANDSHAKE) + request)
    assert status == 0
    assert [reply.get("seq") for reply in replies[1:]] == [7]


def test_a_batch_larger_than_one_read_is_answered_in_order() -> None:
    # About 300 KB of requests and of replies: several reads, several writes.
    def hands(n: int) -> list[list[list[int]]]:
        return [[[0, n % 7], [1, 1], [2, 5], [3, 6]], [[4, 4]], [[5, 5]], [[6, 6]]]

    requests = [line({"cmd": "settle", "seq": n, "hands": hands(n)}) for n in range(3000)]
    replies, status = run(line(HANDSHAKE) + b"".join(requests) + line({"cmd": "stop"}))
    assert status == 0
    assert [reply["seq"] for reply in replies[1:]] == list(range(3000))
    assert [reply["result"]["pips"][0] for reply in replies[1:]] == [
        n % 7 + 2 + 7 + 9 for n in range(3000)
    ]
