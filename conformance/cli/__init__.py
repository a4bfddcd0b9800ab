"""The command line: ``seven-rocks-conformance <subcommand> ...``.

Exit codes: 0 success; 1 something failed or errored; 2 the command could not do its job.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Sequence
from types import FrameType

from conformance import SUITE_VERSION
from conformance.cli.commands import load_commands

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="seven-rocks-conformance",
        description="Conformance suite for Seven Rocks engines speaking adapter protocol 1.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {SUITE_VERSION}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in load_commands():
        sub = subparsers.add_parser(
            command.name, help=command.help, description=command.description or command.help
        )
        command.configure(sub)
        sub.set_defaults(execute=command.execute)
    return parser


def _terminate(signum: int, frame: FrameType | None) -> None:
    # Unwind normally so that every engine is stopped; exit status as a shell would show it.
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args = build_parser().parse_args(argv)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _terminate)
    try:
        code: int = args.execute(args)
    except KeyboardInterrupt:
        print("seven-rocks-conformance: interrupted", file=sys.stderr)
        return 130
    return code
