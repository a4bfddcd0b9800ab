"""--sandbox: the engine under bubblewrap, confined; no bubblewrap is an error, never a
run unconfined."""

from __future__ import annotations

import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
import pytest

from conformance import api
from conformance.engine.sandbox import (
    BASE_ENVIRONMENT,
    DEFAULT_FOLDER_MB,
    DEFAULT_PROCESSES,
    ENGINE_UID,
    SandboxError,
    named_folders,
    passed_variables,
    sandboxed,
)
from tests.support.cli import FAKES, ROOT, TEST_FIXTURES, cli, env
from tests.support.hostile import MARK_VAR, assert_nothing_left, marked
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
    reason=missing_reason(
        "bwrap", "installed, but it cannot make namespaces here (unprivileged user namespaces off)"
    ),
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
         "--sandbox-env", MARK_VAR, "--no-suite", "--fixtures", str(TEST_FIXTURES)],
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
    if BWRAP is not None:  # else that is the error
        with pytest.raises(SandboxError, match="no such file or folder"):
            sandboxed(["true"], paths=[str(tmp_path / "missing")])


def test_the_engine_sees_only_the_folders_its_command_names(tmp_path: Path) -> None:
    # A virtual environment (the folder above bin), a script's folder, a folder named
    # in a variable; nothing in the system's folders again, never a whole home or /tmp.
    venv = tmp_path / "project" / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text("", encoding="utf-8")
    script = tmp_path / "project" / "adapter" / "engine.py"
    script.parent.mkdir()
    script.write_text("", encoding="utf-8")
    lone = Path("/tmp", "engine.py") if tmp_path.parts[:2] == ("/", "tmp") else None
    argv = [str(venv / "bin" / "python"), str(script), "/usr/bin/true", "/", "-m", "x"]
    found = named_folders(argv, {"PYTHONPATH": f"{tmp_path / 'project'}:relative"})
    assert found == [str(tmp_path / "project")]  # the others are inside it
    assert named_folders([str(script)]) == [str(script.parent)]
    if lone is not None:
        assert named_folders([str(lone)]) == []  # /tmp/engine.py does not exist
    assert named_folders([os.path.expanduser("~/engine.py")]) == []
    # An editable install: its code is where the environment's .pth file says.
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    site = venv / "lib" / "python3.11" / "site-packages"
    site.mkdir(parents=True)
    code = tmp_path / "elsewhere" / "src"
    code.mkdir(parents=True)
    (site / "editable.pth").write_text(f"{code}\nimport os\n/\n", encoding="utf-8")
    assert named_folders([str(venv / "bin" / "python")]) == [str(venv), str(code)]


def _probe(
    *args: str,
    seen: Callable[[], object] = lambda: None,
    script: Path = FAKES / "probes_sandbox.py",
    **extra: Any,
) -> dict[str, Any]:
    """What ``script`` (probes_sandbox.py) found, run in the sandbox through the API
    (``seen`` is called while it runs)."""
    command = [sys.executable, str(script), *args]
    with api.start_engine(command, sandbox=True, timeout=60, **extra) as engine:
        for _ in range(100):  # written before the handshake; its reader may lag behind
            tail = engine.stderr_tail(20000)
            if "PROBE " in tail:
                break
            time.sleep(0.05)
        seen()
    found: dict[str, Any] = json.loads(tail.partition("PROBE ")[2].splitlines()[0])
    return found


@needs_bwrap
@usable
def test_the_engine_has_no_capability_and_is_not_root_outside() -> None:
    # As root, in a user namespace of root's making, the engine kept every capability
    # (it could remount / read-write) and was root to the host.
    mark = uuid.uuid4().hex
    users: set[int] = set()
    found = _probe(mark, seen=lambda: users.update(
        p.uids().real for p in psutil.process_iter() if _has_argument(p, mark)
    ))  # fmt: skip
    assert found["cap_eff"] == found["cap_bnd"] == "0000000000000000"
    assert found["uid"] == ENGINE_UID
    assert users and 0 not in users, users


def _has_argument(process: psutil.Process, argument: str) -> bool:
    """Whether ``process`` is the engine itself run with ``argument`` (not bubblewrap,
    whose own command line holds the engine's)."""
    try:
        cmdline = process.cmdline()
    except psutil.Error:
        return False
    return cmdline[-1:] == [argument] and Path(cmdline[0]).name != "bwrap"


