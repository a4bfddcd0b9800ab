"""What Linux's ``/proc`` says of one process: whether it exists, its parent, and when it
started.

Read directly, as psutil reads them, rather than through psutil, which costs a run 10 ms
to import. The parent and the start are None where there is no such process (any more)
or no ``/proc``.
"""

from __future__ import annotations

import os

__all__ = ["exists", "parent_of", "started_at"]


def _fields(pid: int) -> list[bytes] | None:
    """The fields of ``/proc/PID/stat`` from the state on (field 3): those after the
    command's name, which may hold spaces and parentheses."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()
    except OSError:
        return None


def parent_of(pid: int) -> int | None:
    """The pid of the parent of ``pid``."""
    fields = _fields(pid)
    return int(fields[1]) if fields else None


def started_at(pid: int) -> float | None:
    """When ``pid`` started, in seconds since the machine did: comparable with another
    process's, as psutil's ``create_time`` is (which adds the boot time)."""
    fields = _fields(pid)
    return int(fields[19]) / os.sysconf("SC_CLK_TCK") if fields else None


def exists(pid: int) -> bool:
    """Whether a process ``pid`` exists, as psutil's ``pid_exists`` says it on Linux: a
    thread's id is no process's."""
    if pid <= 0:
        return pid == 0 and "0" in os.listdir("/proc")
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # there is a process, not this user's
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(b"Tgid:"):
                    return int(line.split()[1]) == pid
    except (OSError, ValueError):
        pass
    return str(pid) in os.listdir("/proc")
