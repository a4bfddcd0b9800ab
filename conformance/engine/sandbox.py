"""The engine under test confined with bubblewrap (``--sandbox``), on Linux.

The engine's command is run as ``bwrap ... -- prlimit ... -- ENGINE``:

- the whole file system read-only (``--ro-bind / /``), but for a working folder of its
  own (a fresh temporary folder, its current folder, removed when the runner exits),
  and a private ``/tmp``;
- no network (``--unshare-net``) and its own PID namespace (``--unshare-pid``): every
  process it starts, whatever it does (``setsid``, clearing its environment, closing
  its pipes), dies with it; ``--die-with-parent`` ends it with the runner;
- limits (``prlimit``): address space `DEFAULT_MEMORY_MB` MiB (``--engine-memory``),
  `DEFAULT_PROCESSES` processes, `DEFAULT_CPU_SECONDS` seconds of CPU time.

A missing ``bwrap`` is an error (`SandboxError`), never a silent run unconfined.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "DEFAULT_CPU_SECONDS",
    "DEFAULT_MEMORY_MB",
    "DEFAULT_PROCESSES",
    "SandboxError",
    "sandboxed",
]

DEFAULT_MEMORY_MB = 2048
"""Address space an engine may use, in MiB (``--engine-memory``)."""
DEFAULT_PROCESSES = 256
"""Processes (and threads) the engine's user may run at once, counted by the kernel."""
DEFAULT_CPU_SECONDS = 3600
"""CPU time an engine process may use in all."""

_FOLDERS: list[str] = []


class SandboxError(RuntimeError):
    """The sandbox cannot be set up (bubblewrap or prlimit missing, a bad limit)."""


@atexit.register
def _remove_folders() -> None:
    for folder in _FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)


def _tmp_folders(argv: Sequence[str]) -> list[str]:
    """``--ro-bind`` arguments that keep visible, read-only, each folder of /tmp that an
    argument names (an engine or a virtual environment checked out under /tmp), which
    the private /tmp would otherwise hide."""
    binds: list[str] = []
    for arg in argv:
        parts = Path(arg).parts
        if len(parts) > 2 and parts[:2] == ("/", "tmp"):
            top = str(Path("/tmp", parts[2]))
            if top not in binds and Path(top).exists():
                binds += ["--ro-bind", top, top]
    return binds


def sandboxed(argv: Sequence[str], *, memory_mb: int = DEFAULT_MEMORY_MB) -> list[str]:
    """The argv that runs ``argv`` in the sandbox; raises `SandboxError`."""
    if isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or memory_mb < 16:
        raise SandboxError(f"the engine's memory must be at least 16 MiB, not {memory_mb!r}")
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxError(
            "--sandbox needs bubblewrap (bwrap), which is not installed "
            "(Debian and Ubuntu: apt-get install bubblewrap)"
        )
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        raise SandboxError("--sandbox needs prlimit (util-linux), which is not installed")
    work = tempfile.mkdtemp(prefix="seven-rocks-engine-")
    _FOLDERS.append(work)
    return [
        bwrap,
        "--ro-bind", "/", "/",
        "--dev", "/dev",
        "--proc", "/proc",
        "--tmpfs", "/tmp",
        *_tmp_folders(argv),
        "--bind", work, work,
        "--chdir", work,
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--die-with-parent",
        "--",
        prlimit,
        f"--as={memory_mb * 1024 * 1024}",
        f"--nproc={DEFAULT_PROCESSES}",
        f"--cpu={DEFAULT_CPU_SECONDS}",
        "--",
        *argv,
    ]  # fmt: skip
