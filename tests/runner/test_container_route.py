"""The container route of README.md: the engine's command is ``docker run -i --rm
--network none IMAGE`` (or ``podman``), whose entry point is the adapter. Run where a
container runtime answers: docker, with an image that has Python 3.11 or later
(``SEVEN_ROCKS_TEST_IMAGE``, default ``python:3.11-slim``, never pulled here); else
podman, with the host's own root as the container's (``--rootfs /:O``, written to an
overlay). Both leave no container and no process behind."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import uuid
from functools import cache

import pytest

from tests.support.cli import ROOT
from tests.support.hostile import cli
from tests.support.tools import missing

IMAGE = os.environ.get("SEVEN_ROCKS_TEST_IMAGE", "python:3.11-slim")
ADAPTER = ["-m", "reference_impl.adapter"]
LABEL = "seven-rocks-test"


def _answers(*argv: str) -> subprocess.CompletedProcess[str] | None:
    if shutil.which(argv[0]) is None:
        return None
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    except subprocess.TimeoutExpired:
        return None


def _docker() -> tuple[list[str], str]:
    info = _answers("docker", "info")
    if info is None or info.returncode != 0:
        return [], "docker: no daemon answers `docker info`"
    if (_answers("docker", "image", "inspect", IMAGE) or info).returncode != 0:
        return [], f"docker runs, but has no image {IMAGE} (SEVEN_ROCKS_TEST_IMAGE)"
    source = "/seven-rocks"
    return [
        "docker", "run", "-i", "--rm", "--network", "none", "-v", f"{ROOT}:{source}:ro",
        "-w", source, "-e", f"PYTHONPATH={source}:{source}/kits/python", IMAGE, "python",
    ], ""  # fmt: skip


def _podman() -> tuple[list[str], str]:
    info = _answers("podman", "info")
    if info is None or info.returncode != 0:
        return [], "podman: not installed, or `podman info` fails"
    base = [
        "run", "-i", "--rm", "--network", "none", "-w", str(ROOT),
        "-e", f"PYTHONPATH={ROOT}:{ROOT}/kits/python",
        # Not raised above the runner's own limits, which a root without
        # CAP_SYS_RESOURCE (in a container itself) may not do.
        "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024",
        # Its monitor (conmon) stays in the engine's cgroup, ended with it.
        "--cgroups", "no-conmon",
        "--rootfs", "/:O", sys.executable,
    ]  # fmt: skip
    # crun, podman's default, refuses a hybrid cgroup layout (v1 and v2 both mounted).
    error = ""
    for runtime in ([], ["--runtime", "runc"]):
        done = _answers("podman", *runtime, *base, "-c", "print(1)")
        if done is not None and done.stdout.strip() == "1":
            return ["podman", *runtime, *base], ""
        error = (done.stderr.strip() if done is not None else "timed out") or "no output"
    return [], f"podman cannot run a container here: {error}"


@cache
def container() -> tuple[list[str], str]:
    """The container command before the adapter's arguments, or [] and why not."""
    command, docker_reason = _docker()
    if command:
        return command, ""
    command, podman_reason = _podman()
    return command, "" if command else f"{docker_reason}; {podman_reason}"


@pytest.fixture
def runtime() -> list[str]:
    command, reason = container()
    if not command and shutil.which("podman") is None and shutil.which("docker") is None:
        missing("podman", "no container runtime is installed (Debian: podman, runc)")
    if not command:
        # Installed but unable to start a container (no user namespaces, a cgroup layout
        # no runtime accepts): under CI=true this fails too, since the route is untested.
        missing("podman", f"installed, but no container runtime runs: {reason}")
    return command


def _engine(runtime: list[str], tag: str) -> str:
    # Labelled, so that a container left behind can be found.
    at = runtime.index("run") + 1
    return shlex.join([*runtime[:at], "--label", f"{LABEL}={tag}", *runtime[at:], *ADAPTER])


def _containers(runtime: list[str], tag: str) -> str:
    """The containers labelled ``tag``, running or not."""
    listed = _answers(runtime[0], "ps", "-aq", "--filter", f"label={LABEL}={tag}")
    return listed.stdout.strip() if listed is not None else "(cannot list them)"


def test_smoke_through_a_container(runtime: list[str]) -> None:
    tag = uuid.uuid4().hex
    done = cli("smoke", "--engine", _engine(runtime, tag))  # and no process is left
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    assert b"smoke: all answers look right" in done.stdout
    assert _containers(runtime, tag) == ""


def test_run_through_containers(runtime: list[str]) -> None:
    tag = uuid.uuid4().hex
    done = cli("run", "--engine", _engine(runtime, tag), "--cmd", "settle", "--jobs", "2",
               "--timeout", "20")  # fmt: skip
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    assert _containers(runtime, tag) == ""
