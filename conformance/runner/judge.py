"""The one comparison of a reply with the answer the rules require.

Every verdict of the suite comes from `differences`: `run`, the pytest plugin,
`conformance.api`, `compare`, `fuzz` and `conformance.strategies.agrees`. A reply
matches when nothing is listed:

1. it is the kind of answer expected (a result, or a rejection);
2. a result's values match what the expectation states (`conformance.runner.compare`:
   every object the protocol defines compared whole, at every depth; a result object
   may leave out keys);
3. the whole reply has the protocol's shapes (its JSON Schema): a key the expectation
   leaves out is still a value of the protocol, closed like every other;
4. a result's values keep the relations the request and the rules fix without the case
   (`conformance.runner.consistency`): an opening has no ``on``, a pass credits
   nothing, the scores follow from the credits...

A rejection matches by its code and, when the expectation gives one, its index; its
``message`` is never compared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.runner.compare import (
    MAX_LISTED,
    RESULT_LIST_KEYS,
    Mismatch,
    diff,
    diff_rejected,
    render,
    result_objects,
)
from conformance.runner.consistency import relations
from conformance.suite.messages import Expected, Result
from conformance.suite.schemas import check_reply, nesting

__all__ = ["MAX_DEPTH", "depth", "differences", "kind_of", "schema_problems", "stated_paths"]

MAX_DEPTH = 16
"""No protocol reply nests deeper; a deeper one is refused without walking it further."""

_KINDS = ("result", "rejected", "errored", "skipped")


def kind_of(reply: Mapping[str, Any]) -> str | None:
    """Which of ``result``, ``rejected``, ``errored``, ``skipped`` a reply carries, the first
    of them; None for none."""
    return next((k for k in _KINDS if k in reply), None)


def depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects, counted without recursion and no
    further than one past `MAX_DEPTH`."""
    return nesting(value, MAX_DEPTH)


def stated_paths(result: Mapping[str, Any]) -> frozenset[str]:
    """The paths of the values an expected result states (``result.open``; in a game's
    hand results ``result.hands[0].scores``): each is compared whole already."""
    paths: set[str] = set()
    for place, value in result_objects(result):
        prefix = "result" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in place)
        paths.update(f"{prefix}.{key}" for key in value if place or key not in RESULT_LIST_KEYS)
    return frozenset(paths)


def _under(path: str, stated: frozenset[str]) -> bool:
    """Whether ``path`` (``result.open[0]``) lies under one of the ``stated`` paths."""
    while True:
        if path in stated:
            return True
        cut = max(path.rfind("."), path.rfind("["))
        if cut <= 0:
            return False
        path = path[:cut]


def schema_problems(cmd: str, reply: Mapping[str, Any], stated: frozenset[str]) -> list[Mismatch]:
    """Where ``reply`` breaks its schema, outside the values the expectation states."""
    found = depth(reply)
    if found > MAX_DEPTH:
        return [
            Mismatch(
                "", f"nested {found} levels deep; no protocol reply is deeper than {MAX_DEPTH}"
            )
        ]
    body = {k: v for k, v in reply.items() if k != "seq"}  # the seq is the client's to judge
    try:
        problems = check_reply(cmd, {"seq": 0, **body}, shallow=True, limit=MAX_LISTED)
    except RecursionError:  # pragma: no cover - the depth is bounded just above
        return [Mismatch("", "too deeply nested to check")]
    out = []
    for problem in problems:
        where, _, what = problem.partition(": ")
        path = where.removeprefix("$").removeprefix(".")
        if _under(path, stated):
            continue
        out.append(Mismatch(path, f"breaks the protocol: {what}"))
    return out


def _wrong_kind(expected: Expected, reply: Mapping[str, Any], kind: str | None) -> Mismatch:
    if isinstance(expected, Result):
        if kind == "rejected" and isinstance(reply["rejected"], Mapping):
            body = reply["rejected"]
            index = f" at index {render(body.get('index'))}" if "index" in body else ""
            return Mismatch(
                "rejected",
                f"expected a result, got the rejection {render(body.get('code'))}{index}",
            )
        return Mismatch(kind or "", f"expected a result, got {kind or 'no answer'}")
    wanted = render(expected.to_json()["rejected"])
    return Mismatch(kind or "", f"expected the rejection {wanted}, got {kind or 'no answer'}")


def differences(
    expected: Expected,
    reply: Mapping[str, Any],
    request: Mapping[str, Any] | None = None,
    *,
    complete: bool = False,
) -> list[Mismatch]:
    """How ``reply`` departs from ``expected``; empty when it matches.

    ``reply`` is the parsed reply line; ``request`` the request answered, ``cmd``
    included: without it only the values ``expected`` states are judged, so it may be
    left out only when ``complete``, that is when ``expected`` is a whole answer (another
    engine's, the reference's: `conformance.suite.messages.expected_of`) stating every
    key. The paths of the differences start at ``result`` or ``rejected``.
    """
    kind = kind_of(reply)
    want = "result" if isinstance(expected, Result) else "rejected"
    if kind != want:
        return [_wrong_kind(expected, reply, kind)]
    body = reply[kind]
    if isinstance(expected, Result):
        out = diff(dict(expected.fields), body, "result", partial=not complete)
    else:
        out = diff_rejected(expected.to_json()["rejected"], body)
    if request is None or out:
        return out
    cmd = request.get("cmd")
    if not isinstance(cmd, str):
        return out
    stated = stated_paths(expected.fields) if isinstance(expected, Result) else frozenset()
    out = schema_problems(cmd, reply, stated)
    if out or not isinstance(expected, Result):
        return out
    given = {k: v for k, v in request.items() if k not in ("cmd", "seq")}
    found: list[Mismatch] = []
    try:
        for mismatch in relations(cmd, given, body):
            if not _under(mismatch.path, stated):
                found.append(mismatch)
                if len(found) == MAX_LISTED:
                    break
    except (KeyError, IndexError, TypeError, AttributeError):
        # Arguments that are not well-formed (a Case built by hand, past the fixture
        # schema): the result cannot be related to them, and the case says so itself.
        pass
    return found
