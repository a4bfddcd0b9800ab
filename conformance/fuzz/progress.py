"""A one-line progress display for a terminal; nothing at all when output is piped."""

from __future__ import annotations

from typing import TextIO

from conformance.fuzz.hunt import Tally

__all__ = ["ProgressLine"]


class ProgressLine:
    """Rewrites one line of `stream` with the campaign's tally, if `stream` is a terminal."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self.stream = stream
        self.total = total
        self.enabled = stream.isatty()
        self._width = 0

    def __call__(self, tally: Tally) -> None:
        """Show `tally`."""
        if not self.enabled:
            return
        rate = tally.hands / tally.seconds if tally.seconds > 0 else 0.0
        text = (
            f"{tally.hands}/{self.total} hands, {tally.requests} requests, "
            f"{rate:.0f} hands/s, {tally.divergences} divergences"
        )
        self._width = max(self._width, len(text))
        self.stream.write("\r" + text.ljust(self._width))
        self.stream.flush()

    def clear(self) -> None:
        """Erase the line, before the final report is printed."""
        if self.enabled and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
