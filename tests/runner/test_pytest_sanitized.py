"""The pytest plugin shows engine text made safe: no escape sequence, override or lone
surrogate reaches the terminal, no newline forges a line, with and without xdist."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import TEST_FIXTURES, env, fake
from tests.support.tools import missing_reason

TRICKS = fake("terminal_tricks")
XDIST = importlib.util.find_spec("xdist") is not None


@pytest.mark.parametrize(
    "workers",
    [
        (),
        pytest.param(
            ("-n", "2"),
            marks=pytest.mark.skipif(
                not XDIST, reason=missing_reason("pytest-xdist", "not installed (the test extra)")
            ),
        ),
    ],
    ids=["one-process", "xdist"],
)
def test_failures_and_summary_carry_no_terminal_tricks(
    tmp_path: Path, workers: tuple[str, ...]
) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-rA", "-p", "no:randomly", *workers,
         "--seven-rocks-engine", TRICKS,
         "--seven-rocks-no-suite", f"--seven-rocks-fixtures={TEST_FIXTURES}"],
        cwd=tmp_path, capture_output=True, timeout=300, env=env(),
    )  # fmt: skip
    out = done.stdout.decode("utf-8", "surrogateescape") + done.stderr.decode("utf-8", "replace")
    assert done.returncode == 1, out
    assert "INTERNALERROR" not in out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "\\x1b]52;c;" in out  # shown, made visible
    assert "\\ud800" in out
    forged = [line for line in out.splitlines() if line.startswith("=== 361 passed")]
    assert forged == []
    out.encode("utf-8")  # no lone surrogate made it through
