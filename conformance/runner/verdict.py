"""The verdict on one case: what the engine's reply says about the rules.

Also which cases are not sent at all (commands the engine lacks, features it does not
claim): those are skips decided before any exchange.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from conformance.engine.bounded import MAX_TEXT, bounded
from conformance.engine.client import EngineInfo, Exchange
from conformance.runner.compare import render
from conformance.runner.judge import MAX_DEPTH, depth, differences
from conformance.runner.outcomes import CaseResult, Outcome
from conformance.suite.fixtures import Case
from conformance.suite.messages import (
    ErroredReply,
    RejectedReply,
    ReplyProblem,
    Result,
    ResultReply,
    SkippedReply,
)
from conformance.suite.protocol import OUTCOME_KEYS, missing_fields

__all__ = ["evaluate", "not_sent"]


def _reply_problems(case: Case, reply: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(outcome key, problem) for a reply whose framing and seq are right."""
    keys = [k for k in OUTCOME_KEYS if k in reply]
    if len(keys) != 1:
        names = (
            sorted(reply) if len(reply) <= 10 else [*sorted(reply)[:10], f"{len(reply) - 10} more"]
        )
        have = ", ".join(names)[:MAX_TEXT] or "nothing"
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
    found = depth(exchange.reply)
    if found > MAX_DEPTH:
        # No protocol reply comes near this; the validator itself would recurse too deep.
        return (
            f"the reply breaks the protocol schema: it is nested {found} levels deep "
            f"(no protocol reply is deeper than {MAX_DEPTH})"
        )
    try:
        # Its depth is bounded just above: the checker need not walk it again.
        problems = schemas.check_reply(case.cmd, exchange.reply, shallow=True)
    except RecursionError:
        return "the reply breaks the protocol schema: too deeply nested to check"
    if problems:
        return "the reply breaks the protocol schema: " + "; ".join(problems)
    return None


def _said(message: Any) -> str:
    """The engine's ``message``, cut to `MAX_TEXT` characters."""
    text = message if isinstance(message, str) else render(message, MAX_TEXT)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "..."


def evaluate(
    case: Case, exchange: Exchange, *, check_messages: bool = False, keep_passed: bool = True
) -> CaseResult:
    """The verdict on one case from its exchange with the engine.

    The verdict reads the whole reply; the result keeps it in bounded form, except for
    a case that passed when ``keep_passed`` is false: no report shows such a reply (or
    its request), and copying each one within bounds cost a run more than judging it.
    """
    result = _verdict(case, exchange, check_messages)
    if keep_passed or result.outcome is not Outcome.PASSED:
        kept = bounded(exchange.reply if exchange.reply is not None else exchange.raw)
        result.reply, result.reply_cut = kept.value, kept.cut
    else:
        result.request = None  # the case's own request: it says nothing a report shows
    return result


def _verdict(case: Case, exchange: Exchange, check_messages: bool) -> CaseResult:
    """The verdict, without the reply."""
    base = CaseResult(case, Outcome.ERRORED, request=exchange.request, duration=exchange.elapsed)
    if exchange.failure is not None:
        return replace(base, message=str(exchange.failure), failure=exchange.failure)
    key, problem = _reply_problems(case, exchange.reply)
    if problem is None and check_messages:
        problem = _check_schema(case, exchange)
    reply = exchange.answer
    if key is None or problem is not None or reply is None or isinstance(reply, ReplyProblem):
        return replace(base, message=problem or "")
    if isinstance(reply, ErroredReply):
        return replace(base, message=f"the engine reported an error: {_said(reply.message)}")
    if isinstance(reply, SkippedReply):
        return replace(
            base,
            outcome=Outcome.SKIPPED,
            message=f"the engine declined the case: {_said(reply.message)}",
        )
    mismatches = differences(case.expected, exchange.reply, exchange.request)
    expected_result = isinstance(case.expected, Result)
    if mismatches and expected_result and isinstance(reply, RejectedReply):
        return replace(
            base,
            outcome=Outcome.FAILED,
            message=f"expected a result, but the engine rejected the request with "
            f"{render(reply.code)} at index {render(reply.index)}: {_said(reply.message)}",
        )
    if mismatches and not expected_result and isinstance(reply, ResultReply):
        return replace(
            base,
            outcome=Outcome.FAILED,
            message=f"expected rejection {render(dict(case.expect_rejected or {}))}, "
            "but the engine gave a result",
        )
    if not mismatches:
        return replace(base, outcome=Outcome.PASSED)
    first = mismatches[0]
    more = f" (and {len(mismatches) - 1} more)" if len(mismatches) > 1 else ""
    return replace(
        base, outcome=Outcome.FAILED, message=f"{first}{more}", mismatches=tuple(mismatches)
    )


def not_sent(
    case: Case, info: EngineInfo, skip_features: Collection[str] = ()
) -> CaseResult | None:
    """The skip of a case the engine cannot answer, or None when it is to be sent.

    A case is not sent when its command is not in the handshake's ``cmds``, or when it
    needs a feature the engine does not claim (``skip_features`` from the command line
    or from the handshake).
    """
    if case.cmd not in info.cmds:
        return CaseResult(case, Outcome.SKIPPED, f"the engine does not implement {case.cmd!r}")
    unclaimed = set(skip_features) | set(info.skip_features)
    lacking = tuple(f for f in case.features if f in unclaimed)
    if lacking:
        message = f"the engine does not claim the feature {', '.join(lacking)}"
        return CaseResult(case, Outcome.SKIPPED, message, unclaimed=lacking)
    return None
