"""The shared core of the fake engines: a tiny engine that answers the runner's own test
fixtures (tests/data/fixtures) correctly. Each fake engine changes one thing about it."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

CMDS = ["table", "legal", "settle", "hand", "game", "perft"]

# transform(n, request, reply) -> the reply to send: a dict, a raw line (str), or None to
# send nothing; n counts the query requests of this process from 1.
Transform = Callable[[int, dict[str, Any], dict[str, Any]], "dict[str, Any] | str | None"]


def _tile_ok(tile: Any) -> bool:
    return (
        isinstance(tile, list)
        and len(tile) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in tile)
        and 0 <= tile[0] <= tile[1] <= 6
    )


def _round5(pips: int) -> int:
    return (pips + 2) // 5 * 5


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The correct reply (without seq) to the few requests of the test fixtures."""
    cmd = request.get("cmd")
    if cmd == "table":
        plays = request.get("plays", [])
        for i, play in enumerate(plays):
            if not _tile_ok(play.get("tile")):
                return {"rejected": {"code": "bad_request", "index": i, "message": "bad tile"}}
        if not plays:
            return {
                "result": {
                    "spinner": None,
                    "open": [],
                    "counted": [],
                    "end_sum": 0,
                    "credits": [],
                    "credit": None,
                }
            }
        a, b = plays[0]["tile"]
        total = a + b
        credit = total if total % 5 == 0 else 0
        return {
            "result": {
                "spinner": [a, b] if a == b else None,
                "open": [],
                "counted": [],
                "end_sum": total,
                "credits": [credit],
                "credit": credit,
            }
        }
    if cmd == "settle":
        pips = [sum(a + b for a, b in hand) for hand in request["hands"]]
        penalties = [_round5(p) for p in pips]
        return {
            "result": {
                "pips": pips,
                "penalties": penalties,
                "deductions": [penalties[0] + penalties[2], penalties[1] + penalties[3]],
            }
        }
    if cmd == "perft" and request.get("depth") == 0:
        return {"result": {"nodes": 1, "divide": []}}
    return {"errored": {"message": f"the fake engine cannot answer {cmd!r}"}}


def serve(
    transform: Transform | None = None,
    *,
    cmds: list[str] | None = None,
    skip_handshake: bool = False,
    skip_features: list[str] | None = None,
) -> None:
    """Speak protocol 1 on stdin/stdout until stop or end of input."""
    stdin, stdout = sys.stdin, sys.stdout
    if skip_handshake:
        _loop(transform)
        return
    first = stdin.readline()
    if not first:
        return
    handshake = {
        "ready": True,
        "protocol": 1,
        "engine": {"name": "fake", "version": "0", "language": "python"},
        "cmds": CMDS if cmds is None else cmds,
    }
    if skip_features is not None:
        handshake["skip_features"] = skip_features
    stdout.write(json.dumps(handshake) + "\n")
    stdout.flush()
    _loop(transform)


def _loop(transform: Transform | None) -> None:
    stdin, stdout = sys.stdin, sys.stdout
    n = 0
    for line in stdin:
        request = json.loads(line)
        if request.get("cmd") == "stop":
            break
        n += 1
        reply: dict[str, Any] | str | None = {"seq": request.get("seq"), **answer(request)}
        if transform is not None:
            reply = transform(n, request, reply)  # type: ignore[arg-type]
        if reply is None:
            continue
        text = reply if isinstance(reply, str) else json.dumps(reply)
        stdout.write(text + "\n")
        stdout.flush()


def engine_cgroups() -> list[str]:
    """The folders of the cgroups the runner made for this engine: the lines of
    /proc/self/cgroup naming one, each found under its hierarchy's mount (from
    /proc/self/mountinfo)."""
    with open("/proc/self/mountinfo") as f:
        mounts = [(left.split(), right.split()) for left, _, right in
                  (line.partition(" - ") for line in f)]  # fmt: skip
    found = []
    with open("/proc/self/cgroup") as f:
        for line in f:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            if "/seven-rocks-" not in path:
                continue
            for mine, theirs in mounts:
                fits = controllers in theirs[2].split(",") if controllers else True
                if theirs[0] == ("cgroup" if controllers else "cgroup2") and fits:
                    found.append(os.path.join(mine[4], os.path.relpath(path, mine[3])))
                    break
    return found
