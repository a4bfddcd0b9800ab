"""The engine under test confined with bubblewrap (``--sandbox``), on Linux.

The engine's command is run as ``bwrap ... -- [setpriv ...] prlimit ... -- ENGINE``
(through a shell that opens the seccomp filter for bubblewrap):

- it sees only what it needs, read-only: the system's programs and libraries
  (`SYSTEM_PATHS`) and the folders its command names (`named_folders`), with those
  given as ``paths``; no ``/run``, ``/var``, ``/home``, ``/root`` or ``/sys``, so no
  Unix socket of the host (none in a folder it is shown);
- a working folder of its own (`WORK`, its current folder and ``HOME``) and a private
  ``/tmp``, each a RAM file system of `DEFAULT_FOLDER_MB` MiB, gone with it;
- no Unix socket made (`seccomp`): so none connected to, even in a folder it is shown;
- no network (``--unshare-net``, which also hides the host's abstract sockets), its own
  PID namespace (``--unshare-pid``: every process it starts, whatever it does, dies with
  it), ``--die-with-parent``;
- an unprivileged user with no capability: bubblewrap's own user namespace for a runner
  that is not root; for root, `ENGINE_UID` (``setpriv``, every capability dropped, none
  to be gained), since in a namespace of root's making the engine would still be root
  outside it, which limits do not bind and files owned by root do not refuse;
- a minimal environment (`BASE_ENVIRONMENT`, plus the variables the caller passes);
- limits (``prlimit``): address space `DEFAULT_MEMORY_MB` MiB (``--engine-memory``),
  `DEFAULT_PROCESSES` processes, `DEFAULT_CPU_SECONDS` seconds of CPU time.

A missing ``bwrap`` is an error (`SandboxError`), never a silent run unconfined.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import shutil
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import PurePosixPath

from conformance.engine import seccomp

__all__ = [
    "BASE_ENVIRONMENT",
    "DEFAULT_CPU_SECONDS",
    "DEFAULT_FOLDER_MB",
    "DEFAULT_MEMORY_MB",
    "DEFAULT_PROCESSES",
    "ENGINE_UID",
    "SYSTEM_PATHS",
    "WORK",
    "SandboxError",
    "named_folders",
    "passed_variables",
    "sandboxed",
]

DEFAULT_MEMORY_MB = 2048
"""Address space an engine may use, in MiB (``--engine-memory``)."""
DEFAULT_PROCESSES = 256
"""Processes (and threads) the engine's user may run at once, counted by the kernel."""
DEFAULT_CPU_SECONDS = 3600
"""CPU time an engine process may use in all."""
DEFAULT_FOLDER_MB = 64
"""Size of the working folder, and of the private /tmp, in MiB."""
WORK = "/seven-rocks"
"""The engine's working folder, inside the sandbox."""
ENGINE_UID = 65534
"""The user (and group) the engine runs as, inside its namespace, and outside it too
when the runner is root: ``nobody``."""
SYSTEM_PATHS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
"""Shown to every engine, read-only (those that exist)."""
BASE_ENVIRONMENT = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "HOME": WORK,
    "TMPDIR": "/tmp",
    "LANG": "C.UTF-8",
}
"""The engine's whole environment, but for the variables the caller passes."""


class SandboxError(RuntimeError):
    """The sandbox cannot be set up (bubblewrap or prlimit missing, a bad limit)."""


_FILTER: list[str] = []  # the file of the seccomp filter, once written
_FILTER_LOCK = threading.Lock()
_FILTER_FD = "9"
"""The descriptor on which bubblewrap reads the filter (a shell opens the file there)."""


def _filter_file() -> str | None:
    """A file holding this machine's seccomp filter (removed at exit), or None; raises
    `SandboxError` when it cannot be written."""
    with _FILTER_LOCK:
        if not _FILTER:
            code = seccomp.program()
            if code is None:
                return None
            import tempfile  # only with --sandbox: tempfile loads random and more

            try:
                fd, path = tempfile.mkstemp(prefix="seven-rocks-seccomp-")
                with os.fdopen(fd, "wb") as f:
                    f.write(code)
            except OSError as exc:
                raise SandboxError(f"cannot write the sandbox's seccomp filter: {exc}") from exc
            _FILTER.append(path)
            atexit.register(_remove_filter)
        return _FILTER[0]


