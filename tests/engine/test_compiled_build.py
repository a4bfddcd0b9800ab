"""The compiled build (tools/build_compiled.py) plays by the same rules as the source.

The engine's core compiled by mypyc from the very same source must pass the whole fixture
suite, let a variant of the rules subclass its classes (a mutant is still caught), and
play the benchmark's random hands exactly as the naive engine does.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.support.cli import ROOT
from tests.support.tools import missing_reason
from tools.build_compiled import COMPILED, build

_CC = (sysconfig.get_config_var("CC") or "cc").split()[0]
pytestmark = [
    pytest.mark.skipif(
        shutil.which(_CC) is None,
        reason=missing_reason("cc", f"no C compiler ({_CC}) to build with"),
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("setuptools") is None,
        reason=missing_reason("setuptools", "mypyc builds with it (the test extra)"),
    ),
]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("compiled")
    built = build(dest, opt_level=0)  # the same code, made in half the time
    assert len(built) >= len(COMPILED)
    return dest


def _python(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # Run in the build folder: it is first on sys.path, before the checkout's source.
    return subprocess.run(
        [sys.executable, *args], cwd=folder, capture_output=True, text=True, timeout=300
    )


def test_the_build_is_compiled(compiled: Path) -> None:
    done = _python(compiled, "-c", "import reference_impl; print(reference_impl.BUILD)")
    assert done.stdout.strip() == "compiled", done.stderr


def test_the_compiled_engine_passes_the_suite(compiled: Path) -> None:
    adapter = f"{sys.executable} -m reference_impl.adapter"
    done = _python(compiled, "-m", "conformance", "run", "--engine", adapter, "--format", "json")
    report = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert report["totals"]["passed"] == report["totals"]["total"] > 300


def test_a_variant_subclasses_the_compiled_classes(compiled: Path) -> None:
    # Both kinds: a rule set (turns) and a table (the spinner), interpreted subclasses.
    for mutant in ("counter-clockwise", "every-double-spinner"):
        adapter = f"{sys.executable} -m reference_impl.adapter --mutant {mutant}"
        done = _python(compiled, "-m", "conformance", "run", "--engine", adapter, "-q")
        assert done.returncode == 1, (mutant, done.stdout[-2000:], done.stderr[-2000:])


def test_the_compiled_engine_plays_the_naive_engines_games(compiled: Path) -> None:
    done = _python(compiled, "-m", "benchmarks.engine", "--seconds", "0.2")
    figures = json.loads(done.stdout.splitlines()[-1])
    assert figures["build"] == "compiled"
    assert figures["same_games"] is True


def test_the_source_is_not_a_build_folder(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="a folder of its own"):
        build(ROOT)
