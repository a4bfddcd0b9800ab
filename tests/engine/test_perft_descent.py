"""Descending perft's divide to the first position where two move generators part."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from typing import Any

from conformance.engine.client import EngineClient
from conformance.runner.execute import reference_engine
from conformance.runner.outcomes import Outcome
from conformance.runner.perft_descent import descend, describe_action
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from reference_impl.adapter import handle

DEAL = [
    [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]],
    [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]],
    [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]],
]
REQUEST = {"cmd": "perft", "deal": DEAL, "opener": 1, "depth": 3}
HIDDEN = {"tile": [2, 3], "on": {"tile": [2, 2], "side": "linear_b"}}


def _nodes(actions: list[Any], depth: int) -> int:
    request = {**REQUEST, "actions": actions, "depth": depth, "seq": 0}
    nodes: int = handle(request)["result"]["nodes"]
    return nodes


def _generator_missing_one_action(request: Mapping[str, Any]) -> Any:
    """The reference, but blind to HIDDEN after [2|2] opens (consistently at every level)."""
    reply = handle({**request, "seq": 1})
    actions, depth = request.get("actions", []), request["depth"]
    opening = {"tile": [2, 2]}
    divide = reply["result"]["divide"]
    if actions == [opening]:
        divide = [e for e in divide if e["action"] != HIDDEN]
    elif actions == [] and depth >= 2:
        lost = _nodes([opening, HIDDEN], depth - 2)
        divide = [
            {**e, "nodes": e["nodes"] - lost} if e["action"] == opening else e for e in divide
        ]
    reply["result"] = {"nodes": sum(e["nodes"] for e in divide), "divide": divide}
    return reply


def test_descent_names_the_missing_action_and_its_position() -> None:
    text = descend(REQUEST, _generator_missing_one_action)
    assert text.startswith("after [2|2] opens: the engine does not generate [2|3] on [2|2]")


def test_descent_through_a_real_mutant_engine() -> None:
    argv, env = reference_engine()
    with EngineClient([*argv, "--mutant", "every-double-spinner"], env=env) as client:

        def ask(request: Mapping[str, Any]) -> Any:
            [exchange] = list(client.exchange([{**request, "seq": client.next_seq()}]))
            return exchange.reply

        [case] = [c for c in load_cases([fixtures_dir()]) if c.id == "perft.many-doubles.depth-5"]
        request = case.request(0)
        assert ask(request)["result"]["nodes"] != handle({**request, "seq": 0})["result"]["nodes"]
        text = descend(request, ask)
    assert "the engine generates" in text and "branch_" in text


def test_describe_action() -> None:
    assert describe_action("pass") == "pass"
    assert describe_action({"tile": [1, 4]}) == "[1|4] opens"
    assert describe_action(HIDDEN) == "[2|3] on [2|2] linear_b"


def test_run_reports_where_a_perft_failure_is_located() -> None:
    argv, env = reference_engine()
    engine = subprocess.list2cmdline([*argv, "--mutant", "every-double-spinner"])
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--engine", engine, "--cmd", "perft"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    failed = [line for line in lines if line.startswith("FAILED perft.")]
    located = [line for line in lines if line.startswith("  Located:")]
    assert failed and len(located) == len(failed)
    assert any("which the rules do not allow here" in line for line in located)


def test_the_python_api_locates_perft_failures_as_the_command_line_does() -> None:
    from conformance.api import load_suite, run, select

    mutant = [sys.executable, "-m", "reference_impl.adapter", "--mutant", "every-double-spinner"]
    [case] = [c for c in select(load_suite(), cmds=["perft"]) if c.id.endswith("doubles.depth-5")]
    [result] = run(mutant, [case]).results
    assert result.outcome is Outcome.FAILED
    assert "the engine generates" in result.located and "branch_" in result.located
