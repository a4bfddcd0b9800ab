"""A cause for a divergence: the smallest rule sets that answer its request as the engine
did.

The rule sets are the reference with catalogue entries applied together
(`reference_impl.mutants.variant`), run in this process on the request, their whole
answers compared with the engine's by the suite's own comparison (`compare_reply`).
Single entries come first; pairs are tried only when no single entry reproduces the
answer, and only of entries that each answer the request otherwise than the rules (an
entry that changes nothing here adds nothing to a pair). An answer is also reproduced
by its mirror image: the two linear sides of an opening double are one and the same
until one is taken (``reading.mirror-opening-double``), so an engine naming the one
where a rule set names the other answers the same.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from conformance.fuzz.probes import JSONObject, compare_reply
from conformance.mutants.reproduce import rule_set_answer
from conformance.suite.messages import RejectedReply, Reply, ReplyProblem, ResultReply, parse_reply
from reference_impl.mutants import MUTANTS, combinable

__all__ = ["MAX_TOGETHER", "Cause", "CauseSearch", "mirror_image", "rules_of"]

MAX_TOGETHER = 2
"""The most catalogue entries a cause applies together."""

_LINEAR = {"linear_a": "linear_b", "linear_b": "linear_a"}


def rules_of(mutants: Sequence[str]) -> list[str]:
    """The rules the named mutants break, in catalogue order, without repeats."""
    rules: list[str] = []
    for name in mutants:
        for rule in MUTANTS[name].rules:
            if rule not in rules:
                rules.append(rule)
    return rules


@dataclass(frozen=True)
class Cause:
    """The smallest rule sets that reproduce an answer: each a tuple of catalogue entries
    applied together, all of one size; none when nothing in the catalogue does."""

    sets: tuple[tuple[str, ...], ...] = ()
    mirrored: bool = False
    """Whether they reproduce the answer's mirror image only."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every entry of the sets, in catalogue order."""
        named = {name for names in self.sets for name in names}
        return tuple(name for name in MUTANTS if name in named)

    def text(self) -> str:
        """``reproduced by mutant X`` (or ``X, Y``: each alone), ``reproduced by mutants X
        + Y together``, or ``no catalogue mutant reproduces it``."""
        if not self.sets:
            return "no catalogue mutant reproduces it"
        if all(len(names) == 1 for names in self.sets):
            said = "reproduced by mutant " + ", ".join(names[0] for names in self.sets)
        else:
            together = " or ".join(" + ".join(names) for names in self.sets)
            said = f"reproduced by mutants {together} together"
        if self.mirrored:
            said += " (its mirror image: an opening double's linear sides swapped)"
        return said


def _opening_double(request: JSONObject) -> object:
    """The tile of the request's first placement when it is a double, else None."""
    first = request.get("plays") or request.get("actions")
    if not isinstance(first, list) or not first or not isinstance(first[0], dict):
        return None
    tile = first[0].get("tile")
    if isinstance(tile, list) and len(tile) == 2 and tile[0] == tile[1]:
        return tile
    return None


def mirror_image(value: Any, tile: object) -> Any:
    """`value` with every end point of the double `tile` on a linear side named by the
    other linear side."""
    if isinstance(value, list):
        return [mirror_image(item, tile) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: mirror_image(item, tile) for key, item in value.items()}
    side = out.get("side")
    if out.get("tile") == tile and isinstance(side, str) and side in _LINEAR:
        out["side"] = _LINEAR[side]
    return out


class CauseSearch:
    """The catalogue (or its named part) as rule sets, asked in this process."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = list(MUTANTS) if names is None else [n for n in names if n in MUTANTS]

    def answer(self, names: tuple[str, ...], request: JSONObject) -> dict[str, Any]:
        """The reply of the rules with `names` applied to `request`, without seq."""
        return rule_set_answer(names, request)

    def cause(self, request: JSONObject, actual: Any) -> Cause:
        """The smallest rule sets whose answer to `request` is `actual`, or its mirror."""
        if not _answers(parse_reply(actual)):
            return Cause()  # no answer of the protocol: no rule set gives it
        seen = _seen(request, actual)
        answers: dict[tuple[str, ...], tuple[dict[str, Any], bool]] = {}

        def answer(names: tuple[str, ...]) -> tuple[dict[str, Any], bool]:
            """The rule set's reply, and whether it answers (made once a rule set)."""
            made = answers.get(names)
            if made is None:
                reply = self.answer(names, request)
                made = answers[names] = (reply, _answers(parse_reply(reply)))
            return made

        reference = answer(())[0]
        changing = [n for n in self.names if answer((n,))[0] != reference]
        for size in range(1, MAX_TOGETHER + 1):
            for mirrored, shown in enumerate(seen):
                found = tuple(
                    names
                    for names in self._sets(changing, size)
                    if answer(names)[1] and compare_reply(answer(names)[0], shown) == []
                )
                if found:
                    return Cause(found, bool(mirrored))
        return Cause()

    def _sets(self, names: Sequence[str], size: int) -> Iterator[tuple[str, ...]]:
        for chosen in combinations(names, size):
            if size == 1 or combinable(chosen) is None:
                yield chosen


def _seen(request: JSONObject, actual: Any) -> list[Any]:
    """`actual`, and its mirror image when the request opens with a double."""
    tile = _opening_double(request)
    return [actual] if tile is None else [actual, mirror_image(actual, tile)]


def _answers(reply: Reply | ReplyProblem) -> bool:
    """Whether `reply` answers a request: a result or a refusal."""
    return isinstance(reply, ResultReply | RejectedReply)
