"""The runner against hostile engines and hostile command lines.

Each run must end in bounded time with its documented exit code (1: a run with errors,
2: the run cannot happen), print no traceback, produce valid output, and leave no
process behind, counting those that escaped into a session of their own (see
``tests.support.hostile.cli``, which checks the last three for every run).
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.support.cli import ROOT, TEST_FIXTURES, env
from tests.support.hostile import (
    MARK_VAR,
    SAFETY_TIMEOUT,
    UNSAFE_ON_A_TERMINAL,
    assert_nothing_left,
    cli,
    engine,
    marked,
    run_engine,
    signals_as_default,
    strict_json,
)

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")


def outcomes(done: subprocess.CompletedProcess[bytes]) -> dict[str, str]:
    return {c["id"]: c["outcome"] for c in strict_json(done.stdout)["cases"]}


# ---------------------------------------------------------------- hangs and leftovers


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("mode", [(), ("--crash",)], ids=["hangs", "crashes"])
def test_grandchild_in_its_own_session_holding_stdout(mode: tuple[str, ...], jobs: str) -> None:
    done = run_engine(
        "setsid_grandchild", "--format", "json", "--jobs", jobs, "--timeout", "0.5",
        "--max-restarts", "1", engine_args=mode,
    )  # fmt: skip
    assert done.returncode == 1
    assert set(outcomes(done).values()) == {"errored"}
    stopped = strict_json(done.stdout)["aborted"]
    assert "restarted 1 times" in stopped  # the other cases were not run


def test_smoke_with_a_grandchild_holding_stdout() -> None:
    done = cli("smoke", "--engine", engine("setsid_grandchild"), "--timeout", "1")
    assert done.returncode == 1
    assert b"no reply within 1 s" in done.stdout


def test_fuzz_with_a_grandchild_holding_stdout() -> None:
    done = cli(
        "fuzz", "--engine", engine("setsid_grandchild", "--crash"), "--hands", "1",
        "--timeout", "1",
    )  # fmt: skip
    assert done.returncode == 1  # a divergence: the engine gave no usable reply
    assert b"DIVERGENCE" in done.stdout


def test_sigterm_while_a_grandchild_holds_stdout() -> None:
    mark = uuid.uuid4().hex
    proc = subprocess.Popen(
        [sys.executable, "-m", "conformance", "run", "--engine", engine("setsid_grandchild"),
         "--no-suite", "--fixtures", str(TEST_FIXTURES), "--timeout", "60", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(**{MARK_VAR: mark}), cwd=ROOT,
        preexec_fn=signals_as_default(signal.SIGTERM),
    )  # fmt: skip
    try:
        # Wait (bounded) until both engines and both grandchildren run, and the runner.
        for _ in range(200):
            if len(marked(mark)) >= 5:
                break
            subprocess.run(["sleep", "0.05"], check=True)
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=SAFETY_TIMEOUT)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM
    assert b"Traceback" not in stderr
    assert_nothing_left(mark)


# ---------------------------------------------------------------- what engines say


def _terminal_safe(data: bytes, encoding: str = "utf-8") -> None:
    text = data.decode(encoding)  # strict: fails on anything the encoding cannot hold
    for char in UNSAFE_ON_A_TERMINAL:
        assert char not in text, repr(char)


def test_hostile_text_in_the_text_report() -> None:
    done = run_engine("hostile_text")
    assert done.returncode == 1
    _terminal_safe(done.stdout)
    assert b"\\x1b[2J" in done.stdout and b"\\ud800" in done.stdout  # shown, made visible
    _terminal_safe(done.stderr)


def test_hostile_text_on_an_ascii_terminal() -> None:
    done = run_engine("hostile_text", extra_env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1
    _terminal_safe(done.stdout, "ascii")


def test_hostile_text_in_the_json_report_and_junit(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    done = run_engine("hostile_text", "--format", "json", "--junit", str(junit))
    assert done.returncode == 1
    report = strict_json(done.stdout)
    assert report["engine"]["name"].startswith("hostile")
    root = ET.parse(junit).getroot()  # well-formed XML
    assert int(root.get("failures", "0")) + int(root.get("errors", "0")) == 6


def test_hostile_text_in_smoke() -> None:
    done = cli("smoke", "--engine", engine("hostile_text"), "--timeout", "1")
    assert done.returncode == 1
    _terminal_safe(done.stdout)


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_nan_and_infinity_in_replies(fmt: str) -> None:
    done = run_engine("nonfinite", "--format", fmt)
    assert done.returncode == 1
    if fmt == "json":
        report = strict_json(done.stdout)
        assert {c["outcome"] for c in report["cases"]} <= {"failed", "errored"}
        assert any("NaN" in json.dumps(c.get("reply")) for c in report["cases"])


def test_reply_nested_a_thousand_deep_with_check_messages() -> None:
    done = run_engine("deep_json", "--format", "json", "--check-messages")
    assert done.returncode == 1
    report = strict_json(done.stdout)
    [deep] = [c for c in report["cases"] if c["outcome"] != "passed"]
    assert "nested" in deep["message"]


# ---------------------------------------------------------------- handshakes

HANDSHAKES = {
    "misspelt-cmd": "'cmds[1]'",
    "repeated-cmd": "'cmds[1]'",
    "cmds-not-list": "'cmds'",
    "cmd-not-string": "'cmds[1]'",
    "protocol-true": "'protocol'",
    "protocol-float": "'protocol'",
    "protocol-string": "'protocol'",
    "no-engine": "'engine'",
    "engine-not-object": "'engine'",
    "engine-missing-language": "'engine.language'",
    "engine-extra-key": "'engine.url'",
    "engine-empty-name": "'engine.name'",
    "engine-version-number": "'engine.version'",
    "extra-key": "'author'",
    "ready-string": "'ready'",
    "unknown-feature": "'skip_features[0]'",
    "features-not-list": "'skip_features'",
    "not-object": "'(reply)'",
}


@pytest.mark.parametrize("mode", sorted(HANDSHAKES))
def test_bad_handshake_stops_run(mode: str) -> None:
    done = run_engine("bad_handshake", engine_args=(mode,))
    assert done.returncode == 2
    assert done.stdout == b""
    message = done.stderr.decode().strip()
    assert "\n" not in message  # one line
    assert HANDSHAKES[mode] in message


@pytest.mark.parametrize("mode", ["misspelt-cmd", "protocol-true", "engine-empty-name"])
def test_bad_handshake_stops_smoke_and_fuzz(mode: str) -> None:
    smoke = cli("smoke", "--engine", engine("bad_handshake", mode))
    assert smoke.returncode == 2
    problem = [line for line in smoke.stdout.decode().splitlines() if "PROBLEM" in line]
    assert len(problem) == 1 and HANDSHAKES[mode] in problem[0]
    assert b"< {" in smoke.stdout  # the reply as received is shown
    fuzz = cli("fuzz", "--engine", engine("bad_handshake", mode), "--hands", "1")
    assert fuzz.returncode == 2
    assert HANDSHAKES[mode] in fuzz.stderr.decode()


def test_perft_descent_shakes_hands_once() -> None:
    done = run_engine("refuses_second_start", "--format", "json", "-k", "perft")
    assert done.returncode == 1
    [case] = strict_json(done.stdout)["cases"]
    assert case["outcome"] == "failed"
    assert not case["located"].startswith("not located"), case["located"]
    assert "total is 2" in case["located"]


@pytest.mark.parametrize(("jobs", "selection", "starts"), [("30", "open-1-4", 1), ("3", "", 3)])
def test_never_more_engines_than_cases(
    tmp_path: Path, jobs: str, selection: str, starts: int
) -> None:
    done = run_engine(
        "counts_starts", "--jobs", jobs, "-k", selection or "*",
        extra_env={"FAKE_START_DIR": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 0
    assert len(list(tmp_path.iterdir())) == starts


# ---------------------------------------------------------------- command lines


@pytest.mark.parametrize(
    ("command", "value"),
    [("run", v) for v in ("inf", "1e10", "1e300", "nan", "0", "-1", "3600.5")]
    + [(c, v) for c in ("smoke", "fuzz") for v in ("inf", "1e300")],
)
def test_timeout_out_of_range(command: str, value: str) -> None:
    done = cli(command, "--engine", engine("good"), "--timeout", value)
    assert done.returncode == 2
    assert b"--timeout" in done.stderr


UNWRITABLE = {
    "folder": lambda tmp: str(tmp),
    "missing-folder": lambda tmp: str(tmp / "missing" / "out"),
    "full-disk": lambda tmp: "/dev/full",
}


@pytest.mark.parametrize("flag", ["--junit", "--write-expect-fail"])
@pytest.mark.parametrize("where", sorted(UNWRITABLE))
def test_unwritable_output_file(tmp_path: Path, flag: str, where: str) -> None:
    done = run_engine("good", flag, UNWRITABLE[where](tmp_path))
    assert done.returncode == 2
    assert b"seven-rocks-conformance 0.1.0" in done.stdout  # the report itself was written
    [line] = done.stderr.decode().splitlines()
    assert line.startswith("seven-rocks-conformance: cannot write")


@pytest.mark.parametrize("args", [("run", "--format", "json"), ("run",), ("smoke",)])
def test_stdout_on_a_full_disk(args: tuple[str, ...]) -> None:
    extra = ("--no-suite", "--fixtures", str(TEST_FIXTURES)) if args[0] == "run" else ()
    with open("/dev/full", "w") as full:
        done = cli(*args, "--engine", engine("good"), *extra, stdout=full)
    assert done.returncode == 2
    [line] = done.stderr.decode().splitlines()
    assert "cannot write to standard output" in line
