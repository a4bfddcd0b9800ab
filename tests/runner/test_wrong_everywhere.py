"""An engine wrong the same way in every answer never passes, whatever key it is wrong in.

Each mode of tests/engines/wrong_everywhere.py rewrites every reply of the reference in
one key that no case needs to state (an opening's ``on``, a pass's credit...). `run`
fails exactly the cases whose answer the rewrite changes and exits 1; `conformance.api`,
the pytest plugin, `compare` and `fuzz` give the same verdicts; `conformance.strategies.agrees`
refuses every such answer.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conformance import api
from conformance import strategies as sr
from conformance.suite.fixtures import Case
from reference_impl.adapter import handle
from tests.support.cli import ROOT, cli, env

ENGINE = ROOT / "tests" / "engines" / "wrong_everywhere.py"


@cache
def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wrong_everywhere", ENGINE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MODES = sorted(_module().REWRITES)


def _engine(mode: str) -> str:
    return shlex.join([sys.executable, str(ENGINE), mode])


@cache
def _suite() -> tuple[Case, ...]:
    return tuple(api.load_suite())


def _changed(mode: str) -> set[str]:
    """The ids of the suite's cases whose reference answer ``mode`` rewrites."""
    out = set()
    for case in _suite():
        reply = handle(case.request(0))
        if _module().rewritten(mode, copy.deepcopy(reply)) != reply:
            out.add(case.id)
    return out


def test_every_mode_is_listed() -> None:
    assert MODES == [
        "continuation-without-on",
        "event-foreign-key",
        "opening-on",
        "opening-on-null",
        "pass-credits",
        "placement-extra-key",
    ]


@pytest.mark.parametrize("mode", MODES)
def test_run_fails_exactly_the_answers_the_engine_gets_wrong(mode: str) -> None:
    changed = _changed(mode)
    assert changed, f"{mode} changes no answer of the suite: the test would prove nothing"
    done = cli("run", "--engine", _engine(mode), "--format", "json", timeout=300)
    assert done.returncode == 1, done.stderr
    outcomes = {case["id"]: case["outcome"] for case in json.loads(done.stdout)["cases"]}
    assert {i for i, outcome in outcomes.items() if outcome != "passed"} == changed
    assert {outcomes[i] for i in changed} == {"failed"}


def test_the_api_gives_the_same_verdicts() -> None:
    changed = _changed("opening-on")
    cases = [c for c in _suite() if c.cmd == "legal"]
    result = api.run(_engine("opening-on"), cases)
    failed = {r.case.id for r in result.results if r.outcome.value == "failed"}
    assert failed == {c.id for c in cases} & changed != set()
    assert result.exit_code() == 1


def test_the_pytest_plugin_gives_the_same_verdicts(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    hand = {c.id for c in _suite() if c.cmd == "hand"} & _changed("pass-credits")
    engine = ["--seven-rocks-engine", _engine("pass-credits")]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "-q", "-rf", "-m", "hand", *engine],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=env(),
        check=False,
    )
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    failed = {line.split()[1] for line in done.stdout.splitlines() if line.startswith("FAILED ")}
    assert failed == hand != set()


def test_compare_gives_the_same_verdicts() -> None:
    done = cli(
        "compare", "--reference", "--engine", _engine("opening-on-null"), "--cmd", "legal",
        "--format", "json", timeout=300,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    found = {case["id"]: case["outcomes"] for case in json.loads(done.stdout)["cases"]}
    changed = {c.id for c in _suite() if c.cmd == "legal"} & _changed("opening-on-null")
    assert changed and set(found) == changed
    assert all(outcomes == ["passed", "failed"] for outcomes in found.values())


def test_fuzz_finds_the_same_wrongness() -> None:
    done = cli(
        "fuzz", "--hands", "100", "--seed", "3", "--engine", _engine("pass-credits"),
        "--format", "json",
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    [finding] = json.loads(done.stdout)["findings"]
    assert (finding["cmd"], finding["fields"]) == ("hand", ["events"])
    passes = [e for e in finding["actual"]["result"]["events"] if e["action"] == "pass"]
    assert passes and all(e["credit"] == 25 for e in passes)


@pytest.mark.parametrize("mode", MODES)
def test_agrees_refuses_every_answer_the_engine_gets_wrong(mode: str) -> None:
    changed = _changed(mode)
    for case in _suite():
        if case.id not in changed:
            continue
        request: dict[str, Any] = {"cmd": case.cmd, **case.given}
        # A copy: the reference's reply may share its actions with the request.
        reply = _module().rewritten(mode, copy.deepcopy(handle({"seq": 0, **request})))
        assert not sr.agrees(request, reply), case.id
        assert sr.agrees(request, handle({"seq": 0, **request})), case.id
