"""Run cases against an engine: one engine per job, each driven by the run loop.

The loop itself (restarts, expected failures, perft location) is
`conformance.runner.loop`; selection (`conformance.runner.select`) and verdicts
(`conformance.runner.verdict`) live in their own modules. Their names are re-exported
here for the callers of ``run_suite``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence

from conformance.engine.client import EngineClient, EngineInfo, EngineStartError
from conformance.engine.reference import reference_engine
from conformance.runner.loop import (
    DEFAULT_MAX_RESTARTS,
    DEFAULT_TIMEOUT,
    MAX_JOBS,
    EngineLoop,
    Progress,
    RunOptions,
    RunState,
    checked_count,
)
from conformance.runner.outcomes import CaseResult, RunResult
from conformance.runner.select import select_cases
from conformance.runner.verdict import evaluate, not_sent
from conformance.suite.fixtures import Case

__all__ = [
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_TIMEOUT",
    "MAX_JOBS",
    "Progress",
    "RunOptions",
    "evaluate",
    "not_sent",
    "reference_engine",
    "run_suite",
    "select_cases",
]


def _work(loop: EngineLoop, items: list[tuple[int, Case]], results: dict[int, CaseResult]) -> None:
    try:
        loop.send(items, results)
    finally:
        loop.close()


def run_suite(
    engine_argv: Sequence[str],
    cases: Sequence[Case],
    *,
    options: RunOptions | None = None,
    jobs: int = 1,
    env: Mapping[str, str] | None = None,
    progress: Progress | None = None,
    clients: Sequence[EngineClient] | None = None,
) -> RunResult:
    """Run ``cases`` against the engine started by ``engine_argv``; return every verdict.

    One engine process per job (``jobs``), each kept for the whole run and restarted only
    after a crash, a timeout or a broken reply stream. ``clients`` may hand over engines
    already spawned (to overlap their start-up with loading the fixtures). Failed perft
    counts are located afterwards (``RunOptions.locate_perft``).
    Raises ``EngineStartError`` when an engine cannot be started at all, and
    ``ValueError`` for ``jobs`` that is not a whole number from 1 to `MAX_JOBS`.
    """
    checked_count(jobs, "jobs", least=1, most=MAX_JOBS)
    options = options or RunOptions()
    started = time.monotonic()
    state = RunState(engine_argv, env, options, progress)
    jobs = max(1, min(jobs, len(cases))) if cases else 1
    spawned = list(clients or ())
    while len(spawned) < jobs:
        spawned.append(state.new_client())
    for extra in spawned[jobs:]:
        extra.close()
    spawned = spawned[:jobs]
    infos: list[EngineInfo] = []
    try:
        for client in spawned:
            infos.append(client.start())
    except EngineStartError:
        for client in spawned:
            client.close()
        raise
    state.warnings.extend(f"the handshake's {note}" for note in infos[0].cut)
    if options.check_messages:
        from conformance.suite import schemas

        problems = schemas.check_reply("start", dict(infos[0].handshake))
        if problems:
            state.warnings.append(
                "the handshake reply breaks the protocol schema: " + "; ".join(problems)
            )
    results: dict[int, CaseResult] = {}
    shares = [list(enumerate(cases))[w::jobs] for w in range(jobs)]
    loops = [EngineLoop(state, client) for client in spawned]
    if jobs == 1:
        _work(loops[0], shares[0], results)
    else:
        threads = [
            threading.Thread(target=_work, args=(loop, share, results), daemon=True)
            for loop, share in zip(loops, shares, strict=True)
        ]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                thread.join()
        except BaseException:
            # Interrupted (SIGTERM, Ctrl-C): the workers must not restart the engines that
            # are being stopped.
            with state.lock:
                state.aborted = state.aborted or "the run was interrupted"
            raise
    located = state.locate([results[i] for i in sorted(results)])
    return RunResult(
        engine=infos[0],
        results=located,
        duration=time.monotonic() - started,
        restarts=state.restarts,
        aborted=state.aborted,
        warnings=state.warnings,
        unclaimed_features=tuple(sorted(options.skip_features | set(infos[0].skip_features))),
    )
