"""Options and helpers shared by the subcommands that talk to an engine."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from conformance.engine.sandbox import (
    DEFAULT_FOLDER_MB,
    DEFAULT_MEMORY_MB,
    SandboxError,
    passed_variables,
    sandboxed,
)
from conformance.engine.timeouts import MAX_SECONDS, MIN_START_SECONDS, seconds_argument
from conformance.runner.defaults import DEFAULT_TIMEOUT
from conformance.suite.protocol import QUERY_CMDS

# What a command does is imported when it runs: building the parser (and --help) loads
# only the options' defaults.
if TYPE_CHECKING:
    from conformance.runner.expectfail import ExpectFail
    from conformance.suite.fixtures import Case

__all__ = [
    "MAX_SECONDS",
    "PARTIAL_CONTAINMENT",
    "add_engine_options",
    "add_sandbox_options",
    "add_selection_options",
    "add_timeout_option",
    "confine",
    "discard_stdout",
    "empty_selection",
    "engine_from_args",
    "error",
    "expect_fail_from_args",
    "positive_float",
    "resolve_engine",
    "warn_partial_containment",
    "write_file",
    "write_stdout",
]


PARTIAL_CONTAINMENT = (
    "warning: containment is partial: no cgroup can be made here, so a process the "
    "engine starts that leaves its session, clears its environment and closes its pipes, "
    "or that forks faster than it can be stopped, may outlive the engine, and a runner "
    "killed outright leaves the engine running; --sandbox confines the engine fully"
)
"""Said when an engine runs with neither a cgroup of its own nor the sandbox."""


def positive_float(text: str) -> float:
    """An argparse type: a number of seconds greater than 0 and at most ``MAX_SECONDS``."""
    return seconds_argument(text)


def add_engine_options(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    """``--engine`` and ``--timeout``."""
    parser.add_argument(
        "--engine",
        metavar="CMD",
        required=required,
        help="command starting the engine's adapter, split like a shell would split it and "
        "run without a shell" + ("" if required else " (default: the built-in reference engine)"),
    )
    add_timeout_option(parser)
    add_sandbox_options(parser)


def add_sandbox_options(parser: argparse.ArgumentParser) -> None:
    """``--sandbox`` and the options that go with it."""
    parser.add_argument(
        "--sandbox",
        action="store_true",
        help="run the engine under bubblewrap, as an unprivileged user with no capability: "
        "only the system's programs and the folders its command names, read-only; its own "
        f"working folder and /tmp, each of {DEFAULT_FOLDER_MB} MiB; no network; its own PID "
        "namespace; a "
        "minimal environment; limits on memory, processes and CPU time (Linux; exit 2 "
        "when bwrap is missing)",
    )
    parser.add_argument(
        "--sandbox-env",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="with --sandbox: pass this variable to the engine, with its value here or the "
        "one given (repeatable)",
    )
    parser.add_argument(
        "--sandbox-path",
        action="append",
        default=[],
        metavar="PATH",
        help="with --sandbox: show this file or folder to the engine, read-only (repeatable)",
    )
    parser.add_argument(
        "--engine-memory",
        type=int,
        default=DEFAULT_MEMORY_MB,
        metavar="MIB",
        help=f"with --sandbox: the engine's address space in MiB (default {DEFAULT_MEMORY_MB})",
    )


def add_timeout_option(parser: argparse.ArgumentParser) -> None:
    """``--timeout SECONDS``: the longest wait for one reply."""
    parser.add_argument(
        "--timeout",
        type=positive_float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"longest wait for one reply (default {DEFAULT_TIMEOUT:g}); the handshake "
        f"reply is waited for this long or {MIN_START_SECONDS:g} s, the longer",
    )


def add_selection_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``-k GLOB``, ``--rule ID`` and ``--cmd NAME``: which cases to run."""
    parser.add_argument(
        "-k",
        dest="keywords",
        action="append",
        default=[],
        metavar="GLOB",
        help="case ids matching this glob (a plain word matches anywhere in the id)",
    )
    parser.add_argument(
        "--rule",
        dest="rules",
        action="append",
        default=[],
        metavar="ID",
        help="cases citing a rule ID starting with this prefix (e.g. 'spinner' or "
        "'settle.round-each-player')",
    )
    parser.add_argument(
        "--cmd",
        dest="cmds",
        action="append",
        default=[],
        choices=QUERY_CMDS,
        help="cases of this command",
    )


