"""The public Python API of the conformance suite.

Everything a program needs to run the suite against an engine from Python: load the
cases, select some, start an engine, run them, read the results and write the
reports. The names listed in ``__all__`` follow semantic versioning (README:
"Stability"); every other module of the package is private and may change in any
release.

    from conformance.api import load_suite, run, select, start_engine

    cases = select(load_suite(), rules=["spinner"])
    with start_engine("python my_adapter.py") as engine:
        print(engine.info)
    result = run("python my_adapter.py", cases)
    print(result.totals(), [r.case.id for r in result.failures()])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from conformance import SUITE_VERSION
from conformance.engine.client import EngineClient, EngineInfo, EngineStartError, split_command
from conformance.engine.sandbox import (
    DEFAULT_MEMORY_MB,
    SandboxError,
    passed_variables,
    sandboxed,
)
from conformance.runner.execute import (
    DEFAULT_TIMEOUT,
    RunOptions,
    reference_engine,
    run_suite,
    select_cases,
)
from conformance.runner.expectfail import ExpectFail, read_expect_fail
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite import resources
from conformance.suite.fixtures import Case, FixtureError, load_cases
from conformance.suite.messages import (
    ErroredReply,
    Expected,
    RejectedReply,
    Rejection,
    Reply,
    ReplyProblem,
    Result,
    ResultReply,
    SkippedReply,
)
from conformance.suite.protocol import PROTOCOL_VERSION, QUERY_CMDS
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import Rule, load_rules

__all__ = [
    "DEFAULT_TIMEOUT",
    "PROTOCOL_VERSION",
    "QUERY_CMDS",
    "SUITE_VERSION",
    "Case",
    "CaseResult",
    "DataNotFoundError",
    "EngineClient",
    "EngineInfo",
    "EngineStartError",
    "ErroredReply",
    "ExpectFail",
    "Expected",
    "FixtureError",
    "Outcome",
    "RejectedReply",
    "Rejection",
    "Reply",
    "ReplyProblem",
    "Result",
    "ResultReply",
    "Rule",
    "RunOptions",
    "RunResult",
    "SandboxError",
    "SkippedReply",
    "engine_command",
    "load_rules",
    "load_suite",
    "read_expect_fail",
    "run",
    "select",
    "start_engine",
    "suite_json_path",
    "write_json_report",
    "write_junit_report",
    "write_text_report",
]

EngineCommand = str | Sequence[str] | None
"""An engine: a command line (split like a shell would), an argv list, or None for the
built-in reference engine."""


def load_suite(fixtures: Iterable[Path | str] = (), *, builtin: bool = True) -> list[Case]:
    """The suite's own cases (unless ``builtin`` is false) and those under ``fixtures``.

    Folders in ``fixtures`` are checked like ``seven-rocks-conformance lint`` checks
    them; any problem raises `FixtureError`, which lists each problem by file and case.
    """
    extra = [Path(d) for d in fixtures]
    dirs = ([fixtures_dir()] if builtin else []) + extra
    if not dirs:
        raise ValueError("nothing to load: builtin=False and no fixture folder given")
    return load_cases(dirs, rules=load_rules(), schema_dirs=extra)


def suite_json_path() -> Path:
    """The suite's own cases as one JSON file, for a harness in any language.

    Its layout is spec/schemas/suite.schema.json (each case's request, expected reply,
    rules, and the ``comparison`` a harness applies); it is what
    ``seven-rocks-conformance export --format json`` writes for the suite's fixtures.
    The file of the installed wheel, or of the checkout behind an editable install.
    Raises `DataNotFoundError` when the installation lacks it.
    """
    return resources.compiled_suite_path()


def select(
    cases: Iterable[Case],
    *,
    keywords: Sequence[str] = (),
    rules: Sequence[str] = (),
    cmds: Sequence[str] = (),
) -> list[Case]:
    """The cases matching every kind of criterion given, as ``run -k/--rule/--cmd`` do.

    ``keywords`` are globs on the case id (a plain word matches anywhere in it),
    ``rules`` prefixes of rule IDs (``"spinner"``, ``"settle.round-each-player"``),
    ``cmds`` command names; several values of one kind are alternatives.
    """
    return select_cases(cases, keywords=keywords, rules=rules, cmds=cmds)


def engine_command(engine: EngineCommand) -> tuple[list[str], Mapping[str, str] | None]:
    """The argv and environment that start ``engine`` (None: the reference engine)."""
    if engine is None:
        argv, env = reference_engine()
        return argv, env
    if isinstance(engine, str):
        return split_command(engine), None
    argv = list(engine)
    if not argv:
        raise ValueError("the engine command is empty")
    return argv, None


def _confined(
    engine: EngineCommand,
    sandbox: bool,
    engine_memory: int,
    sandbox_env: Sequence[str],
    sandbox_paths: Sequence[str],
) -> tuple[list[str], Mapping[str, str] | None]:
    argv, env = engine_command(engine)
    if sandbox:
        passed = passed_variables(sandbox_env, env)
        argv = sandboxed(argv, memory_mb=engine_memory, env=passed, paths=sandbox_paths)
    return argv, env


def start_engine(
    engine: EngineCommand = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    sandbox: bool = False,
    engine_memory: int = DEFAULT_MEMORY_MB,
    sandbox_env: Sequence[str] = (),
    sandbox_paths: Sequence[str] = (),
) -> EngineClient:
    """A started engine (handshake done), to be closed; use it as a context manager.

    ``sandbox`` runs it under bubblewrap as ``run --sandbox`` does (``engine_memory``:
    its address space in MiB; ``sandbox_env`` and ``sandbox_paths``: as
    ``--sandbox-env`` and ``--sandbox-path``); `SandboxError` when bubblewrap is missing.

    Raises `EngineStartError` when it cannot be started or fails the handshake, and
    ``ValueError`` for a ``timeout`` that is not a number of seconds in (0, 3600]
    (NaN, infinite, zero or negative).
    """
    argv, env = _confined(engine, sandbox, engine_memory, sandbox_env, sandbox_paths)
    client = EngineClient(argv, timeout=timeout, env=env)
    client.start()
    return client


def run(
    engine: EngineCommand,
    cases: Sequence[Case] | None = None,
    *,
    options: RunOptions | None = None,
    jobs: int = 1,
    sandbox: bool = False,
    engine_memory: int = DEFAULT_MEMORY_MB,
    sandbox_env: Sequence[str] = (),
    sandbox_paths: Sequence[str] = (),
) -> RunResult:
    """Run ``cases`` (default: the whole suite) against ``engine`` and return the results.

    The run is the ``run`` command's: engines restarted after a broken stream, the
    expected failures of ``options`` applied, each failed perft count located (its
    ``located``) unless ``options.locate_perft`` is false.
    Raises `EngineStartError` when the engine cannot be started at all, and
    ``ValueError`` for ``jobs`` that is not a whole number from 1 to 256 (``True`` is
    not one); everything the engine does wrong afterwards is in the results. Building
    `RunOptions` raises ``ValueError`` for a timeout that is not a number of seconds
    in (0, 3600], and for a ``max_restarts`` or ``max_fail`` that is not a whole
    number of at least 0.
    """
    argv, env = _confined(engine, sandbox, engine_memory, sandbox_env, sandbox_paths)
    selected = load_suite() if cases is None else list(cases)
    result = run_suite(argv, selected, options=options, jobs=jobs, env=env)
    if cases is None:  # the whole suite: its case list is known
        result.suite_cases = tuple(c.id for c in selected)
    return result


def write_text_report(result: RunResult, stream: TextIO, *, verbose: bool = False) -> None:
    """The human report, as ``run`` prints it (without colour)."""
    from conformance.reports.text import format_report

    stream.write(format_report(result, load_rules(), verbose=verbose))


def write_json_report(result: RunResult, stream: TextIO, *, strict: bool = False) -> None:
    """The JSON report (spec/schemas/report.schema.json), as ``run --format json`` writes."""
    import json

    from conformance.reports.json_report import report_object

    stream.write(json.dumps(report_object(result, strict=strict)) + "\n")


def write_junit_report(result: RunResult, path: Path | str) -> None:
    """The JUnit XML report, as ``run --junit FILE`` writes it."""
    from conformance.reports.junit import write_junit

    write_junit(Path(path), result, load_rules())
