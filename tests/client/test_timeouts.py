"""Every wait refuses NaN, infinity, zero and negatives, with a clear error, whichever way
it is given: the command line, the pytest plugin or the Python API."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conformance import api
from conformance.engine.client import EngineClient
from conformance.engine.timeouts import checked_seconds
from tests.support.cli import FAKES, cli, env

BAD = ["nan", "inf", "-inf", "0", "-1", "1e400", "3601"]
HANGS = f"{sys.executable} {FAKES / 'hangs.py'}"


@pytest.mark.parametrize("text", BAD)
def test_the_check_refuses(text: str) -> None:
    with pytest.raises(ValueError, match="greater than 0 and at most 3600"):
        checked_seconds(float(text))


@pytest.mark.parametrize("value", [True, "5", None, 10**400])
def test_the_check_refuses_what_is_not_a_number(value: object) -> None:
    with pytest.raises(ValueError, match="timeout"):
        checked_seconds(value)


def test_the_check_keeps_good_values() -> None:
    assert checked_seconds(5) == 5.0 and checked_seconds(0.001) == 0.001
    assert checked_seconds(3600) == 3600.0


@pytest.mark.parametrize("text", ["nan", "inf", "0", "-1"])
@pytest.mark.parametrize("command", ["run", "smoke", "show", "mutants"])
def test_the_command_line_refuses(text: str, command: str) -> None:
    extra = {"show": ["table.scoring.twenty-five"], "mutants": ["--mutant", "counter-clockwise"]}
    args = extra.get(command, [])
    done = cli(command, *args, "--timeout", text, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "greater than 0 and at most 3600" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("text", ["nan", "inf", "0", "-1"])
def test_the_pytest_plugin_refuses(text: str, tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--seven-rocks-engine", HANGS,
         "--seven-rocks-timeout", text],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, env=env(),
    )  # fmt: skip
    assert done.returncode == 4, done.stdout + done.stderr  # pytest's usage error
    assert "greater than 0 and at most 3600" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("value", [float("nan"), float("inf"), 0, -1.0])
def test_the_api_refuses(value: float) -> None:
    # Refused before any engine starts: this one would never answer.
    with pytest.raises(ValueError, match="timeout must be greater than 0"):
        api.start_engine(HANGS, timeout=value)
    with pytest.raises(ValueError, match="timeout must be greater than 0"):
        api.run(HANGS, [], options=api.RunOptions(timeout=value))
    with pytest.raises(ValueError, match="start_timeout must be greater than 0"):
        EngineClient([sys.executable], start_timeout=value)
