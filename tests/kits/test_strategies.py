"""conformance.strategies: legal requests of every command, and an engine checked with them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings

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


def test_assert_agrees_names_each_field_that_differs() -> None:
    request = {"cmd": "settle", "hands": [[[1, 2]], [[0, 3]], [], [[6, 6]]]}
    sr.assert_agrees(request, sr.reference(request))  # agrees: nothing raised
    wrong = _wrong_settle(request)
    with pytest.raises(AssertionError) as raised:
        sr.assert_agrees(request, wrong)
    text = str(raised.value)
    # The two wrong fields, by their path in the reply; the right ones not at all.
    assert "result.penalties[0]" in text and "result.penalties[1]" in text
    assert "result.deductions" in text
    assert "result.pips" not in text and "penalties[3]" not in text


def test_a_refusal_agrees_by_code_and_index_not_by_message() -> None:
    request = {"cmd": "settle", "hands": [[[1, 2]], [[1, 2]], [], []]}
    reply = {"seq": 0, "rejected": {"code": "bad_request", "index": None, "message": "mine"}}
    assert sr.agrees(request, reply)
    sr.assert_agrees(request, reply)
    wrong = {"seq": 0, "rejected": {"code": "no_match", "index": None, "message": "mine"}}
    assert not sr.agrees(request, wrong)
    with pytest.raises(AssertionError, match=r"rejected\.code"):
        sr.assert_agrees(request, wrong)


@FEW
@given(sr.refusals())
def test_every_refusal_drawn_is_one_the_reference_refuses(request: dict[str, Any]) -> None:
    assert "rejected" in sr.reference(request)


@pytest.mark.parametrize(
    ("cmd", "code"),
    [
        ("table", "no_such_end"),
        ("legal", "bad_request"),
        ("settle", "bad_request"),
        ("hand", "must_play"),
        ("hand", "not_in_hand"),
        ("hand", "hand_over"),
        ("perft", "must_play"),
        ("game", "bad_request"),
    ],
)
def test_refusals_break_rules_not_only_the_form(cmd: str, code: str) -> None:
    found = find(
        sr.refusals(cmd),
        lambda request: sr.reference(request)["rejected"]["code"] == code,
        # Only the generate phase: find() otherwise shrinks what it found, which is
        # most of the time and tells nothing here.
        settings=settings(
            max_examples=300, database=None, derandomize=True, phases=(Phase.generate,)
        ),
    )
    assert found["cmd"] == cmd


@FEW
@given(sr.refusals("table", "legal", "settle"))
def test_the_example_engine_refuses_as_the_reference_does(request: dict[str, Any]) -> None:
    sr.assert_agrees(request, EXAMPLE.handle({"seq": 0, **request}))


def test_without_hypothesis_the_import_says_what_to_install() -> None:
    code = "import sys; sys.modules['hypothesis'] = None; import conformance.strategies"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "needs Hypothesis: python -m pip install hypothesis" in (
        done.stderr
    )
