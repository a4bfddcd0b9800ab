"""Requests encoded ahead and replies taken as prepared: the same verdicts, for engines
that write JSON as the reference adapter does and for those that do not."""

from __future__ import annotations

import json
import sys
import textwrap
from typing import Any

from conformance.engine.reference import reference_engine
from conformance.fuzz import FuzzEngine, Probe, campaign, hand_probes
from conformance.fuzz.engine import _MISSES, prepare

_SPACED = textwrap.dedent(
    """
    # The reference engine, its replies written with spaces: equal in meaning only.
    import json, sys
    from reference_impl.adapter import ENGINE, handle
    from reference_impl.commands import COMMANDS
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "stop":
            break
        if request.get("cmd") == "start":
            reply = {"ready": True, "protocol": 1, "engine": ENGINE, "cmds": list(COMMANDS)}
        else:
            reply = handle(request)
        print(json.dumps(reply), flush=True)
    """
)


def _numbered(probes: list[Probe]) -> list[dict[str, Any]]:
    """The expected replies with the seq the engine gives the requests, from 1."""
    return [{"seq": number, **probe.expected} for number, probe in enumerate(probes, 1)]


def test_prepared_requests_are_the_requests_with_their_seq() -> None:
    for probe in hand_probes(3, 5):
        prepared = prepare(probe.request, probe.expected)
        line = prepared.head + b'"seq":12}'
        assert json.loads(line) == {**probe.request, "seq": 12}
        assert prepared.tail is not None
        assert json.loads(b'{"seq":12,' + prepared.tail) == {"seq": 12, **probe.expected}


def test_the_reference_adapters_replies_arrive_as_prepared() -> None:
    argv, env = reference_engine()
    engine = FuzzEngine(argv, 5.0, env)
    try:
        probes = [probe for index in range(20) for probe in hand_probes(0, index)]
        replies = list(engine.stream([prepare(p.request, p.expected) for p in probes]))
    finally:
        engine.close()
    assert [reply for reply, _ in replies] == _numbered(probes)
    assert engine.undecoded == len(probes)


def test_replies_written_otherwise_are_decoded_and_judged_alike() -> None:
    argv, env = reference_engine()
    spaced = [sys.executable, "-c", _SPACED]
    report = campaign(spaced, hands=40, seed=1, env=env)
    reference = campaign(argv, hands=40, seed=1, env=env)
    assert report.divergence is None and reference.divergence is None
    assert report.requests == reference.requests
    engine = FuzzEngine(spaced, 5.0, env)
    try:
        probes = [probe for index in range(40) for probe in hand_probes(0, index)]
        replies = list(engine.stream([prepare(p.request, p.expected) for p in probes]))
        assert [reply for reply, _ in replies] == _numbered(probes)
        # Never taken as prepared, and no longer offered once it is plain they differ.
        assert engine.undecoded == 0
        assert len(probes) > _MISSES and not engine.writes_like_reference
    finally:
        engine.close()


def test_a_campaign_keeps_the_same_divergences_whatever_the_jobs() -> None:
    # The engines race each other; the divergences kept (the lowest hands of each
    # signature) do not depend on which engine reported first.
    argv, env = reference_engine()
    mutant = [*argv, "--mutant", "every-double-spinner"]
    runs = [
        campaign(mutant, hands=150, seed=4, jobs=jobs, env=env, keep_going=True)
        for jobs in (1, 2, 2)
    ]
    kept = [[(d.index, d.request) for d in report.divergences] for report in runs]
    assert kept[0] and kept[0] == kept[1] == kept[2]
    assert runs[0].counts == runs[1].counts == runs[2].counts
