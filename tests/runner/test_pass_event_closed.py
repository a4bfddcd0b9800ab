"""A pass event carrying credit, end_sum and scores (keys of placement events) is a wrong
answer in every front end, with no --check-messages: the pytest plugin fails exactly the
cases whose answer it changes, and the fuzzer reports a divergence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.runner.test_pytest_plugin import outcomes, pytest_run
from tests.runner.test_wrong_everywhere import _changed, _engine
from tests.support.cli import cli

MODE = "pass-credits"


def test_the_pytest_plugin_fails_every_answer_it_changes(tmp_path: Path) -> None:
    changed = _changed(MODE)
    assert changed  # the suite has pass events, or the test would prove nothing
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    done = pytest_run(tmp_path, "-q", "-rA", "--seven-rocks-engine", _engine(MODE), timeout=300)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    found = outcomes(done.stdout)
    assert {i for i, outcome in found.items() if outcome != "PASSED"} == changed
    assert {found[i] for i in changed} == {"FAILED"}


def _pass_events(value: Any) -> list[dict[str, Any]]:
    stack, found = [value], []
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("action") == "pass" and "seat" in item:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_the_fuzzer_finds_it() -> None:
    done = cli("fuzz", "--engine", _engine(MODE), "--hands", "200", "--format", "json")
    assert done.returncode == 1, done.stderr[-3000:]
    divergence = json.loads(done.stdout)["divergence"]
    assert divergence["cmd"] in ("hand", "game"), divergence["cmd"]
    passes = _pass_events(divergence["actual"])
    assert passes and all(
        set(e) == {"seat", "action", "credit", "end_sum", "scores"} for e in passes
    )
    assert all(set(e) == {"seat", "action"} for e in _pass_events(divergence["expected"]))
