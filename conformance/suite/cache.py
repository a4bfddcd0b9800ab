"""A cache of parsed user fixture files, so that reading a folder again costs little.

Parsing YAML and checking it against the JSON Schema cost far more than the rest of a
run. Both depend only on the file's bytes, the schemas, the suite's version and the code
of the loader and the schema checks, so their results are kept, as JSON, under a key
made of a hash of all of these:

- the parsed data (plain JSON values, never runner objects, so that a key added to the
  fixture format flows through the cache untouched);
- the schema messages, once a check has asked for them.

Only a user's own fixture folders are cached. The suite's own files are parsed on every
run: their key can be computed from public data, so an entry for them, written by
anyone who can write the folder (another user, or the engine under test itself), could
change the verdicts.

Where: ``$SEVEN_ROCKS_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/seven-rocks-conformance``,
else ``~/.cache/seven-rocks-conformance``. Setting ``SEVEN_ROCKS_NO_CACHE`` to anything
but ``""`` or ``0`` turns the cache off. The runner creates the folder (and its
``fixtures`` folder) with mode 0700, and refuses, with a warning, one that is a link,
belongs to another user or can be written by others. Entries are read only as regular
files of bounded size, opened without following links; they are written through new
temporary files (``O_EXCL|O_NOFOLLOW``) renamed into place, and pruned without following
links. The cache is only ever a shortcut: a folder that cannot be used, or an entry that
cannot be read or is not what the runner writes, means the file is parsed again, with
the same verdicts and messages.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from conformance import SUITE_VERSION
from conformance.suite.folders import (
    CLOEXEC,
    NOFOLLOW,
    NONBLOCK,
    is_link,
    open_folder,
    remove_file,
    replace_file,
)
from conformance.suite.resources import DataNotFoundError, schemas_dir

__all__ = [
    "CACHE_DIR_ENV",
    "MAX_AGE_DAYS",
    "MAX_ENTRY_BYTES",
    "NO_CACHE_ENV",
    "FixtureCache",
    "cache_dir",
    "fixture_cache",
]

CACHE_DIR_ENV = "SEVEN_ROCKS_CACHE_DIR"
"""Environment variable naming the cache folder."""
NO_CACHE_ENV = "SEVEN_ROCKS_NO_CACHE"
"""Environment variable that turns the cache off when set (to anything but ``0``)."""

MAX_AGE_DAYS = 30
"""Entries written longer ago than this are removed by the next run that writes one."""
MAX_ENTRY_BYTES = 64 * 1024 * 1024
"""Largest entry read; a larger one is parsed again (the suite's largest is ~0.5 MB)."""

# Bump when the meaning of a cached entry changes (the loader's rules, the entry's form).
_FORMAT = b"seven-rocks-fixture-cache 2\n"
_APP = "seven-rocks-conformance"
# The modules whose code decides what an entry holds.
_CODE = ("yaml_loader.py", "schemas.py")
_warned: set[str] = set()


def cache_dir(environ: Mapping[str, str] | None = None) -> Path | None:
    """The folder the cache lives in, or None when the cache is turned off (or no home)."""
    env = os.environ if environ is None else environ
    if env.get(NO_CACHE_ENV, "") not in ("", "0"):
        return None
    if env.get(CACHE_DIR_ENV):
        return Path(env[CACHE_DIR_ENV])
    base = env.get("XDG_CACHE_HOME")
    # The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
    if base and Path(base).is_absolute():
        return Path(base) / _APP
    try:
        return Path.home() / ".cache" / _APP
    except RuntimeError:  # no HOME and no password entry: no cache
        return None


def _warn(message: str) -> None:
    # Once per process: a run loads the fixtures more than once.
    if message not in _warned:
        _warned.add(message)
        with contextlib.suppress(OSError, ValueError):
            print(f"seven-rocks-conformance: warning: {message}", file=sys.stderr)


def _folder_fd(path: str, parent: int | None) -> int | None:
    """An open descriptor of the folder ``path`` (made 0700 if missing), or None.

    None, with a warning, when it is a link, not a folder, another user's, or writable by
    others; None quietly when it cannot be made or opened.
    """
    try:
        fd = open_folder(path, parent, make=0o700)
    except OSError:
        if is_link(path, parent):
            _warn(f"not using the fixture cache {path!r}: it is a symbolic link")
        return None
    info = os.fstat(fd)
    why = None
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        why = "it belongs to another user"
    elif info.st_mode & 0o022:
        why = f"others can write it (mode {stat.S_IMODE(info.st_mode):o})"
    if why is not None:
        os.close(fd)
        _warn(f"not using the fixture cache {path!r}: {why}")
        return None
    return fd


class FixtureCache:
    """Parsed fixture files by content; ``salt`` stands for everything else they depend on.

    ``directory`` None makes a cache that never holds anything.
    """

    def __init__(self, directory: Path | None, salt: Iterable[bytes]) -> None:
        self.directory = None if directory is None else directory / "fixtures"
        digest = hashlib.sha256(_FORMAT)
        for part in salt:
            digest.update(hashlib.sha256(part).digest())
        self._salt = digest.digest()
        self._fd: int | None = None
        self._opened = False
        self._writable = True
        self._pruned = False

    def key(self, content: bytes) -> str:
        """The key of a file with these bytes."""
        return hashlib.sha256(self._salt + content).hexdigest()

    def _folder(self) -> int | None:
        """The entries' folder, opened once (None: no cache this run)."""
        if not self._opened:
            self._opened = True
            if self.directory is not None:
                base = self.directory.parent
                with contextlib.suppress(OSError):
                    base.parent.mkdir(parents=True, exist_ok=True)
                top = _folder_fd(str(base), None)
                if top is not None:
                    self._fd = _folder_fd("fixtures", top)
                    os.close(top)
        return self._fd

    def close(self) -> None:
        """Let go of the folder (a later use opens it again)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
        self._fd, self._opened = None, False

    def __del__(self) -> None:
        self.close()

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry stored under ``key`` (a dict with ``data``), or None."""
        folder = self._folder() if self.directory is not None else None
        if folder is None:
            return None
        try:
            fd = os.open(f"{key}.json", os.O_RDONLY | NOFOLLOW | NONBLOCK | CLOEXEC, dir_fd=folder)
        except OSError:
            return None  # absent, a link, or unreadable: parse again
        try:
            with os.fdopen(fd, "rb") as f:
                info = os.fstat(f.fileno())
                if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
                    return None  # a FIFO, a device, or absurdly large
                content = f.read(MAX_ENTRY_BYTES + 1)
            if len(content) > MAX_ENTRY_BYTES:
                return None  # grew while being read
            entry = json.loads(content)
        except (OSError, ValueError, RecursionError):
            return None  # unreadable or corrupted: parse again
        if not isinstance(entry, dict) or entry.get("key") != key or "data" not in entry:
            return None
        schema = entry.get("schema")
        if schema is not None and not (
            isinstance(schema, list) and all(isinstance(m, str) for m in schema)
        ):
            return None
        return entry

    def put(self, key: str, entry: dict[str, Any]) -> None:
        """Store ``entry`` (JSON values) under ``key``; failing to write is not an error."""
        if self.directory is None or not self._writable:
            return
        folder = self._folder()
        if folder is None:
            self._writable = False
            return
        try:
            # dumps, not dump: only the one-shot encoder is the C one.
            text = json.dumps({**entry, "key": key}, separators=(",", ":")).encode()
            if not self._pruned:
                self._pruned = True
                self._prune(folder)
            # A reader never sees half an entry, even from another run, and nothing
            # planted in the folder is written through.
            replace_file(folder, f"{key}.json", text)
        except (OSError, ValueError, RecursionError):
            # Read-only home, full disk, a file where the folder should be: go on without.
            self._writable = False

    @staticmethod
    def _prune(folder: int) -> None:
        # Entries of edited files are never read again: a run that writes removes those
        # written more than MAX_AGE_DAYS ago. An entry still in use is then parsed and
        # written once more, which costs one slower run a month. Only regular files of
        # the folder itself are removed: links are not followed, folders not entered.
        oldest = time.time() - MAX_AGE_DAYS * 86400
        with contextlib.suppress(OSError), os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.endswith(".json"):
                    continue
                with contextlib.suppress(OSError):
                    if entry.stat(follow_symlinks=False).st_mtime < oldest:
                        remove_file(folder, entry.name)


def fixture_cache() -> FixtureCache:
    """The cache for this installation, salted with everything an entry depends on."""
    # An entry depends on the file, and on the schemas, the suite's version, and the
    # code that parses and checks: a change to any of them starts a fresh set of entries
    # (the code is read as text: importing it would cost what the cache saves).
    salt = [SUITE_VERSION.encode()]
    here = Path(__file__).parent
    try:
        salt.extend((here / name).read_bytes() for name in _CODE)
        salt.extend(p.name.encode() + p.read_bytes() for p in sorted(schemas_dir().glob("*.json")))
    except (OSError, DataNotFoundError):
        return FixtureCache(None, salt)
    return FixtureCache(cache_dir(), salt)
