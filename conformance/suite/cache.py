"""A cache of parsed fixture files, so that reading a folder again costs little.

Parsing YAML and checking it against the JSON Schema cost far more than the rest of a
run. Both depend only on the file's bytes, the schemas, the suite's version and the code
of the loader and the schema checks, so their results are kept, as JSON, under a key
made of a hash of all of these:

- the parsed data (plain JSON values, never runner objects, so that a key added to the
  fixture format flows through the cache untouched);
- the schema messages, once a check has asked for them.

Where: ``$SEVEN_ROCKS_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/seven-rocks-conformance``,
else ``~/.cache/seven-rocks-conformance``. Setting ``SEVEN_ROCKS_NO_CACHE`` to anything
but ``""`` or ``0`` turns the cache off. The cache is only ever a shortcut: a folder that
cannot be created or written, or an entry that cannot be read, means the work is done
again, with the same verdicts and messages.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from conformance import SUITE_VERSION
from conformance.suite.resources import DataNotFoundError, schemas_dir

__all__ = [
    "CACHE_DIR_ENV",
    "MAX_AGE_DAYS",
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

# Bump when the meaning of a cached entry changes (the loader's rules, the entry's form).
_FORMAT = b"seven-rocks-fixture-cache 1\n"
_APP = "seven-rocks-conformance"
# The modules whose code decides what an entry holds.
_CODE = ("yaml_loader.py", "schemas.py")


def cache_dir(environ: Mapping[str, str] | None = None) -> Path | None:
    """The folder the cache lives in, or None when the cache is turned off."""
    env = os.environ if environ is None else environ
    if env.get(NO_CACHE_ENV, "") not in ("", "0"):
        return None
    if env.get(CACHE_DIR_ENV):
        return Path(env[CACHE_DIR_ENV])
    base = env.get("XDG_CACHE_HOME")
    # The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
    if base and Path(base).is_absolute():
        return Path(base) / _APP
    return Path.home() / ".cache" / _APP


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
        self._writable = True
        self._made = False

    def key(self, content: bytes) -> str:
        """The key of a file with these bytes."""
        return hashlib.sha256(self._salt + content).hexdigest()

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry stored under ``key`` (a dict with ``data``), or None."""
        if self.directory is None:
            return None
        try:
            text = (self.directory / f"{key}.json").read_text(encoding="utf-8")
            entry = json.loads(text)
        except (OSError, ValueError, RecursionError):
            return None  # absent, unreadable or corrupted: parse again
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
        try:
            # dumps, not dump: only the one-shot encoder is the C one.
            text = json.dumps({**entry, "key": key}, separators=(",", ":"))
            if not self._made:
                self.directory.mkdir(parents=True, exist_ok=True)
                self._made = True
                self._prune()
            # Write then rename: a reader never sees half an entry, even from another
            # run; the process id keeps two runs writing the same entry apart.
            temp = self.directory / f".{key}.{os.getpid()}.tmp"
            try:
                temp.write_text(text, encoding="utf-8")
                os.replace(temp, self.directory / f"{key}.json")
            except BaseException:
                temp.unlink(missing_ok=True)
                raise
        except (OSError, ValueError, RecursionError):
            # Read-only home, full disk, a file where the folder should be: go on without.
            self._writable = False

    def _prune(self) -> None:
        # Entries of edited files are never read again: a run that writes removes those
        # written more than MAX_AGE_DAYS ago. An entry still in use is then parsed and
        # written once more, which costs one slower run a month.
        assert self.directory is not None
        oldest = time.time() - MAX_AGE_DAYS * 86400
        for entry in self.directory.glob("*.json"):
            try:
                if entry.stat().st_mtime < oldest:
                    entry.unlink()
            except OSError:
                continue  # another run removed it first


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
