"""The fixture cache against whoever else can write it: verdicts unchanged, nothing of
the user's overwritten or removed, no hang, no crash."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.engine.client import EngineClient
from conformance.suite import cache as cache_module
from conformance.suite.fixtures import load_cases, load_yaml
from conformance.suite.resources import fixtures_dir
from tests.support.cli import FAKES, TEST_FIXTURES, cli, env

MUTANT = f"{sys.executable} -m reference_impl.adapter --mutant counter-clockwise"
SELECTION = ("--cmd", "hand")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SEVEN_ROCKS_CACHE_DIR", str(folder))
    monkeypatch.delenv("SEVEN_ROCKS_NO_CACHE", raising=False)
    cache_module._warned.clear()
    return folder


def _key(path: Path) -> str:
    return cache_module.fixture_cache().key(path.read_bytes())


def _run_mutant(cache: Path) -> tuple[int, set[str]]:
    done = cli("run", "--engine", MUTANT, *SELECTION, "--format", "json",
               SEVEN_ROCKS_CACHE_DIR=str(cache))  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    return done.returncode, {c["id"] for c in report["cases"] if c["outcome"] == "failed"}


def test_a_poisoned_cache_does_not_make_a_wrong_engine_pass(cache: Path) -> None:
    code, failing = _run_mutant(cache)
    assert code == 1 and failing
    # Entries under the keys of the suite's own files, computable by anyone, holding
    # every case but those the mutant fails: read, they would make it pass.
    entries = cache / "fixtures"
    entries.mkdir(parents=True, exist_ok=True)
    for path in fixtures_dir().rglob("*.yaml"):
        data = load_yaml(path.read_text(encoding="utf-8"))
        data["cases"] = [c for c in data["cases"] if c["id"] not in failing]
        key = _key(path)
        entry = {"key": key, "data": data, "schema": []}
        (entries / f"{key}.json").write_text(json.dumps(entry), encoding="utf-8")
    assert _run_mutant(cache) == (1, failing)


def test_planted_links_are_never_written_through(cache: Path, tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    (user / "fake.yaml").write_bytes((TEST_FIXTURES / "fake.yaml").read_bytes())
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's own file")
    key = _key(user / "fake.yaml")
    entries = cache / "fixtures"
    entries.mkdir(parents=True, mode=0o700)
    cache.chmod(0o700)
    for pid in range(os.getpid() - 5, os.getpid() + 50):
        (entries / f".{key}.{pid}.tmp").symlink_to(victim)
    (entries / f"{key}.json").symlink_to(victim)
    assert [c.id for c in load_cases([user])] == [c.id for c in load_cases([TEST_FIXTURES])]
    assert victim.read_text() == "the user's own file"
    # The link under the entry's name was replaced by a real entry, not followed.
    assert stat.S_ISREG((entries / f"{key}.json").lstat().st_mode)


def test_a_linked_entries_folder_is_refused_and_its_files_kept(
    cache: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    old = victim / "notes.json"
    old.write_text("{}")
    os.utime(old, (0, 0))  # older than any age the prune removes
    cache.mkdir(mode=0o700)
    (cache / "fixtures").symlink_to(victim)
    load_cases([TEST_FIXTURES])
    assert old.exists() and sorted(p.name for p in victim.iterdir()) == ["notes.json"]
    assert "is a symbolic link" in capfd.readouterr().err


def test_old_links_in_the_folder_are_pruned_without_being_followed(
    cache: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.json"
    victim.write_text("{}")
    load_cases([TEST_FIXTURES])
    link = cache / "fixtures" / "0000.json"
    link.symlink_to(victim)
    os.utime(link, (0, 0), follow_symlinks=False)
    (cache / "fixtures" / next(iter((cache / "fixtures").glob("*.json"))).name).unlink()
    load_cases([TEST_FIXTURES])  # writes again, so prunes
    assert victim.exists()


@pytest.mark.parametrize("why", ["others-can-write", "another-user"])
def test_a_folder_others_control_is_refused_with_a_warning(
    cache: Path, why: str, capfd: pytest.CaptureFixture[str]
) -> None:
    cache.mkdir()
    if why == "others-can-write":
        cache.chmod(0o777)
        said = "others can write it"
    else:
        if os.geteuid() != 0:
            pytest.skip("giving a folder to another user needs root")
        os.chown(cache, 65534, 65534)
        said = "belongs to another user"
    cases = load_cases([TEST_FIXTURES])
    assert cases and not (cache / "fixtures").exists()
    assert said in capfd.readouterr().err


def test_a_new_folder_is_private(cache: Path) -> None:
    load_cases([TEST_FIXTURES])
    for folder in (cache, cache / "fixtures"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def _entry_path(cache: Path) -> Path:
    return cache / "fixtures" / f"{_key(TEST_FIXTURES / 'fake.yaml')}.json"


def test_a_fifo_entry_does_not_hang(cache: Path) -> None:
    (cache / "fixtures").mkdir(parents=True)
    cache.chmod(0o700)
    os.mkfifo(_entry_path(cache))
    # In a process of its own: a regression would hang, and must fail instead.
    code = "from conformance.suite.fixtures import load_cases; from pathlib import Path; "
    code += f"print(len(load_cases([Path({str(TEST_FIXTURES)!r})])))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env(SEVEN_ROCKS_CACHE_DIR=str(cache)))  # fmt: skip
    assert done.returncode == 0 and int(done.stdout) > 0, done.stderr


@pytest.mark.parametrize("kind", ["dev-zero", "huge"])
def test_an_endless_or_huge_entry_is_not_read(cache: Path, kind: str) -> None:
    expected = [c.id for c in load_cases([TEST_FIXTURES])]
    entry = _entry_path(cache)
    entry.unlink()
    if kind == "dev-zero":
        entry.symlink_to("/dev/zero")
    else:
        with entry.open("wb") as f:  # sparse: costs no disk
            f.truncate(3 * 1024**3)
    assert [c.id for c in load_cases([TEST_FIXTURES])] == expected


def test_a_parseable_but_corrupt_entry_means_parse_again(cache: Path) -> None:
    expected = [(c.id, c.given) for c in load_cases([TEST_FIXTURES])]
    entry = _entry_path(cache)
    stored = json.loads(entry.read_text())
    stored["data"]["cases"][0]["cmd"] = "no-such-command"
    stored["data"]["cases"][0]["rules"] = 5
    stored["schema"] = ["$.cases[0]: planted"]
    entry.write_text(json.dumps(stored))
    assert [(c.id, c.given) for c in load_cases([TEST_FIXTURES])] == expected
    deep = {"key": stored["key"], "data": json.loads("[" * 900 + "]" * 900)}
    entry.write_text(json.dumps(deep))
    assert [(c.id, c.given) for c in load_cases([TEST_FIXTURES])] == expected


def test_no_home_means_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    def homeless() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", homeless)
    assert cache_module.cache_dir({}) is None


def test_the_engine_is_not_told_where_the_cache_is(cache: Path) -> None:
    argv = [sys.executable, str(FAKES / "names_cache.py")]
    with EngineClient(argv, env={**os.environ, "SEVEN_ROCKS_CACHE_DIR": str(cache)}) as engine:
        assert engine.info is not None and engine.info.version == "none"
    with EngineClient(argv) as engine:  # the runner's own environment
        assert engine.info is not None and engine.info.version == "none"
