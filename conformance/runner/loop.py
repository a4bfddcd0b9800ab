"""The run loop: cases sent to an engine, restarts, expected failures, perft location.

One loop serves every front end: `run_suite` (the ``run`` command and
``conformance.api.run``) drives one `EngineLoop` per job; the pytest plugin drives one
through `CaseByCase`, a case per test item. Whatever the front end, a broken stream
restarts the engine within ``max_restarts``, the cases left when the run stops are
``not run``, the expected-failure list is applied by `ExpectFail.apply`, and failed
perft counts are located by the descent.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from conformance.engine.client import EngineClient, EngineInfo, EngineStartError
from conformance.engine.timeouts import checked_seconds
from conformance.runner.expectfail import ExpectFail
from conformance.runner.outcomes import CaseResult, Outcome
from conformance.runner.verdict import evaluate, not_sent
from conformance.suite.fixtures import Case

__all__ = [
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_TIMEOUT",
    "MAX_JOBS",
    "CaseByCase",
    "EngineLoop",
    "Progress",
    "RunOptions",
    "RunState",
    "checked_count",
]

DEFAULT_TIMEOUT = 5.0
DEFAULT_MAX_RESTARTS = 5
MAX_JOBS = 256
"""The most engine processes a run is asked to start at once (it never starts more than
it has cases): far beyond what any machine runs usefully, and short of a fork bomb."""

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
    locate_perft: bool = True
    """Locate each failed perft count (`conformance.runner.perft_descent`): a second
    engine descends the divide breakdowns after the run."""

    def __post_init__(self) -> None:
        # Refused here, before any engine starts: NaN or infinity would wait for ever.
        checked_seconds(self.timeout)
        if self.start_timeout is not None:
            checked_seconds(self.start_timeout, "start_timeout")
        checked_count(self.max_restarts, "max_restarts", least=0)
        checked_count(self.max_fail, "max_fail", least=0)

    @property
    def expected_failures(self) -> ExpectFail:
        """The expected-failure list these options carry."""
        return ExpectFail(self.expect_fail, self.expect_fail_rules)


def checked_count(value: object, what: str, *, least: int, most: int | None = None) -> int:
    """``value`` when it is an integer from ``least`` to ``most`` (no bound: None).

    Raises ``ValueError`` naming ``what`` and quoting the value otherwise: a bool (``True``
    is no count), a float, a string, or a number out of range.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if value < least or (most is not None and value > most):
        bounds = f"at least {least}" if most is None else f"from {least} to {most}"
        raise ValueError(f"{what} must be {bounds}, not {value!r}")
    return value


class RunState:
    """What the engines of one run share: options, restart count, why it stopped."""

    def __init__(
        self,
        argv: Sequence[str],
        env: Mapping[str, str] | None,
        options: RunOptions,
        progress: Progress | None = None,
    ) -> None:
        self.argv = list(argv)
        self.env = env
        self.options = options
        self.progress = progress
        self.expected = options.expected_failures
        self.lock = threading.Lock()
        self.restarts = 0
        self.aborted: str | None = None
        self.warnings: list[str] = []
        self.bad = 0

    def new_client(self) -> EngineClient:
        """An engine client for this run, not yet started."""
        return EngineClient(
            self.argv,
            timeout=self.options.timeout,
            start_timeout=self.options.start_timeout,
            env=self.env,
        )

    def record(self, results: dict[int, CaseResult], index: int, result: CaseResult) -> None:
        """Keep one case's verdict (expected failures applied); stop at ``max_fail``."""
        result = self.expected.apply(result)
        with self.lock:
            results[index] = result
            if self.progress is not None:
                self.progress(result)
            limit = self.options.max_fail
            if limit and result.outcome.bad:
                self.bad += 1
                if self.bad >= limit and self.aborted is None:
                    self.aborted = (
                        f"{self.bad} case(s) did not pass (the limit, --max-fail); "
                        "the remaining cases were not run"
                    )

    def may_restart(self) -> bool:
        """Whether one more restart is allowed (and count it); sets ``aborted`` if not."""
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

    def give_up(self, pending: Sequence[tuple[int, Case]], results: dict[int, CaseResult]) -> None:
        """Record every case of ``pending`` as not run, for the reason the run stopped."""
        why = f"not run: {self.aborted}"
        for index, case in pending:
            self.record(results, index, CaseResult(case, Outcome.NOT_RUN, why))

    def locate(self, results: list[CaseResult]) -> list[CaseResult]:
        """``results`` with each failed perft count located (when the options say so)."""
        if not self.options.locate_perft or not any(
            r.outcome is Outcome.FAILED and r.case.cmd == "perft" for r in results
        ):
            return results
        from conformance.runner.perft_descent import locate_perft_failures

        return locate_perft_failures(results, self.argv, self.env, self.options.timeout)


