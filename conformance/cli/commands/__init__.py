"""The subcommands of ``seven-rocks-conformance``: a small registry.

A subcommand is a module of this package exposing ``COMMAND``, a ``Command``. To add one
(say ``fuzz``), write ``conformance/commands/fuzz.py`` with its ``COMMAND``: every module
here that has one is registered (helpers such as ``common`` have none). Modules are
imported to build the parser, so they keep slow imports inside ``execute``.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["COMMAND_ORDER", "Command", "load_commands"]

COMMAND_ORDER: tuple[str, ...] = ("run", "smoke", "lint", "mutants", "fuzz", "coverage")
"""The subcommands listed first in the help, in this order; others follow by name."""


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, a one-line help, how to set up its arguments, what it does.

    ``execute`` returns the process exit code: 0 success, 1 something failed, 2 the
    command could not do its job (bad arguments, engine cannot start, bad fixtures).
    """

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    execute: Callable[[argparse.Namespace], int]
    description: str = ""


def load_commands(only: str | None = None) -> list[Command]:
    """Every subcommand found in this package, ``COMMAND_ORDER`` first; with ``only``, just
    the subcommand of that name when there is one (the others are then not imported)."""
    names = sorted(
        (m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")),
        key=lambda n: (COMMAND_ORDER.index(n) if n in COMMAND_ORDER else len(COMMAND_ORDER), n),
    )
    if only in names:
        names = [only]
    commands = []
    for name in names:
        command = getattr(importlib.import_module(f"{__name__}.{name}"), "COMMAND", None)
        if isinstance(command, Command):
            commands.append(command)
    return commands
