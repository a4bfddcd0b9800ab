"""A cgroup per engine, where the system lets the runner make one: every process the
engine starts is in it, whatever it does (``setsid``, a cleared environment, closed
pipes), and all of them are killed together when the engine is ended.

Which: a child ``seven-rocks-<runner pid>-<n>`` of the runner's own cgroup (from
``/proc/self/cgroup``) in the cgroup v2 hierarchy (``/sys/fs/cgroup``, or
``/sys/fs/cgroup/unified`` on a hybrid system; from ``/proc/self/mountinfo``), else in
a v1 ``freezer`` hierarchy, else a v1 ``pids`` one: the first where a child can be made
and a process moved into it (`hierarchy`, probed once). Where none can (no write
access, a read-only mount, no cgroup file system) `available` is False, and engines are
ended by their process group, token and pipes alone (`processes`).

In it before it can fork: the engine's command is run as ``/bin/sh -c 'echo $$
>CGROUP/cgroup.procs; exec ENGINE...'``: the shell moves itself, then becomes the engine
(the same process). Not ``preexec_fn``: Python code in a forked child of a runner with
threads (``--jobs N``), which the subprocess documentation calls unsafe (it may
deadlock). Not the pid written once ``Popen`` returns: by then the engine runs and may
have forked. The shell only for a program that starts with ``#!`` or is an ELF file: a
shell runs any other file as a script of its own, where ``Popen`` fails with "Exec
format error"; such a program (or one registered with binfmt_misc) is started by a
Python interpreter that moves itself, then ``execvp``s it and reports a failure's errno
on a pipe, so that ``Popen``'s error is raised as it would be (`into`). A command whose
program cannot be found is started directly, so that ``Popen`` raises as it always did.

Ending (`end`): first, every process in the cgroup older than the engine is moved back
to the runner's cgroup and spared: an engine with write access to its ``cgroup.procs``
may have moved the runner (or any other process) in, to have it killed. Then v2
``cgroup.kill`` (Linux 5.14), repeated until the cgroup is empty (for `_DEADLINE_S` at
most), or else freeze it (the v1 freezer's ``FROZEN``, or ``pids.max`` 0: nothing forks
any more), SIGKILL every process listed, thaw; remove it. Cgroups an engine made
inside its own are ended with it (all three reach them from the top) and removed
before it.

A runner holds a lock (``flock``) on each cgroup it made until it removes it; one killed
outright cannot let go, and the next runner to probe ends what is left in the cgroups
no runner holds, then removes them.

What escapes: a process that moves itself into another cgroup (it needs write access
to that cgroup, as root has), and processes started through another service.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from conformance.engine import procfs

__all__ = ["Hierarchy", "available", "end", "hierarchy", "into", "new"]

PREFIX = "seven-rocks-"
_SHELL = "/bin/sh"
_MOVE = 'echo $$ >"$0" 2>/dev/null; exec "$@"'
_SCRIPT_OR_ELF = (b"#!", b"\x7fELF")
_EXEC = """import os, sys
report = int(sys.argv[1])
try:
    with open(sys.argv[2], "w") as procs:
        procs.write(str(os.getpid()))
except OSError:
    pass
os.set_inheritable(report, False)
try:
    os.execvp(sys.argv[3], sys.argv[3:])
except OSError as exc:
    os.write(report, str(exc.errno).encode())
    os._exit(127)
