"""How long the runner waits for an engine: one check for every way a wait is given.

A wait that is NaN or infinite never ends (every comparison with NaN is false), and one
of zero or less fails every engine: each is refused where it enters, whether from the
command line, the pytest plugin or the Python API.
"""

from __future__ import annotations

import argparse
import math

__all__ = ["MAX_SECONDS", "checked_seconds", "seconds_argument"]

MAX_SECONDS = 3600.0
"""The longest wait accepted: an hour for one reply is already absurd, and much longer
waits overflow the clocks they are added to."""


def checked_seconds(value: object, what: str = "timeout") -> float:
    """``value`` as a float, when it is a number of seconds in (0, `MAX_SECONDS`].

    Raises ``ValueError`` (naming ``what`` and quoting the value) otherwise: NaN,
    infinities, zero, negatives, and values that are not numbers (``True`` included).
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what} must be a number of seconds, not {value!r}")
    try:
        seconds = float(value)
    except OverflowError:  # an integer too large for a float
        seconds = math.inf
    # Written so that NaN fails too.
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(
            f"{what} must be greater than 0 and at most {MAX_SECONDS:g} seconds, not {value!r}"
        )
    return seconds


def seconds_argument(text: str) -> float:
    """An argparse type: `checked_seconds` of a number written on a command line."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    try:
        return checked_seconds(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be greater than 0 and at most {MAX_SECONDS:g} seconds: {text!r}"
        ) from None


MIN_START_SECONDS = 10.0
"""The shortest wait for the handshake reply: an engine may take a while to start (a
JVM, a compiled program's first run), so the wait is the reply timeout or this, the
longer."""
