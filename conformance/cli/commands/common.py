"""Options and helpers shared by the subcommands that talk to an engine."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping

from conformance.engine.client import split_command
from conformance.runner.execute import DEFAULT_TIMEOUT, reference_engine

__all__ = [
    "add_engine_options",
    "engine_from_args",
    "error",
    "positive_float",
    "resolve_engine",
]


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds greater than zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be greater than 0: {text!r}")
    return value


def add_engine_options(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    """``--engine`` and ``--timeout``."""
    parser.add_argument(
        "--engine",
        metavar="CMD",
        required=required,
        help="command starting the engine's adapter, split like a shell would split it and "
        "run without a shell" + ("" if required else " (default: the built-in reference engine)"),
    )
    parser.add_argument(
        "--timeout",
        type=positive_float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"longest wait for one reply (default {DEFAULT_TIMEOUT:g})",
    )


def engine_from_args(args: argparse.Namespace) -> tuple[list[str], Mapping[str, str] | None]:
    """The engine's argv and environment; raises ``ValueError`` for an unusable command."""
    if args.engine is None:
        argv, env = reference_engine()
        return argv, env
    return split_command(args.engine), None


def resolve_engine(
    args: argparse.Namespace,
) -> tuple[list[str], Mapping[str, str] | None] | None:
    """Like `engine_from_args`, but says on stderr what is wrong and returns None."""
    try:
        return engine_from_args(args)
    except ValueError as exc:
        error(f"bad --engine: {exc}")
        return None


def error(message: str) -> None:
    """A diagnostic on stderr, prefixed with the program name."""
    print(f"seven-rocks-conformance: {message}", file=sys.stderr)
