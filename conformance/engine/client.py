"""The protocol client: one engine child process, spoken to over JSON Lines.

Everything an engine can do wrong (not start, crash, hang, print garbage, flood
stderr, write an enormous line) comes back as data, never as a hang or a crash of
the runner; ``close`` always leaves no child behind.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from conformance.engine.protocol import PROTOCOL_VERSION, QUERY_CMDS

__all__ = [
    "DEFAULT_MAX_LINE_BYTES",
    "EngineClient",
    "EngineInfo",
    "EngineStartError",
    "Exchange",
    "split_command",
]

DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024
"""Longest reply line accepted; a longer one is drained and reported, never held."""

_STDERR_TAIL_BYTES = 8 * 1024
_STOP_GRACE_S = 1.0
_RAW_KEEP = 2000  # characters of an unparseable reply kept for the report


_LIVE: set[subprocess.Popen[bytes]] = set()
_LIVE_LOCK = threading.Lock()


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    if os.name == "posix":
        # The whole group: an adapter may have started the engine as a grandchild.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        proc.kill()


@atexit.register
def _kill_leftovers() -> None:
    # Last line of defence (an interrupted run, a worker thread cut short): no child
    # process outlives the runner.
    with _LIVE_LOCK:
        procs = list(_LIVE)
    for proc in procs:
        _kill_group(proc)


def split_command(command: str) -> list[str]:
    """Split an engine command line the way a POSIX shell would (no shell is run)."""
    argv = shlex.split(command)
    if not argv:
        raise ValueError("the engine command is empty")
    return argv


class EngineStartError(Exception):
    """The engine could not be started or failed the handshake: the run cannot happen."""

    def __init__(self, argv: Sequence[str], reason: str, stderr_tail: str = "") -> None:
        self.argv = list(argv)
        self.reason = reason
        self.stderr_tail = stderr_tail
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"engine {shlex.join(self.argv)!r} did not start: {self.reason}"
        if self.stderr_tail.strip():
            text += "\n--- engine stderr (tail) ---\n" + self.stderr_tail.rstrip()
        return text


@dataclass(frozen=True)
class EngineInfo:
    """What the engine said about itself in the handshake."""

    name: str
    version: str
    language: str
    protocol: int
    cmds: tuple[str, ...]
    argv: tuple[str, ...] = ()
    handshake: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.name} {self.version} ({self.language}), protocol {self.protocol}"


@dataclass(frozen=True)
class Exchange:
    """One request and what came back for it.

    ``reply`` is the decoded JSON object when a well-framed, parseable line with the right
    ``seq`` arrived. Otherwise ``problem`` says what went wrong and ``broken`` tells
    whether the stream can no longer be trusted (the engine must be restarted).
    """

    request: Mapping[str, Any]
    reply: Any = None
    problem: str | None = None
    broken: bool = False
    raw: str | None = None
    elapsed: float = 0.0


class _Eof:
    pass


class _Oversize:
    def __init__(self, size: int) -> None:
        self.size = size


_EOF = _Eof()
_Item = bytes | _Eof | _Oversize


def _same_seq(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _excerpt(raw: bytes | str, limit: int = 200) -> str:
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    text = text.rstrip("\n")
    return repr(text if len(text) <= limit else text[:limit] + "...")


class EngineClient:
    """A running engine process and the JSON Lines conversation with it.

    Use as a context manager, or call ``start`` then ``close``. ``timeout`` bounds the wait
    for each reply (counted from when the previous reply arrived, so that pipelined
    requests each get the full allowance).
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
        self.timeout = timeout
        self.start_timeout = start_timeout if start_timeout is not None else max(timeout, 10.0)
        self.max_line_bytes = max_line_bytes
        self.env = dict(env) if env is not None else None
        self.cwd = cwd
        self.info: EngineInfo | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.SimpleQueue[_Item] = queue.SimpleQueue()
        self._writes: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._stderr = bytearray()
        self._stderr_lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._seq = 0

    # -- life cycle -------------------------------------------------------------------

    def spawn(self) -> None:
        """Start the child process (without the handshake); raises ``EngineStartError``."""
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=self.env,
                cwd=self.cwd,
                # Its own process group, so that close() also ends any grandchildren.
                start_new_session=os.name == "posix",
            )
        except (OSError, ValueError) as exc:
            raise EngineStartError(self.argv, f"cannot execute it: {exc}") from exc
        proc = self._proc
        with _LIVE_LOCK:
            _LIVE.add(proc)
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._threads = [
            threading.Thread(target=self._read_stdout, args=(proc.stdout,), daemon=True),
            threading.Thread(target=self._read_stderr, args=(proc.stderr,), daemon=True),
            threading.Thread(target=self._write_stdin, args=(proc.stdin,), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

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
            raise self._start_error(f"no handshake reply within {self.start_timeout:g} s")
        if isinstance(item, _Eof):
            raise self._start_error(f"it exited before the handshake ({self._exit_text()})")
        if isinstance(item, _Oversize):
            raise self._start_error(f"its handshake reply is a {item.size}-byte line")
        try:
            reply = json.loads(item)
        except (ValueError, RecursionError):
            raise self._start_error(f"its handshake reply is not JSON: {_excerpt(item)}") from None
        if not isinstance(reply, dict):
            raise self._start_error(f"its handshake reply is not an object: {_excerpt(item)}")
        protocol = reply.get("protocol")
        if reply.get("ready") is not True or protocol != PROTOCOL_VERSION:
            raise self._start_error(
                f"it speaks protocol {protocol!r}, this runner speaks protocol "
                f"{PROTOCOL_VERSION} (handshake reply {_excerpt(item)})"
            )
        cmds = reply.get("cmds")
        if not isinstance(cmds, list) or not all(isinstance(c, str) for c in cmds):
            raise self._start_error("its handshake reply lacks 'cmds', a list of command names")
        engine = reply.get("engine") if isinstance(reply.get("engine"), dict) else {}
        assert isinstance(engine, dict)
        self.info = EngineInfo(
            name=str(engine.get("name", "unknown")),
            version=str(engine.get("version", "unknown")),
            language=str(engine.get("language", "unknown")),
            protocol=PROTOCOL_VERSION,
            cmds=tuple(c for c in cmds if c in QUERY_CMDS),
            argv=tuple(self.argv),
            handshake=reply,
        )
        return self.info

    def _start_error(self, reason: str) -> EngineStartError:
        self._kill()
        return EngineStartError(self.argv, reason, self.stderr_tail())

    def close(self, *, graceful: bool = True) -> int | None:
        """Stop the engine and return its exit status.

        Gracefully: send ``stop``, close stdin, and kill only if it lingers; otherwise (an
        engine that hangs or broke the protocol) kill it at once.
        """
        proc = self._proc
        if proc is None:
            return None
        if graceful and proc.poll() is None:
            self._writes.put(json.dumps({"cmd": "stop"}).encode() + b"\n")
            self._writes.put(None)  # close stdin after stop, as the protocol says
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(_STOP_GRACE_S)
        self._kill()
        return proc.returncode

    def _kill(self) -> None:
        proc = self._proc
        if proc is None:
            return
        _kill_group(proc)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(5)
        with _LIVE_LOCK:
            _LIVE.discard(proc)
        self._writes.put(None)
        for thread in self._threads:
            thread.join(0.5)
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()

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

    # -- threads ----------------------------------------------------------------------

    def _read_stdout(self, pipe: IO[bytes]) -> None:
        limit = self.max_line_bytes
        try:
            while True:
                line = pipe.readline(limit + 1)
                if not line:
                    break
                if len(line) > limit and not line.endswith(b"\n"):
                    # Drain the rest of the enormous line without keeping it.
                    size = len(line)
                    while line and not line.endswith(b"\n"):
                        line = pipe.readline(limit)
                        size += len(line)
                    self._lines.put(_Oversize(size))
                    continue
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(_EOF)

    def _read_stderr(self, pipe: IO[bytes]) -> None:
        fd = pipe.fileno()
        try:
            while chunk := os.read(fd, 65536):
                with self._stderr_lock:
                    self._stderr += chunk
                    if len(self._stderr) > 2 * _STDERR_TAIL_BYTES:
                        del self._stderr[:-_STDERR_TAIL_BYTES]
        except (OSError, ValueError):
            pass

    def _write_stdin(self, pipe: IO[bytes]) -> None:
        try:
            while (data := self._writes.get()) is not None:
                pipe.write(data)
                pipe.flush()
        except (OSError, ValueError):
            pass  # the engine is gone or no longer reads: the reader will notice
        with contextlib.suppress(OSError, ValueError):
            pipe.close()

    # -- conversation -----------------------------------------------------------------

    def stderr_tail(self, limit: int = 2000) -> str:
        """The last ``limit`` characters the engine wrote on stderr."""
        with self._stderr_lock:
            data = bytes(self._stderr[-limit * 2 :])
        text = data.decode("utf-8", "replace")
        return text[-limit:]

    def _exit_text(self) -> str:
        proc = self._proc
        if proc is None:
            return "not started"
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(1.0)
        # Let the stderr reader catch the last words (a traceback) before they are shown.
        self._threads[1].join(0.3)
        code = proc.returncode
        if code is None:
            return "closed its stdout"
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"killed by {signal.Signals(-code).name}"
        return f"exit status {code}"

    def _send(self, messages: Sequence[Mapping[str, Any]]) -> None:
        self._writes.put(b"".join(json.dumps(m).encode() + b"\n" for m in messages))

    def _next(self, deadline: float) -> _Item | None:
        remaining = deadline - time.monotonic()
        try:
            if remaining <= 0:
                return self._lines.get_nowait()
            return self._lines.get(timeout=remaining)
        except queue.Empty:
            return None

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
        last = time.monotonic()
        for request in requests:
            exchange = self._receive(request, last)
            last = time.monotonic()
            yield exchange
            if exchange.broken:
                return

    def _receive(self, request: Mapping[str, Any], since: float) -> Exchange:
        item = self._next(since + self.timeout)
        elapsed = time.monotonic() - since
        if item is None:
            return Exchange(
                request,
                problem=f"no reply within {self.timeout:g} s",
                broken=True,
                elapsed=elapsed,
            )
        if isinstance(item, _Eof):
            return Exchange(
                request,
                problem=f"the engine exited before replying ({self._exit_text()})",
                broken=True,
                elapsed=elapsed,
            )
        if isinstance(item, _Oversize):
            return Exchange(
                request,
                problem=f"the reply is a {item.size}-byte line, longer than the "
                f"{self.max_line_bytes}-byte limit",
                broken=True,
                elapsed=elapsed,
            )
        raw = item.decode("utf-8", "replace")
        try:
            reply = json.loads(item)
        except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
            return Exchange(
                request,
                problem=f"the reply is not JSON: {_excerpt(item)}",
                broken=True,
                raw=raw if len(raw) <= _RAW_KEEP else raw[:_RAW_KEEP] + "...",
                elapsed=elapsed,
            )
        if not isinstance(reply, dict):
            return Exchange(
                request,
                problem=f"the reply is not a JSON object: {_excerpt(item)}",
                raw=raw,
                elapsed=elapsed,
            )
        if "seq" not in reply or not _same_seq(reply["seq"], request.get("seq")):
            got = render_seq(reply)
            return Exchange(
                request,
                reply=reply,
                problem=f"the reply's seq is {got}, expected {json.dumps(request.get('seq'))}",
                broken=True,
                raw=raw,
                elapsed=elapsed,
            )
        return Exchange(request, reply=reply, raw=raw, elapsed=elapsed)


def render_seq(reply: Mapping[str, Any]) -> str:
    """The ``seq`` of a reply as JSON text, or 'missing'."""
    if "seq" not in reply:
        return "missing"
    try:
        return json.dumps(reply["seq"])
    except (TypeError, ValueError):
        return repr(reply["seq"])
