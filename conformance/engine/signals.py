"""Signals that end the runner: each unwinds it normally, so that every engine it
started is stopped with everything the engine started.

In the command line, SIGTERM, SIGHUP (the terminal closed), SIGQUIT and SIGUSR1 raise
``SystemExit`` with the status a shell shows for a process killed by that signal (128 +
its number); SIGINT stays Python's ``KeyboardInterrupt``. Whatever is still running is
then ended by `conformance.engine.processes` (its exit handler as the last resort).

Under pytest, which turns an exception in a test into that test's failure and goes on,
the same signals end every engine at once and then end the process by the signal.
"""

from __future__ import annotations

import os
import signal
import threading
from types import FrameType

from conformance.engine.processes import defer_signal, end_all

__all__ = ["ENDING_SIGNALS", "end_engines_on_signals", "install_signal_handlers"]

ENDING_SIGNALS = tuple(
    getattr(signal, name)
    for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1")
    if hasattr(signal, name)
)
"""The signals that end a run (and its engines) cleanly."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    # Unwind normally so that every engine is stopped; exit status as a shell would show it.
    raise SystemExit(128 + signum)


def install_signal_handlers() -> None:
    """Make every signal of `ENDING_SIGNALS` end the process by unwinding it.

    Only from the main thread (Python allows no other); a signal the process was told
    to ignore (``nohup``) stays ignored.
    """
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in ENDING_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue
        signal.signal(signum, _terminate)


def _end_engines(signum: int, frame: FrameType | None) -> None:
    if not end_all(blocking=False):
        # The interrupted code holds the list of engines (it is starting or forgetting
        # one): the signal comes again once it lets go, which now would wait for ever.
        defer_signal(signum)
        return
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)  # die of the signal, as without this handler


def end_engines_on_signals() -> None:
    """Make every signal of `ENDING_SIGNALS` end all engines, then the process, at once."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in ENDING_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue
        signal.signal(signum, _end_engines)
