"""Files written and removed inside one folder, never through a link.

A folder the runner writes into may hold links planted by someone else (a fixture cache
shared with the engine under test, a site folder committed to a repository): a link in
place of a file, or of a folder on the way to it, must not carry a write or a removal
outside. So every folder is opened by descriptor, one name at a time, without following
a link (`open_folder`); a file is written as a new temporary file, created exclusively
and never through a link, then renamed over the name, which replaces a link rather than
writing through it (`replace_file`); and only a regular file is ever removed
(`remove_file`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat

__all__ = [
    "CLOEXEC",
    "NOFOLLOW",
    "NONBLOCK",
    "is_link",
    "open_folder",
    "open_path",
    "remove_file",
    "replace_file",
]

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)
"""Opening a FIFO must not wait for a writer."""
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def open_folder(name: str, parent: int | None, *, make: int | None = None) -> int:
    """An open descriptor of the folder `name` (in the folder `parent`, or a path when
    `parent` is None), never a link's target.

    `make`: the mode to make it with when it is missing (None: do not make it). Raises
    OSError when it is missing, a link (ELOOP or ENOTDIR) or not a folder (ENOTDIR).
    """
    if make is not None:
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, make, dir_fd=parent)
    fd = os.open(name, os.O_RDONLY | _DIRECTORY | NOFOLLOW | CLOEXEC, dir_fd=parent)
    if not stat.S_ISDIR(os.fstat(fd).st_mode):  # where O_DIRECTORY is unknown
        os.close(fd)
        raise OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), name)
    return fd


def open_path(top: int, parts: list[str], *, make: int | None = None) -> int:
    """The folder reached from the open folder `top` through the folders named `parts`,
    each opened by `open_folder` (so no link is followed on the way). The caller closes
    the descriptor returned, which is a new one even when `parts` is empty."""
    fd = os.dup(top)
    for part in parts:
        try:
            inner = open_folder(part, fd, make=make)
        finally:
            os.close(fd)
        fd = inner
    return fd


def is_link(name: str, parent: int | None) -> bool:
    """Whether `name` (in the folder `parent`, or a path) is a symbolic link."""
    try:
        return stat.S_ISLNK(os.lstat(name, dir_fd=parent).st_mode)
    except OSError:
        return False


def replace_file(folder: int, name: str, content: bytes, mode: int = 0o600) -> None:
    """Make `name` in `folder` a regular file holding `content`.

    A reader sees the old file or the new one, never half of one. The new file is
    created under a fresh random name (exclusively, never through a link) and renamed
    over `name`: a link there is replaced, and what it pointed at is left alone. `mode`
    is filtered by the umask. Raises OSError when it cannot be written.
    """
    temp = f".{name}.{os.getpid()}.{secrets.token_hex(8)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | CLOEXEC
    fd = os.open(temp, flags, mode, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(content)
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp, dir_fd=folder)
        raise


def remove_file(folder: int, name: str) -> bool:
    """Remove `name` from `folder` if it is a regular file; whether it was removed.

    A link, a folder or anything else is left as it is; so is a name that vanished.
    """
    try:
        if not stat.S_ISREG(os.lstat(name, dir_fd=folder).st_mode):
            return False
        os.unlink(name, dir_fd=folder)
    except OSError:
        return False
    return True
