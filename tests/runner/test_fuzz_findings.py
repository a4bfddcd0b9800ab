"""The fuzz command end to end: findings clustered, caused, saved, replayed; known ones
left out; engines that list few commands; places that cannot be written."""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from conformance.fuzz import ProgressLine, Tally, compare_reply
from conformance.fuzz.probes import differing_fields
from conformance.runner.execute import reference_engine
from tests.support.cli import ROOT, cli

_TWO = ("--mutant", "remainder-3-down", "--mutant", "counter-clockwise")


def fake(name: str, *extra: str) -> str:
    """A fake engine's --engine command, by a path relative to the checkout.

    Relative, because the tests of the runner's fake engines check (by absolute path)
    that none of theirs outlives a run, and they may run alongside these.
    """
    return shlex.join([sys.executable, f"tests/fake_engines/{name}.py", *extra])


def _fuzz(*args: str) -> subprocess.CompletedProcess[str]:
    return cli("fuzz", *args, timeout=300, cwd=ROOT)


def _json(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def _replay(directory: Path, engine: str) -> subprocess.CompletedProcess[str]:
    argv = ("run", "--no-suite", "--fixtures", str(directory), "--engine", engine)
    return cli(*argv, timeout=120, cwd=ROOT)


def test_two_misreadings_give_one_fixture_each(tmp_path: Path) -> None:
    saved = tmp_path / "found"
    engine = fake("mutant_mix", *_TWO)
    done = _fuzz("--engine", engine, "--hands", "200", "--keep-going", "--save", str(saved),
                 "--format", "json")  # fmt: skip
    assert done.returncode == 1, done.stderr
    findings = _json(done)["findings"]
    assert sorted(f["mutants"] for f in findings) == [["counter-clockwise"], ["remainder-3-down"]]
    assert all(f["count"] >= 1 for f in findings)
    files = sorted(saved.glob("*.yaml"))
    assert len(files) == 2
    reference = shlex.join(reference_engine()[0])
    for path in files:
        one = tmp_path / path.stem
        one.mkdir()
        (one / path.name).write_text(path.read_text())
        case = yaml.safe_load(path.read_text())["cases"][0]
        assert case["source"] == "fuzz"
        assert "reproduced by mutant" in case["description"]
        assert _replay(one, engine).returncode == 1
        assert _replay(one, reference).returncode == 0
    texts = {p.read_text() for p in files}
    assert any("settle.round-each-player" in t for t in texts)
    assert any("turn.clockwise" in t for t in texts)


def test_expect_fail_leaves_out_what_it_explains(tmp_path: Path) -> None:
    engine = fake("mutant_mix", *_TWO)
    by_mutant = tmp_path / "mutant.txt"
    by_mutant.write_text("mutant:counter-clockwise  # a declared variant\n")
    done = _fuzz("--engine", engine, "--hands", "200", "--keep-going", "--format", "json",
                 "--expect-fail", str(by_mutant))  # fmt: skip
    assert done.returncode == 1
    data = _json(done)
    assert [f["mutants"] for f in data["findings"]] == [["remainder-3-down"]]
    assert data["ignored"] > 0

    by_rule = tmp_path / "rules.txt"
    by_rule.write_text("rule:settle.round-each-player\nrule:turn.clockwise\n")
    done = _fuzz("--engine", engine, "--hands", "100", "--keep-going", "--format", "json",
                 "--expect-fail", str(by_rule))  # fmt: skip
    assert done.returncode == 0, done.stdout
    assert _json(done)["findings"] == []


def test_only_listed_commands_are_asked() -> None:
    minimal = shlex.join([sys.executable, "examples/minimal_adapter.py"])
    done = _fuzz("--engine", minimal, "--hands", "200", "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr  # 0: no divergence
    assert _json(done)["findings"] == []
    # A table/legal-only engine with a wrong spinner rule is still caught, through them.
    spinner = fake("mutant_mix", "--mutant", "every-double-spinner", "--cmds", "table,legal")
    done = _fuzz("--engine", spinner, "--hands", "300", "--format", "json")
    assert done.returncode == 1
    finding = _json(done)["divergence"]
    assert finding["cmd"] in ("table", "legal")
    assert "every-double-spinner" in finding["mutants"]


def test_skipped_replies_are_not_divergences() -> None:
    declining = fake("mutant_mix", "--skip", "hand,game")
    done = _fuzz("--engine", declining, "--hands", "60", "--format", "json")
    assert done.returncode == 0, done.stdout
    assert _json(done)["skipped"] > 0


def test_save_never_overwrites_and_negative_seeds_make_valid_ids(tmp_path: Path) -> None:
    engine = fake("mutant_mix", "--mutant", "remainder-3-down")
    for _ in range(2):
        done = _fuzz("--engine", engine, "--hands", "50", "--seed", "-1", "--save", str(tmp_path))
        assert done.returncode == 1, done.stderr
    files = sorted(tmp_path.glob("*.yaml"))
    assert len(files) == 2
    ids = [yaml.safe_load(p.read_text())["cases"][0]["id"] for p in files]
    assert len(set(ids)) == 2 and all("seed-n1" in i for i in ids)
    replay = _replay(tmp_path, engine)
    assert replay.returncode == 1, replay.stderr  # both load and fail, as they should


def test_unwritable_save_places_are_one_line_errors(tmp_path: Path) -> None:
    engine = fake("mutant_mix", "--mutant", "remainder-3-down")
    a_file = tmp_path / "file.txt"
    a_file.write_text("not a directory")
    for place in (a_file, Path("/proc/x"), a_file / "below", Path("/proc/x/y")):
        done = _fuzz("--engine", engine, "--hands", "50", "--save", str(place))
        assert done.returncode == 2, (place, done.stderr)
        assert "DIVERGENCE" in done.stdout  # what was found is still shown
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert str(place) in done.stderr and "Traceback" not in done.stderr
    assert a_file.read_text() == "not a directory"


def test_piped_output_has_no_progress_and_messages_are_json() -> None:
    done = _fuzz("--hands", "100", "--jobs", "2")
    assert done.returncode == 0 and done.stderr == ""
    [problem] = compare_reply({"result": {}}, "no reply within 5 s")
    assert problem.path == "" and '"no reply within 5 s"' in problem.message
    refused = compare_reply(
        {"rejected": {"code": "no_match", "index": 0}},
        {"rejected": {"code": None, "index": True}},
    )
    assert [m.path for m in refused] == ["rejected.code", "rejected.index"]
    assert differing_fields(refused) == ("rejected.code", "rejected.index")
    # By JSON type, as every comparison of the suite: false is not the index 0.
    [index] = compare_reply(
        {"rejected": {"code": "no_match", "index": 0}},
        {"rejected": {"code": "no_match", "index": False, "message": ""}},
    )
    assert index.path == "rejected.index"


def test_progress_is_shown_on_a_terminal_only() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown = Terminal()
    line = ProgressLine(shown, 500)
    line(Tally(hands=120, requests=640, divergences=2, seconds=0.5))
    line.clear()
    text = shown.getvalue()
    assert "120/500 hands, 640 requests, 240 hands/s, 2 divergences" in text
    assert text.endswith("\r")
    piped = io.StringIO()
    ProgressLine(piped, 500)(Tally(hands=120, requests=640, divergences=2, seconds=0.5))
    assert piped.getvalue() == ""


def test_a_huge_campaign_starts_at_once(tmp_path: Path) -> None:
    # Hand indices are produced as they are needed: a hundred million cost nothing.
    engine = fake("mutant_mix", "--mutant", "counter-clockwise")
    done = _fuzz("--engine", engine, "--hands", "100000000", "--format", "json")
    assert done.returncode == 1, done.stderr
    assert _json(done)["divergence"]["mutants"] == ["counter-clockwise"]


def test_a_divergence_no_mutant_reproduces_says_so(tmp_path: Path) -> None:
    # This fake engine knows only the runner's own fixtures: on random tables it is
    # wrong in ways no catalogue mutant is.
    done = _fuzz("--engine", fake("wrong_credit"), "--hands", "20", "--format", "json",
                 "--save", str(tmp_path))  # fmt: skip
    assert done.returncode == 1, done.stderr
    finding = _json(done)["divergence"]
    assert finding["mutants"] == [] and finding["rules"] == []
    assert finding["cause"] == "no catalogue mutant reproduces it"
    [path] = tmp_path.glob("*.yaml")
    case = yaml.safe_load(path.read_text())["cases"][0]
    assert "no catalogue mutant reproduces it" in case["description"]
    assert case["rules"]  # guessed from the fields that differ, so that the case lints
