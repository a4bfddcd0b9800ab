"""The subcommands of ``seven-rocks-conformance``: a small registry.

A subcommand is a module of this package exposing ``COMMAND``, a ``Command``. To add
one (say ``fuzz``), write ``conformance/commands/fuzz.py`` and add its name to
``COMMAND_MODULES``; modules are imported only to build the parser, and should keep
slow imports inside ``execute``.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["COMMAND_MODULES", "Command", "load_commands"]

COMMAND_MODULES: tuple[str, ...] = ("run", "smoke", "lint", "mutants", "fuzz", "coverage")
"""Modules under ``conformance.commands`` providing a subcommand, in help order."""


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


def load_commands() -> list[Command]:
    """Every registered subcommand, in ``COMMAND_MODULES`` order."""
    commands = []
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        command = module.COMMAND
        assert isinstance(command, Command)
        commands.append(command)
    return commands
