"""The runner against one fake engine per failure mode: every run finishes, classifies each
case as it should, exits with the right code, and leaves no process behind."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.cli import (
    FAKES,
    cli,
    fake,
    live_processes,
    no_engine_left,
    outcomes,
    report,
    run_fake,
)

ALL_PASS = {
    "fake.table.open-1-4": "passed",
    "fake.table.open-0-1": "passed",
    "fake.table.open-2-3": "passed",
    "fake.table.bad-tile": "passed",
    "fake.settle.rounding": "passed",
    "fake.perft.depth-0": "passed",
}


def expected(**changes: str) -> dict[str, str]:
    out = dict(ALL_PASS)
    for key, value in changes.items():
        out[f"fake.{key.replace('__', '.').replace('_', '-')}"] = value
    return out


@pytest.fixture(autouse=True)
def no_leftover_engines() -> Iterator[None]:
    with no_engine_left():
        yield


def test_fake_engines_found() -> None:
    assert len(list(FAKES.glob("*.py"))) >= 12


def test_good_engine_passes() -> None:
    done = run_fake("good")
    assert done.returncode == 0, done.stderr
    assert outcomes(done) == ALL_PASS
    assert report(done)["engine"]["name"] == "fake"


def test_engine_that_does_not_start() -> None:
    done = run_fake("does_not_start")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "does_not_start.py" in done.stderr  # the command
    assert "exit status 3" in done.stderr
    assert "cannot load the rules library" in done.stderr  # its stderr


def test_engine_that_cannot_be_executed() -> None:
    from tests.support.cli import cli

    done = cli("run", "--engine", "/nonexistent/engine --flag")
    assert done.returncode == 2
    assert "/nonexistent/engine" in done.stderr


def test_wrong_protocol_version() -> None:
    done = run_fake("wrong_protocol")
    assert done.returncode == 2
    assert "protocol 2" in done.stderr and "protocol 1" in done.stderr


def test_crash_on_third_request() -> None:
    done = run_fake("crash_third")
    assert done.returncode == 1
    # Each process crashes on its third request; the runner restarts it and goes on.
    assert outcomes(done) == expected(table__open_2_3="errored", perft__depth_0="errored")
    data = report(done)
    assert data["restarts"] == 1
    crashed = next(c for c in data["cases"] if c["id"] == "fake.table.open-2-3")
    assert "exited before replying" in crashed["message"]
    assert "exit status 70" in crashed["message"]
    assert "fake crash" in crashed["stderr_tail"]


def test_a_restarted_engine_is_held_to_its_own_handshake(tmp_path: Path) -> None:
    # Restarted after its crash, the engine lists only table and settle and does not claim
    # input-validation: the other cases are skipped, not sent to it (spec/protocol.md
    # section 8, item 3), and the report counts the feature's skip.
    done = run_fake("fewer_cmds_after_restart", FAKE_START_DIR=str(tmp_path))
    assert len(list(tmp_path.iterdir())) == 2, done.stderr
    assert outcomes(done) == expected(
        table__open_2_3="errored", table__bad_tile="skipped", perft__depth_0="skipped"
    )
    data = report(done)
    assert data["restarts"] == 1
    assert data["unclaimed_features"] == {"input-validation": 1}


def test_reply_that_is_not_json() -> None:
    done = run_fake("non_json")
    assert done.returncode == 1
    got = outcomes(done)
    assert got["fake.table.open-0-1"] == "errored"
    assert got["fake.table.open-1-4"] == "passed"
    case = next(c for c in report(done)["cases"] if c["id"] == "fake.table.open-0-1")
    assert "not JSON" in case["message"]
    assert case["reply"] == "this is not JSON {\n"


def test_reply_nested_almost_as_deep_as_json_allows() -> None:
    # Decoding, comparing and reporting such a reply must not exhaust the runner's stack.
    for extra in ((), ("--check-messages",), ("--format", "json")):
        done = run_fake("deep_json", *extra)
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
    got = outcomes(done)
    assert got["fake.table.open-0-1"] in ("failed", "errored")
    assert got["fake.table.open-1-4"] == "passed"


def test_wrong_seq() -> None:
    done = run_fake("wrong_seq")
    assert done.returncode == 1
    got = outcomes(done)
    assert got["fake.table.open-0-1"] == "errored"
    assert got["fake.table.open-1-4"] == "passed"
    case = next(c for c in report(done)["cases"] if c["id"] == "fake.table.open-0-1")
    assert "seq is 1002, expected 2" in case["message"]


def test_engine_that_hangs() -> None:
    # A runner that hung would be stopped by the subprocess timeout of run_fake.
    done = run_fake("hangs", "--timeout", "0.4")
    assert done.returncode == 1
    got = outcomes(done)
    assert got["fake.table.open-1-4"] == "passed"
    assert got["fake.table.open-0-1"] == "errored"
    case = next(c for c in report(done)["cases"] if c["id"] == "fake.table.open-0-1")
    assert "no reply within 0.4 s" in case["message"]


def test_restart_limit_stops_the_run() -> None:
    done = run_fake("hangs", "--timeout", "0.3", "--max-restarts", "1", engine_args=("--always",))
    assert done.returncode == 1
    data = report(done)
    assert set(outcomes(done).values()) == {"errored"}
    assert data["restarts"] == 1
    assert "restarted 1 times" in data["aborted"]
    assert "run stopped" in done.stderr
    not_run = [c for c in data["cases"] if c["message"].startswith("not run")]
    assert len(not_run) == 4


def test_stderr_flood_is_drained_and_bounded() -> None:
    done = run_fake("floods_stderr")
    assert done.returncode == 1
    assert outcomes(done) == expected(table__open_1_4="failed", table__open_2_3="failed")
    for case in report(done)["cases"]:
        if case["outcome"] == "failed":
            assert 0 < len(case["stderr_tail"]) <= 4000


def test_ten_megabyte_line() -> None:
    done = run_fake("huge_line")
    assert done.returncode == 1
    got = outcomes(done)
    assert got["fake.table.open-0-1"] == "errored"
    assert got["fake.table.open-1-4"] == "passed"
    case = next(c for c in report(done)["cases"] if c["id"] == "fake.table.open-0-1")
    assert "10000" in case["message"] and "limit" in case["message"]
    assert len(done.stdout) < 1_000_000  # the line is not carried into the report


def test_reply_missing_a_field() -> None:
    done = run_fake("omits_field")
    assert done.returncode == 1
    assert outcomes(done) == expected(
        table__open_1_4="errored", table__open_0_1="errored", table__open_2_3="errored"
    )
    data = report(done)
    case = next(c for c in data["cases"] if c["id"] == "fake.table.open-1-4")
    assert "lacks field(s) required by protocol 1: credit" in case["message"]
    assert data["restarts"] == 0  # the stream is still in step: no restart needed


def test_wrong_credit_is_a_failure_with_a_diff() -> None:
    done = run_fake("wrong_credit")
    assert done.returncode == 1
    assert outcomes(done) == expected(table__open_1_4="failed", table__open_2_3="failed")
    case = next(c for c in report(done)["cases"] if c["id"] == "fake.table.open-1-4")
    paths = {m["path"]: m["message"] for m in case["mismatches"]}
    assert paths["result.credit"] == "expected 5, got 10"
    assert paths["result.credits[0]"] == "expected 5, got 10"


def test_wrong_credit_human_report() -> None:
    from tests.support.cli import TEST_FIXTURES, cli

    done = cli(
        "run", "--engine", fake("wrong_credit"), "--no-suite", "--fixtures", str(TEST_FIXTURES)
    )
    assert done.returncode == 1
    out = done.stdout
    assert "FAILED fake.table.open-1-4" in out
    assert "Opening [1|4] makes an end sum of 5." in out  # description
    assert "scoring.multiple-of-five: If the end sum is a positive multiple of 5" in out
    assert '"cmd": "table"' in out  # the request
    assert "result.credit: expected 5, got 10" in out
    assert "rule group" in out and "scoring" in out
    assert "6 cases: 4 passed, 2 failed" in out


def test_missing_command_is_skipped_not_failed() -> None:
    done = run_fake("no_perft")
    assert done.returncode == 0
    assert outcomes(done) == expected(perft__depth_0="skipped")
    strict = run_fake("no_perft", "--strict")
    assert strict.returncode == 1


def test_engine_declining_or_erroring() -> None:
    done = run_fake("declines")
    assert done.returncode == 1
    assert outcomes(done) == expected(settle__rounding="skipped", perft__depth_0="errored")
    case = next(c for c in report(done)["cases"] if c["id"] == "fake.perft.depth-0")
    assert "perft blew up" in case["message"]


@pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")
def test_grandchildren_are_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    done = run_fake(
        "spawns_child",
        "--timeout",
        "0.3",
        "--max-restarts",
        "0",
        "-k",
        "open-1-4",
        FAKE_CHILD_PID=str(pid_file),
    )
    assert done.returncode == 1
    assert outcomes(done) == {"fake.table.open-1-4": "errored"}
    pid = int(pid_file.read_text())
    time.sleep(0.1)
    stat = Path(f"/proc/{pid}/stat")
    assert not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")


def test_jobs_with_a_crashing_engine() -> None:
    done = run_fake("crash_third", "--jobs", "2")
    assert done.returncode == 1
    got = outcomes(done)
    assert list(got) == list(ALL_PASS)  # suite order kept
    # Two workers of three cases each: each worker's third case meets the crash.
    assert sorted(v for v in got.values()) == ["errored"] * 2 + ["passed"] * 4


def test_python_api_run_suite() -> None:
    from conformance.runner.execute import RunOptions, run_suite
    from conformance.runner.outcomes import Outcome
    from conformance.suite.fixtures import load_cases
    from tests.support.cli import TEST_FIXTURES

    cases = load_cases([TEST_FIXTURES])
    result = run_suite(
        [sys.executable, str(FAKES / "wrong_credit.py")], cases, options=RunOptions(timeout=2)
    )
    assert result.engine is not None and result.engine.name == "fake"
    assert [r.outcome for r in result.results].count(Outcome.FAILED) == 2
    assert result.exit_code() == 1


def test_handshake_without_engine_info_is_refused() -> None:
    done = run_fake("bare_handshake", "--check-messages")
    assert done.returncode == 2  # the protocol requires the 'engine' object
    assert "'engine'" in done.stderr and "is missing" in done.stderr
    assert done.stdout == ""


def test_progress_bar_draws_only_on_a_terminal() -> None:
    import io

    from conformance.reports.text import ProgressBar
    from conformance.runner.outcomes import CaseResult, Outcome
    from conformance.suite.fixtures import Case

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    case = Case("x", "d", ("a.b",), "derived", "table", {}, {}, None)
    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        bar = ProgressBar(2, stream)
        bar(CaseResult(case, Outcome.PASSED))
        bar(CaseResult(case, Outcome.FAILED))
        bar.finish()
    assert "2/2" in tty.getvalue() and "1 not passing" in tty.getvalue()
    assert pipe.getvalue() == ""


@pytest.mark.skipif(os.name != "posix", reason="signals as on POSIX")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_killing_the_runner_leaves_no_engine(signame: str) -> None:
    import signal
    import subprocess

    from tests.support.cli import TEST_FIXTURES, env
    from tests.support.hostile import signals_as_default

    proc = subprocess.Popen(
        [sys.executable, "-m", "conformance", "run", "--engine", fake("hangs", "--always"),
         "--no-suite", "--fixtures", str(TEST_FIXTURES), "--timeout", "30", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(),
        preexec_fn=signals_as_default(getattr(signal, signame)),
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while len(live_processes("hangs.py --always")) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(getattr(signal, signame))
    proc.communicate(timeout=10)
    assert proc.returncode != 0


def test_the_fuzzer_holds_a_restarted_engine_to_its_own_handshake(tmp_path: Path) -> None:
    engine = fake("reference_fewer_cmds_after_restart")
    done = cli(
        "fuzz", "--engine", engine, "--hands", "300", "--keep-going", "--format", "json",
        FAKE_START_DIR=str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 1, done.stderr[-2000:]  # the crash is a divergence
    summary = json.loads(done.stdout)
    starts = [p.name for p in tmp_path.iterdir() if p.name.startswith("start")]
    assert len(starts) >= 2, summary
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("sent-")) == []
    assert summary["skipped"] > 0  # the batch built before the restart, not sent
