"""``smoke``: a first conversation with a new adapter, one simple case per command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from conformance.cli.commands import Command
from conformance.cli.commands.common import (
    add_engine_options,
    discard_stdout,
    error,
    resolve_engine,
)
from conformance.engine import cgroups
from conformance.engine.client import EngineClient, EngineStartError
from conformance.reports.sanitize import terminal_text
from conformance.runner.execute import evaluate
from conformance.runner.outcomes import Outcome
from conformance.suite.fixtures import Case
from conformance.suite.protocol import PROTOCOL_VERSION, QUERY_CMDS

__all__ = ["COMMAND", "smoke_cases"]

_TILES = [[a, b] for a in range(7) for b in range(a, 7)]
_DEAL = [_TILES[7 * seat : 7 * seat + 7] for seat in range(4)]
_OPENINGS = [{"tile": t} for t in _DEAL[0]]


def _case(cmd: str, description: str, given: dict[str, Any], expect: dict[str, Any]) -> Case:
    return Case(
        id=f"smoke.{cmd}",
        description=description,
        rules=(),
        source="derived: Posare una tessera",
        cmd=cmd,
        given=given,
        expect=expect,
        expect_rejected=None,
        file="(smoke)",
    )


def smoke_cases() -> list[Case]:
    """One simple case per command, with answers plain from the rules."""
    hand_start = {"events": [], "end": None, "to_move": 0, "scores": [0, 0], "legal": _OPENINGS}
    return [
        _case(
            "table",
            "Opening [1|4] makes an end sum of 5, credited 5.",
            {"plays": [{"tile": [1, 4]}]},
            {"spinner": None, "end_sum": 5, "credits": [5], "credit": 5},
        ),
        _case(
            "legal",
            "After [1|4], [4|6] joins the 4 and [1|2] the 1; [0|0] fits nowhere.",
            {"plays": [{"tile": [1, 4]}], "hand": [[4, 6], [0, 0], [1, 2]]},
            {
                "placements": [
                    {"tile": [4, 6], "on": {"tile": [1, 4], "side": "high"}},
                    {"tile": [1, 2], "on": {"tile": [1, 4], "side": "low"}},
                ]
            },
        ),
        _case(
            "settle",
            "Pips 0, 1, 5, 23 round to 0, 0, 5, 25; teams lose 5 and 25.",
            {"hands": [[], [[0, 1]], [[2, 3]], [[6, 6], [5, 6]]]},
            {"pips": [0, 1, 5, 23], "penalties": [0, 0, 5, 25], "deductions": [5, 25]},
        ),
        _case(
            "hand",
            "Before any action the opener may open with any of their 7 tiles.",
            {"deal": _DEAL, "opener": 0, "actions": []},
            hand_start,
        ),
        _case(
            "game",
            "A game whose first hand has not started yet.",
            {"hands": [{"deal": _DEAL, "opener": 0, "actions": []}]},
            {"hands": [hand_start], "scores": [0, 0], "winner": None},
        ),
        _case(
            "perft",
            "At depth 1 the opener has 7 openings, one leaf each.",
            {"deal": _DEAL, "opener": 0, "depth": 1},
            {"nodes": 7, "divide": [{"action": o, "nodes": 1} for o in _OPENINGS]},
        ),
    ]


def _configure(parser: argparse.ArgumentParser) -> None:
    add_engine_options(parser, required=True)


def _say(text: str = "") -> None:
    # Everything shown may hold what the engine sent: made safe for the terminal.
    print(terminal_text(text))


def _cut(line: str, limit: int = 2000) -> str:
    """A line the engine sent, cut to `limit` characters as its replies are shown."""
    return line if len(line) <= limit else line[:limit] + "..."


def _execute(args: argparse.Namespace) -> int:
    engine = resolve_engine(args)
    if engine is None:
        return 2
    argv, env = engine
    try:
        code = _smoke(argv, env, args.timeout)
        sys.stdout.flush()
    except OSError as exc:  # standard output is a full disk or a closed pipe
        discard_stdout()
        if not isinstance(exc, BrokenPipeError):
            error(f"cannot write to standard output: {exc.strerror or exc}")
        return 2
    return code


def _smoke(argv: list[str], env: Mapping[str, str] | None, timeout: float) -> int:
    client = EngineClient(argv, timeout=timeout, env=env)
    _say(f"> {json.dumps({'cmd': 'start', 'protocol': PROTOCOL_VERSION})}")
    try:
        info = client.start()
    except EngineStartError as exc:
        if exc.reply:
            _say(f"< {_cut(exc.reply)}")
        _say(f"PROBLEM: {exc}")
        return 2
    try:
        _say(f"< {_cut(json.dumps(info.handshake))}")
        _say(f"ok: {info}; implements {', '.join(info.cmds) or 'no command'}")
        missing = [c for c in QUERY_CMDS if c not in info.cmds]
        if missing:
            _say(f"note: not implemented (their cases will be skipped): {', '.join(missing)}")
        if info.skip_features:
            _say(f"note: features not claimed: {', '.join(info.skip_features)}")
        _say(_cgroup_note())
        return _conversation(client, info.cmds)
    finally:
        status = client.close()
        if status not in (0, None):
            _say(f"PROBLEM: after stop the engine exited with status {status}, not 0")


def _cgroup_note() -> str:
    found = cgroups.hierarchy()
    if found is None:
        return (
            "note: no cgroup can be made here: the engine's descendants are ended by its "
            "process group, token and pipes"
        )
    return f"note: the engine runs in a cgroup of its own, in {found.parent} ({found.kind})"


def _conversation(client: EngineClient, cmds: tuple[str, ...]) -> int:
    bad = 0
    for case in smoke_cases():
        if case.cmd not in cmds:
            continue
        _say()
        _say(f"{case.cmd}: {case.description}")
        request = case.request(client.next_seq())
        _say(f"> {json.dumps(request)}")
        exchange = next(client.exchange([request]))
        if exchange.raw is not None:
            raw = exchange.raw.rstrip()
            _say(f"< {_cut(raw)}")
        result = evaluate(case, exchange)
        if result.outcome is Outcome.PASSED:
            _say("ok")
            continue
        bad += 1
        _say(f"PROBLEM ({result.outcome.value}): {result.message}")
        for mismatch in result.mismatches[1:]:
            _say(f"  also {mismatch}")
        if exchange.broken:
            tail = client.stderr_tail().strip()
            if tail:
                _say("engine stderr (tail):\n" + tail)
            _say("the conversation cannot go on after this problem")
            break
    _say()
    _say("smoke: all answers look right" if not bad else f"smoke: {bad} problem(s)")
    return 1 if bad else 0


COMMAND = Command(
    name="smoke",
    help="try a new adapter: handshake and one simple case per command",
    description="For adapter authors: perform the handshake, then send one simple request per "
    "command, printing each request and reply and saying in plain words what is wrong with a "
    "bad one. Exit 0: all good; 1: a problem; 2: the engine does not start.",
    configure=_configure,
    execute=_execute,
)
