"""The protocol client: one engine child process, spoken to over JSON Lines.

Everything an engine can do wrong (not start, crash, hang, print garbage, flood
stderr, write an enormous line) comes back as data, never as a hang or a crash of
the runner; ``close`` always leaves no child behind.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import subprocess
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from conformance.engine.failures import (
    BadJson,
    BadShape,
    ExchangeFailure,
    Exited,
    Oversize,
    Timeout,
    WrongSeq,
    excerpt,
)
from conformance.engine.handshake import EngineInfo, HandshakeError, parse_handshake
from conformance.engine.pipes import Eof, Item, Pipes, StderrTail
from conformance.engine.pipes import Oversize as OversizeLine
from conformance.engine.processes import StoppingError, end_process, launch
from conformance.engine.timeouts import MIN_START_SECONDS, checked_seconds
from conformance.suite.messages import Reply, ReplyProblem, parse_reply
from conformance.suite.protocol import PROTOCOL_VERSION

__all__ = [
    "DEFAULT_MAX_LINE_BYTES",
    "MIN_START_SECONDS",
    "EngineClient",
    "EngineInfo",
    "EngineStartError",
    "Exchange",
    "ExchangeFailure",
    "split_command",
]

DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024
"""Longest reply line accepted; a longer one is drained and reported, never held."""

_STOP_GRACE_S = 1.0
_RAW_KEEP = 2000  # characters of an unparseable reply kept for the report

# Requests are trees: the check for cycles is left to a retry (`_send`) after a failure.
_ENCODE = json.JSONEncoder(check_circular=False).encode
_EXIT_GRACE_S = 0.5  # after the engine exits, how long its last reply may still be in flight


def split_command(command: str) -> list[str]:
    """Split an engine command line the way a POSIX shell would (no shell is run)."""
    argv = shlex.split(command)
    if not argv:
        raise ValueError("the engine command is empty")
    return argv


class EngineStartError(Exception):
    """The engine could not be started or failed the handshake: the run cannot happen."""

    def __init__(
        self, argv: Sequence[str], reason: str, stderr_tail: str = "", reply: str = ""
    ) -> None:
        self.argv = list(argv)
        self.reason = reason
        self.stderr_tail = stderr_tail
        self.reply = reply
        """The handshake reply line as received, when one came (shown by ``smoke``)."""
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"engine {shlex.join(self.argv)!r} did not start: {self.reason}"
        if self.stderr_tail.strip():
            text += "\n--- engine stderr (tail) ---\n" + self.stderr_tail.rstrip()
        return text


@dataclass(frozen=True)
class Exchange:
    """One request and what came back for it.

    ``reply`` is the decoded JSON object when a well-framed, parseable line with the right
    ``seq`` arrived, as it came (the comparison reads every key of it, the reports print
    it), and ``answer`` the same reply as a value of the protocol's model. Otherwise
    ``failure`` says what went wrong, as data (one of the kinds of
    `conformance.engine.failures`), and ``broken`` tells whether the stream can no longer
    be trusted (the engine must be restarted).
    """

    request: Mapping[str, Any]
    reply: Any = None
    failure: ExchangeFailure | None = None
    raw: str | None = None
    elapsed: float = 0.0

    @property
    def broken(self) -> bool:
        """Whether the engine must be restarted before anything else is asked of it."""
        return self.failure is not None and self.failure.broken

    @cached_property
    def answer(self) -> Reply | ReplyProblem | None:
        """The reply as a value (`conformance.suite.messages.parse_reply`), made once; None
        when no reply came (``failure`` says why)."""
        return None if self.failure is not None else parse_reply(self.reply)


_STDOUT_HINT = (
    "stdout is for the protocol's JSON lines only, from the handshake reply on: write "
    "banners and logs to stderr"
)
_FLUSH_HINT = (
    "if the engine wrote its reply, it may still sit in its output buffer: flush stdout "
    "after every line (Python print(..., flush=True), C fflush(stdout), Go a bufio "
    "Writer's Flush, Java System.out.flush(), Node process.stdout.write)"
)


def _same_seq(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


class EngineClient:
    """A running engine process and the JSON Lines conversation with it.

    Use as a context manager, or call ``start`` then ``close``. ``timeout`` bounds the wait
    for each reply (counted from when the previous reply arrived, so that pipelined
    requests each get the full allowance). Raises ``ValueError`` for a timeout that is
    not a number of seconds in (0, 3600]: NaN, infinite, zero or negative.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        timeout: float = 5.0,
        start_timeout: float | None = None,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
    ) -> None:
        self.argv = list(argv)
        self.timeout = checked_seconds(timeout)
        self.start_timeout = (
            checked_seconds(start_timeout, "start_timeout")
            if start_timeout is not None
            else max(self.timeout, MIN_START_SECONDS)
        )
        self.max_line_bytes = max_line_bytes
        self.env = dict(env) if env is not None else None
        self.cwd = cwd
        self.info: EngineInfo | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._pipes: Pipes | None = None
        self._stderr: StderrTail | None = None
        self._seq = 0
        self._token = uuid.uuid4().hex
        self._exited_at: float | None = None

    # -- life cycle -------------------------------------------------------------------

    def spawn(self) -> None:
        """Start the child process (without the handshake); raises ``EngineStartError``."""
        try:
            proc = launch(self.argv, self.env, self.cwd, self._token)
        except StoppingError:
            raise EngineStartError(self.argv, "the runner is stopping") from None
        except (OSError, ValueError) as exc:
            raise EngineStartError(self.argv, f"cannot execute it: {exc}") from exc
        self._proc = proc
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._pipes = Pipes(proc.stdin, proc.stdout, self.max_line_bytes)
        self._stderr = StderrTail(proc.stderr)

    def start(self) -> EngineInfo:
        """Spawn the engine if needed and perform the protocol handshake."""
        if self._proc is None:
            self.spawn()
        try:
            return self._handshake()
        except EngineStartError:
            self.close()
            raise

    def _handshake(self) -> EngineInfo:
        self._send([{"cmd": "start", "protocol": PROTOCOL_VERSION}])
        item = self._next(time.monotonic() + self.start_timeout)
        if item is None:
            raise self._start_error(
                f"no handshake reply within {self.start_timeout:g} s (the longer of the reply "
                f"timeout, --timeout, and {MIN_START_SECONDS:g} s); {_FLUSH_HINT}"
            )
        if isinstance(item, Eof):
            raise self._start_error(f"it exited before the handshake ({self._exited().how()})")
        if isinstance(item, OversizeLine):
            raise self._start_error(f"its handshake reply is a {item.size}-byte line")
        raw = item.decode("utf-8", "replace").rstrip("\n")[:_RAW_KEEP]
        try:
            reply = json.loads(item)
        except (ValueError, RecursionError):
            raise self._start_error(
                f"its handshake reply is not JSON: {excerpt(item)}; {_STDOUT_HINT}", raw
            ) from None
        try:
            self.info = parse_handshake(reply, self.argv)
        except HandshakeError as exc:
            raise self._start_error(str(exc), raw) from None
        return self.info

    def _start_error(self, reason: str, reply: str = "") -> EngineStartError:
        self._kill()
        return EngineStartError(self.argv, reason, self.stderr_tail(), reply)

    def close(self, *, graceful: bool = True) -> int | None:
        """Stop the engine and return its exit status.

        Gracefully: send ``stop``, close stdin, and kill only if it lingers; otherwise (an
        engine that hangs or broke the protocol) kill it at once.
        """
        proc = self._proc
        if proc is None:
            return None
        if graceful and proc.poll() is None and self._pipes is not None:
            deadline = time.monotonic() + _STOP_GRACE_S
            # Stdin is closed after stop, as the protocol says.
            self._pipes.close_stdin(json.dumps({"cmd": "stop"}).encode() + b"\n", deadline)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(max(0.0, deadline - time.monotonic()))
        self._kill()
        return proc.returncode

    def _kill(self) -> None:
        proc = self._proc
        if proc is None:
            return
        end_process(proc, self._token)
        # None of this can block, even if something still holds a pipe open.
        if self._pipes is not None:
            self._pipes.close()
        if self._stderr is not None:
            self._stderr.close()

    def __enter__(self) -> EngineClient:
        if self.info is None:  # a client already started keeps its handshake
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def alive(self) -> bool:
        """Whether the child process is still running."""
        return self._proc is not None and self._proc.poll() is None

    # -- conversation -----------------------------------------------------------------

    def stderr_tail(self, limit: int = 2000) -> str:
        """The last ``limit`` characters the engine wrote on stderr."""
        return self._stderr.text(limit) if self._stderr is not None else ""

    def _exited(self) -> Exited:
        proc = self._proc
        assert proc is not None  # only asked after an end of file from a started engine
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(1.0)
        # Let the stderr reader catch the last words (a traceback) before they are shown.
        if self._stderr is not None:
            self._stderr.settle(0.3)
        return Exited(proc.returncode)

    def _send(self, messages: Sequence[Mapping[str, Any]]) -> None:
        try:
            text = "".join([_ENCODE(m) + "\n" for m in messages])
        except RecursionError:  # a cycle, or absurd depth: refused with the usual error
            text = "".join([json.dumps(m) + "\n" for m in messages])
        assert self._pipes is not None
        self._pipes.send(text.encode())

    def _next(self, deadline: float) -> Item | None:
        assert self._pipes is not None
        return self._pipes.next(deadline, self._gone)

    def _gone(self) -> bool:
        """Whether the engine exited more than _EXIT_GRACE_S ago.

        An engine that exited while a process it started still holds its stdout sends no
        EOF: its exit is noticed here instead of waiting for the timeout.
        """
        proc = self._proc
        if proc is None or proc.poll() is None:
            return False
        now = time.monotonic()
        if self._exited_at is None:
            self._exited_at = now
        return now - self._exited_at > _EXIT_GRACE_S

    def next_seq(self) -> int:
        """A fresh ``seq`` for a request."""
        self._seq += 1
        return self._seq

    def exchange(self, requests: Sequence[Mapping[str, Any]]) -> Iterator[Exchange]:
        """Send all ``requests`` at once (pipelined) and yield one ``Exchange`` per request.

        Stops after the first exchange whose ``broken`` is set: the engine must then be
        closed and a new one started for the remaining requests.
        """
        if self._proc is None:
            raise RuntimeError("the engine is not started")
        self._send(requests)
        return self._replies(requests, None)

    def exchange_encoded(
        self,
        requests: Sequence[Mapping[str, Any]],
        wire: bytes,
        known: Sequence[tuple[bytes, Any] | None],
    ) -> Iterator[Exchange]:
        """Like `exchange`, for a caller that encodes its own requests and foresees replies.

        ``wire`` is ``requests`` as JSON Lines, sent as they are; ``known`` gives, for each
        request, a reply line (with its newline) and the value it decodes to, or None: a
        line equal to it byte for byte is taken as that value without being decoded.
        """
        if self._proc is None:
            raise RuntimeError("the engine is not started")
        assert self._pipes is not None
        self._pipes.send(wire)
        return self._replies(requests, known)

    def _replies(
        self,
        requests: Sequence[Mapping[str, Any]],
        known: Sequence[tuple[bytes, Any] | None] | None,
    ) -> Iterator[Exchange]:
        last = time.monotonic()
        for number, request in enumerate(requests):
            exchange = self._receive(request, last, known[number] if known else None)
            last = time.monotonic()
            yield exchange
            if exchange.broken:
                return

    def _receive(
        self, request: Mapping[str, Any], since: float, known: tuple[bytes, Any] | None
    ) -> Exchange:
        item = self._next(since + self.timeout)
        elapsed = time.monotonic() - since
        if known is not None and item == known[0]:
            raw = known[0].decode("utf-8", "replace")
            return Exchange(request, reply=known[1], raw=raw, elapsed=elapsed)
        failure: ExchangeFailure
        if item is None:
            failure = Timeout(self.timeout)
        elif isinstance(item, Eof):
            failure = self._exited()
        elif isinstance(item, OversizeLine):
            failure = Oversize(item.size, self.max_line_bytes)
        else:
            return self._decoded(request, item, elapsed)
        return Exchange(request, failure=failure, elapsed=elapsed)

    def _decoded(self, request: Mapping[str, Any], item: bytes, elapsed: float) -> Exchange:
        raw = item.decode("utf-8", "replace")
        try:
            reply = json.loads(item)
        except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
            return Exchange(
                request,
                failure=BadJson(excerpt(item)),
                raw=raw if len(raw) <= _RAW_KEEP else raw[:_RAW_KEEP] + "...",
                elapsed=elapsed,
            )
        if not isinstance(reply, dict):
            return Exchange(request, failure=BadShape(excerpt(item)), raw=raw, elapsed=elapsed)
        if "seq" not in reply or not _same_seq(reply["seq"], request.get("seq")):
            got = None if "seq" not in reply else render_seq(reply)
            failure = WrongSeq(got, json.dumps(request.get("seq")))
            return Exchange(request, reply=reply, failure=failure, raw=raw, elapsed=elapsed)
        return Exchange(request, reply=reply, raw=raw, elapsed=elapsed)


def render_seq(reply: Mapping[str, Any]) -> str:
    """The ``seq`` of a reply as JSON text, or 'missing'."""
    if "seq" not in reply:
        return "missing"
    try:
        return json.dumps(reply["seq"])
    except (TypeError, ValueError):
        return repr(reply["seq"])
