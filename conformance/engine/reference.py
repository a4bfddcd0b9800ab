"""The built-in reference engine, started like any other engine."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

__all__ = ["reference_engine"]


def reference_engine() -> tuple[list[str], dict[str, str]]:
    """The command and environment that start the built-in reference engine.

    The engine is started like any other, as ``python -m reference_impl.adapter``; the
    environment makes ``reference_impl`` importable wherever the runner is started from.
    """
    env = dict(os.environ)
    spec = importlib.util.find_spec("reference_impl")
    if spec is not None and spec.submodule_search_locations:
        root = str(Path(next(iter(spec.submodule_search_locations))).parent)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return [sys.executable, "-m", "reference_impl.adapter"], env
