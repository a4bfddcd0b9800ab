"""The parsed-fixture cache: same verdicts as no cache, invalidated by any change, never fatal."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conformance.suite import cache as cache_module
from conformance.suite.cache import FixtureCache, cache_dir
from conformance.suite.fixtures import Case, lint, load_cases
from conformance.suite.resources import fixtures_dir, schemas_dir
from tests.support.cli import BAD_FIXTURES, TEST_FIXTURES, env

SCHEMA_BROKEN = """\
title: Cases the schema refuses
cases:
  - id: cached.bad-given
    description: A table request whose plays are not a list.
    rules: [scoring.end-sum]
    source: "derived: Punti della posa"
    cmd: table
    given: {plays: 5}
    expect: {end_sum: 5}
"""


def _user_folder(root: Path) -> Path:
    folder = root / "user"
    shutil.copytree(TEST_FIXTURES, folder)
    (folder / "schema-broken.yaml").write_text(SCHEMA_BROKEN, encoding="utf-8")
    return folder


def _cases(cases: list[Case]) -> list[tuple[Any, ...]]:
    return [
        (
            c.id,
            c.description,
            c.rules,
            c.source,
            c.cmd,
            c.given,
            c.expect,
            c.expect_rejected,
            c.file,
        )
        for c in cases
    ]


def _verdicts(dirs: list[Path]) -> tuple[list[str], int, int]:
    result = lint(dirs)
    return [str(p) for p in result.problems], result.files, result.cases


def _entries(cache: Path) -> list[Path]:
    return sorted((cache / "fixtures").glob("*.json"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SEVEN_ROCKS_CACHE_DIR", str(folder))
    monkeypatch.delenv("SEVEN_ROCKS_NO_CACHE", raising=False)
    return folder


def test_cached_and_uncached_give_the_same_verdicts(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = _user_folder(tmp_path)
    dirs = [fixtures_dir(), user, BAD_FIXTURES]
    monkeypatch.setenv("SEVEN_ROCKS_NO_CACHE", "1")
    uncached = _verdicts(dirs)
    assert not cache.exists()
    monkeypatch.delenv("SEVEN_ROCKS_NO_CACHE")
    first = _verdicts(dirs)  # fills the cache, with the user's files only
    made = cache_module.fixture_cache()
    user_keys = {made.key(f.read_bytes()) for d in (user, BAD_FIXTURES) for f in d.glob("*.yaml")}
    assert user_keys >= {e.stem for e in _entries(cache)} and len(_entries(cache)) >= 3
    second = _verdicts(dirs)  # reads it
    assert uncached == first == second
    assert any("schema:" in p and "cached.bad-given" in p for p in uncached[0])
    # The same for the cases a run gets.
    monkeypatch.setenv("SEVEN_ROCKS_NO_CACHE", "1")
    plain = _cases(load_cases([fixtures_dir(), TEST_FIXTURES]))
    monkeypatch.delenv("SEVEN_ROCKS_NO_CACHE")
    assert _cases(load_cases([fixtures_dir(), TEST_FIXTURES])) == plain


def test_entries_are_read_back(cache: Path) -> None:
    lint([TEST_FIXTURES])
    # Tamper with every entry: a second read must show it, proving the cache is used.
    for entry in _entries(cache):
        stored = json.loads(entry.read_text())
        for case in stored["data"]["cases"]:
            case["description"] = "From the cache."
        entry.write_text(json.dumps(stored))
    cases = load_cases([TEST_FIXTURES])
    assert {c.description for c in cases} == {"From the cache."}


def test_a_changed_file_is_parsed_again(cache: Path, tmp_path: Path) -> None:
    user = _user_folder(tmp_path)
    assert lint([user]).problems
    (user / "schema-broken.yaml").write_text(
        SCHEMA_BROKEN.replace("{plays: 5}", "{plays: [{tile: [1, 4]}]}"), encoding="utf-8"
    )
    assert [str(p) for p in lint([user]).problems] == []


def test_a_changed_schema_starts_afresh(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lint([TEST_FIXTURES])
    before = set(_entries(cache))
    copied = tmp_path / "schemas"
    shutil.copytree(schemas_dir(), copied)
    (copied / "table.request.schema.json").write_text(
        (copied / "table.request.schema.json").read_text() + "\n", encoding="utf-8"
    )
    monkeypatch.setattr(cache_module, "schemas_dir", lambda: copied)
    lint([TEST_FIXTURES])
    assert set(_entries(cache)) > before  # new keys, nothing reused


def test_a_corrupted_cache_is_ignored(cache: Path, tmp_path: Path) -> None:
    user = _user_folder(tmp_path)
    expected = _verdicts([user])
    for number, entry in enumerate(_entries(cache)):
        entry.write_bytes([b"\xff\x00 not json", b"[]", b'{"key": "other"}', b""][number % 4])
    assert _verdicts([user]) == expected
    # The bad entries were replaced by good ones.
    assert all(json.loads(e.read_text())["data"] for e in _entries(cache))


def test_an_unusable_cache_folder_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = _user_folder(tmp_path)
    monkeypatch.setenv("SEVEN_ROCKS_NO_CACHE", "1")
    expected = _verdicts([user])
    monkeypatch.delenv("SEVEN_ROCKS_NO_CACHE")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    # A file where the folder should be fails for root too (unlike file permissions).
    for place in (blocker, blocker / "below"):
        monkeypatch.setenv("SEVEN_ROCKS_CACHE_DIR", str(place))
        assert _verdicts([user]) == expected


def test_cache_location(tmp_path: Path) -> None:
    home = Path.home()
    assert cache_dir({}) == home / ".cache" / "seven-rocks-conformance"
    assert cache_dir({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "seven-rocks-conformance"
    assert cache_dir({"XDG_CACHE_HOME": "relative"}) == home / ".cache" / "seven-rocks-conformance"
    assert cache_dir({"SEVEN_ROCKS_CACHE_DIR": str(tmp_path), "XDG_CACHE_HOME": "/x"}) == tmp_path
    assert cache_dir({"SEVEN_ROCKS_NO_CACHE": "1"}) is None
    assert cache_dir({"SEVEN_ROCKS_NO_CACHE": "0"}) is not None


def test_the_installed_cache_is_on_and_salted_with_the_code(cache: Path) -> None:
    # If a salted file went missing the cache would be silently off.
    made = cache_module.fixture_cache()
    assert made.directory == cache / "fixtures"
    assert all((Path(cache_module.__file__).parent / name).is_file() for name in cache_module._CODE)


def test_old_entries_are_pruned_by_a_run_that_writes(cache: Path, tmp_path: Path) -> None:
    lint([TEST_FIXTURES])
    (old,) = _entries(cache)
    long_ago = time.time() - (cache_module.MAX_AGE_DAYS + 1) * 86400
    os.utime(old, (long_ago, long_ago))
    lint([TEST_FIXTURES])  # reads the entry: writes nothing, prunes nothing
    assert _entries(cache) == [old]
    lint([_user_folder(tmp_path)])  # writes new entries: the old one goes
    assert old not in _entries(cache) and _entries(cache)


def test_keys_depend_on_content_and_salt() -> None:
    one, two = FixtureCache(None, [b"a"]), FixtureCache(None, [b"b"])
    assert one.key(b"x") == FixtureCache(None, [b"a"]).key(b"x")
    assert one.key(b"x") != one.key(b"y")
    assert one.key(b"x") != two.key(b"x")
    assert one.get(one.key(b"x")) is None  # a cache without a folder holds nothing


def _imported(*args: str, **extra_env: str) -> set[str]:
    """Modules imported by ``python -X importtime -m conformance ARGS``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "conformance", *args],
        capture_output=True, text=True, timeout=120, env=env(**extra_env), check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }


def test_slow_imports_wait_until_needed(cache: Path) -> None:
    heavy = {"yaml", "jsonschema", "jsonschema_rs"}
    assert not heavy & _imported("run", "--help")
    # The suite's own files are parsed on every run: only a user's own are cached.
    run = ("run", "--no-suite", "--fixtures", str(TEST_FIXTURES), "--format", "json")
    first = _imported(*run, SEVEN_ROCKS_CACHE_DIR=str(cache))
    assert "yaml" in first  # the files had to be parsed once
    # With every file cached, a run parses nothing and checks no fixture schema; the
    # replies are checked against theirs on every run, by the compiled validator alone
    # while they are valid.
    assert not {"yaml", "jsonschema"} & _imported(*run, SEVEN_ROCKS_CACHE_DIR=str(cache))
