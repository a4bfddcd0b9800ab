"""No process left behind: a descendant that forks anew every 20 ms ("hopper"),
holding the engine's stdout without the token or the token without the pipes, is ended
by every command; SIGTERM, SIGHUP, SIGQUIT and SIGUSR1 to run (--jobs too) and to
pytest end every engine and descendant."""

from __future__ import annotations

import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from conformance.engine import processes
from tests.support.cli import ROOT, TEST_FIXTURES, env
from tests.support.hostile import (
    MARK_VAR,
    SAFETY_TIMEOUT,
    assert_nothing_left,
    cli,
    engine,
    marked,
    run_engine,
    signals_as_default,
)

KINDS = ["--pipe", "--token"]


@pytest.mark.parametrize("kind", KINDS)
def test_run_ends_a_hopper(kind: str) -> None:
    done = run_engine("hopper", "--timeout", "0.5", "--max-restarts", "1", engine_args=(kind,))
    assert done.returncode == 1  # tests.support.hostile.cli asserts that nothing is left


@pytest.mark.parametrize("kind", KINDS)
def test_smoke_show_and_fuzz_end_a_hopper(kind: str) -> None:
    hopper = engine("hopper", kind)
    assert cli("smoke", "--engine", hopper, "--timeout", "0.5").returncode == 1
    cli("show", "table.scoring.twenty-five", "--engine", hopper, "--timeout", "0.5")
    cli("fuzz", "--engine", hopper, "--hands", "1", "--timeout", "0.5")


def _wait_for(mark: str, count: int) -> None:
    # Bounded wait until the runner, its engines and their hoppers all run.
    for _ in range(100):
        if len(marked(mark)) >= count:
            return
        subprocess.run(["sleep", "0.05"], check=True)


SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1]


@pytest.mark.parametrize(
    ("signum", "jobs"),
    [*((s, "1") for s in SIGNALS), (signal.SIGTERM, "3")],
    ids=[*(s.name for s in SIGNALS), "SIGTERM-jobs-3"],
)
def test_a_signal_to_run_leaves_nothing(signum: signal.Signals, jobs: str) -> None:
    mark = uuid.uuid4().hex
    proc = subprocess.Popen(
        [sys.executable, "-m", "conformance", "run", "--engine", engine("hopper", "--pipe"),
         "--no-suite", "--fixtures", str(TEST_FIXTURES), "--timeout", "60", "--jobs", jobs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(**{MARK_VAR: mark}), cwd=ROOT,
        preexec_fn=signals_as_default(signum),
    )  # fmt: skip
    try:
        _wait_for(mark, 1 + int(jobs))
        proc.send_signal(signum)
        _, stderr = proc.communicate(timeout=SAFETY_TIMEOUT)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signum
    assert b"Traceback" not in stderr
    assert_nothing_left(mark)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_to_pytest_leaves_nothing(tmp_path: Path, signum: signal.Signals) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    mark = uuid.uuid4().hex
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "--seven-rocks-engine",
         engine("hopper", "--pipe"), "--seven-rocks-no-suite",
         f"--seven-rocks-fixtures={TEST_FIXTURES}", "--seven-rocks-timeout", "60"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(**{MARK_VAR: mark}),
        cwd=tmp_path, preexec_fn=signals_as_default(signum),
    )  # fmt: skip
    try:
        _wait_for(mark, 2)
        proc.send_signal(signum)
        proc.communicate(timeout=SAFETY_TIMEOUT)
    finally:
        proc.kill()
    assert proc.returncode == -signum
    assert_nothing_left(mark)


def test_a_signal_while_the_engines_are_locked_comes_again_once_they_are_not() -> None:
    # A signal handler that waited for the list of engines, held by the very code it
    # interrupted (an engine being started), would wait for ever.
    got: list[int] = []
    old = signal.signal(signal.SIGUSR2, lambda signum, frame: got.append(signum))
    try:
        with processes._LIVE_LOCK:
            assert processes.end_all(blocking=False) is False
            processes.defer_signal(signal.SIGUSR2)
            assert got == []
        processes._redeliver()
        assert got == [signal.SIGUSR2]
    finally:
        signal.signal(signal.SIGUSR2, old)


def test_a_stray_that_moves_while_it_is_read_is_looked_for_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hopper can fork and exit between the listing of /proc and the reading of its
    # entry: that scan finds nothing new, yet the stray lives on as a child not listed.
    stray = subprocess.Popen(["sleep", "30"], start_new_session=True)
    scans = iter([([], True), ([stray.pid], False)])
    monkeypatch.setattr(processes, "_strays", lambda token, pipes: next(scans, ([], False)))
    try:
        processes._kill_strays("token", [])
        assert stray.wait(SAFETY_TIMEOUT) == -signal.SIGKILL
    finally:
        stray.kill()
        stray.wait()


def test_processes_vanishing_on_a_busy_machine_do_not_prolong_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Some process exits during almost every scan of a busy machine: a few scans in a
    # row that find nothing new are enough, not the whole budget of scans.
    scans: list[int] = []

    def vanishing(token: str, pipes: object) -> tuple[list[int], bool]:
        scans.append(1)
        return [], True

    monkeypatch.setattr(processes, "_strays", vanishing)
    processes._kill_strays("token", [])
    assert len(scans) == processes._MAX_RESCANS + 1 < processes._MAX_ROUNDS
