"""The command line: ``seven-rocks-conformance <subcommand> ...``.

Exit codes: 0 success; 1 something failed or errored; 2 the command could not do its job.
"""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from conformance import SUITE_VERSION
from conformance.cli.commands import load_commands

__all__ = ["build_parser", "main"]


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand, or with ``command`` alone
    when it names one: a command line that names its subcommand imports no other."""
    parser = argparse.ArgumentParser(
        prog="seven-rocks-conformance",
        description="Conformance suite for Seven Rocks engines speaking adapter protocol 1.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {SUITE_VERSION}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for found in load_commands(command):
        sub = subparsers.add_parser(
            found.name, help=found.help, description=found.description or found.help
        )
        found.configure(sub)
        sub.set_defaults(execute=found.execute)
    return parser


class StdoutError(OSError):
    """Standard output could not be written (a full disk, a closed pipe)."""


class _GuardedStdout:
    """Standard output whose write errors are told apart from those of other files:
    every command then ends in one line and exit 2 when it cannot write its output."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise StdoutError(exc.errno, exc.strerror) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise StdoutError(exc.errno, exc.strerror) from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    words = sys.argv[1:] if argv is None else list(argv)
    # The subcommand is the first word when no option comes before it (argparse takes
    # it the same way then); otherwise every subcommand is registered, as for --help.
    named = words[0] if words and not words[0].startswith("-") else None
    args = build_parser(named).parse_args(words)
    # Imported once the command line is known to be good: --help needs no engine code.
    from conformance.engine.signals import install_signal_handlers

    install_signal_handlers()
    original = sys.stdout
    sys.stdout = _GuardedStdout(original)
    try:
        code: int = args.execute(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("seven-rocks-conformance: interrupted", file=sys.stderr)
        return 130
    except StdoutError as exc:
        from conformance.cli.commands.common import discard_stdout, error

        discard_stdout()
        if exc.errno != errno.EPIPE:  # a reader that stopped reading: quiet
            error(f"cannot write to standard output: {exc.strerror or exc}")
        return 2
    finally:
        sys.stdout = original
    return code
