"""What can go wrong in one exchange with an engine: a closed set of kinds, each with its data.

A consumer tells a timeout from a wrong ``seq`` by the type, never by the words; the words
(``str()``) are built from the data where they are shown.
"""

from __future__ import annotations

import signal
from contextlib import suppress
from dataclasses import dataclass

__all__ = [
    "BadJson",
    "BadShape",
    "ExchangeFailure",
    "Exited",
    "Oversize",
    "Timeout",
    "WrongSeq",
    "excerpt",
]


def excerpt(raw: bytes | str, limit: int = 200) -> str:
    """A reply line as a short Python literal, for the words of a failure."""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    text = text.rstrip("\n")
    return repr(text if len(text) <= limit else text[:limit] + "...")


@dataclass(frozen=True)
class Timeout:
    """No reply came within ``seconds``."""

    seconds: float
    broken = True

    def __str__(self) -> str:
        return f"no reply within {self.seconds:g} s"


@dataclass(frozen=True)
class Exited:
    """The engine ended before replying: ``status`` as ``Popen.returncode`` (negative for a
    signal), or None when it closed its stdout but still runs."""

    status: int | None
    broken = True

    def how(self) -> str:
        """How it ended, in words: ``exit status 3``, ``killed by SIGKILL``."""
        if self.status is None:
            return "closed its stdout"
        if self.status < 0:
            with suppress(ValueError):
                return f"killed by {signal.Signals(-self.status).name}"
        return f"exit status {self.status}"

    def __str__(self) -> str:
        return f"the engine exited before replying ({self.how()})"


@dataclass(frozen=True)
class Oversize:
    """A reply line of ``size`` bytes, over the client's ``limit`` (drained, not kept)."""

    size: int
    limit: int
    broken = True

    def __str__(self) -> str:
        return f"the reply is a {self.size}-byte line, longer than the {self.limit}-byte limit"


@dataclass(frozen=True)
class BadJson:
    """A reply line that does not decode as JSON; ``excerpt`` shows its start."""

    excerpt: str
    broken = True

    def __str__(self) -> str:
        return f"the reply is not JSON: {self.excerpt}"


@dataclass(frozen=True)
class BadShape:
    """A reply that is JSON but not an object: the stream is still in step."""

    excerpt: str
    broken = False

    def __str__(self) -> str:
        return f"the reply is not a JSON object: {self.excerpt}"


@dataclass(frozen=True)
class WrongSeq:
    """A reply whose ``seq`` is not the request's: ``got`` and ``expected`` as JSON text
    (``got`` is None when the reply has no seq)."""

    got: str | None
    expected: str
    broken = True

    def __str__(self) -> str:
        return f"the reply's seq is {self.got or 'missing'}, expected {self.expected}"


ExchangeFailure = Timeout | Exited | Oversize | BadJson | BadShape | WrongSeq
"""Every way an exchange can fail; ``broken`` says whether the engine must be restarted."""
