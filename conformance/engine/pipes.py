"""An engine's pipes: stdin and stdout driven from the thread that talks to it, stderr
drained by a thread of its own.

Requests are written and reply lines read in one ``poll`` loop, as
``subprocess.communicate`` does: no thread hands lines over (a wake-up per line), and an
engine that does not read a large batch cannot block the writes, because the loop keeps
reading its stdout meanwhile. Stderr has its thread because an engine may write there at
any time. POSIX only (``poll`` on pipes).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import IO

__all__ = ["EOF", "Eof", "Item", "Oversize", "Pipes", "StderrTail"]

POLL_S = 0.1
"""Longest wait without looking up: at that pace the caller checks the engine is alive."""
_CHUNK = 1 << 16
_PIPE_BYTES = 1 << 20
"""Capacity asked of each pipe (Linux; 64 KiB otherwise): a whole batch of requests,
or of replies, fits in one, so that neither side waits on the other's pace."""
_IN = select.POLLIN | select.POLLPRI
_STDERR_TAIL_BYTES = 8 * 1024


class Eof:
    """The end of the engine's stdout: nothing more will come."""


class Oversize:
    """A line longer than the limit, drained without being kept."""

    def __init__(self, size: int) -> None:
        self.size = size


EOF = Eof()
Item = bytes | Eof | Oversize
"""What a read yields: a line (with its newline, but for a last one), or the above."""


