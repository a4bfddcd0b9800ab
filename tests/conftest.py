"""Test-wide settings."""

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# The machines running the tests are shared and noisy: a per-example deadline would
# turn a slow moment into a failure that says nothing about the code.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project built as a wheel, once for the packaging tests."""
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(_ROOT), "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(out), "--quiet"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    [built] = out.glob("seven_rocks_conformance-*.whl")
    return built
