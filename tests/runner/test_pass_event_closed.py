"""A pass event carrying credit, end_sum and scores (keys of placement events) is a wrong
answer for the fuzzer too, as for run, the API, the pytest plugin and compare
(tests/runner/test_wrong_everywhere.py), with no --check-messages."""

from __future__ import annotations

import json
from typing import Any

from tests.runner.test_wrong_everywhere import _engine
from tests.support.cli import cli

MODE = "pass-credits"


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
