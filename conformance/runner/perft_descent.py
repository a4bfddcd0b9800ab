"""Locate a perft mismatch: descend the divide breakdowns of the engine and the reference.

When an engine's perft count departs from the expected one, the count alone says little.
Starting from the case's position, the engine's and the reference's ``divide`` are
compared action by action; the first action whose subtree counts differ is played and
the comparison repeats one level down, until the first position and action where the
move generators part is found: an action one side generates and the other does not,
or a leaf that ends differently.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from conformance.engine.client import EngineClient, EngineStartError
from conformance.runner.compare import render
from conformance.runner.outcomes import CaseResult, Outcome
from conformance.suite.messages import result_of
from reference_impl.adapter import handle

__all__ = ["descend", "describe_action", "locate_perft_failures"]

Ask = Callable[[Mapping[str, Any]], Any]
"""Send one request to the engine under test; return its decoded reply (or a problem)."""

_MAX_LEVELS = 64


def describe_action(action: Any) -> str:
    """An action in the rules' words: ``[1|2] on [1|4] low``, ``[1|4] opens``, ``pass``."""
    if action == "pass":
        return "pass"
    try:
        low, high = action["tile"]
        text = f"[{low}|{high}]"
        on = action.get("on")
        if on is None:
            return f"{text} opens"
        on_low, on_high = on["tile"]
        return f"{text} on [{on_low}|{on_high}] {on['side']}"
    except (TypeError, KeyError, ValueError):
        return json.dumps(action)


def _show(value: Any) -> str:
    """An engine's value, cut short; never fails, however deep it nests."""
    try:
        return render(value, 300)
    except RecursionError:
        return "(a value nested too deep to show)"


def _key(action: Any) -> str:
    try:
        return json.dumps(action, sort_keys=True)
    except (TypeError, ValueError, RecursionError):  # absurd nesting from an engine
        return repr(action)


def _reference(request: Mapping[str, Any]) -> Mapping[str, Any] | None:
    return result_of(handle({**request, "seq": 0}))


def _split(result: Any) -> dict[str, tuple[Any, Any]] | None:
    """``{canonical action: (action, nodes)}`` from a perft result, or None if malformed."""
    if not isinstance(result, Mapping) or not isinstance(result.get("divide"), list):
        return None
    out: dict[str, tuple[Any, Any]] = {}
    for entry in result["divide"]:
        if not isinstance(entry, dict) or "action" not in entry:
            return None
        out[_key(entry["action"])] = (entry["action"], entry.get("nodes"))
    return out


def descend(request: Mapping[str, Any], ask: Ask) -> str:
    """Explain where the engine's perft counts first depart from the reference's."""
    current = {k: v for k, v in request.items() if k != "seq"}
    path: list[str] = []
    for _ in range(_MAX_LEVELS):
        where = "at the start position" if not path else "after " + ", ".join(path)
        depth = current.get("depth")
        if type(depth) is not int or depth < 0:
            return f"{where}: the request has no depth to descend from"
        expected = _reference(current)
        if expected is None:
            return f"{where}: the reference refuses this position, so there is nothing to compare"
        reply = ask({**current, "cmd": "perft"})
        actual = result_of(reply)
        if actual is None:
            return f"{where} (depth {depth}): the engine gave no perft result: {_show(reply)}"
        want, got = _split(expected), _split(actual)
        if want is None or got is None:
            return f"{where} (depth {depth}): the engine's divide is malformed: {_show(actual)}"
        for key, (action, nodes) in want.items():
            if key not in got:
                return (
                    f"{where}: the engine does not generate {describe_action(action)}, "
                    f"a legal action ({nodes} node(s) below it at depth {depth})"
                )
        for key, (action, _) in got.items():
            if key not in want:
                return (
                    f"{where}: the engine generates {describe_action(action)}, "
                    "which the rules do not allow here"
                )
        parted = [(a, n, got[k][1]) for k, (a, n) in want.items() if got[k][1] != n]
        if not parted:
            return (
                f"{where} (depth {depth}): every action's count agrees but the engine's "
                f"total is {_show(actual.get('nodes'))}, expected {expected['nodes']}"
            )
        action, nodes, engine_nodes = parted[0]
        path.append(describe_action(action))
        if depth <= 1 or (nodes == 1 and engine_nodes != 1):
            return (
                f"after {', '.join(path)}: the engine counts {_show(engine_nodes)} node(s) below, "
                f"the reference {nodes} (the hand ends differently here, or not at all)"
            )
        current = {
            **current,
            "actions": [*current.get("actions", []), action],
            "depth": depth - 1,
        }
    return "the counts part deeper than the descent goes"


def locate_perft_failures(
    results: Sequence[CaseResult],
    argv: Sequence[str],
    env: Mapping[str, str] | None,
    timeout: float,
) -> list[CaseResult]:
    """The results, each failed perft case with `located` filled in by a descent.

    The descent talks to a fresh engine of its own; if that engine cannot start, the
    results say so instead of a location.
    """
    # Only a count can be descended: a case expecting a refusal has no divide to compare.
    failed = [
        r
        for r in results
        if r.outcome is Outcome.FAILED and r.case.cmd == "perft" and r.case.expect is not None
    ]
    if not failed:
        return list(results)
    located: dict[int, str] = {}
    try:
        # Entering the client performs the handshake, once: an engine may refuse a second.
        with EngineClient(argv, timeout=timeout, env=env) as client:

            def ask(request: Mapping[str, Any]) -> Any:
                [exchange] = list(client.exchange([{**request, "seq": client.next_seq()}]))
                return exchange.reply if exchange.failure is None else str(exchange.failure)

            for result in failed:
                located[id(result)] = descend(result.case.request(0), ask)
    except EngineStartError as exc:
        return [
            replace(r, located=f"not located: {exc.reason}") if r in failed else r for r in results
        ]
    return [replace(r, located=located[id(r)]) if id(r) in located else r for r in results]
