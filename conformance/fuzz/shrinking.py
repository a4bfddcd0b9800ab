"""Shrinking: the smallest request that still shows a divergence.

As Hypothesis and QuickCheck shrink: try simpler requests (see `candidates`), keep the
first that still diverges in the same way (see `_same_kind`) and is smaller, and start
again from it, until no candidate is both. The result is always a real divergence,
re-checked against the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence

from conformance.fuzz.candidates import candidates, weight_of
from conformance.fuzz.engine import FuzzEngine
from conformance.fuzz.hunt import Divergence
from conformance.fuzz.probes import JSONObject, compare_reply, oracle
from conformance.suite.messages import (
    Expected,
    Malformed,
    Rejection,
    Result,
    expected_of,
    is_skipped,
    parse_request,
)

__all__ = ["Shrinker", "shrink"]


def _same_kind(expected: Expected, before: Expected) -> bool:
    """Whether a candidate's expected reply keeps the divergence's kind.

    A result stays a result and a refusal the same refusal, except that a refused
    request may give way to an accepted one: the engine then goes wrong before the
    refused action, and that earlier divergence is the one to shrink.
    """
    if isinstance(expected, Result):
        return True
    return isinstance(before, Rejection) and expected.code == before.code


MAX_OTHERS = 8
"""The most divergences of another cause a shrinker keeps (`Shrinker.others`)."""


class Shrinker:
    """Shrinks divergences against one engine, remembering what it was already asked."""

    def __init__(
        self,
        engine: FuzzEngine,
        budget: int = 3000,
        known: Callable[[Divergence], bool] | None = None,
    ) -> None:
        """`known(divergence)` True marks a divergence to shrink away from (a known one)."""
        self.engine = engine
        self.budget = budget
        self.known = known
        self.asked = 0
        self._seen: dict[str, Divergence | None] = {}
        self.others: list[Divergence] = []
        """Divergences met while shrinking that showed another cause than the one kept
        (`shrink`'s `origin`): another misreading, to be shrunk on its own."""

    def check(self, request: JSONObject, like: Divergence) -> Divergence | None:
        """The divergence `request` shows, if it diverges the way `like` does."""
        key = json.dumps(request, sort_keys=True)
        if key in self._seen:
            return self._seen[key]
        found = self._check(request, like)
        self._seen[key] = found
        return found

    def _check(self, request: JSONObject, like: Divergence) -> Divergence | None:
        if not self.engine.lists(str(request["cmd"])):
            return None
        expected = oracle(request)
        if not _same_kind(expected_of(expected), expected_of(like.expected)):
            return None
        self.asked += 1
        [(reply, raw)] = self.engine.ask([request])
        if is_skipped(reply):
            return None
        problems = compare_reply(expected, reply, raw)
        if not problems:
            return None
        found = Divergence(like.seed, like.index, request, expected, reply, tuple(problems))
        # An engine with a declared variant and a bug in one request: shrink to the bug.
        if self.known is not None and self.known(found):
            return None
        return found

    def shrink(
        self, divergence: Divergence, origin: Callable[[Divergence], bool] | None = None
    ) -> Divergence:
        """The smallest divergence found from `divergence` within the budget.

        `origin(smaller)` says whether a smaller divergence still shows the misreading
        that `divergence` shows (its cause): when given, only such are kept, so that one
        bug never slips into another while shrinking (Hypothesis keeps a failure's
        "interesting origin" so)."""
        current = divergence
        arguments = {k: v for k, v in divergence.request.items() if k != "cmd"}
        if isinstance(parse_request(str(divergence.request["cmd"]), arguments), Malformed):
            # The candidates take apart requests of the protocol's form; a refusal probe
            # sent malformed on purpose is minimal as it is.
            return current
        improved = True
        while improved and self.asked < self.budget:
            improved = False
            weight = weight_of(current.request)
            refused = isinstance(expected_of(current.expected), Rejection)
            for candidate in candidates(current.request, refused):
                if weight_of(candidate) >= weight:
                    continue
                found = self.check(candidate, current)
                if found is not None:
                    if origin is None or origin(found):
                        current, improved = found, True
                        break
                    if len(self.others) < MAX_OTHERS:
                        self.others.append(found)
                if self.asked >= self.budget:
                    break
        return current


def shrink(
    divergence: Divergence,
    argv: Sequence[str],
    *,
    timeout: float = 5.0,
    env: Mapping[str, str] | None = None,
    budget: int = 3000,
) -> tuple[Divergence, int]:
    """A minimal request that still diverges; also the number of requests it took."""
    engine = FuzzEngine(argv, timeout, env)
    try:
        shrinker = Shrinker(engine, budget)
        return shrinker.shrink(divergence), shrinker.asked
    finally:
        engine.close()