class EngineLoop:
    """One engine process of a run: cases pipelined to it, restarted after a broken stream.

    ``client`` may be an engine already started (its handshake done) or None: the first
    `send` then starts one, and raises ``EngineStartError`` if it cannot.
    """

    def __init__(self, state: RunState, client: EngineClient | None = None) -> None:
        self.state = state
        self.client = client
        """The current engine; None once the run gave up on it or it broke."""

    def info(self) -> EngineInfo:
        """The handshake of the current engine, starting one if there is none."""
        if self.client is None:
            self.client = self.state.new_client()
        if self.client.info is None:
            self.client.start()
        assert self.client.info is not None
        return self.client.info

    def send(self, items: Sequence[tuple[int, Case]], results: dict[int, CaseResult]) -> None:
        """Run ``items`` (index, case), recording each verdict in ``results``."""
        state = self.state
        if state.aborted is not None:
            state.give_up(items, results)
            return
        pending = list(items)
        while pending:
            pending = self._batch(self._sendable(pending, results), results)

    def _sendable(
        self, items: Sequence[tuple[int, Case]], results: dict[int, CaseResult]
    ) -> list[tuple[int, Case]]:
        """The cases of ``items`` the current engine's handshake lets the run send; the
        others are recorded as skipped. Asked again after each restart: a restarted
        engine is held to its own handshake (spec/protocol.md section 8, item 3)."""
        info = self.info()
        sendable: list[tuple[int, Case]] = []
        for index, case in items:
            skipped = not_sent(case, info, self.state.options.skip_features)
            if skipped is not None:
                self.state.record(results, index, skipped)
            else:
                sendable.append((index, case))
        return sendable

    def _batch(
        self, pending: list[tuple[int, Case]], results: dict[int, CaseResult]
    ) -> list[tuple[int, Case]]:
        """Send ``pending`` to the engine; the cases still to send after a restart."""
        state, client = self.state, self.client
        assert client is not None
        if not pending:
            return []
        requests = [case.request(client.next_seq()) for _, case in pending]
        done = 0
        broken = False
        for (index, case), exchange in zip(pending, client.exchange(requests), strict=False):
            result = evaluate(case, exchange, check_messages=state.options.check_messages)
            if result.outcome in (Outcome.FAILED, Outcome.ERRORED):
                result.stderr_tail = client.stderr_tail()
            state.record(results, index, result)
            done += 1
            broken = exchange.broken
            if state.aborted is not None:
                break
        rest = pending[done:]
        if state.aborted is not None and rest:
            self._drop()  # the requests already sent are dropped with the engine
            state.give_up(rest, results)
            return []
        if not broken:
            return []
        self._drop()
        if not rest:
            return []
        if not state.may_restart():
            state.give_up(rest, results)
            return []
        try:
            self.info()
        except EngineStartError as exc:
            self.client = None  # already stopped by its failed start
            with state.lock:
                state.aborted = state.aborted or f"the engine could not be restarted: {exc}"
            state.give_up(rest, results)
            return []
        return rest

    def _drop(self) -> None:
        """Kill the current engine: it broke the protocol or the run gave up on it."""
        if self.client is not None:
            self.client.close(graceful=False)
            self.client = None

    def close(self) -> None:
        """Stop the engine; one still trusted that exits with a bad status is warned about."""
        if self.client is None:
            return
        status = self.client.close()
        self.client = None
        if status not in (0, None):
            with self.state.lock:
                self.state.warnings.append(f"the engine exited with status {status} after stop")


class CaseByCase:
    """The run loop one case at a time, for a front end that asks for each case in turn
    (the pytest plugin): the engine is started on first use and kept, restarted as the
    run would restart it; a case the run can no longer send is ``not run``."""

    def __init__(
        self, argv: Sequence[str], env: Mapping[str, str] | None, options: RunOptions
    ) -> None:
        self.state = RunState(argv, env, options)
        self.loop = EngineLoop(self.state)

    def run(self, case: Case) -> CaseResult:
        """The verdict on ``case``, expected failures applied and a perft failure located."""
        results: dict[int, CaseResult] = {}
        try:
            self.loop.send([(0, case)], results)
        except EngineStartError as exc:
            self.loop.client = None
            self.state.aborted = str(exc)
            self.state.give_up([(0, case)], results)
        [result] = self.state.locate([results[0]])
        return result

    def close(self) -> None:
        """Stop the engine, if one runs."""
        self.loop.close()
