"""Helpers for the runner's tests: run the command line as a user would, find fake engines."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[2]
FAKES = ROOT / "tests" / "fake_engines"
TEST_FIXTURES = ROOT / "tests" / "data" / "fixtures"
BAD_FIXTURES = ROOT / "tests" / "data" / "bad_fixtures"
REPORT_SCHEMA = ROOT / "spec" / "schemas" / "report.schema.json"


class Installed(NamedTuple):
    """The wheel unpacked as an installation, and a folder unrelated to the project."""

    site: Path
    elsewhere: Path
    env: dict[str, str]
    """The environment in which Python imports the unpacked wheel."""


def fake(name: str, *extra: str) -> str:
    """The --engine command line of a fake engine."""
    return shlex.join([sys.executable, str(FAKES / f"{name}.py"), *extra])


def env(**extra: str) -> dict[str, str]:
    """The environment for a subprocess: the checkout importable, plus ``extra``."""
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), out.get("PYTHONPATH")) if p)
    out.update(extra)
    return out


def cli(
    *args: str, timeout: float = 60, cwd: Path | None = None, **extra_env: str
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m conformance ARGS`` and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "conformance", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env(**extra_env),
        cwd=cwd or ROOT,
        check=False,
    )


def run_fake(
    name: str, *args: str, engine_args: tuple[str, ...] = (), **extra_env: str
) -> subprocess.CompletedProcess[str]:
    """``run`` the runner's own test fixtures against a fake engine, JSON report on stdout."""
    return cli(
        "run",
        "--engine",
        fake(name, *engine_args),
        "--no-suite",
        "--fixtures",
        str(TEST_FIXTURES),
        "--format",
        "json",
        "--timeout",
        "2",
        *args,
        timeout=60,
        cwd=None,
        **extra_env,
    )


def outcomes(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    """Case id -> outcome from a JSON report."""
    report = json.loads(done.stdout)
    return {case["id"]: case["outcome"] for case in report["cases"]}


def report(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """The JSON report of a run."""
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def live_processes(marker: str) -> list[int]:
    """Pids of running (not zombie) processes whose command line contains ``marker``.

    Under pytest-xdist only those started from this worker count: another worker may be
    running fake engines of its own at the same moment.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    mine = f"PYTEST_XDIST_WORKER={worker}".encode() if worker else None
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        # The runner's own command line names the engine too: it is not an engine.
        runner = " -m conformance " in cmdline
        if marker in cmdline and state not in ("Z", "X") and not runner:
            if mine is not None and not _environ_has(entry, mine):
                continue
            found.append(int(entry.name))
    return found


def _environ_has(entry: Path, assignment: bytes) -> bool:
    try:
        return assignment in (entry / "environ").read_bytes().split(b"\0")
    except PermissionError:
        return True  # unreadable: count it rather than overlook it
    except OSError:
        return False  # gone meanwhile


@contextmanager
def no_engine_left(marker: str = str(FAKES)) -> Iterator[None]:
    """Fail when an engine started inside the block (its command line holding ``marker``)
    is still alive shortly after it. Only the block's own: an engine another test left to
    die on its own (a hanging engine's orphaned sleeper, say) is that test's to answer for.
    """
    before = set(live_processes(marker))
    yield
    time.sleep(0.05)
    left = set(live_processes(marker)) - before
    assert not left, f"a fake engine outlived the test: {sorted(left)}"