"""
_DEADLINE_S = 5.0
_FREEZE = {  # (file, frozen, thawed); pids are not frozen, but none can fork
    "v2": ("cgroup.freeze", "1", "0"),
    "freezer": ("freezer.state", "FROZEN", "THAWED"),
    "pids": ("pids.max", "0", "max"),
}


class Hierarchy(NamedTuple):
    """Where engines' cgroups are made: the runner's own cgroup, and of what kind."""

    parent: str
    kind: str  # "v2", "freezer" or "pids"


_LOCK = threading.Lock()
_FOUND: list[Hierarchy | None] = []  # the probe's answer, once there is one
_NUMBERS = itertools.count(1)
_HELD: dict[str, int] = {}
"""Each cgroup this runner made and has not removed: a descriptor that holds its lock."""


def _mounts() -> Iterator[tuple[str, str, str, set[str]]]:
    """(root, mount point, type, super options) of each mount of this process."""
    with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as f:
        for line in f:
            left, _, right = line.partition(" - ")
            mine, theirs = left.split(), right.split()
            if len(mine) >= 5 and len(theirs) >= 3:
                root, point = (s.replace("\\040", " ") for s in mine[3:5])
                yield root, point, theirs[0], set(theirs[2].split(","))


def _own() -> dict[str, str]:
    """The runner's cgroup in each hierarchy: "" for v2, else the controller's name."""
    own = {}
    with open("/proc/self/cgroup", encoding="utf-8", errors="replace") as f:
        for line in f:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            for name in controllers.split(",") if controllers else [""]:
                own[name] = path
    return own


def _candidates() -> Iterator[Hierarchy]:
    own, mounts = _own(), list(_mounts())
    for kind, fstype, name in (("v2", "cgroup2", ""), ("freezer", "cgroup", "freezer"),
                               ("pids", "cgroup", "pids")):  # fmt: skip
        for root, point, found, options in mounts:
            if name in own and found == fstype and (not name or name in options):
                inside = os.path.relpath(own[name], root)  # the mount may show a subtree
                if not inside.startswith(".."):
                    yield Hierarchy(os.path.normpath(os.path.join(point, inside)), kind)
                break


def hierarchy() -> Hierarchy | None:
    """Where this runner makes its engines' cgroups, or None: nowhere (probed once)."""
    if _FOUND:
        # Once probed, read without the lock: a signal handler ends engines through
        # here (`end`), and may interrupt the very code that holds it.
        return _FOUND[0]
    with _LOCK:
        if not _FOUND:
            _FOUND.append(_probe())
        return _FOUND[0]


def available() -> bool:
    """Whether each engine runs in a cgroup of its own."""
    return hierarchy() is not None


def _probe() -> Hierarchy | None:
    with contextlib.suppress(OSError, ValueError):  # no /proc, an odd line: none
        for candidate in _candidates():
            _remove_stale(candidate.parent, candidate.kind)
            path = _make(candidate.parent)
            if path is not None:
                moved = _moves(path)
                _end(path, candidate.kind, None)
                if moved:
                    return candidate
    return None