class Pipes:
    """The writing end of an engine's stdin and the reading end of its stdout.

    Not thread-safe: one thread converses; another may only `close`, which waits for
    that thread to look up from its wait (at most `POLL_S`).
    """

    def __init__(self, stdin: IO[bytes], stdout: IO[bytes], max_line_bytes: int) -> None:
        self._stdin: IO[bytes] | None = stdin
        self._stdout = stdout
        self._in_fd = stdin.fileno()
        self._out_fd = stdout.fileno()
        self._limit = max_line_bytes
        for fd in (self._in_fd, self._out_fd):
            os.set_blocking(fd, False)
            if hasattr(fcntl, "F_SETPIPE_SZ"):
                with contextlib.suppress(OSError):  # past the system's limit: as it is
                    fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
        self._poller = select.poll()
        self._poller.register(self._out_fd, _IN)
        self._pending = b""  # bytes for stdin not written yet, from `_sent` on
        self._sent = 0
        self._lines: deque[Item] = deque()
        self._buf = bytearray()
        self._dropped = 0  # bytes of an over-long line thrown away so far (0: not in one)
        self._ended = False  # stdout reached its end: EOF is queued
        self._stopping = threading.Event()
        self._busy = threading.Lock()  # held while a thread waits on the pipes

    # -- writing ----------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        """Queue `data` for stdin and write what the pipe takes now; the rest is written
        while the next lines are awaited (`next`)."""
        if self._stdin is None:
            return  # closed, or the engine closed it: what it will not read is dropped
        if self._sent < len(self._pending):
            self._pending = self._pending[self._sent :] + data
        else:
            self._pending = data
        self._sent = 0
        self._write()

    def _write(self) -> None:
        pending = self._pending
        try:
            while self._sent < len(pending):
                self._sent += os.write(self._in_fd, memoryview(pending)[self._sent :])
        except BlockingIOError:
            # Full: POLLOUT says when the engine has read some of it.
            self._poller.register(self._in_fd, select.POLLOUT)
            return
        except (OSError, ValueError):
            self.close_stdin()  # the engine closed its stdin: what is left is dropped
            return
        self._pending = b""
        self._sent = 0
        with contextlib.suppress(KeyError):
            self._poller.unregister(self._in_fd)

    def close_stdin(self, last: bytes = b"", deadline: float = 0.0) -> None:
        """Close stdin, after writing `last` (until `deadline` at most).

        The requests not yet written are dropped, but for the rest of a line partly
        written, so that `last` starts a line of its own. Meanwhile stdout is drained:
        an engine blocked on a full stdout reads nothing.
        """
        if self._stdin is not None and last:
            cut = self._pending.find(b"\n", self._sent)
            self._pending = self._pending[: cut + 1] if cut >= 0 else b""
            self.send(last)
            # Unless another thread is waiting on the pipes (an interrupted run closing
            # its engines): then `last` goes only as far as the pipe takes it at once.
            if self._busy.acquire(blocking=False):
                try:
                    self._finish(deadline)
                finally:
                    self._busy.release()
        stdin, self._stdin = self._stdin, None
        self._pending = b""
        self._sent = 0
        with contextlib.suppress(KeyError, ValueError):
            self._poller.unregister(self._in_fd)
        if stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                stdin.close()

    def _finish(self, deadline: float) -> None:
        while self._stdin is not None and self._sent < len(self._pending):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            self._wait(min(remaining, POLL_S))
            self._lines.clear()

    # -- reading ----------------------------------------------------------------------

    def next(self, deadline: float, idle: Callable[[], bool]) -> Item | None:
        """The next line from stdout, writing pending input meanwhile; None at `deadline`.

        `idle` is called whenever `POLL_S` passes with nothing to do; when it returns
        True, the stream is taken as ended (an engine that exited while a process it
        started still holds its stdout sends no EOF).
        """
        lines = self._lines
        if lines:
            return lines.popleft()
        with self._busy:
            while not lines:
                if self._ended or self._stopping.is_set():
                    return EOF
                remaining = deadline - time.monotonic()
                events = self._wait(max(0.0, min(remaining, POLL_S)))
                if lines:
                    break
                if remaining <= 0:
                    return None
                if not events and idle():
                    return EOF
            return lines.popleft()

    def _wait(self, timeout: float) -> bool:
        """Wait up to `timeout` s; read and write what the pipes allow. True if any did."""
        try:
            events = self._poller.poll(timeout * 1000)
        except OSError:  # EINTR is retried by Python; anything else means a closed pipe
            self._end()
            return True
        for fd, event in events:
            if fd == self._out_fd:
                self._read()
            elif event & select.POLLOUT:
                self._write()
            else:  # the engine closed its stdin
                self.close_stdin()
        return bool(events)

    def _read(self) -> None:
        try:
            chunk = os.read(self._out_fd, _CHUNK)
        except BlockingIOError:
            return
        except (OSError, ValueError):  # closed meanwhile (`close` from another thread)
            chunk = b""
        if chunk:
            self._split(chunk)
        else:
            self._end()

    def _split(self, chunk: bytes) -> None:
        limit = self._limit
        buf = self._buf
        lines = self._lines
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                rest = len(chunk) - start
                if self._dropped or len(buf) + rest > limit:
                    # An enormous line is drained without being kept.
                    self._dropped += len(buf) + rest
                    buf.clear()
                else:
                    buf += chunk[start:] if start else chunk
                return
            if self._dropped or len(buf) + end + 1 - start > limit + 1:
                lines.append(Oversize(self._dropped + len(buf) + end + 1 - start))
                self._dropped = 0
                buf.clear()
            elif buf:
                buf += chunk[start : end + 1]
                lines.append(bytes(buf))
                buf.clear()
            else:
                lines.append(chunk[start : end + 1])
            start = end + 1

    def _end(self) -> None:
        if self._ended:
            return
        self._ended = True
        with contextlib.suppress(KeyError, ValueError):
            self._poller.unregister(self._out_fd)
        if self._dropped:
            self._lines.append(Oversize(self._dropped))
        elif self._buf:
            self._lines.append(bytes(self._buf))  # a last line without its newline
        self._dropped = 0
        self._buf.clear()
        self._lines.append(EOF)

    def close(self) -> None:
        """Close both pipes; a thread waiting on them gets EOF (within `POLL_S`)."""
        self._stopping.set()
        self.close_stdin()
        # Closed only once no thread polls it: a number reused by another pipe must not
        # be read as this one.
        if self._busy.acquire(timeout=2 * POLL_S):
            try:
                with contextlib.suppress(OSError, ValueError):
                    self._stdout.close()
            finally:
                self._busy.release()


class StderrTail:
    """The last bytes an engine wrote on stderr, read by a thread of its own."""

    def __init__(self, stderr: IO[bytes]) -> None:
        self._pipe = stderr
        self._data = bytearray()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._drain, args=(stderr.fileno(),), daemon=True)
        self._thread.start()

    def _drain(self, fd: int) -> None:
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        try:
            # It looks up from the pipe every POLL_S: `close` never waits on an engine
            # (or a process it started) that holds stderr open.
            while not self._stopping.is_set():
                if not poller.poll(POLL_S * 1000):
                    continue
                chunk = os.read(fd, _CHUNK)
                if not chunk:
                    return
                with self._lock:
                    self._data += chunk
                    if len(self._data) > 2 * _STDERR_TAIL_BYTES:
                        del self._data[:-_STDERR_TAIL_BYTES]
        except (OSError, ValueError):
            return

    def text(self, limit: int) -> str:
        """The last `limit` characters."""
        with self._lock:
            data = bytes(self._data[-limit * 2 :])
        return data.decode("utf-8", "replace")[-limit:]

    def settle(self, timeout: float) -> None:
        """Wait up to `timeout` s for the rest (the engine has exited: its last words)."""
        self._thread.join(timeout)

    def close(self) -> None:
        """Stop reading, and close the pipe once the thread no longer reads it."""
        self._stopping.set()
        self._thread.join(5 * POLL_S)
        if not self._thread.is_alive():
            with contextlib.suppress(OSError, ValueError):
                self._pipe.close()
