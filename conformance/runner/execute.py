"""Run cases against an engine: selection, pipelined exchanges, verdicts, restarts, jobs."""

from __future__ import annotations

import fnmatch
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from conformance.engine.client import EngineClient, EngineInfo, EngineStartError, Exchange
from conformance.engine.protocol import OUTCOME_KEYS, missing_fields
from conformance.runner.compare import diff, diff_rejected, render
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.fixtures import Case

__all__ = [
    "DEFAULT_MAX_RESTARTS",
    "DEFAULT_TIMEOUT",
    "Progress",
    "RunOptions",
    "evaluate",
    "reference_engine",
    "run_suite",
    "select_cases",
]

DEFAULT_TIMEOUT = 5.0
DEFAULT_MAX_RESTARTS = 5

Progress = Callable[[CaseResult], None]
"""Called once per finished case (from worker threads, serialised by the runner)."""


def reference_engine() -> tuple[list[str], dict[str, str]]:
    """The command and environment that start the built-in reference engine.

    The engine is started like any other, as ``python -m reference_impl.adapter``; the
    environment makes ``reference_impl`` importable wherever the runner is started from.
    """
    env = dict(os.environ)
    spec = importlib.util.find_spec("reference_impl")
    if spec is not None and spec.submodule_search_locations:
        root = str(Path(next(iter(spec.submodule_search_locations))).parent)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return [sys.executable, "-m", "reference_impl.adapter"], env


def select_cases(
    cases: Iterable[Case],
    *,
    keywords: Sequence[str] = (),
    rules: Sequence[str] = (),
    cmds: Collection[str] = (),
) -> list[Case]:
    """The cases matching every kind of criterion given (any value within a kind).

    ``keywords`` are globs on the case id (a plain word matches as a substring);
    ``rules`` are prefixes of rule IDs; ``cmds`` are command names.
    """

    def by_keyword(case: Case) -> bool:
        for pattern in keywords:
            if any(ch in pattern for ch in "*?["):
                if fnmatch.fnmatchcase(case.id, pattern):
                    return True
            elif pattern in case.id:
                return True
        return False

    out = []
    for case in cases:
        if keywords and not by_keyword(case):
            continue
        if rules and not any(r.startswith(p) for r in case.rules for p in rules):
            continue
        if cmds and case.cmd not in cmds:
            continue
        out.append(case)
    return out


@dataclass(frozen=True)
class RunOptions:
    """How to run: timeouts, restarts, message checks, expected failures."""

    timeout: float = DEFAULT_TIMEOUT
    start_timeout: float | None = None
    max_restarts: int = DEFAULT_MAX_RESTARTS
    check_messages: bool = False
    expect_fail: frozenset[str] = frozenset()
    max_fail: int = 0
    """Stop the run after this many failing or erroring cases (0: never)."""


def _reply_problems(case: Case, reply: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(outcome key, problem) for a reply whose framing and seq are right."""
    keys = [k for k in OUTCOME_KEYS if k in reply]
    if len(keys) != 1:
        have = ", ".join(sorted(reply)) or "nothing"
        return None, (
            f"the reply must carry exactly one of result/rejected/errored/skipped; it has: {have}"
        )
    key = keys[0]
    body = reply[key]
    if not isinstance(body, dict):
        return None, f"the reply's {key!r} must be an object, got {render(body)}"
    missing = missing_fields(case.cmd, key, body)
    if missing:
        return None, (
            f"the reply's {key!r} lacks field(s) required by protocol 1: {', '.join(missing)}"
        )
    return key, None


_MAX_REPLY_DEPTH = 16


def _depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects, counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = (
            item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        )
        if children is None:
            continue
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children)
    return deepest


def _check_schema(case: Case, exchange: Exchange) -> str | None:
    from conformance.suite import schemas  # jsonschema is slow to import: only when asked

    expected = case.expect_rejected
    if not (expected and expected.get("code") == "bad_request"):
        # A bad_request case sends a malformed request on purpose.
        problems = schemas.check_request(dict(exchange.request))
        if problems:
            return "the request breaks the protocol schema (a fixture problem): " + "; ".join(
                problems
            )
    depth = _depth(exchange.reply)
    if depth > _MAX_REPLY_DEPTH:
        # No protocol reply comes near this; the validator itself would recurse too deep.
        return (
            f"the reply breaks the protocol schema: it is nested {depth} levels deep "
            f"(no protocol reply is deeper than {_MAX_REPLY_DEPTH})"
        )
    try:
        problems = schemas.check_reply(case.cmd, exchange.reply)
    except RecursionError:
        return "the reply breaks the protocol schema: too deeply nested to check"
    if problems:
        return "the reply breaks the protocol schema: " + "; ".join(problems)
    return None


def evaluate(case: Case, exchange: Exchange, *, check_messages: bool = False) -> CaseResult:
    """The verdict on one case from its exchange with the engine."""
    base = CaseResult(
        case,
        Outcome.ERRORED,
        request=exchange.request,
        duration=exchange.elapsed,
        reply=exchange.reply if exchange.reply is not None else exchange.raw,
    )
    if exchange.problem is not None:
        return replace(base, message=exchange.problem)
    reply: Mapping[str, Any] = exchange.reply
    key, problem = _reply_problems(case, reply)
    if problem is None and check_messages:
        problem = _check_schema(case, exchange)
    if key is None or problem is not None:
        return replace(base, message=problem or "")
    body = reply[key]
    if key == "errored":
        return replace(base, message=f"the engine reported an error: {body.get('message', '')}")
    if key == "skipped":
        return replace(
            base,
            outcome=Outcome.SKIPPED,
            message=f"the engine declined the case: {body.get('message', '')}",
        )
    if case.expect is not None:
        if key == "rejected":
            index = f" at index {render(body.get('index'))}" if "index" in body else ""
            return replace(
                base,
                outcome=Outcome.FAILED,
                message=f"expected a result, but the engine rejected the request with "
                f"{render(body.get('code'))}{index}: {body.get('message', '')}",
            )
        mismatches = diff(case.expect, body, "result")
    else:
        assert case.expect_rejected is not None
        if key == "result":
            return replace(
                base,
                outcome=Outcome.FAILED,
                message=f"expected rejection {render(dict(case.expect_rejected))}, "
                "but the engine gave a result",
            )
        mismatches = diff_rejected(dict(case.expect_rejected), body)
    if not mismatches:
        return replace(base, outcome=Outcome.PASSED)
    first = mismatches[0]
    more = f" (and {len(mismatches) - 1} more)" if len(mismatches) > 1 else ""
    return replace(
        base, outcome=Outcome.FAILED, message=f"{first}{more}", mismatches=tuple(mismatches)
    )


def _apply_expect_fail(result: CaseResult, expect_fail: frozenset[str]) -> CaseResult:
    if result.case.id not in expect_fail:
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
        result = _apply_expect_fail(result, self.options.expect_fail)
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
            if case.cmd in info.cmds:
                pending.append((index, case))
            else:
                message = f"the engine does not implement {case.cmd!r}"
                self.record(results, index, CaseResult(case, Outcome.SKIPPED, message))
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
            self.record(results, index, CaseResult(case, Outcome.ERRORED, f"not run: {why}"))


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
    )