def _remove_filter() -> None:
    for path in _FILTER:
        with contextlib.suppress(OSError):
            os.unlink(path)


def passed_variables(
    specs: Sequence[str], environ: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The variables ``NAME=VALUE``, or ``NAME`` (its value in ``environ``, if set), of
    ``--sandbox-env``; raises `SandboxError` for one with no name.

    ``environ`` is the engine's environment outside the sandbox (None: the runner's); one
    given (the reference engine's) passes its ``PYTHONPATH`` too.
    """
    if environ is None:
        environ = os.environ
    else:
        specs = ["PYTHONPATH", *specs]
    passed = {}
    for spec in specs:
        name, equals, value = spec.partition("=")
        if not name:
            raise SandboxError(f"--sandbox-env wants NAME or NAME=VALUE, not {spec!r}")
        if equals:
            passed[name] = value
        elif name in environ:
            passed[name] = environ[name]
    return passed


def _too_wide(folder: str) -> bool:
    """Whether a folder holds too much besides an engine to be shown whole: the root, a
    folder just below it (``/tmp``, ``/home``), a home folder."""
    return (
        folder.count("/") < 2
        or os.path.dirname(folder) == "/home"
        or folder == os.path.expanduser("~")
    )


def _home_of(path: str) -> str | None:
    """What to show for a path a command names: a folder itself; for a file its folder,
    or the one above a ``bin`` folder (a virtual environment, an installed runtime), or
    else the file alone (`_too_wide`); None for a folder too wide."""
    if os.path.isdir(path):
        return None if _too_wide(path) else path
    folder = os.path.dirname(path)
    if os.path.basename(folder) in ("bin", "sbin") and not _too_wide(os.path.dirname(folder)):
        folder = os.path.dirname(folder)
    return path if _too_wide(folder) else folder


def _pth_folders(folder: str) -> list[str]:
    """The folders named by the ``.pth`` files of ``folder``, when it is a virtual
    environment (``pyvenv.cfg``): where an editable install's code lives."""
    if not os.path.isfile(os.path.join(folder, "pyvenv.cfg")):
        return []
    found = []
    for pth in glob.glob(os.path.join(folder, "lib", "python*", "site-packages", "*.pth")):
        with contextlib.suppress(OSError, UnicodeDecodeError), open(pth, encoding="utf-8") as f:
            found += [line.strip() for line in f if line.startswith("/")]
    return [path for path in found if os.path.isdir(path) and not _too_wide(path)]


def _under(path: str, folders: Sequence[str]) -> bool:
    return any(PurePosixPath(path).is_relative_to(folder) for folder in folders)


def named_folders(argv: Sequence[str], env: Mapping[str, str] | None = None) -> list[str]:
    """What an engine's command needs besides the system: the folder of each absolute
    path among its arguments and in its variables (as `_home_of` says), also once its
    links are resolved, and the folders a virtual environment so shown adds to Python's
    path (`_pth_folders`: an editable install); none inside another or in
    `SYSTEM_PATHS`."""
    named = [a for a in argv if a.startswith("/")]
    values = (env or {}).values()
    named += [p for value in values for p in value.split(os.pathsep) if p.startswith("/")]
    found: list[str] = []
    for path in named:
        if not os.path.exists(path):
            continue
        for each in (os.path.normpath(path), os.path.realpath(path)):
            home = _home_of(each)
            if home is not None:
                found += [home, *_pth_folders(home)]
    kept: list[str] = []
    for folder in sorted(set(found), key=len):  # a folder before anything inside it
        if not _under(folder, [*SYSTEM_PATHS, *kept]):
            kept.append(folder)
    return kept


def _bind(path: str) -> Iterator[str]:
    """bwrap arguments showing ``path`` read-only, its parents made as plain folders
    that everyone may cross (bubblewrap would make them private to root)."""
    parents = PurePosixPath(path).parents
    for parent in reversed(parents):
        if str(parent) not in ("/", "/tmp"):
            yield from ("--perms", "0755", "--dir", str(parent))
    yield from ("--ro-bind", path, path)


def _system() -> Iterator[str]:
    for path in SYSTEM_PATHS:
        if os.path.islink(path):  # /bin -> usr/bin on a merged /usr
            yield from ("--symlink", os.readlink(path), path)
        elif os.path.isdir(path):
            yield from ("--ro-bind", path, path)


def _program(argv: Sequence[str]) -> list[str]:
    """``argv`` with its program as an absolute path, found here: the sandbox's PATH
    may not have it, and its folder is then shown."""
    if not argv:
        raise SandboxError("the engine command is empty")
    program = argv[0]
    found = shutil.which(program) if "/" not in program else os.path.abspath(program)
    return [found or program, *argv[1:]]


def _tool(name: str, package: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SandboxError(f"--sandbox needs {name} ({package}), which is not installed")
    return found


def sandboxed(
    argv: Sequence[str],
    *,
    memory_mb: int = DEFAULT_MEMORY_MB,
    env: Mapping[str, str] | None = None,
    paths: Sequence[str] = (),
) -> list[str]:
    """The argv that runs ``argv`` in the sandbox, with ``env`` added to
    `BASE_ENVIRONMENT` and each of ``paths`` shown read-only; raises `SandboxError`."""
    if isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or memory_mb < 16:
        raise SandboxError(f"the engine's memory must be at least 16 MiB, not {memory_mb!r}")
    if shutil.which("bwrap") is None:
        raise SandboxError(
            "--sandbox needs bubblewrap (bwrap), which is not installed "
            "(Debian and Ubuntu: apt-get install bubblewrap)"
        )
    bwrap = _tool("bwrap", "bubblewrap")
    prlimit = _tool("prlimit", "util-linux")
    argv = _program(argv)
    environment = {**BASE_ENVIRONMENT, **(env or {})}
    root = os.geteuid() == 0
    drop: list[str] = []
    if root:
        setpriv = _tool("setpriv", "util-linux")
        drop = [setpriv, f"--reuid={ENGINE_UID}", f"--regid={ENGINE_UID}", "--clear-groups",
                "--bounding-set=-all", "--inh-caps=-all", "--"]  # fmt: skip
    user = [] if root else ["--unshare-user", "--uid", str(ENGINE_UID), "--gid",
                            str(ENGINE_UID), "--cap-drop", "ALL"]  # fmt: skip
    shown = named_folders([*argv, prlimit, *drop[:1]], env or {})
    for path in map(os.path.abspath, paths):
        if not os.path.exists(path):
            raise SandboxError(f"--sandbox-path {path!r}: no such file or folder")
        shown += [path] if path not in shown else []
    size = str(DEFAULT_FOLDER_MB * 1024 * 1024)
    rules = _filter_file()
    # A shell opens the filter on its descriptor, then becomes bubblewrap.
    opener = [] if rules is None else ["/bin/sh", "-c", f'exec "$@" {_FILTER_FD}<"$0"', rules]
    return [
        *opener,
        bwrap,
        *([] if rules is None else ["--seccomp", _FILTER_FD]),
        *user,
        "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
        "--unshare-cgroup-try",
        "--die-with-parent",
        "--new-session",
        "--clearenv",
        *[arg for name, value in environment.items() for arg in ("--setenv", name, value)],
        *_system(),
        "--dev", "/dev",
        "--proc", "/proc",
        "--perms", "01777", "--size", size, "--tmpfs", "/tmp",
        "--perms", "01777", "--size", size, "--tmpfs", WORK,
        *[arg for path in shown for arg in _bind(path)],
        "--chdir", WORK,
        "--",
        *drop,
        prlimit,
        f"--as={memory_mb * 1024 * 1024}",
        f"--nproc={DEFAULT_PROCESSES}",
        f"--cpu={DEFAULT_CPU_SECONDS}",
        "--",
        *argv,
    ]  # fmt: skip
