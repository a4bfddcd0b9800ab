"""The differential fuzzer: reproducible hands, shards, divergences found, shrunk and saved."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.fuzz import (
    Divergence,
    campaign,
    compare_reply,
    hand_probes,
    oracle,
    save_fixture,
    shard_indices,
    shrink,
    size_of,
)
from conformance.fuzz.fixture import guess_rules, unexplained_fields
from conformance.fuzz.probes import differing_fields
from conformance.runner.execute import reference_engine
from conformance.suite.fixtures import lint, load_cases
from conformance.suite.observable import unobservable
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules


def _mutant(name: str) -> list[str]:
    argv, _ = reference_engine()
    return [*argv, "--mutant", name]


def test_hands_are_reproducible_from_seed_and_index() -> None:
    first = [p.request for p in hand_probes(3, 17)]
    assert first == [p.request for p in hand_probes(3, 17)]
    assert first != [p.request for p in hand_probes(3, 18)]
    assert first != [p.request for p in hand_probes(4, 17)]


def test_probes_cover_whole_hands_prefixes_legal_and_refusals() -> None:
    probes = [p for i in range(40) for p in hand_probes(0, i)]
    cmds = {p.request["cmd"] for p in probes}
    assert cmds == {"hand", "legal", "table", "game"}
    hands = [p for p in probes if p.request["cmd"] == "hand" and "result" in p.expected]
    ended = {p.expected["result"]["end"] for p in hands}
    assert {"domino", "blocked", None} <= ended
    codes = {p.expected["rejected"]["code"] for p in probes if "rejected" in p.expected}
    assert {"not_in_hand", "no_such_end", "must_play"} <= codes


def test_probe_expectations_are_the_reference_adapters_replies() -> None:
    # hand_probes derives its expectations from its own play; they must be exactly what
    # the reference adapter answers to the same requests.
    for index in range(60):
        for probe in hand_probes(9, index):
            assert oracle(probe.request) == probe.expected


def test_fast_path_never_takes_a_boolean_or_float_for_an_integer() -> None:
    expected = {"result": {"credit": 0, "end_sum": 5}}
    as_bool = {"seq": 1, "result": {"credit": False, "end_sum": 5}}
    raw = '{"seq": 1, "result": {"credit": false, "end_sum": 5}}'
    assert compare_reply(expected, as_bool, raw) != []
    as_float = {"seq": 1, "result": {"credit": 0, "end_sum": 5.0}}
    assert compare_reply(expected, as_float, '{"seq":1,"result":{"credit":0,"end_sum":5.0}}')
    exact = '{"seq":1,"result":{"credit":0,"end_sum":5}}'
    assert compare_reply(expected, {"seq": 1, **expected}, exact) == []


def test_shards_split_the_campaign_without_overlap() -> None:
    one, two, three = (list(shard_indices(10, (i, 3))) for i in (1, 2, 3))
    assert sorted(one + two + three) == list(range(30))
    assert list(shard_indices(4)) == [0, 1, 2, 3]
    # A range: a campaign of any length costs nothing to index.
    huge = shard_indices(100_000_000, (2, 3))
    assert len(huge) == 100_000_000 and huge[-1] == 1 + 3 * (100_000_000 - 1)
    with pytest.raises(ValueError, match="1 <= I <= N"):
        shard_indices(4, (3, 2))


def test_compare_reply_reports_each_kind_of_departure() -> None:
    result = {"result": {"end_sum": 5, "open": [1, 2]}}
    assert compare_reply(result, {"seq": 1, "result": {"end_sum": 5, "open": [2, 1]}}) == []
    assert compare_reply(result, {"seq": 1, "result": {"end_sum": 6, "open": [1, 2]}})
    assert compare_reply(result, "no reply within 5 s") != []
    assert compare_reply(result, {"seq": 1, "errored": {"message": "boom"}}) != []
    refusal = {"rejected": {"code": "no_match", "index": 2, "message": "x"}}
    same = {"seq": 1, "rejected": {"code": "no_match", "index": 2, "message": "other words"}}
    assert compare_reply(refusal, same) == []
    assert compare_reply(refusal, {"seq": 1, "rejected": {"code": "no_match", "index": 1}})
    assert compare_reply(refusal, {"seq": 1, "result": {}})
    # Each departure at its field, as the findings are grouped and their rules guessed.
    fields = {
        "end_sum": {"seq": 1, "result": {"end_sum": 6, "open": [1, 2]}},
        "errored": {"seq": 1, "errored": {"message": "boom"}},
        "": "no reply within 5 s",
    }
    for field, reply in fields.items():
        assert differing_fields(compare_reply(result, reply)) == (field,)
    wrong_index = {"seq": 1, "rejected": {"code": "no_match", "index": 1}}
    assert differing_fields(compare_reply(refusal, wrong_index)) == ("rejected.index",)
    assert differing_fields(compare_reply(refusal, {"seq": 1, "result": {}})) == ("result",)


def _divergence(cmd: str, expected: dict[str, Any], actual: Any) -> Divergence:
    request = {"cmd": cmd}
    return Divergence(1, 0, request, expected, actual, tuple(compare_reply(expected, actual)))


def test_the_rules_a_saved_case_cites_come_from_the_fields_that_differ() -> None:
    extra_credit = _divergence(
        "table", {"result": {"credit": 0, "end_sum": 4}}, {"result": {"credit": 5, "end_sum": 4}}
    )
    assert guess_rules(extra_credit) == ["scoring.end-sum"]
    refused = _divergence(
        "hand",
        {"result": {"to_move": 1}},
        {"rejected": {"code": "must_play", "index": 0, "message": ""}},
    )
    assert guess_rules(refused) == ["place.must-play"]  # the engine's own reason
    wrong_code = _divergence(
        "hand",
        {"rejected": {"code": "no_match", "index": 1, "message": ""}},
        {"rejected": {"code": "not_in_hand", "index": 1, "message": ""}},
    )
    assert guess_rules(wrong_code) == ["place.match-open-value"]  # the rules' reason
    # A key no rule decides: no guess, and the saved case says its rule is one to edit.
    odd = _divergence("table", {"result": {"end_sum": 4}}, {"result": {"end_sum": 4, "x": 1}})
    assert (guess_rules(odd), unexplained_fields(odd)) == ([], ["x"])


def test_every_key_of_every_result_has_a_rule_its_command_observes() -> None:
    rules = load_rules()
    for case in load_cases([fixtures_dir()]):
        reply = oracle(case.request(0))
        if "result" not in reply:
            continue
        found = _divergence(case.cmd, reply, {"result": {}})
        cited = guess_rules(found)
        assert unexplained_fields(found) == [], case.id
        assert all(r in rules and not unobservable(case.cmd, [r]) for r in cited), case.id


def test_the_reference_does_not_diverge_from_itself() -> None:
    argv, env = reference_engine()
    report = campaign(argv, hands=150, seed=11, env=env)
    assert report.divergence is None
    assert report.hands == 150
    assert report.requests >= 750  # five per hand, and now and then a game


@pytest.mark.parametrize(
    "mutant",
    [
        "counter-clockwise",
        "remainder-3-down",
        "every-double-spinner",
        "pass-while-able",
        "opener-not-enforced",
    ],
)
def test_a_mutant_is_found_shrunk_saved_and_replayed(mutant: str, tmp_path: Path) -> None:
    argv, env = reference_engine()
    report = campaign(_mutant(mutant), hands=500, seed=1, env=env)
    found = report.divergence
    assert isinstance(found, Divergence), f"{mutant} not found in 500 hands"
    shrunk, asked = shrink(found, _mutant(mutant), env=env)
    assert asked > 0
    assert size_of(shrunk.request) <= size_of(found.request)
    assert compare_reply(shrunk.expected, "unused") != []  # the expectation is a real one
    path = save_fixture(shrunk, tmp_path / "saved")
    assert lint([path.parent]).problems == []
    [case] = load_cases([path.parent], schema_dirs=[path.parent])
    assert case.source == "fuzz"

    def replay(engine: list[str]) -> int:
        done = subprocess.run(
            [sys.executable, "-m", "conformance", "run", "--no-suite", "--fixtures",
             str(path.parent), "--engine", subprocess.list2cmdline(engine)],
            capture_output=True, text=True, env=env, timeout=120,
        )  # fmt: skip
        return done.returncode

    assert replay(_mutant(mutant)) == 1
    assert replay(argv) == 0


def test_shrinking_reaches_the_simplest_request_for_a_rounding_mutant() -> None:
    _, env = reference_engine()
    report = campaign(_mutant("remainder-3-down"), hands=200, seed=1, env=env)
    assert report.divergence is not None
    shrunk, _ = shrink(report.divergence, _mutant("remainder-3-down"), env=env)
    # One tile whose pips leave a remainder of 3 is all it takes.
    assert shrunk.request["cmd"] == "settle"
    assert size_of(shrunk.request) == 1


def _fuzz_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "conformance", "fuzz", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_fuzz_command_exit_codes_and_json(tmp_path: Path) -> None:
    clean = _fuzz_cli("--hands", "100", "--seed", "2", "--jobs", "2", "--format", "json")
    assert clean.returncode == 0, clean.stderr
    summary = json.loads(clean.stdout)
    assert summary["hands"] == 100 and summary["divergence"] is None

    argv = subprocess.list2cmdline(_mutant("partners-pooled"))
    found = _fuzz_cli("--engine", argv, "--hands", "300", "--save", str(tmp_path), "--seed", "2")
    assert found.returncode == 1, found.stderr  # 1: a divergence
    assert list(tmp_path.glob("fuzz-seed-2-hand-*.yaml"))

    assert _fuzz_cli("--shard", "3/2").returncode == 2
    assert _fuzz_cli("--engine", "/no/such/engine").returncode == 2


def test_the_fuzzer_loads_without_the_schema_checks() -> None:
    code = "import sys, conformance.fuzz; print('jsonschema' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr
