"""Helpers for the hostile-engine tests: run the command line with every process it starts
marked, and find any marked process still alive afterwards."""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from typing import IO, Any

import psutil

from tests.support.cli import FAKES, ROOT, TEST_FIXTURES, env

MARK_VAR = "SEVEN_ROCKS_TEST_MARK"
_ENDED = (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD)
SAFETY_TIMEOUT = 120  # a net under every subprocess: a hang fails the test, not the suite


def signals_as_default(*signums: int) -> Callable[[], None]:
    """A ``preexec_fn`` giving each of `signums` its default action in the child.

    A process inherits the signals its parent ignores (the pytest-xdist workers here
    ignore SIGINT and SIGQUIT), and the runner leaves an ignored signal ignored, as nohup
    asks: without this, a test signalling the runner would wait for ever.
    """

    def reset() -> None:
        for signum in signums:
            signal.signal(signum, signal.SIG_DFL)

    return reset


def engine(name: str, *args: str) -> str:
    """The --engine command line of a fake engine (its own interpreter, unbuffered)."""
    return shlex.join([sys.executable, str(FAKES / f"{name}.py"), *args])


def marked(mark: str) -> list[int]:
    """Pids of live (not zombie) processes whose environment carries ``mark``.

    The mark is inherited by the runner, every engine and their descendants, including
    those that left the process group or session; so this finds any of them, wherever.
    """
    found = []
    for process in psutil.process_iter():
        try:
            if process.status() not in _ENDED and process.environ().get(MARK_VAR) == mark:
                found.append(process.pid)
        except psutil.Error:  # gone, or another user's
            continue
    return found


def assert_nothing_left(mark: str) -> None:
    """No process started under ``mark`` is alive (allowing a moment for the kernel to
    finish killing them: a bounded retry, not a timing assertion)."""
    left = marked(mark)
    for _ in range(50):
        if not left:
            return
        time.sleep(0.1)
        left = marked(mark)
    assert left == [], f"processes left behind: {_describe(left)}"


def _describe(pids: list[int]) -> list[str]:
    out = []
    for pid in pids:
        try:
            cmdline = " ".join(psutil.Process(pid).cmdline())
        except psutil.Error:
            cmdline = "(gone)"
        out.append(f"{pid}: {cmdline[:200]}")
    return out


def cli(
    *args: str,
    stdout: int | IO[Any] = subprocess.PIPE,
    extra_env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m conformance ARGS`` with a fresh mark; check the documented basics.

    Every run must end (``SAFETY_TIMEOUT``), print no traceback, and leave no process.
    Output is returned as bytes so that a test can check it is valid UTF-8.
    """
    mark = uuid.uuid4().hex
    done = subprocess.run(
        [sys.executable, "-m", "conformance", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=SAFETY_TIMEOUT,
        env=env(**{MARK_VAR: mark, **(extra_env or {})}),
        cwd=ROOT,
        check=False,
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    assert_nothing_left(mark)
    return done


def run_engine(
    name: str, *args: str, engine_args: tuple[str, ...] = (), **kwargs: Any
) -> subprocess.CompletedProcess[bytes]:
    """``run`` the runner's own test fixtures against a fake engine."""
    return cli(
        "run",
        "--engine",
        engine(name, *engine_args),
        "--no-suite",
        "--fixtures",
        str(TEST_FIXTURES),
        "--timeout",
        "1",
        *args,
        **kwargs,
    )


def strict_json(data: bytes) -> Any:
    """Decode ``data`` as strict JSON: UTF-8, no NaN or infinities, no lone surrogates."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    value = json.loads(data.decode("utf-8"), parse_constant=refuse)
    # A lone surrogate escape (\ud800) decodes, but cannot be re-encoded as UTF-8.
    json.dumps(value, ensure_ascii=False).encode("utf-8")
    return value


UNSAFE_ON_A_TERMINAL = ("\x1b", "\x00", "\x85", "\x9b", "\u202e", "\r", "\x07")
"""Characters that must never reach a terminal raw from an engine."""
