"""Each kit's comparison, against the suite file's own comparison contract."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from seven_rocks_kit import case_matches

from tests.kits.compare_vectors import SUITE, vectors, write_vectors

ROOT = Path(__file__).resolve().parents[2]
CASES = {c["id"]: c for c in json.loads(SUITE.read_text(encoding="utf-8"))["cases"]}


@pytest.fixture(scope="module")
def all_vectors() -> list[dict[str, Any]]:
    found = vectors()
    kinds = Counter((v["passes"], v["what"].split(" ")[0]) for v in found)
    # Every clause of the contract is exercised, both ways.
    assert len(found) > 3 * len(CASES) and kinds[(True, "the")] == len(CASES)
    assert {p for p, _ in kinds} == {True, False}
    return found


def test_the_python_kit_follows_the_contract(all_vectors: list[dict[str, Any]]) -> None:
    wrong = [
        (v["case"], v["what"])
        for v in all_vectors
        if case_matches(CASES[v["case"]], v["reply"]) is not v["passes"]
    ]
    assert wrong == []


def test_the_javascript_kit_follows_the_contract(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    data = tmp_path / "vectors.json"
    count = write_vectors(data)
    floats = sum(1 for v in vectors() if v["what"].endswith("as a float"))
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "kit_probes" / "compare.mjs"), str(SUITE), str(data)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert json.loads(done.stdout) == {
        "wrong": [], "checked": count - floats, "unreadable": floats
    }  # fmt: skip


def test_the_go_kit_follows_the_contract(tmp_path: Path) -> None:
    if shutil.which("go") is None:
        pytest.skip("go is not installed")
    data = tmp_path / "vectors.json"
    count = write_vectors(data)
    environment = {**os.environ, "SEVEN_ROCKS_SUITE": str(SUITE), "SEVEN_ROCKS_VECTORS": str(data),
                   "GOFLAGS": "-mod=mod", "GOCACHE": str(tmp_path / "gocache")}  # fmt: skip
    done = subprocess.run(
        ["go", "test", "-run", "TestCaseMatchesVectors", "-v", "."],
        cwd=ROOT / "kits" / "go", capture_output=True, text=True, timeout=600, env=environment,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"checked {count} vectors" in done.stdout


def test_the_java_kit_follows_the_contract(tmp_path: Path) -> None:
    gson = Path(os.environ.get("SEVEN_ROCKS_GSON_JAR", "/usr/share/java/gson.jar"))
    if shutil.which("javac") is None or shutil.which("java") is None or not gson.is_file():
        pytest.skip("javac, java and gson are needed for the Java kit")
    sources = [*(ROOT / "kits" / "java" / "src").rglob("*.java")]
    sources.append(ROOT / "tests" / "kit_probes" / "CompareProbe.java")
    out = tmp_path / "classes"
    built = subprocess.run(
        ["javac", "-Xlint:all", "-Werror", "-cp", str(gson), "-d", str(out), *map(str, sources)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    data = tmp_path / "vectors.json"
    count = write_vectors(data)
    done = subprocess.run(
        ["java", "-cp", f"{out}{os.pathsep}{gson}", "CompareProbe", str(SUITE), str(data)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert json.loads(done.stdout) == {"wrong": [], "checked": count}
