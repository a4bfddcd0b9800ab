"""Find fixture files and read them, with a plain message for anything unreadable.

Reading is bounded: a file larger than `MAX_FILE_BYTES` is refused before it is read (a
fixture file that size is a mistake, and would cost minutes and gigabytes to check), and
at most that many bytes are ever read, even from a device or a FIFO named ``*.yaml``.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from conformance.suite.resources import DataNotFoundError, fixtures_dir

__all__ = [
    "MAX_FILE_BYTES",
    "FixtureReadError",
    "LoadProblem",
    "decode",
    "display_name",
    "fixture_files",
    "read_fixture",
    "resolved_path",
    "visible_name",
]

MAX_FILE_BYTES = 2 * 1024 * 1024
"""Largest fixture file accepted (the suite's largest is ~31 KB)."""


@dataclass(frozen=True)
class LoadProblem:
    """One thing in a YAML file that is not JSON data.

    ``path`` is the JSON path of the value (``$.cases[2].given``), ``line`` its line
    (1-based), ``case`` the ``id`` of the enclosing case of ``$.cases`` when it has one.
    """

    path: str
    line: int
    message: str
    case: str | None = None

    def __str__(self) -> str:
        return f"line {self.line}, {self.path}: {self.message}"


class FixtureReadError(Exception):
    """A fixture file cannot be read as JSON data; the message says why in plain words.

    ``problems`` locates each reason in the file when there are several; ``line``
    (from 1) is where the one reason lies, when it is known.
    """

    line: int | None = None

    def __init__(self, message: str, problems: Sequence[LoadProblem] = ()) -> None:
        super().__init__(message)
        self.problems = list(problems)


def fixture_files(directory: Path) -> list[Path]:
    """Everything named ``*.yaml``/``*.yml`` under ``directory`` (recursively), sorted.

    Paths that are not regular files (folders, broken links, link loops) are listed
    too, so that reading them reports them instead of skipping them silently. Linked
    folders are not followed, so a link loop cannot make the walk endless.
    """
    # Walked with a list, not recursion: a tree 990 folders deep is just a long walk.
    found: list[Path] = []
    todo = [directory]
    while todo:
        folder = todo.pop()
        try:
            with os.scandir(folder) as entries:
                listed = list(entries)
        except OSError:
            continue  # unreadable, or gone: nothing below it is listed
        for entry in listed:
            path = folder / entry.name
            if entry.name.endswith((".yaml", ".yml")):
                found.append(path)
            elif _is_folder(entry):
                todo.append(path)
    return sorted(found)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


# Characters a file name may hold that would garble a message or forge a line of it:
# controls (newline included), bidirectional overrides, and the lone surrogates that
# stand for bytes that are not UTF-8.
_UNSAFE_NAME = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible_name(name: str) -> str:
    """A file name as messages write it: every character that could garble the output
    (a newline, ESC, a byte that is not UTF-8) shown as an escape such as ``\\x0a``."""
    return _UNSAFE_NAME.sub(_escape, name)


def read_fixture(path: Path) -> bytes:
    """The bytes of a fixture file; raises `FixtureReadError` with a plain reason."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FixtureReadError(_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FixtureReadError("is a folder, not a fixture file")
        if not stat.S_ISREG(info.st_mode):
            raise FixtureReadError("is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise FixtureReadError(_too_big(info.st_size))
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:  # grew while being read
                raise FixtureReadError(_too_big(total))
        return b"".join(chunks)
    except OSError as exc:
        raise FixtureReadError(_reason(exc)) from None
    finally:
        os.close(fd)


def resolved_path(path: Path) -> Path:
    """``path`` made absolute, with the links in its folders resolved."""
    # Links in the folders are resolved, not the file's own name: a file that is a
    # link loop must still be named (and then reported) rather than raise here.
    try:
        return path.parent.resolve() / path.name
    except (OSError, RuntimeError):
        return path.absolute()


def display_name(path: Path) -> str:
    """How messages name a fixture file: ``fixtures/...`` for the suite's own, else
    relative to the current folder when below it."""
    # The suite's own files read the same wherever the suite is installed.
    resolved = resolved_path(path)
    try:
        return visible_name(str(Path("fixtures") / resolved.relative_to(fixtures_dir().resolve())))
    except (ValueError, DataNotFoundError, OSError, RuntimeError):
        pass
    try:
        return visible_name(str(resolved.relative_to(Path.cwd())))
    except (ValueError, OSError):
        return visible_name(str(path))


def decode(content: bytes) -> str:
    """The text of a fixture file: UTF-8 (a leading byte-order mark is allowed)."""
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = content.count(b"\n", 0, exc.start) + 1
        raise FixtureReadError(
            f"is not UTF-8 text: byte 0x{content[exc.start]:02x} on line {line} "
            f"(offset {exc.start}); save the file as UTF-8"
        ) from None


def _too_big(size: int) -> str:
    return (
        f"is {size / 1024 / 1024:.1f} MiB: larger than the {MAX_FILE_BYTES // 1024 // 1024} MiB "
        "a fixture file may be; split it into several files"
    )


def _reason(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "cannot be read: a loop of symbolic links"
    if exc.errno == errno.ENOENT:
        return "cannot be read: it does not exist (a broken symbolic link?)"
    if exc.errno == errno.EISDIR:
        return "is a folder, not a fixture file"
    return f"cannot be read: {exc.strerror or exc}"
