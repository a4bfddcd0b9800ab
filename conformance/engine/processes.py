"""Engine processes: started in a session of their own, and ended with everything they
started, whatever it did (``setsid``, holding the pipes, ignoring SIGTERM).

Where the system offers a cgroup (see `cgroups`), each engine runs in one of its own,
and ending the engine kills everything in it; the process group, token and pipes below
are still used, and are all there is where no cgroup is offered.

Every engine process is registered from its start to its end, so that the exit handler
can end the ones an interrupted run leaves behind.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from conformance.engine import cgroups, procfs
from conformance.suite.cache import CACHE_DIR_ENV

__all__ = ["TOKEN_VAR", "StoppingError", "defer_signal", "end_all", "end_process", "launch"]

TOKEN_VAR = "SEVEN_ROCKS_ENGINE_TOKEN"
"""Set in every engine's environment: finds its descendants even outside its group."""


class _Engine(NamedTuple):
    token: str
    cgroup: str | None
    born: float | None
    """When it started, as `procfs.started_at` gives it (None: unknown)."""


_LIVE: dict[subprocess.Popen[bytes], _Engine] = {}
"""Each engine running."""
_UNREMOVED: dict[str, float | None] = {}
"""Cgroups that could not be removed when their engine ended (with when it started):
tried again at exit."""
_LIVE_LOCK = threading.Lock()
_CLOSING = False  # set at exit: from then on no engine may start (a worker thread may try)
_DEFERRED: list[int] = []
"""Signals that arrived while `_LIVE_LOCK` was held: sent again once it is released."""


def defer_signal(signum: int) -> None:
    """Have `signum` sent again to this process as soon as `_LIVE_LOCK` is released.

    For a signal handler that needs the lock: the code it interrupted may hold it (the
    lock is not reentrant), and waiting for it there would wait for ever.
    """
    _DEFERRED.append(signum)


def _redeliver() -> None:
    while _DEFERRED:
        os.kill(os.getpid(), _DEFERRED.pop())


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    if os.name == "posix":
        # The whole group: an adapter may have started the engine as a grandchild.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        proc.kill()


def _strays(token: str, pipes: Sequence[int]) -> tuple[list[int], bool]:
    """Pids of the processes that came from one engine but left its process group, and
    whether some process vanished while it was being read.

    A descendant that called ``setsid`` escapes ``killpg``; it is still found by the
    token the runner put in the engine's environment (inherited unless cleared) or by
    holding one of the engine's pipes (which would keep the runner waiting for EOF).
    Linux only (``/proc``); elsewhere the process group is all that can be ended.
    Read by hand rather than through psutil: its environment parsed into a dict for
    every process makes a scan several times slower, and the scan's pace is what
    catches a process that forks anew every few milliseconds.

    A process that vanishes while it is read may have been a stray that forked and
    exited: its child is not in this scan's listing, so the caller scans again.
    """
    proc_dir = "/proc"
    if not os.path.isdir(proc_dir):
        return [], False
    marker = f"{TOKEN_VAR}={token}".encode()
    links = set()
    for fd in pipes:
        with contextlib.suppress(OSError):
            links.add(f"pipe:[{os.fstat(fd).st_ino}]")
    me = os.getpid()
    found = []
    vanished = False
    for name in os.listdir(proc_dir):
        if not name.isdigit() or int(name) == me:
            continue
        base = f"{proc_dir}/{name}"
        try:
            with open(f"{base}/environ", "rb") as f:
                if marker in f.read().split(b"\0"):
                    found.append(int(name))
                    continue
            if links and not _child_of(int(name), me):
                # A child of the runner is never a stray; one caught between fork and exec
                # still holds copies of every pipe of the runner, other engines' too.
                for fd_name in os.listdir(f"{base}/fd"):
                    with contextlib.suppress(OSError):
                        if os.readlink(f"{base}/fd/{fd_name}") in links:
                            found.append(int(name))
                            break
        except (FileNotFoundError, ProcessLookupError):
            vanished = True  # gone meanwhile
        except OSError:
            continue  # another user's process
    return found, vanished


def _child_of(pid: int, parent: int) -> bool:
    return procfs.parent_of(pid) == parent


_MAX_ROUNDS = 200  # scans of /proc while freezing strays, at most (each takes ~1 ms)
_MAX_RESCANS = 3
"""Scans in a row that find nothing new yet saw a process vanish, at most, before the
search ends: on a busy machine some process exits during almost every scan, and a
hopper caught between fork and exit by that many scans in a row is all but impossible."""


def _kill_strays(token: str, pipes: Sequence[int]) -> None:
    # Freeze, then kill: each stray found is stopped (a stopped process cannot fork), and
    # the scan is repeated until it finds none not already stopped and saw none vanish
    # (`_MAX_RESCANS`), so that a process that forks anew every few milliseconds (a
    # "hopper") is caught too, even when it forks and exits while a scan reads it. Then
    # all are killed.
    own_group = os.getpgrp()
    stopped: list[int] = []
    seen: set[int] = set()
    rescans = 0
    for _ in range(_MAX_ROUNDS):
        found, vanished = _strays(token, pipes)
        pids = [pid for pid in found if pid not in seen]
        rescans = rescans + 1 if vanished and not pids else 0
        if not pids and (not vanished or rescans > _MAX_RESCANS):
            break
        for pid in pids:
            seen.add(pid)
            stopped.append(pid)
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGSTOP)
    for pid in stopped:
        with contextlib.suppress(OSError):
            # Its group too when it leads one (setsid), never a group it merely joined.
            if os.getpgid(pid) == pid != own_group:
                os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _pipes_of(proc: subprocess.Popen[bytes]) -> list[int]:
    pipes = []
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            pipes.append(pipe.fileno())  # type: ignore[union-attr]
    return pipes


