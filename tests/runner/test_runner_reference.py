"""The runner against the built-in reference engine: the whole suite passes, fast, and every
output format is well formed. These tests need reference_impl and fail without it."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema

from tests.support.cli import REPORT_SCHEMA, ROOT, cli, env


def test_whole_suite_passes_against_the_reference(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    done = cli("run", "--format", "json", "--junit", str(junit))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    data = json.loads(done.stdout)
    schema = json.loads(REPORT_SCHEMA.read_text())
    jsonschema.Draft202012Validator(schema).validate(data)
    totals = data["totals"]
    assert totals["total"] > 0 and totals["passed"] == totals["total"]
    assert data["engine"]["name"] == "seven-rocks-reference"
    assert sorted(data["engine"]["cmds"]) == sorted(
        ["table", "legal", "settle", "hand", "game", "perft"]
    )
    root = ET.parse(junit).getroot()
    assert int(root.get("tests", "0")) == totals["total"]
    assert root.get("failures") == "0" and root.get("errors") == "0"


def test_human_report_against_the_reference() -> None:
    done = cli("run")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "engine seven-rocks-reference" in done.stdout
    assert " passed in " in done.stdout


def test_parallel_jobs_give_the_same_verdicts() -> None:
    one = json.loads(cli("run", "--format", "json").stdout)
    two = json.loads(cli("run", "--format", "json", "--jobs", "3").stdout)
    assert [(c["id"], c["outcome"]) for c in one["cases"]] == [
        (c["id"], c["outcome"]) for c in two["cases"]
    ]


def test_check_messages_against_the_reference() -> None:
    done = cli("run", "--check-messages", "--format", "json")
    assert done.returncode == 0, done.stdout[-3000:]


def test_explicit_engine_command_is_the_same_as_the_default() -> None:
    command = f"{sys.executable} -m reference_impl.adapter"
    done = cli("run", "--engine", command, "--cmd", "settle", "--format", "json")
    assert done.returncode == 0
    assert json.loads(done.stdout)["totals"]["passed"] > 0


def test_smoke_against_the_reference() -> None:
    done = cli("smoke", "--engine", f"{sys.executable} -m reference_impl.adapter")
    assert done.returncode == 0, done.stdout
    assert "smoke: all answers look right" in done.stdout
    for cmd in ("table", "legal", "settle", "hand", "game", "perft"):
        assert f"\n{cmd}: " in done.stdout


def test_lint_of_the_suite() -> None:
    done = cli("lint")
    assert done.returncode == 0, done.stdout  # 0: no problem


def test_run_from_an_unrelated_directory(tmp_path: Path) -> None:
    done = cli("run", "--rule", "settle", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_benchmark_prints_a_final_json_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.runner", "--repeats", "1", "--scales", "1",
         "--engine-seconds", "0.2"],
        capture_output=True, text=True, timeout=120, env=env(), cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["cases"] > 0 and figures["reference_s"] > 0 and figures["trivial_s"] > 0
    assert abs(figures["ratio"] - figures["reference_s"] / figures["trivial_s"]) < 0.01
    folder = figures["user_folder"]["1x"]
    assert folder["cases"] == figures["cases"]
    assert all(
        folder[k]["cpu_s"] > 0 and folder[k]["peak_kib"] > 0 for k in ("cold", "warm", "off")
    )
    assert figures["check_messages"]["totals"]["total"] == figures["cases"]
