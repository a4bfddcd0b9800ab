"""The Python API refuses counts that are no counts before any engine starts: jobs,
max_restarts and max_fail of the wrong type or out of range."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import api
from tests.support.cli import cli, fake

STARTS = fake("counts_starts")


@pytest.mark.parametrize("jobs", [0, -4, True, False, 10**9, 257, 2.0, "2", None])
def test_jobs_must_be_a_whole_number_from_1_to_256(
    jobs: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_START_DIR", str(tmp_path))
    with pytest.raises(ValueError, match="jobs must be"):
        api.run(STARTS, api.load_suite()[:3], jobs=jobs)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []  # no engine was started


@pytest.mark.parametrize("field", ["max_restarts", "max_fail"])
@pytest.mark.parametrize("value", [-1, -(10**9), True, 1.5, "3", None])
def test_restart_and_failure_limits_must_be_whole_numbers_of_at_least_0(
    field: str, value: object
) -> None:
    with pytest.raises(ValueError, match=f"{field} must be"):
        api.RunOptions(**{field: value})  # type: ignore[arg-type]


def test_the_limits_that_are_counts_are_taken() -> None:
    options = api.RunOptions(max_restarts=0, max_fail=10**9)
    assert (options.max_restarts, options.max_fail) == (0, 10**9)
    result = api.run(None, api.load_suite()[:4], jobs=256)
    assert result.totals()["passed"] == 4


def test_the_command_line_takes_the_same_bound() -> None:
    done = cli("run", "--jobs", "257", "--cmd", "settle")
    assert done.returncode == 2 and "--jobs must be from 1 to 256" in done.stderr
    for jobs in ("0", "257", "1000000000"):
        done = cli("fuzz", "--jobs", jobs, "--hands", "1")
        assert done.returncode == 2 and "from 1 to 256" in done.stderr, done.stderr