def expect_fail_from_args(args: argparse.Namespace) -> ExpectFail | None:
    """The ``--expect-fail`` file's entries (empty without one); None, said on stderr,
    when it cannot be read."""
    from conformance.runner.expectfail import ExpectFail, read_expect_fail

    if args.expect_fail is None:
        return ExpectFail()
    try:
        return read_expect_fail(args.expect_fail)
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        error(f"cannot read the expected-failure file {json.dumps(str(args.expect_fail))}: {why}")
        return None


def engine_from_args(args: argparse.Namespace) -> tuple[list[str], Mapping[str, str] | None]:
    """The engine's argv and environment; raises ``ValueError`` for an unusable command."""
    from conformance.engine.client import split_command
    from conformance.engine.reference import reference_engine

    if args.engine is None:
        argv, env = reference_engine()
    else:
        argv, env = split_command(args.engine), None
    return confine(args, argv, env), env


def confine(args: argparse.Namespace, argv: list[str], env: Mapping[str, str] | None) -> list[str]:
    """``argv`` in the sandbox when ``--sandbox`` is given; raises `SandboxError`."""
    if not getattr(args, "sandbox", False):
        return argv
    return sandboxed(
        argv,
        memory_mb=args.engine_memory,
        env=passed_variables(args.sandbox_env, env),
        paths=args.sandbox_path,
    )


def resolve_engine(
    args: argparse.Namespace,
) -> tuple[list[str], Mapping[str, str] | None] | None:
    """Like `engine_from_args`, but says on stderr what is wrong and returns None;
    warns when containment is partial (`warn_partial_containment`)."""
    try:
        engine = engine_from_args(args)
    except SandboxError as exc:
        error(str(exc))
        return None
    except ValueError as exc:
        error(f"bad --engine: {exc}")
        return None
    warn_partial_containment(args)
    return engine


def warn_partial_containment(args: argparse.Namespace) -> None:
    """Say on stderr that containment is partial: no ``--sandbox``, and no cgroup."""
    from conformance.engine import cgroups

    if not getattr(args, "sandbox", False) and not cgroups.available():
        error(PARTIAL_CONTAINMENT)


def error(message: str) -> None:
    """A diagnostic on stderr, prefixed with the program name (engine text made safe)."""
    from conformance.reports.sanitize import terminal_text

    print(f"seven-rocks-conformance: {terminal_text(message)}", file=sys.stderr)


def write_stdout(text: str) -> bool:
    """Write ``text`` to standard output and flush; False (said on stderr) if it cannot be.

    Standard output may be a full disk (``/dev/full``) or a closed pipe: that is a
    one-line diagnostic, not a traceback, and standard output is then pointed at the null
    device so that the interpreter's own flush at exit does not fail again.
    """
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as exc:
        discard_stdout()
        if not isinstance(exc, BrokenPipeError):  # a reader that stopped reading: quiet
            error(f"cannot write to standard output: {exc.strerror or exc}")
        return False
    return True


def discard_stdout() -> None:
    """Send whatever is left in standard output's buffer (and later writes) to nowhere."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def write_file(what: str, path: Path, write: Callable[[], object]) -> bool:
    """Call ``write()``, which writes ``path``; False (one line on stderr) if it cannot.

    ``what`` names the output in the message: a folder, a missing folder or a full disk
    is a diagnostic, never a traceback.
    """
    try:
        write()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        error(f"cannot write {what} to {str(path)!r}: {reason}")
        return False
    return True


def empty_selection(args: argparse.Namespace, cases: Sequence[Case], rules: Iterable[str]) -> str:
    """Why ``-k``, ``--rule`` and ``--cmd`` selected no case of ``cases``: the values
    that match nothing (with did-you-mean for rule IDs), or that only all together do."""
    from conformance.runner.select import unmatched_filters

    found = unmatched_filters(
        cases, keywords=args.keywords, rules=args.rules, cmds=args.cmds, rule_ids=rules
    )
    head = f"no case matches the selection ({len(cases)} cases loaded)"
    if not found:
        given = [f"-k {k!r}" for k in args.keywords] + [f"--rule {r!r}" for r in args.rules]
        given += [f"--cmd {c!r}" for c in args.cmds]
        return f"{head}: each of {', '.join(given)} matches cases, but no case matches all"
    parts = []
    for miss in found:
        what = {"-k": "no case id", "--rule": "no rule a case cites", "--cmd": "no case"}
        text = f"{miss.option} {miss.value!r} matches {what[miss.option]}"
        if miss.suggestions:
            text += " (did you mean " + " or ".join(map(repr, miss.suggestions)) + "?)"
        parts.append(text)
    return f"{head}: " + "; ".join(parts)
