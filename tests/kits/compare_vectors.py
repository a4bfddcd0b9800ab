"""Test vectors for the kits' comparison: a case of the suite file, a reply, and whether
the reply passes, by the file's own ``comparison`` contract.

Each case of the suite is answered by the reference engine (a pass); each answer is then
changed one way whose verdict the contract fixes: a stated key left out, a scalar of
another JSON type, an extra key in an object the case states whole, an ordered array
reversed (fails); an array the case lists as unordered reversed, a key the case leaves
out added to a result object it lists as partial, a rejection with another message
(passes).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from reference_impl.adapter import handle

__all__ = ["vectors", "write_vectors"]

SUITE = Path(__file__).resolve().parents[2] / "kits" / "seven-rocks-suite.json"


def _at(value: Any, pointer: str) -> Any:
    for token in pointer.split("/")[1:]:
        key = token.replace("~1", "/").replace("~0", "~")
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def _objects(value: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(value, dict):
        yield pointer, value
        for key, inner in value.items():
            yield from _objects(inner, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _objects(inner, f"{pointer}/{i}")


def _changed(case: dict[str, Any], reply: dict[str, Any]) -> Iterator[tuple[str, Any, bool]]:
    [(kind, expected)] = case["expect"].items()
    if kind == "rejected":
        yield "another message", {**reply, "rejected": {**reply["rejected"], "message": "x"}}, True
        other = "no_match" if expected["code"] != "no_match" else "must_play"
        wrong = {**reply["rejected"], "code": other}
        yield "another code", {**reply, "rejected": wrong}, False
        if "index" in expected:
            gone = {k: v for k, v in reply["rejected"].items() if k != "index"}
            yield "no index", {**reply, "rejected": gone}, False
        yield "a result instead", {"seq": 1, "result": {}}, False
        return
    body = reply["result"]
    for key in expected:
        yield f"no {key}", {**reply, "result": {k: v for k, v in body.items() if k != key}}, False
    for pointer, obj in _objects(expected):
        if pointer in case["partial"]:
            changed = copy.deepcopy(body)
            _at(changed, pointer)["x-unstated"] = 1
            yield f"an extra key at {pointer or '/'} (partial)", {**reply, "result": changed}, True
        elif obj:
            changed = copy.deepcopy(body)
            _at(changed, pointer)["x-extra"] = 1
            yield f"an extra key at {pointer}", {**reply, "result": changed}, False
    for key, value in expected.items():
        if type(value) is int and not isinstance(value, bool):
            changed = {**body, key: float(value)}
            yield f"{key} as a float", {**reply, "result": changed}, False
        if isinstance(value, list) and len(value) > 1:
            pointer = f"/{key}"
            if pointer in case["unordered"]:
                flipped = {**body, key: list(reversed(body[key]))}
                yield f"{key} reversed (unordered)", {**reply, "result": flipped}, True
            elif value != list(reversed(value)):
                flipped = {**body, key: list(reversed(body[key]))}
                yield f"{key} reversed (ordered)", {**reply, "result": flipped}, False


def vectors() -> list[dict[str, Any]]:
    """Every vector: ``case`` (its id), ``what`` was changed, ``reply``, ``passes``."""
    suite = json.loads(SUITE.read_text(encoding="utf-8"))
    out = []
    for case in suite["cases"]:
        reply = handle({**case["request"], "seq": 1})
        out.append({"case": case["id"], "what": "the reference's reply", "reply": reply,
                    "passes": True})  # fmt: skip
        for what, changed, passes in _changed(case, reply):
            out.append({"case": case["id"], "what": what, "reply": changed, "passes": passes})
    return out


def write_vectors(path: Path) -> int:
    """Write the vectors as JSON to ``path``; how many."""
    found = vectors()
    path.write_text(json.dumps(found), encoding="utf-8")
    return len(found)
