"""The engine under test as the fuzzer sees it: started, asked in batches, restarted."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from conformance.engine.client import EngineClient
from reference_impl.jsonio import dumps

__all__ = ["FuzzEngine", "Prepared", "Reply", "prepare"]

Reply = tuple[Any, str | None]
"""A decoded reply and its raw line, or a problem string and None where none was read."""

_MISSES = 64
"""Expected replies offered in a row without one arriving as encoded, after which an
engine whose replies are written otherwise is offered none (they cost an encoding)."""


class Prepared(NamedTuple):
    """A request and its likely reply, encoded ahead of time but for their seq, as the
    reference adapter writes JSON."""

    request: Mapping[str, Any]
    expected: Mapping[str, Any] | None
    head: bytes
    """The request's JSON but for its closing brace (the seq goes last)."""
    tail: bytes | None
    """The expected reply's JSON after its opening brace (the seq goes first), or None."""


def prepare(request: Mapping[str, Any], expected: Mapping[str, Any] | None = None) -> Prepared:
    """`request` and its `expected` reply (both without seq) encoded for `FuzzEngine.stream`."""
    if "seq" in request:  # the engine numbers requests itself
        request = {key: value for key, value in request.items() if key != "seq"}
    head = dumps(request)[:-1] + (b"," if request else b"")
    tail = dumps(expected)[1:] if expected else None
    return Prepared(request, expected, head, tail)


class FuzzEngine:
    """An engine under test, started (handshake done) at once and restarted when it breaks.

    Raises `EngineStartError` when the engine cannot be started.
    """

    def __init__(
        self, argv: Sequence[str], timeout: float, env: Mapping[str, str] | None = None
    ) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.env = env
        self.asked = 0
        self.undecoded = 0
        """Replies that arrived as prepared (`prepare`), taken without being decoded."""
        self._misses = 0
        self._client: EngineClient | None = None
        # The handshake comes first: what the engine lists decides what it is asked.
        self.cmds: frozenset[str] = frozenset()
        self._start()

    def _start(self) -> EngineClient:
        client = EngineClient(self.argv, timeout=self.timeout, env=self.env)
        info = client.start()
        # Each start's own handshake: a restarted engine is asked only what it lists
        # (spec/protocol.md section 8, item 3).
        self.cmds = frozenset(info.cmds)
        self._client = client
        return client

    def ready(self) -> None:
        """Start the engine again if it was stopped, so that `cmds` is its current
        handshake's. Raises `EngineStartError` when it cannot be started."""
        if self._client is None:
            self._start()

    def lists(self, cmd: str) -> bool:
        """Whether the engine's handshake lists `cmd`."""
        return cmd in self.cmds

    @property
    def writes_like_reference(self) -> bool:
        """Whether the engine's replies still arrive as the reference adapter writes them,
        so that preparing the expected replies (`prepare`) is worth it."""
        return self._misses < _MISSES

    def ask(self, requests: Sequence[Mapping[str, Any]]) -> list[Reply]:
        """Each request's reply, in order; requests after a broken stream are not asked."""
        return list(self.stream([prepare(request) for request in requests]))

    def stream(self, asked: Sequence[Prepared]) -> Iterator[Reply]:
        """Like `ask`, each reply yielded as it arrives: judging one overlaps with the
        engine's work on the next. Stop iterating only to give up on this engine.

        A reply that arrives exactly as its prepared expected reply is not decoded: it
        is yielded as the expected reply with the seq.
        """
        client = self._client if self._client is not None else self._start()
        numbered = []
        known: list[tuple[bytes, Any] | None] = []
        lines = []
        for item in asked:
            seq = client.next_seq()
            numbered.append({**item.request, "seq": seq})
            lines.append(b'%s"seq":%d}\n' % (item.head, seq))
            if item.tail is not None and item.expected is not None:
                line = b'{"seq":%d,%s\n' % (seq, item.tail)
                known.append((line, {"seq": seq, **item.expected}))
            else:
                known.append(None)
        wire = b"".join(lines)
        given = 0
        for exchange in client.exchange_encoded(numbered, wire, known):
            given += 1
            self.asked += 1
            if exchange.failure is None:
                offered = known[given - 1]
                if offered is not None:
                    # By identity: the reply is the value offered when it was not decoded.
                    if exchange.reply is offered[1]:
                        self.undecoded += 1
                        self._misses = 0
                    else:
                        self._misses += 1
                yield exchange.reply, exchange.raw
            else:
                tail = client.stderr_tail(500) if exchange.broken else ""
                yield str(exchange.failure) + (f"; stderr: {tail}" if tail else ""), None
            if exchange.broken:
                self.close()
                break
        for _ in range(len(asked) - given):
            yield "not asked: the engine had to be restarted", None

    def close(self) -> None:
        """Stop the engine's process (a later `ask` starts a new one)."""
        if self._client is not None:
            self._client.close()
            self._client = None
