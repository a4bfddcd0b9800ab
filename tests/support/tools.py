"""Tools that .ci/run installs (node, npm, go, javac, gson, JUnit, chromium, a C
compiler, bubblewrap, podman, the test and thirdparty extras): a test that needs a
missing one skips with the reason on a developer's machine, and fails under ``CI=true``,
where the tool's absence means the run does not test what it claims (tests/conftest.py
turns those skips into failures).
"""

from __future__ import annotations

import os
import shutil
from typing import NoReturn

import pytest

__all__ = ["MISSING", "missing", "missing_reason", "on_ci", "require"]

MISSING = "missing tool: "
"""How the reason of every such skip begins; tests/conftest.py looks for it."""


def on_ci() -> bool:
    """Whether this is a CI run (``CI=true``, as most CI services set it)."""
    return os.environ.get("CI", "").lower() == "true"


def missing_reason(tool: str, why: str) -> str:
    """The reason of a skip for want of ``tool``: a ``skipif`` mark's or ``pytest.skip``'s."""
    return f"{MISSING}{tool}: {why}"


def missing(tool: str, why: str) -> NoReturn:
    """Skip the test for want of ``tool`` (a failure under ``CI=true``)."""
    pytest.skip(missing_reason(tool, why))


def require(tool: str, why: str) -> str:
    """The path of the program ``tool``; skips the test (fails under CI) without it."""
    found = shutil.which(tool)
    if found is None:
        missing(tool, why)
    return found
