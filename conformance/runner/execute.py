"""Run cases against an engine: pipelined exchanges, restarts, jobs, expected failures.

Selection (`conformance.runner.select`) and verdicts (`conformance.runner.verdict`) live
in their own modules; their names are re-exported here for the callers of ``run_suite``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from conformance.engine.client import EngineClient, EngineInfo, EngineStartError
from conformance.engine.reference import reference_engine
from conformance.engine.timeouts import checked_seconds
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.runner.select import select_cases
from conformance.runner.verdict import evaluate, not_sent
from conformance.suite.fixtures import Case

__all__ = [
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_TIMEOUT",
    "Progress",
    "RunOptions",
    "evaluate",
    "not_sent",
    "reference_engine",
    "run_suite",
    "select_cases",
]

DEFAULT_TIMEOUT = 5.0
DEFAULT_MAX_RESTARTS = 5

Progress = Callable[[CaseResult], None]
"""Called once per finished case (from worker threads, serialised by the runner)."""


@dataclass(frozen=True)
class RunOptions:
    """How to run: timeouts, restarts, message checks, expected failures."""

    timeout: float = DEFAULT_TIMEOUT
    start_timeout: float | None = None
    max_restarts: int = DEFAULT_MAX_RESTARTS
    check_messages: bool = False
    expect_fail: frozenset[str] = frozenset()
    expect_fail_rules: frozenset[str] = frozenset()
    """Rules whose cases may fail: failing is expected, passing is just passing."""
    skip_features: frozenset[str] = frozenset()
    """Features the engine does not claim (``run --skip-feature``); the handshake may add more."""
    max_fail: int = 0
    """Stop the run after this many failing or erroring cases (0: never)."""

    def __post_init__(self) -> None:
        # Refused here, before any engine starts: NaN or infinity would wait for ever.
        checked_seconds(self.timeout)
        if self.start_timeout is not None:
            checked_seconds(self.start_timeout, "start_timeout")


def _apply_expect_fail(
    result: CaseResult, expect_fail: frozenset[str], rules: frozenset[str] = frozenset()
) -> CaseResult:
    if result.case.id not in expect_fail:
        if result.outcome is Outcome.FAILED and rules.intersection(result.case.rules):
            return replace(result, outcome=Outcome.XFAILED)
        return result
    if result.outcome is Outcome.FAILED:
        return replace(result, outcome=Outcome.XFAILED)
    if result.outcome is Outcome.PASSED:
        return replace(
            result,
            outcome=Outcome.XPASSED,
            message="unexpectedly passed: remove it from the list",
        )
    return result


class _Run:
    """State shared by the workers of one run."""

    def __init__(
        self,
        argv: Sequence[str],
        env: Mapping[str, str] | None,
        options: RunOptions,
        progress: Progress | None,
    ) -> None:
        self.argv = list(argv)
        self.env = env
        self.options = options
        self.progress = progress
        self.lock = threading.Lock()
        self.restarts = 0
        self.aborted: str | None = None
        self.warnings: list[str] = []
        self.info: EngineInfo | None = None
        self.bad = 0

    def new_client(self) -> EngineClient:
        return EngineClient(
            self.argv,
            timeout=self.options.timeout,
            start_timeout=self.options.start_timeout,
            env=self.env,
        )

    def record(self, results: dict[int, CaseResult], index: int, result: CaseResult) -> None:
        options = self.options
        result = _apply_expect_fail(result, options.expect_fail, options.expect_fail_rules)
        with self.lock:
            results[index] = result
            if self.progress is not None:
                self.progress(result)
            limit = self.options.max_fail
            if limit and result.outcome.bad and not result.message.startswith("not run"):
                self.bad += 1
                if self.bad >= limit and self.aborted is None:
                    self.aborted = (
                        f"{self.bad} case(s) did not pass (the limit, --max-fail); "
                        "the remaining cases were not run"
                    )

    def may_restart(self) -> bool:
        with self.lock:
            if self.aborted is not None:
                return False
            if self.restarts >= self.options.max_restarts:
                self.aborted = (
                    f"the engine was restarted {self.restarts} times (the limit, "
                    "--max-restarts); the remaining cases were not run"
                )
                return False
            self.restarts += 1
            return True

    def work(
        self,
        client: EngineClient,
        info: EngineInfo,
        items: list[tuple[int, Case]],
        results: dict[int, CaseResult],
    ) -> None:
        holder = [client]
        try:
            healthy = self._work(holder, info, items, results)
        finally:
            status = holder[0].close()
        if healthy and status not in (0, None):
            with self.lock:
                self.warnings.append(f"the engine exited with status {status} after stop")

    def _work(
        self,
        holder: list[EngineClient],
        info: EngineInfo,
        items: list[tuple[int, Case]],
        results: dict[int, CaseResult],
    ) -> bool:
        """Run ``items``; ``holder[0]`` is the current engine. True if it ended healthy."""
        client = holder[0]
        pending: list[tuple[int, Case]] = []
        for index, case in items:
            skipped = not_sent(case, info, self.options.skip_features)
            if skipped is not None:
                self.record(results, index, skipped)
            else:
                pending.append((index, case))
        check = self.options.check_messages
        while pending:
            requests = [case.request(client.next_seq()) for _, case in pending]
            done = 0
            broken = False
            for (index, case), exchange in zip(pending, client.exchange(requests), strict=False):
                result = evaluate(case, exchange, check_messages=check)
                if result.outcome in (Outcome.FAILED, Outcome.ERRORED):
                    result.stderr_tail = client.stderr_tail()
                self.record(results, index, result)
                done += 1
                broken = exchange.broken
                if self.aborted is not None:
                    break
            pending = pending[done:]
            if self.aborted is not None and pending:
                # The requests already sent are dropped with the engine.
                client.close(graceful=False)
                self._give_up(pending, results, self.aborted)
                return False
            if not broken:
                return True
            client.close(graceful=False)
            if not pending:
                return False
            if not self.may_restart():
                self._give_up(pending, results, self.aborted or "")
                return False
            client = holder[0] = self.new_client()
            try:
                info = client.start()
            except EngineStartError as exc:
                with self.lock:
                    self.aborted = self.aborted or f"the engine could not be restarted: {exc}"
                self._give_up(pending, results, self.aborted or "")
                return False
        return True

    def _give_up(
        self, pending: list[tuple[int, Case]], results: dict[int, CaseResult], why: str
    ) -> None:
        for index, case in pending:
            stopped = CaseResult(case, Outcome.ERRORED, f"not run: {why}", never_sent=True)
            self.record(results, index, stopped)


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
    already spawned (to overlap their start-up with loading the fixtures).
    Raises ``EngineStartError`` when an engine cannot be started at all.
    """
    options = options or RunOptions()
    started = time.monotonic()
    run = _Run(engine_argv, env, options, progress)
    jobs = max(1, min(jobs, len(cases))) if cases else 1
    spawned = list(clients or ())
    while len(spawned) < jobs:
        spawned.append(run.new_client())
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
    if options.check_messages:
        from conformance.suite import schemas

        problems = schemas.check_reply("start", dict(infos[0].handshake))
        if problems:
            run.warnings.append(
                "the handshake reply breaks the protocol schema: " + "; ".join(problems)
            )
    results: dict[int, CaseResult] = {}
    shares = [list(enumerate(cases))[w::jobs] for w in range(jobs)]
    if jobs == 1:
        run.work(spawned[0], infos[0], shares[0], results)
    else:
        threads = [
            threading.Thread(target=run.work, args=(c, i, s, results), daemon=True)
            for c, i, s in zip(spawned, infos, shares, strict=True)
        ]
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                thread.join()
        except BaseException:
            # Interrupted (SIGTERM, Ctrl-C): the workers must not restart the engines that
            # are being stopped.
            with run.lock:
                run.aborted = run.aborted or "the run was interrupted"
            raise
    return RunResult(
        engine=infos[0],
        results=[results[i] for i in sorted(results)],
        duration=time.monotonic() - started,
        restarts=run.restarts,
        aborted=run.aborted,
        warnings=run.warnings,
        unclaimed_features=tuple(sorted(options.skip_features | set(infos[0].skip_features))),
    )
