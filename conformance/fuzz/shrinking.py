"""Shrinking: the smallest request that still shows a divergence.

As Hypothesis shrinks: not the request but the choices it is made from (`draws`), so
that every request tried is one a generator makes by playing the rules. From the
choices of the diverging request (`choices.draws_of`), try simpler ones: first the
choices of the requests that `candidates` proposes from what the request means (its
state as a `table`, `legal` or `settle` request, a shorter hand of the same kind of
end...), those that a generator can make; then the same choices cut short, with runs
deleted, with single choices lowered. Keep the
first whose request still diverges in the same way (see `_same_kind`), with the same
cause when one is kept, and weighs less; start again from it, until none does. The
result is always a real divergence, re-checked against the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence

from conformance.fuzz.candidates import candidates, chunks, weight_of
from conformance.fuzz.choices import draws_of
from conformance.fuzz.draws import make
from conformance.fuzz.engine import FuzzEngine
from conformance.fuzz.hunt import Divergence
from conformance.fuzz.probes import JSONObject, compare_reply, oracle
from conformance.suite.messages import Expected, Rejection, Result, expected_of, is_skipped

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
        if not _same_kind(expected_of(expected), like.wanted):
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
        cmd = str(divergence.request["cmd"])
        choices = draws_of(divergence.request)
        if choices is None:
            # No generator makes it (a refusal probe sent malformed on purpose): it is
            # as simple as the generators go.
            return current
        improved = True
        while improved and self.asked < self.budget:
            improved = False
            weight = weight_of(current.request)
            refused = isinstance(current.wanted, Rejection)
            for kind, tried in _simpler(cmd, choices, current.request, refused):
                request, taken = make(kind, tried)
                if weight_of(request) >= weight:
                    continue
                found = self.check(request, current)
                if found is not None and (origin is None or origin(found)):
                    current, cmd, choices, improved = found, kind, taken, True
                    break
                if self.asked >= self.budget:
                    break
        return current


def _simpler(
    cmd: str, choices: tuple[int, ...], request: JSONObject, refused: bool
) -> Iterator[tuple[str, Sequence[int]]]:
    """Simpler choices to try, with the command they make a request of: those of the
    requests `candidates` proposes from what the request means, where a generator makes
    them; then the same choices cut short, with a run deleted, with one lowered."""
    for proposed in candidates(request, refused):
        made = draws_of(proposed)
        if made is not None:
            yield str(proposed["cmd"]), made
    for stop in range(len(choices)):
        yield cmd, choices[:stop]
    for start, stop in chunks(len(choices)):
        yield cmd, choices[:start] + choices[stop:]
    for at, value in enumerate(choices):
        for lower in sorted({0, value // 2, value - 1}):
            if lower < value:
                yield cmd, (*choices[:at], lower, *choices[at + 1 :])


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
