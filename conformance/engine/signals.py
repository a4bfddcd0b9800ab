"""Signals that end the runner: each unwinds it normally, so that every engine it
started is stopped with everything the engine started.

SIGTERM, SIGHUP (the terminal closed), SIGQUIT and SIGUSR1 raise ``SystemExit`` with the
status a shell shows for a process killed by that signal (128 + its number); SIGINT
stays Python's ``KeyboardInterrupt``. Whatever is still running is then ended by the
handlers of `conformance.engine.processes` (and its exit handler as the last resort).
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

__all__ = ["ENDING_SIGNALS", "install_signal_handlers"]

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
