"""The shrinker's choice sequences: every request it tries is made from one, by playing
the rules, and every request a campaign makes has one."""

from __future__ import annotations

import random

import pytest

from conformance.fuzz import FuzzEngine, Shrinker, campaign, hand_probes, oracle
from conformance.fuzz.choices import draws_of
from conformance.fuzz.draws import make
from conformance.runner.execute import reference_engine
from conformance.suite.messages import Rejection, expected_of

COMMANDS = ("hand", "table", "legal", "settle", "game")


def _random_choices(rng: random.Random) -> list[int]:
    """Choices of every size: mostly small (flags, short lists), some large (capped)."""
    return [
        rng.randrange(3) if rng.random() < 0.4 else rng.randrange(40)
        for _ in range(rng.randrange(200))
    ]


def test_every_request_of_a_campaign_has_the_choices_that_make_it() -> None:
    for index in range(120):
        for probe in hand_probes(7, index, views=True):
            choices = draws_of(probe.request)
            assert choices is not None, probe.request
            made, taken = make(str(probe.request["cmd"]), choices)
            assert made == probe.request
            assert taken == choices


@pytest.mark.parametrize("cmd", COMMANDS)
def test_any_choices_make_a_request_whose_choices_make_it_again(cmd: str) -> None:
    rng = random.Random(cmd)
    for _ in range(150):
        request, _ = make(cmd, _random_choices(rng))
        assert request["cmd"] == cmd
        again = draws_of(request)
        assert again is not None, request
        assert make(cmd, again)[0] == request


@pytest.mark.parametrize("cmd", ["table", "legal", "settle", "hand"])
def test_what_is_not_drawn_to_be_refused_is_answered(cmd: str) -> None:
    """Legal by construction: the rules accept what the generators play. A `hand`
    request may end with one action drawn to be refused, and is refused at no other."""
    rng = random.Random(f"answered/{cmd}")
    refused = 0
    for _ in range(200):
        request, _ = make(cmd, _random_choices(rng))
        expected = expected_of(oracle(request))
        if isinstance(expected, Rejection):
            assert cmd == "hand", (request, expected)
            assert expected.index == len(request["actions"]) - 1, (request, expected)
            refused += 1
    if cmd == "hand":
        assert refused > 0  # the drawn last action is refused now and then


def test_choices_that_do_not_fit_make_no_request() -> None:
    illegal = {
        "cmd": "table",
        "plays": [{"tile": [0, 1]}, {"tile": [5, 6], "on": {"tile": [0, 1], "side": "high"}}],
    }
    assert draws_of(illegal) is None
    assert draws_of({"cmd": "table", "plays": "none"}) is None
    assert draws_of({"cmd": "perft", "deal": []}) is None


def test_the_shrinker_asks_only_what_a_generator_makes() -> None:
    argv, env = reference_engine()
    mutant = [*argv, "--mutant", "spinner-one-branch"]
    report = campaign(mutant, hands=200, seed=1, env=env)
    found = report.divergence
    assert found is not None
    engine = FuzzEngine(mutant, 5.0, env)
    asked: list[dict[str, object]] = []
    ask = engine.ask

    def spy(requests: list[dict[str, object]]) -> list[tuple[object, str | None]]:
        asked.extend(requests)
        return ask(requests)

    engine.ask = spy  # type: ignore[method-assign]
    try:
        shrunk = Shrinker(engine).shrink(found)
    finally:
        engine.close()
    assert len(asked) > 10
    for request in asked:
        choices = draws_of(dict(request))
        assert choices is not None, request
        assert make(str(request["cmd"]), choices)[0] == request
    assert len(shrunk.request.get("plays", ())) <= len(found.request.get("actions", ()))
