"""The compiled schema check gives the same verdicts and messages as jsonschema alone."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from conformance.suite import schemas
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.yaml_loader import load_yaml
from reference_impl.adapter import handle

ODD_VALUES: list[Any] = [None, -1, 0, 7, 10**30, "x", "", True, [], {}, [1, [2]], {"k": 1}]


def _mutants(value: Any, rng: random.Random, count: int) -> Iterator[Any]:
    """``count`` copies of ``value``, each with one value somewhere replaced or removed."""
    for _ in range(count):
        out = copy.deepcopy(value)
        node = out
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = rng.choice(keys)
            child = node[key]
            if isinstance(child, dict | list) and child and rng.random() < 0.7:
                node = child
                continue
            if isinstance(node, dict) and rng.random() < 0.2:
                del node[key]
            else:
                node[key] = copy.deepcopy(rng.choice(ODD_VALUES))
            break
        yield out


def _both(check: Callable[[], list[str]], monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    fast = check()
    with monkeypatch.context() as patch:
        patch.setattr(schemas, "_fast_accepts", lambda *args, **kwargs: False)
        slow = check()
    return fast, slow


def test_the_compiled_validator_is_in_use() -> None:
    # Otherwise the comparisons below would compare jsonschema with itself.
    assert schemas._fast("fixture.schema.json")({"title": "t", "cases": []}) is False
    assert schemas._fast_accepts("fixture.schema.json", {"title": "t", "cases": []}) is False
    data = load_yaml((fixtures_dir() / "table" / "scoring.yaml").read_text(encoding="utf-8"))
    assert schemas._fast_accepts("fixture.schema.json", data) is True


def test_fixture_files_same_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(13)
    checked = invalid = 0
    for path in sorted(fixtures_dir().rglob("*.yaml")):
        data = load_yaml(path.read_text(encoding="utf-8"))
        # jsonschema takes tens of milliseconds over an invalid case: a sample will do.
        for case in data["cases"][:3]:
            for mutant in [case, *_mutants(case, rng, 2)]:
                document = {"title": "t", "cases": [mutant]}
                fast, slow = _both(lambda d=document: schemas.check_fixture_file(d), monkeypatch)
                assert fast == slow == schemas.check_fixture_file(document, shallow=True), mutant
                checked += 1
                invalid += bool(slow)
    assert checked > 150 and 0 < invalid < checked


def test_protocol_messages_same_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(14)
    checked = invalid = 0
    for case in load_cases([fixtures_dir()])[::3]:
        request = case.request(1)
        reply = handle(request)
        for mutant in [reply, *_mutants(reply, rng, 2)]:
            fast, slow = _both(lambda c=case.cmd, m=mutant: schemas.check_reply(c, m), monkeypatch)
            assert fast == slow, mutant
            checked += 1
            invalid += bool(slow)
        fast, slow = _both(lambda r=request: schemas.check_request(r), monkeypatch)
        assert fast == slow, request
    assert checked > 200 and 0 < invalid < checked


@pytest.mark.parametrize(
    "instance",
    [
        {"seq": 1, "result": {1: 2}},  # a key that is not a string
        {"seq": 1, "result": float("nan")},
        {"seq": 1, "rejected": {"code": "x" * 10, "index": 2**70}},
        {"seq": 1, "result": [[[[[[[[[[]]]]]]]]]] * 3},
    ],
)
def test_odd_instances_same_messages(instance: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, slow = _both(lambda: schemas.check_reply("table", instance), monkeypatch)
    assert fast == slow and slow


def test_deep_instances_skip_the_compiled_validator() -> None:
    deep: Any = []
    for _ in range(500):
        deep = [deep]
    assert not schemas._shallow(deep)
    assert schemas._fast_accepts("table.result.schema.json", {"seq": 1, "result": deep}) is False