def _moves(cgroup: str) -> bool:
    """Whether a process moves itself into ``cgroup`` as an engine will (`into`)."""
    procs = os.path.join(cgroup, "cgroup.procs")
    if not os.path.isfile(_SHELL) or not os.path.isfile(procs):  # not a cgroup at all
        return False
    command = [_SHELL, "-c", _MOVE, procs, "cat", "/proc/self/cgroup"]
    try:
        out = subprocess.run(
            command, stdin=subprocess.DEVNULL, capture_output=True, timeout=_DEADLINE_S
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    name = os.path.basename(cgroup).encode()
    return any(line.endswith(b"/" + name) for line in out.splitlines())


def _make(parent: str) -> str | None:
    path = os.path.join(parent, f"{PREFIX}{os.getpid()}-{next(_NUMBERS)}")
    try:
        os.mkdir(path)
    except OSError:  # EACCES, EROFS, ENOENT...: not here
        return None
    held = _locked(path)
    if held is not None:
        _HELD[path] = held
    return path


def _locked(path: str) -> int | None:
    """A descriptor of ``path`` holding its lock, or None: another process holds it."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _remove_stale(parent: str, kind: str) -> None:
    # Cgroups of runners that are gone (killed outright), with whatever their engines
    # left running. Gone: no process of that pid here, and no process holds the lock
    # (a runner's pid may mean nothing here: it may be in another PID namespace).
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        runner = name.removeprefix(PREFIX).partition("-")[0]
        if name.startswith(PREFIX) and runner.isdigit() and not procfs.exists(int(runner)):
            path = os.path.join(parent, name)
            held = _locked(path)
            if held is not None:
                _end(path, kind, None)
                os.close(held)


def new() -> str | None:
    """A fresh cgroup for one engine, or None (none available, or it cannot be made)."""
    found = hierarchy()
    return _make(found.parent) if found is not None else None


def into(
    cgroup: str, argv: Sequence[str], env: Mapping[str, str], cwd: str | None, report: int
) -> tuple[list[str], bool]:
    """The command that runs ``argv`` in ``cgroup`` (``argv`` itself when its program
    cannot be found: ``Popen`` then raises, as it would have), and whether it writes the
    errno of a failed exec on the descriptor ``report`` (to be passed to it) and closes
    it when the program runs."""
    program = argv[0] if argv else ""
    path = os.pathsep.join(os.get_exec_path(env))
    if os.path.dirname(program):
        program = os.path.join(cwd or "", program)
    found = None if program.startswith("-") else shutil.which(program, path=path)
    if found is None:
        return list(argv), False
    procs = os.path.join(cgroup, "cgroup.procs")
    try:
        with open(found, "rb") as f:
            start = f.read(4)
    except OSError:  # may be executed and not read
        start = b""
    if start.startswith(_SCRIPT_OR_ELF) or not sys.executable:
        return [_SHELL, "-c", _MOVE, procs, *argv], False
    return [sys.executable, "-I", "-S", "-c", _EXEC, str(report), procs, *argv], True


def _write(path: str, name: str, value: str) -> None:
    with contextlib.suppress(OSError):  # never made: a file the kernel lacks stays absent
        fd = os.open(os.path.join(path, name), os.O_WRONLY)
        try:
            os.write(fd, value.encode())
        finally:
            os.close(fd)


def _pids(path: str) -> list[int]:
    # 0 stands for a process outside this runner's PID namespace (one an engine moved
    # in): never signalled, since kill(0) would signal the runner's own process group.
    try:
        with open(os.path.join(path, "cgroup.procs"), encoding="ascii") as f:
            return [pid for pid in (int(line) for line in f if line.strip()) if pid > 0]
    except (OSError, ValueError):
        return []


def _within(cgroup: str) -> list[str]:
    """``cgroup`` and every cgroup an engine made inside it, each after its children.

    Without recursion (not os.walk): an engine may nest cgroups thousands deep.
    """
    found = [cgroup]  # each folder after its parent
    for path in found:  # grows as it goes: a breadth-first walk
        with contextlib.suppress(OSError), os.scandir(path) as entries:
            found += [entry.path for entry in entries if entry.is_dir(follow_symlinks=False)]
    return found[::-1]


def end(cgroup: str, born: float | None) -> bool:
    """Kill every process in ``cgroup`` but those started before ``born`` (the engine's
    start, as `procfs.started_at` gives it), and remove it; whether it is gone."""
    found = hierarchy()
    return _end(cgroup, found.kind if found is not None else "v2", born)


def _outsider(pid: int, born: float | None) -> bool:
    """Whether ``pid`` was moved into an engine's cgroup from outside: the runner, or a
    process older than the engine (every process of the engine started after it)."""
    if pid == os.getpid():
        return True
    if born is None:
        return False
    started = procfs.started_at(pid)
    return started is not None and started < born


def _evict(cgroup: str, pids: list[int], born: float | None) -> list[int]:
    """Move each outsider among ``pids`` to the runner's cgroup (``cgroup``'s parent);
    the others."""
    inside = []
    for pid in pids:
        if _outsider(pid, born):
            _write(os.path.dirname(cgroup), "cgroup.procs", str(pid))
        else:
            inside.append(pid)
    return inside


def _listed(cgroup: str) -> list[int]:
    return [pid for path in _within(cgroup) for pid in _pids(path)]


def _kill(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _end(cgroup: str, kind: str, born: float | None) -> bool:
    # A process of the engine may have made cgroups inside the engine's and moved there:
    # those are ended too (killing, freezing and pids.max reach them from the top), and
    # removed first.
    control, frozen, thawed = _FREEZE[kind]
    deadline = time.monotonic() + _DEADLINE_S
    while time.monotonic() < deadline:
        listed = _listed(cgroup)
        if not listed:
            break
        pids = _evict(cgroup, listed, born)
        if len(pids) < len(listed):  # outsiders were there: killing all at once is only
            listed = _listed(cgroup)  # for a cgroup they have left
            if any(_outsider(pid, born) for pid in listed):
                _kill([pid for pid in listed if not _outsider(pid, born)])
                time.sleep(0.002)
                continue
            pids = listed
        if kind == "v2" and os.path.exists(os.path.join(cgroup, "cgroup.kill")):
            _write(cgroup, "cgroup.kill", "1")
        else:
            _write(cgroup, control, frozen)
            _kill(pids)
            _write(cgroup, control, thawed)
        time.sleep(0.002)
    gone = True
    for path in _within(cgroup):
        try:
            os.rmdir(path)
        except FileNotFoundError:
            pass
        except OSError:
            gone = False
    if gone and cgroup in _HELD:
        os.close(_HELD.pop(cgroup))
    return gone
