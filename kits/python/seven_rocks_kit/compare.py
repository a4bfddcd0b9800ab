"""The suite's comparison of a reply with a case, for harnesses that run the suite's JSON
file (what the suite's ``export --format json`` command writes) in their own test
framework.

It is the structural part of the file's ``comparison`` contract: the reply carries the
case's expect key; a rejection matches by its ``code`` and, when the case gives one, its
``index`` (never its ``message``); a result matches value by value: an object with
exactly the expected keys, except the result objects the case lists in ``partial``
(JSON Pointers), which may hold keys the case leaves out; an array element by element
in order, except those listed in ``unordered``, matched as multisets by a maximum
matching; a scalar by JSON type and value (``1`` is not ``true``, ``2`` is not
``2.0``). The runner checks, beyond this, the reply's JSON Schema and the relations a
result keeps with its request; a harness that needs those runs the runner.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

__all__ = ["case_matches", "value_matches"]


def _token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _same_scalar(expected: Any, actual: Any) -> bool:
    # In JSON, true is no number and 2.0 is not 2: compare the types as well.
    return type(expected) is type(actual) and expected == actual


def value_matches(
    expected: Any,
    actual: Any,
    *,
    unordered: Collection[str] = (),
    partial: Collection[str] = (),
    pointer: str = "",
) -> bool:
    """Whether ``actual`` matches ``expected`` at JSON Pointer ``pointer``, with the
    case's ``unordered`` arrays and ``partial`` objects (see the module)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        if pointer not in partial and set(actual) != set(expected):
            return False
        return all(
            key in actual
            and value_matches(
                value,
                actual[key],
                unordered=unordered,
                partial=partial,
                pointer=f"{pointer}/{_token(key)}",
            )
            for key, value in expected.items()
        )
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return False
        if pointer in unordered:
            return _multiset(expected, actual, unordered, partial, pointer)
        return all(
            value_matches(e, a, unordered=unordered, partial=partial, pointer=f"{pointer}/{i}")
            for i, (e, a) in enumerate(zip(expected, actual, strict=True))
        )
    return _same_scalar(expected, actual)


def _multiset(
    expected: Sequence[Any],
    actual: Sequence[Any],
    unordered: Collection[str],
    partial: Collection[str],
    pointer: str,
) -> bool:
    # Kuhn's augmenting paths: one expected element may fit several actual ones.
    fits = [
        [
            j
            for j, a in enumerate(actual)
            if value_matches(e, a, unordered=unordered, partial=partial, pointer=f"{pointer}/{i}")
        ]
        for i, e in enumerate(expected)
    ]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in fits[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(expected)))


def case_matches(case: Mapping[str, Any], reply: Mapping[str, Any]) -> bool:
    """Whether ``reply`` (the engine's parsed reply line) passes ``case`` (one entry of
    the suite file's ``cases``), as the file's ``comparison`` says (see the module)."""
    [(kind, expected)] = case["expect"].items()
    if not isinstance(reply, dict) or kind not in reply:
        return False
    actual = reply[kind]
    if kind == "rejected":
        if not isinstance(actual, dict) or not _same_scalar(expected["code"], actual.get("code")):
            return False
        return "index" not in expected or (
            "index" in actual and _same_scalar(expected["index"], actual["index"])
        )
    return value_matches(
        expected, actual, unordered=set(case["unordered"]), partial=set(case.get("partial", ()))
    )
