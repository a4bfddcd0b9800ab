"""Every output valid and sanitized whatever the files hold: names and keys with escapes
and newlines, names that are not UTF-8, trees 990 folders deep, ids and titles ending
in a newline; and every command ends in one line and exit 2 when stdout is unwritable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.suite.fixtures import lint
from conformance.suite.structure import file_structure
from tests.support.cli import ROOT, TEST_FIXTURES, cli, env, fake

FAKE_CASES = (TEST_FIXTURES / "fake.yaml").read_text(encoding="utf-8")


def _folder(tmp_path: Path, name: str | bytes, text: str = FAKE_CASES) -> Path:
    folder = tmp_path / "cases"
    folder.mkdir()
    path = os.path.join(os.fsencode(folder), os.fsencode(name))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return folder


def test_a_newline_in_a_file_name_forges_no_line(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "x\n361 cases: 361 passed in 0.1 s\n.yaml")
    done = cli("run", "--engine", fake("wrong_credit"), "--no-suite", "--fixtures", str(folder))
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines() + done.stderr.splitlines()
    assert not [line for line in lines if line.startswith("361 cases")]
    assert "x\\x0a361 cases" in done.stdout
    linted = cli("lint", str(folder))
    assert not [line for line in linted.stdout.splitlines() if line.startswith("361 cases")]


def test_lint_shows_names_and_keys_with_escapes_visible(tmp_path: Path) -> None:
    text = FAKE_CASES.replace("cases:\n", "cases:\n", 1) + '"k\\e[2Jey\\u202e": 1\n'
    folder = _folder(tmp_path, "esc\x1b[31m.yaml", text)
    done = cli("lint", str(folder))
    assert done.returncode == 1
    assert "\x1b" not in done.stdout and "\u202e" not in done.stdout
    assert "esc\\x1b[31m.yaml" in done.stdout and "\\x1b[2J" in done.stdout


def test_a_name_that_is_not_utf8_under_strict_utf8_output(tmp_path: Path) -> None:
    folder = _folder(tmp_path, b"bad-\xff-name.yaml", FAKE_CASES.replace("title:", "titl:"))
    done = cli("lint", str(folder), PYTHONIOENCODING="utf-8:strict", PYTHONUTF8="1")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert "bad-\\udcff-name.yaml" in done.stdout


def test_a_tree_990_folders_deep(tmp_path: Path) -> None:
    # Made with relative steps: the path would pass PATH_MAX long before the bottom.
    top = tmp_path / "deep"
    top.mkdir()
    here = os.open(top, os.O_RDONLY)
    try:
        for _ in range(990):
            os.mkdir("d", dir_fd=here)
            below = os.open("d", os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = below
    finally:
        os.close(here)
    (top / "fake.yaml").write_text(FAKE_CASES, encoding="utf-8")
    done = cli("lint", str(top))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    # shutil.rmtree (and so pytest's own clean-up) recurses once a folder: rm does not.
    subprocess.run(["rm", "-rf", str(top)], check=False, timeout=120)


@pytest.mark.parametrize("where", ["id", "title"])
def test_ids_and_titles_ending_in_a_newline_are_refused(where: str) -> None:
    data = {
        "title": "A title",
        "cases": [
            {
                "id": "fake.ok",
                "description": "d",
                "rules": ["scoring.end-sum"],
                "source": "derived: Punti della posa",
                "cmd": "table",
                "given": {"plays": []},
                "expect": {"end_sum": 0},
            }
        ],
    }
    if where == "id":
        data["cases"][0]["id"] = "fake.ok\n"  # type: ignore[index]
    else:
        data["title"] = "A title\n"
    file_problems, case_problems = file_structure(data)
    assert file_problems or any(p for _, p in case_problems)


def test_lint_refuses_an_id_ending_in_a_newline(tmp_path: Path) -> None:
    text = FAKE_CASES.replace("- id: fake.table.open-1-4", '- id: "fake.table.open-1-4\\n"')
    folder = _folder(tmp_path, "ids.yaml", text)
    assert any("id 'fake.table.open-1-4\\n'" in str(p) for p in lint([folder]).problems)


COMMANDS = [
    ["lint"],
    ["coverage"],
    ["mutants", "--mutant", "counter-clockwise"],
    ["compare", "--reference", "--engine", fake("good"), "--rule", "settle"],
    ["fuzz", "--hands", "3"],
    ["export"],
    ["show", "table.scoring.twenty-five"],
    ["run", "--rule", "settle"],
    ["spec", "--html", "-"],
]  # fmt: skip


@pytest.mark.parametrize("args", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_every_command_with_an_unwritable_stdout(args: list[str]) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "conformance", *args], stdout=full, stderr=subprocess.PIPE,
            text=True, timeout=300, env=env(), cwd=ROOT, check=False,
        )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "seven-rocks-conformance: cannot write to standard output: No space left on device"
    ]
