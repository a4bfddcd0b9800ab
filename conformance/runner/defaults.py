"""A run's defaults and its exit code for an empty run, in a module that imports nothing:
the command line's help shows them without loading the runner."""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_RESTARTS", "DEFAULT_TIMEOUT", "EXIT_EMPTY", "MAX_JOBS"]

DEFAULT_TIMEOUT = 5.0
"""The longest wait for one reply, in seconds, unless told otherwise."""
DEFAULT_MAX_RESTARTS = 5
"""How many times a run restarts a failing engine before it gives up."""
MAX_JOBS = 256
"""The most engine processes a run is asked to start at once (it never starts more than
it has cases): far beyond what any machine runs usefully, and short of a fork bomb."""
EXIT_EMPTY = 5
"""Exit code of a run in which no case was run (every one skipped, or none selected): an
engine that implements nothing has not passed anything (pytest's "no tests" code)."""
