"""conformance.strategies: legal requests of every command, and an engine checked with them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, find, given, settings

from conformance import kit
from conformance import strategies as sr

ROOT = Path(__file__).resolve().parents[2]
FEW = settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])


def _example_engine() -> kit.Engine:
    path = ROOT / "kits" / "python" / "example" / "kit_adapter.py"
    spec = importlib.util.spec_from_file_location("kit_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    table, legal = kit.replay_table(module.Table), kit.replay_legal(module.Table)
    return kit.Engine("kit-example", "1.0", table=table, legal=legal, settle=module.settle)


EXAMPLE = _example_engine()


@FEW
@given(sr.requests("table", "legal", "settle"))
def test_the_example_engine_agrees_with_the_reference(request: dict[str, Any]) -> None:
    assert sr.agrees(request, EXAMPLE.handle({"seq": 0, **request}))


@FEW
@given(sr.requests())
def test_every_request_drawn_is_one_the_reference_answers(request: dict[str, Any]) -> None:
    reply = sr.reference(request)
    assert "result" in reply, reply
    if request["cmd"] == "hand":
        # Legal play: the kit's checks pass and no rule refuses an action.
        assert kit.check_arguments("hand", {k: v for k, v in request.items() if k != "cmd"})


def _wrong_settle(request: dict[str, Any]) -> dict[str, Any]:
    # Rounds every remainder down: 3 and 4 pips count 0 instead of 5.
    pips = [sum(a + b for a, b in held) for held in request["hands"]]
    penalties = [5 * (p // 5) for p in pips]
    deductions = [penalties[0] + penalties[2], penalties[1] + penalties[3]]
    return {"seq": 0, "result": {"pips": pips, "penalties": penalties, "deductions": deductions}}


def test_a_wrong_engine_shrinks_to_one_tile() -> None:
    found = find(
        sr.requests("settle"),
        lambda request: not sr.agrees(request, _wrong_settle(request)),
        settings=settings(max_examples=500, database=None, derandomize=True),
    )
    # The smallest disagreement: one tile whose pips leave 3 or 4 over a multiple of 5.
    [tile] = [tile for held in found["hands"] for tile in held]
    assert sum(tile) % 5 in (3, 4)


def test_without_hypothesis_the_import_says_what_to_install() -> None:
    code = "import sys; sys.modules['hypothesis'] = None; import conformance.strategies"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "needs Hypothesis: python -m pip install hypothesis" in (
        done.stderr
    )
