"""The wheel carries the suite's data, and the installed runner works from anywhere."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

from tests.support.cli import Installed

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_carries_fixtures_schemas_rules_and_type_markers(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    fixtures = {n for n in names if n.startswith("conformance/_data/fixtures/")}
    assert len(fixtures) == len(list((ROOT / "fixtures").rglob("*.yaml")))
    for schema in (ROOT / "spec" / "schemas").glob("*.json"):
        assert f"conformance/_data/schemas/{schema.name}" in names
    assert "conformance/_data/rules.md" in names
    assert {"reference_impl/py.typed", "conformance/py.typed"} <= names
    assert "conformance/_data/kits/javascript/seven-rocks-kit.mjs" in names  # the JavaScript kit
    # The Python kit is its own distribution (kits/python), on which the suite depends.
    assert not any(n.startswith("seven_rocks_kit/") for n in names)
    [metadata] = [n for n in names if n.endswith(".dist-info/METADATA")]
    requires = [
        line.removeprefix("Requires-Dist: ")
        for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
        if line.startswith("Requires-Dist: ")
    ]
    assert "seven-rocks-kit<2,>=1.0" in requires
    # The strategies extra brings Hypothesis and nothing else.
    assert [r for r in requires if r.endswith("extra == 'strategies'")] == [
        "hypothesis>=6.100; extra == 'strategies'"
    ]
    assert "conformance/_data/seven-rocks-suite.json" in names  # every case as one file
    assert not any("node_modules" in n for n in names)
    assert not any(n.startswith("tests/") for n in names)


def test_installed_wheel_runs_the_whole_suite_from_an_unrelated_directory(
    installed: Installed,
) -> None:
    site, elsewhere, env = installed
    where = subprocess.run(
        [sys.executable, "-c", "import conformance.suite.resources as r; print(r.fixtures_dir())"],
        capture_output=True, text=True, cwd=elsewhere, env=env, timeout=60,
    )  # fmt: skip
    assert Path(where.stdout.strip()).is_relative_to(site), where.stdout + where.stderr
    same = subprocess.run(
        [sys.executable, "-c", "import seven_rocks_kit, conformance.kit as k; "
         "print(seven_rocks_kit.__file__, k.Tile is seven_rocks_kit.Tile)"],
        capture_output=True, text=True, cwd=elsewhere, env=env, timeout=60,
    )  # fmt: skip
    kit_file, identical = same.stdout.split()
    # The kit comes from its own distribution, installed beside the suite.
    assert not Path(kit_file).is_relative_to(site) and identical == "True", same.stderr
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--format", "json"],
        capture_output=True, text=True, cwd=elsewhere, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    totals = json.loads(done.stdout)["totals"]
    assert totals["passed"] == totals["total"] >= 150


def test_console_script_is_installed_and_runs() -> None:
    script = Path(sys.executable).parent / "seven-rocks-conformance"
    assert script.exists(), (
        "install the project first: python -m pip install -e ./kits/python -e '.[test]'"
    )
    version = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and "0.1.0" in version.stdout
    done = subprocess.run(
        [script, "run", "-k", "table.seed-a.*"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "9 cases: 9 passed" in done.stdout


def test_the_python_kit_installs_alone_in_a_fresh_venv_and_serves(tmp_path: Path) -> None:
    # The kit's own distribution: built from kits/python, installed with no index (so no
    # dependency can come along) into a venv that has nothing else.
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT / "kits" / "python"), "--no-deps",
         "--no-build-isolation", "--wheel-dir", str(tmp_path), "--quiet"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    [kit_wheel] = tmp_path.glob("seven_rocks_kit-*.whl")
    venv.create(tmp_path / "venv", with_pip=False)
    python = tmp_path / "venv" / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index",
         "--quiet", str(kit_wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    example = ROOT / "kits" / "python" / "example" / "kit_adapter.py"
    lines = [
        {"cmd": "start", "protocol": 1},
        {"cmd": "settle", "seq": 1, "hands": [[[1, 2]], [], [[6, 6]], []]},
        {"cmd": "stop"},
    ]
    served = subprocess.run(
        [str(python), "-I", str(example)], input="".join(json.dumps(x) + "\n" for x in lines),
        capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    handshake, reply = (json.loads(line) for line in served.stdout.splitlines())
    assert handshake["cmds"] == ["table", "legal", "settle"], served.stderr
    assert reply == {"seq": 1, "result": {"pips": [3, 0, 12, 0], "penalties": [5, 0, 10, 0],
                                          "deductions": [15, 0]}}  # fmt: skip
    alone = subprocess.run(
        [str(python), "-I", "-c", "import conformance"], capture_output=True, text=True, timeout=60
    )
    assert alone.returncode != 0  # the suite is not there: the kit needs nothing of it
