"""--sandbox: the engine under bubblewrap, confined; no bubblewrap is an error, never a
run unconfined."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from conformance import api
from conformance.engine.sandbox import SandboxError, sandboxed
from tests.support.cli import FAKES, ROOT, TEST_FIXTURES, cli, env
from tests.support.hostile import MARK_VAR, assert_nothing_left
from tests.support.tools import missing_reason

BWRAP = shutil.which("bwrap")
needs_bwrap = pytest.mark.skipif(
    BWRAP is None,
    reason=missing_reason("bwrap", "bubblewrap is not installed (Debian: bubblewrap)"),
)


def _usable() -> bool:
    if BWRAP is None:
        return False
    done = subprocess.run(sandboxed(["true"]), capture_output=True, timeout=60, check=False)
    return done.returncode == 0


usable = pytest.mark.skipif(
    not _usable(),
    reason="bubblewrap cannot make namespaces here (unprivileged user namespaces off)",
)
ESCAPES = f"{sys.executable} {FAKES / 'escapes_sandbox.py'}"


@needs_bwrap
@usable
def test_the_engine_is_confined(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with api.start_engine(ESCAPES, sandbox=True) as engine:
        assert engine.info is not None
        assert engine.info.version == "own-folder"
    monkeypatch.chdir(tmp_path)  # unconfined, it writes in the current folder: not the checkout
    with api.start_engine(ESCAPES) as engine:  # unconfined, for comparison
        assert engine.info is not None and "wrote-outside" in engine.info.version
    assert (tmp_path / "mine.txt").read_text(encoding="utf-8") == "ok"


@needs_bwrap
@usable
def test_run_and_pytest_with_the_sandbox(tmp_path: Path) -> None:
    done = cli("run", "--sandbox", "--engine", ESCAPES, "--no-suite", "--fixtures",
               str(TEST_FIXTURES), "--format", "json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["engine"]["version"] == "own-folder"
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    plugin = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--seven-rocks-sandbox", "--seven-rocks-engine",
         ESCAPES, "--seven-rocks-no-suite", f"--seven-rocks-fixtures={TEST_FIXTURES}"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, env=env(),
    )  # fmt: skip
    assert plugin.returncode == 0, plugin.stdout + plugin.stderr


@needs_bwrap
@usable
def test_a_hopper_that_closed_every_pipe_and_cleared_the_token_dies_with_the_engine() -> None:
    mark = uuid.uuid4().hex
    hopper = f"{sys.executable} {FAKES / 'hopper.py'} --token --answer"
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--sandbox", "--engine", hopper,
         "--no-suite", "--fixtures", str(TEST_FIXTURES)],
        capture_output=True, timeout=300, env=env(**{MARK_VAR: mark}), cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert_nothing_left(mark)


def test_no_bubblewrap_is_an_error(tmp_path: Path) -> None:
    bare = {**os.environ, "PATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--sandbox", "--rule", "settle"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
        env={**env(), "PATH": bare["PATH"]}, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "--sandbox needs bubblewrap" in done.stderr
    with pytest.raises(SandboxError, match="at least 16 MiB"):
        sandboxed(["true"], memory_mb=1)


def test_folders_of_tmp_named_by_the_engine_stay_visible(tmp_path: Path) -> None:
    # The sandbox's private /tmp would hide an engine (or its virtual environment)
    # checked out under /tmp: each such folder is bound again, read-only.
    from conformance.engine.sandbox import _tmp_folders

    inside = tmp_path / "venv" / "bin" / "python"
    top = Path("/tmp", *inside.parts[2:3])
    expected = ["--ro-bind", str(top), str(top)] if inside.parts[:2] == ("/", "tmp") else []
    assert _tmp_folders([str(inside), str(inside.parent), "-m", "x"]) == expected
    assert _tmp_folders(["/usr/bin/python3", "relative/engine.py"]) == []
