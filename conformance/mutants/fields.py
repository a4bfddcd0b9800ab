"""The fields in which a failing answer differs from the rules' answer.

Diagnosis matches a misreading to a failure only where the misreading changes the
fields that differ, so each failure is reduced to a small set of field names, the same
for an engine's answer and for a mutant's:

- a key of the result, as ``spinner``, ``open``, ``credits``; under a list of events or
  hands the key of each entry, as ``events.credit`` or ``hands.events.scores``;
  nothing finer inside a list compared without regard to order (``open``, ``counted``,
  ``placements``, ``legal``, ``divide``) or inside an action: which element differs
  depends on how the elements were paired, not on the misreading;
- ``rejected``: the engine refused a request the rules answer;
- ``result``: the engine answered a request the rules refuse;
- ``rejected.code``, ``rejected.index``: a refusal with another code or index;
- ``errored``: no usable answer (a mutant's signature only: an engine's errored cases
  are not diagnosed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from conformance.runner.compare import MULTISET_KEYS, Mismatch
from conformance.runner.outcomes import CaseResult, Outcome

__all__ = [
    "ERRORED",
    "REFUSED",
    "UNREFUSED",
    "differing_fields",
    "field_of",
    "field_words",
    "top_field",
]

REFUSED = "rejected"
"""The field of a failure where the engine refused a request the rules answer."""
UNREFUSED = "result"
"""The field of a failure where the engine answered a request the rules refuse."""
ERRORED = "errored"
"""The field of a case with no usable answer."""

_INDEX = re.compile(r"\[\d+\]")
_OPAQUE = MULTISET_KEYS | {"action"}
"""Keys whose value is compared as a whole: a field ends there."""


def field_of(path: str) -> str:
    """The field a mismatch at JSON ``path`` belongs to (see the module)."""
    keys = [k for k in _INDEX.sub("", path).split(".") if k]
    if keys[:1] == ["result"]:
        keys = keys[1:]
        if not keys:
            return UNREFUSED
    out: list[str] = []
    for key in keys:
        out.append(key)
        if key in _OPAQUE:
            break
    return ".".join(out)


def top_field(path: str) -> str:
    """The result's key a mismatch at JSON ``path`` lies under (``events`` for
    ``result.events[1].credit``), or ``rejected.code``/``rejected.index``, or the kind of
    reply a wrong-kind mismatch names (``rejected``, ``result``...)."""
    field = field_of(path)
    if field.startswith(REFUSED + "."):
        return field
    return field.partition(".")[0]


def _fields(mismatches: Iterable[Mismatch]) -> frozenset[str]:
    return frozenset(field_of(m.path) for m in mismatches)


def differing_fields(result: CaseResult) -> frozenset[str]:
    """The fields in which the answer of ``result`` differs from the rules' answer;
    empty for a case that passed or was skipped."""
    if result.outcome is Outcome.ERRORED:
        return frozenset({ERRORED})
    if result.outcome not in (Outcome.FAILED, Outcome.XFAILED):
        return frozenset()
    if result.mismatches:
        return _fields(result.mismatches)
    # A failure without mismatches answered the wrong way: a refusal where the rules
    # give a result, or a result where they refuse (runner.verdict).
    return frozenset({REFUSED if result.case.expect is not None else UNREFUSED})


_WORDS = {
    REFUSED: "refusals where the rules give a result",
    UNREFUSED: "results where the rules refuse",
    "rejected.code": "the refusals' codes",
    "rejected.index": "the refusals' indices",
    ERRORED: "no usable answer",
}


def field_words(field: str) -> str:
    """A field as a report names it: ``open``, or words for the ways of refusing."""
    return _WORDS.get(field, f"`{field}`")
