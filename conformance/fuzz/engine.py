"""The engine under test as the fuzzer sees it: started, asked in batches, restarted."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from conformance.engine.client import EngineClient

__all__ = ["FuzzEngine", "Reply"]

Reply = tuple[Any, str | None]
"""A decoded reply and its raw line, or a problem string and None where none was read."""


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
        self._client: EngineClient | None = None
        # The handshake comes first: what the engine lists decides what it is asked.
        self.cmds: frozenset[str] = frozenset()
        self._start()

    def _start(self) -> EngineClient:
        client = EngineClient(self.argv, timeout=self.timeout, env=self.env)
        info = client.start()
        if not self.cmds:
            self.cmds = frozenset(info.cmds)
        self._client = client
        return client

    def lists(self, cmd: str) -> bool:
        """Whether the engine's handshake lists `cmd`."""
        return cmd in self.cmds

    def ask(self, requests: Sequence[Mapping[str, Any]]) -> list[Reply]:
        """Each request's reply, in order; requests after a broken stream are not asked."""
        return list(self.stream(requests))

    def stream(self, requests: Sequence[Mapping[str, Any]]) -> Iterator[Reply]:
        """Like `ask`, each reply yielded as it arrives: judging one overlaps with the
        engine's work on the next. Stop iterating only to give up on this engine."""
        client = self._client if self._client is not None else self._start()
        numbered = [{**request, "seq": client.next_seq()} for request in requests]
        given = 0
        for exchange in client.exchange(numbered):
            given += 1
            self.asked += 1
            if exchange.problem is None:
                yield exchange.reply, exchange.raw
            else:
                tail = client.stderr_tail(500) if exchange.broken else ""
                yield exchange.problem + (f"; stderr: {tail}" if tail else ""), None
            if exchange.broken:
                self.close()
                break
        for _ in range(len(requests) - given):
            yield "not asked: the engine had to be restarted", None

    def close(self) -> None:
        """Stop the engine's process (a later `ask` starts a new one)."""
        if self._client is not None:
            self._client.close()
            self._client = None
