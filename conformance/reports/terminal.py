"""Writing to a terminal with ``rich``: colour only where it belongs, a progress bar.

Colour follows ``--color``: ``always`` and ``never`` win over everything; ``auto`` (the
default) colours a terminal and nothing else, and honours ``NO_COLOR`` (no colour) and
``FORCE_COLOR`` (colour even through a pipe), as https://no-color.org and
https://force-color.org ask. Text is always handed to rich as ``Text`` objects, never
as markup, so that nothing an engine says is read as a style.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, TextIO

# rich is imported where it draws: a run whose report is JSON, with no terminal to draw
# a progress bar on, never loads it.
if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

    from conformance.runner.outcomes import CaseResult

__all__ = [
    "COLOR_CHOICES",
    "ProgressBar",
    "StyledLine",
    "make_console",
    "print_lines",
    "render_lines",
]

COLOR_CHOICES = ("auto", "always", "never")
"""The values of ``--color``."""

StyledLine = tuple[str, str]
"""One line of a report and its rich style name (``""``: plain)."""


def make_console(stream: TextIO, color: str = "auto") -> Console:
    """A console writing to ``stream`` that colours as ``color`` says (see the module)."""
    from rich.console import Console

    force: bool | None = None
    plain = color == "never" or (color == "auto" and os.environ.get("NO_COLOR", "") != "")
    if color == "always":
        force = True
    return Console(
        file=stream,
        force_terminal=force,
        # No colour system at all, not only no colour: NO_COLOR users want no escapes.
        color_system=None if plain else "auto",
        no_color=False if color == "always" else None,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )


def print_lines(console: Console, lines: Iterable[StyledLine]) -> None:
    """Write ``lines``, each in its style, never wrapped or cut by rich."""
    from rich.text import Text

    for text, style in lines:
        console.print(Text(text, style=style or ""), soft_wrap=True, overflow="ignore")


def render_lines(lines: Iterable[StyledLine], stream: TextIO, color: str = "auto") -> str:
    """``lines`` as they should be written to ``stream`` (escape codes included where
    ``color`` and the stream call for them), without writing anything to it: the caller
    writes, and deals with a closed pipe or a full disk."""
    from rich.console import Console

    probe = make_console(stream, color)
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        force_terminal=probe.is_terminal,
        color_system=probe.color_system,  # type: ignore[arg-type]
        no_color=probe.no_color,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )
    print_lines(console, lines)
    return buffer.getvalue()


class ProgressBar:
    """A progress bar redrawn in place; drawn only when ``stream`` is a terminal.

    Called once per finished case (from the run's worker threads, one at a time).
    """

    def __init__(self, total: int, stream: TextIO, color: str = "auto") -> None:
        self.total = total
        self.done = 0
        self.bad = 0
        self._last = 0.0
        # Only a real terminal: FORCE_COLOR must not put a bar into a log file.
        self.enabled = stream.isatty() and total > 0
        self._progress: Progress | None = None
        if self.enabled:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            console = make_console(stream, color)
            self._progress = Progress(
                TextColumn("running"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[trouble]}", style="red"),
                console=console,
                transient=True,
                auto_refresh=False,
            )
            self._task = self._progress.add_task("cases", total=total, trouble="")
            self._progress.start()

    def __call__(self, result: CaseResult) -> None:
        """Count one finished case and redraw (at most every 50 ms, and at the end)."""
        self.done += 1
        # Cases the run gave up on (not run) say nothing about the engine: not bad.
        self.bad += result.outcome.bad
        if self._progress is None:
            return
        trouble = f"{self.bad} not passing" if self.bad else ""
        self._progress.update(self._task, completed=self.done, trouble=trouble)
        now = time.monotonic()
        if now - self._last > 0.05 or self.done == self.total:
            self._last = now
            self._progress.refresh()

    def finish(self) -> None:
        """Erase the bar so that the report starts on a clean line."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None