@needs_bwrap
@usable
def test_no_socket_of_the_host_is_reachable(tmp_path: Path) -> None:
    # A read-only file system does not stop connect(): the engine is shown no folder
    # of the host's sockets (/run, /tmp, a home), and makes no Unix socket, so that one
    # in a folder it is shown (its own) cannot be reached either.
    folder = tmp_path / "engine"
    folder.mkdir()
    for name in ("probes_sandbox.py", "_base.py"):
        shutil.copy(FAKES / name, folder / name)
    places = [Path("/run"), Path("/tmp"), Path.home(), folder]
    listening = []
    for place in places:
        path = place / f"sr-{uuid.uuid4().hex[:8]}.sock"
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.bind(str(path))
        except OSError:  # /run is root's
            server.close()
            continue
        path.chmod(0o777)  # as the system bus's is: anyone may connect
        server.listen()
        listening.append((server, path))
    try:
        assert listening[-1][1].parent == folder
        found = _probe("--sockets", script=folder / "probes_sandbox.py")
    finally:
        for server, path in listening:
            server.close()
            path.unlink()
    assert str(listening[-1][1]) in found["sockets_seen"]  # there, and shown
    assert found["sockets"] == []
    assert found["visible"] == []


@needs_bwrap
@usable
def test_the_engine_gets_a_minimal_environment_and_no_home(tmp_path: Path) -> None:
    secret = Path.home() / f"seven-rocks-secret-{uuid.uuid4().hex[:8]}"
    try:
        secret.write_text("token", encoding="utf-8")  # readable by all, in the runner's home
    except OSError:
        pytest.skip("the runner's home cannot be written here")
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("CI_JOB_TOKEN", "s3cret")
            patch.setenv("SEVEN_ROCKS_PASSED", "yes")
            # Not named as a path: a file the command names is shown to the engine.
            named = str(secret).lstrip("/")
            found = _probe("--read", named, sandbox_env=["SEVEN_ROCKS_PASSED", "X=1"])
    finally:
        secret.unlink()
    assert set(found["env"]) <= {*BASE_ENVIRONMENT, "PWD", "LC_CTYPE", "SEVEN_ROCKS_PASSED", "X"}
    assert {"SEVEN_ROCKS_PASSED", "X"} <= set(found["env"])
    assert found["read"] is None


@needs_bwrap
@usable
def test_the_limits_hold_for_root_too() -> None:
    # Root's processes are not counted against a process limit, and neither folder had
    # a size: 400 processes started, 200 MiB written into each.
    found = _probe("--fork", "400", "--fill", "100")
    assert 0 < found["forks"] < DEFAULT_PROCESSES
    assert all(0 < mib <= DEFAULT_FOLDER_MB for mib in found["filled"])


@needs_bwrap
@usable
def test_compare_runs_its_engines_in_the_sandbox() -> None:
    done = cli("compare", "--sandbox", "--engine", ESCAPES, "--engine", ESCAPES,
               "--rule", "settle.round-each-player")  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    assert "own-folder" in done.stdout
    assert "wrote-outside" not in done.stdout


def test_sandbox_env_wants_a_name() -> None:
    with pytest.raises(SandboxError, match="NAME or NAME=VALUE"):
        passed_variables(["=1"])
    assert passed_variables(["A=1", "HOME", "NOT_SET_HERE_X"], {"HOME": "/h"}) == {
        "A": "1",
        "HOME": "/h",
    }


@needs_bwrap
@usable
def test_the_sandboxed_engine_dies_with_a_runner_killed_outright() -> None:
    mark = uuid.uuid4().hex
    hopper = f"{sys.executable} {FAKES / 'hopper.py'} --token"
    proc = subprocess.Popen(
        [sys.executable, "-m", "conformance", "run", "--sandbox", "--engine", hopper,
         "--sandbox-env", MARK_VAR, "--no-suite", "--fixtures", str(TEST_FIXTURES),
         "--timeout", "60"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env(**{MARK_VAR: mark}),
        cwd=ROOT,
    )  # fmt: skip
    try:
        for _ in range(200):  # bounded wait until the engine and its hopper run
            if len([p for p in marked(mark) if _is_python(p)]) >= 3:
                break
            time.sleep(0.05)
    finally:
        proc.kill()  # SIGKILL: no handler runs
        proc.wait()
    assert_nothing_left(mark)


def _is_python(pid: int) -> bool:
    try:
        return Path(psutil.Process(pid).cmdline()[0]).name.startswith("python")
    except (psutil.Error, IndexError):
        return False


def test_the_seccomp_filter_is_made_for_known_machines_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from conformance.engine import seccomp

    monkeypatch.setattr(platform, "machine", lambda: "x86_64")
    code = seccomp.program()
    assert code is not None and len(code) % 8 == 0  # struct sock_filter, 8 bytes each
    monkeypatch.setattr(platform, "machine", lambda: "riscv64")
    assert seccomp.program() is None