@atexit.register
def end_all(*, blocking: bool = True) -> bool:
    """End every engine still running, with everything it started; start no more.

    The exit handler (an interrupted run, a worker thread cut short: no child process
    outlives the runner), and what a signal handler calls before the process dies.
    Not ``blocking`` (from a signal handler), it does nothing and returns False when the
    list of engines is locked (see `defer_signal`).
    """
    global _CLOSING
    if not _LIVE_LOCK.acquire(blocking=blocking):
        return False
    try:
        _CLOSING = True
        procs = list(_LIVE.items())
        unremoved = list(_UNREMOVED.items())
    finally:
        _LIVE_LOCK.release()
    for proc, engine in procs:
        _end(proc, engine)
    for cgroup, born in unremoved:
        _end_cgroup(cgroup, born)
    return True


def _end(proc: subprocess.Popen[bytes], engine: _Engine) -> None:
    _kill_group(proc)
    if engine.cgroup is not None:
        _end_cgroup(engine.cgroup, engine.born)
    if os.name == "posix":
        # With its pipes: a descendant that cleared the token still holds one.
        _kill_strays(engine.token, _pipes_of(proc))


def _end_cgroup(cgroup: str, born: float | None) -> None:
    # No lock: a dict's item set and pop are atomic, and a signal handler may come here.
    if cgroups.end(cgroup, born):
        _UNREMOVED.pop(cgroup, None)
    else:
        _UNREMOVED[cgroup] = born


class StoppingError(RuntimeError):
    """The runner is exiting: no engine may start any more."""


def launch(
    argv: Sequence[str], env: Mapping[str, str] | None, cwd: str | None, token: str
) -> subprocess.Popen[bytes]:
    """Start an engine with piped stdin/stdout/stderr in its own session, registered.

    Raises `StoppingError` once the exit handler has run, and what ``Popen`` raises.
    """
    environment = dict(env if env is not None else os.environ)
    environment[TOKEN_VAR] = token
    # The engine under test is not told where the fixture cache is.
    environment.pop(CACHE_DIR_ENV, None)
    # Under the lock, so that an engine is either known to the exit handler or not
    # started at all (a worker thread may restart one while the runner exits).
    with _LIVE_LOCK:
        if _CLOSING:
            raise StoppingError("the runner is stopping")
        cgroup = cgroups.new()
        try:
            proc, born = _start(list(argv), environment, cwd, cgroup)
        except BaseException:
            if cgroup is not None:
                _end_cgroup(cgroup, None)
            raise
        _LIVE[proc] = _Engine(token, cgroup, born)
    _redeliver()
    return proc


def _start(
    argv: list[str], environment: dict[str, str], cwd: str | None, cgroup: str | None
) -> tuple[subprocess.Popen[bytes], float | None]:
    """The engine started (in ``cgroup``), and when; raises what ``Popen`` would raise
    for ``argv``, also when it is started through the cgroup's command."""
    if cgroup is None:
        return _started(_popen(argv, environment, cwd, ()))
    report, reported = os.pipe()
    try:
        command, reports = cgroups.into(cgroup, argv, environment, cwd, reported)
        proc = _popen(command, environment, cwd, (reported,) if reports else ())
    finally:
        os.close(reported)
    try:
        failed = _exec_error(report) if reports else None
    finally:
        os.close(report)
    if failed is not None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(_EXEC_DEADLINE_S)
        raise OSError(failed, os.strerror(failed), argv[0])
    return _started(proc)


_EXEC_DEADLINE_S = 30.0


def _exec_error(report: int) -> int | None:
    """The errno written on ``report`` by a command that could not exec its program, or
    None: the pipe closed on exec (or nothing came in `_EXEC_DEADLINE_S`)."""
    data = b""
    deadline = time.monotonic() + _EXEC_DEADLINE_S
    while (left := deadline - time.monotonic()) > 0:
        if not select.select([report], [], [], left)[0]:
            break
        chunk = os.read(report, 32)
        if not chunk:
            break
        data += chunk
    return int(data) if data.isdigit() else None


def _started(proc: subprocess.Popen[bytes]) -> tuple[subprocess.Popen[bytes], float | None]:
    return proc, procfs.started_at(proc.pid)  # not reaped yet: the pid is still this process's


def _popen(
    command: list[str], environment: dict[str, str], cwd: str | None, keep: tuple[int, ...]
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment,
        cwd=cwd,
        pass_fds=keep,
        # Its own session and process group, so that ending it ends its children.
        start_new_session=os.name == "posix",
    )


def end_process(proc: subprocess.Popen[bytes], token: str) -> None:
    """Kill an engine, its group, its cgroup and its strays; wait for it; forget it.

    An engine already ended, waited for and forgotten is left alone: its pid may be
    another process's by now, and its strays were ended with it."""
    with _LIVE_LOCK:
        engine = _LIVE.get(proc)
    _redeliver()
    if engine is None:
        if proc.returncode is not None:
            return
        engine = _Engine(token, None, None)
    _end(proc, engine)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(5)
    with _LIVE_LOCK:
        _LIVE.pop(proc, None)
    _redeliver()
