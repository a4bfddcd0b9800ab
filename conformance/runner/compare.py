"""Compare an expected value from a fixture with an engine's answer (spec/fixtures.md, section 7).

- Objects: an object matches only an object with exactly its keys, at every depth,
  except a *result object* (the value compared with ``partial=True``, and each hand
  result under its ``hands``): there a key the expectation leaves out is not compared.
  What the protocol and the rules fix of such a key without the case is judged by
  `conformance.runner.judge`, which calls this module.
- Arrays: same length, element by element in order; arrays under the keys in
  ``MULTISET_KEYS`` compare as multisets (each expected element matched to a distinct
  actual element by the same rules).
- Scalars: exact equality; integers are not booleans; null matches only null.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from conformance.engine.bounded import short_json

__all__ = [
    "MAX_LISTED",
    "MULTISET_KEYS",
    "RESULT_LIST_KEYS",
    "Mismatch",
    "diff",
    "diff_rejected",
    "matches",
    "render",
    "result_objects",
]

MULTISET_KEYS = frozenset({"open", "counted", "placements", "legal", "divide"})
"""Arrays stored under these keys compare without regard to order."""

RESULT_LIST_KEYS = frozenset({"hands"})
"""Under a result object, the items of arrays stored under these keys are result objects
too (a game's hand results): they may leave out keys as well."""


def result_objects(
    result: Mapping[str, Any],
) -> Iterator[tuple[tuple[str | int, ...], Mapping[str, Any]]]:
    """The result objects of an expected result, each with its place (keys and indexes):
    the result itself at ``()``, and the objects in the arrays under `RESULT_LIST_KEYS`
    (a game's hand results, at ``("hands", 0)``...)."""
    yield (), result
    for key, value in result.items():
        if key in RESULT_LIST_KEYS and isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, Mapping):
                    yield (key, i), item


_RENDER_LIMIT = 300
MAX_LISTED = 20
_MATCH_LIMIT = 10_000  # actual items of an unordered array matched item by item, at most
"""Differences listed under one array; the others are counted in one more line."""


@dataclass(frozen=True)
class Mismatch:
    """One difference between the expected value and the actual one, at a JSON path."""

    path: str
    """Where, as ``result.open[2].side``: keys and indices only, no words."""
    message: str
    unordered: bool = False
    """Whether the path is an array compared without regard to order."""

    def __str__(self) -> str:
        where = (self.path or "(top)") + (" (any order)" if self.unordered else "")
        return f"{where}: {self.message}"


def render(value: Any, limit: int = _RENDER_LIMIT) -> str:
    """A compact one-line JSON rendering of ``value``, cut at ``limit`` characters (read
    no further, and without recursion: an engine's value may be huge or deep)."""
    return short_json(value, limit)


def _unexpected(
    out: list[Mismatch],
    actual: Sequence[Any],
    extra: Iterable[int],
    count: int,
    path: str,
    unordered: bool,
) -> None:
    """``out`` extended with the first `MAX_LISTED` of the ``count`` unexpected items of
    ``actual`` (indexes ``extra``), then a line counting the rest: a reply of a million
    items costs a few lines, not a million. (The other differences are as many as the
    expected items at most: a fixture's, all listed.)"""
    for j in islice(extra, MAX_LISTED):
        out.append(
            Mismatch(
                path if unordered else f"{path}[{j}]",
                f"unexpected item {render(actual[j])}",
                unordered,
            )
        )
    if count > MAX_LISTED:
        out.append(
            Mismatch(path, f"{count - MAX_LISTED} more unexpected items not listed", unordered)
        )


def _same_scalar(expected: Any, actual: Any) -> bool:
    # bool is a subclass of int in Python but not in the fixtures' world: true is not 1.
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if expected is None or actual is None:
        return expected is None and actual is None
    return type(expected) is type(actual) and bool(expected == actual)


def matches(expected: Any, actual: Any, key: str | None = None, *, partial: bool = False) -> bool:
    """Whether ``actual`` satisfies ``expected``; ``key`` is the object key holding them,
    ``partial`` whether ``expected`` is a result object (it may leave out keys)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        if not partial and len(actual) != len(expected):
            return False
        return all(
            k in actual and matches(v, actual[k], k, partial=partial and k in RESULT_LIST_KEYS)
            for k, v in expected.items()
        )
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(expected) != len(actual):
            return False
        if key in MULTISET_KEYS:
            matched = _match_multiset(expected, actual)
            return len(matched) == len(expected)
        return all(matches(e, a, partial=partial) for e, a in zip(expected, actual, strict=True))
    return _same_scalar(expected, actual)


def _match_multiset(expected: Sequence[Any], actual: Sequence[Any]) -> dict[int, int]:
    """A maximum matching expected index -> actual index.

    Between arrays of one length, a whole matching found greedily (`_whole_matching`)
    is one. Otherwise Kuhn's augmenting paths find it: a greedy matching that leaves an
    item out proves nothing (with subset matching of objects, one expected element may
    fit several actual ones), and which actual items are left over shows in a report.
    """
    if len(expected) == len(actual):
        whole = _whole_matching(expected, actual)
        if whole is not None:
            return whole
    fits = [[j for j, a in enumerate(actual) if matches(e, a)] for e in expected]
    owner: dict[int, int] = {}  # actual index -> expected index

    def augment(i: int, seen: set[int]) -> bool:
        for j in fits[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(expected)):
        augment(i, set())
    return {i: j for j, i in owner.items()}


def _whole_matching(expected: Sequence[Any], actual: Sequence[Any]) -> dict[int, int] | None:
    """A matching of every expected item to an actual item of its own, each to the first
    one left that it matches; None when that leaves one without. Such a matching is a
    maximum one whatever the items, and finding it tries far fewer pairs than every one:
    a single pass when the items are listed in the expected order, as engines often
    list them."""
    left = list(range(len(actual)))
    found: dict[int, int] = {}
    for i, item in enumerate(expected):
        j = next((j for j in left if matches(item, actual[j])), None)
        if j is None:
            return None
        left.remove(j)
        found[i] = j
    return found


def _got(value: Any) -> str:
    """A value in words, its type first unless the value says it: ``null``,
    ``the boolean true``, ``the string "x"``, ``the object {"a": 1}``."""
    if value is None:
        return "null"
    kind = _describe_type(value)
    return f"the {kind.split(' ', 1)[-1]} {render(value)}"


_SHORT = 40


def _wanted(expected: Any, kind: str) -> str:
    """An expected array or object: itself when short (``[1, 1]``), else its kind."""
    text = render(expected)
    return text if len(text) <= _SHORT else kind


def _describe_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return type(value).__name__


def _items(count: int) -> str:
    return "1 item" if count == 1 else f"{count} items"


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def diff(
    expected: Any, actual: Any, path: str = "", key: str | None = None, *, partial: bool = False
) -> list[Mismatch]:
    """Every mismatch between ``expected`` and ``actual``; empty when they match.

    ``partial``: ``expected`` is a result object, which may leave out keys (see the module).
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [
                Mismatch(path, f"expected {_wanted(expected, 'an object')}, got {_got(actual)}")
            ]
        out: list[Mismatch] = []
        for k, v in expected.items():
            sub = _join(path, k)
            if k not in actual:
                out.append(Mismatch(sub, f"missing; expected {render(v)}"))
            else:
                out.extend(diff(v, actual[k], sub, k, partial=partial and k in RESULT_LIST_KEYS))
        if not partial and len(actual) > len(expected):
            extra = [k for k in actual if k not in expected]
            out.extend(
                Mismatch(_join(path, str(k)), f"not expected here; got {_got(actual[k])}")
                for k in islice(extra, MAX_LISTED)
            )
            if len(extra) > MAX_LISTED:
                out.append(Mismatch(path, f"{len(extra) - MAX_LISTED} more unexpected keys"))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [Mismatch(path, f"expected {_wanted(expected, 'an array')}, got {_got(actual)}")]
        if key in MULTISET_KEYS:
            return _diff_multiset(expected, actual, path)
        return _diff_ordered(expected, actual, path, partial)
    if _same_scalar(expected, actual):
        return []
    if type(expected) is not type(actual) and not (expected is None or actual is None):
        return [Mismatch(path, f"expected {_got(expected)}, got {_got(actual)}")]
    return [Mismatch(path, f"expected {render(expected)}, got {render(actual)}")]


def _diff_ordered(
    expected: list[Any], actual: list[Any], path: str, partial: bool = False
) -> list[Mismatch]:
    out: list[Mismatch] = []
    if len(expected) != len(actual):
        out.append(Mismatch(path, f"expected {_items(len(expected))}, got {len(actual)}"))
    for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
        out.extend(diff(e, a, f"{path}[{i}]", partial=partial))
    for i in range(len(actual), len(expected)):
        out.append(Mismatch(f"{path}[{i}]", f"missing; expected {render(expected[i])}"))
    extra = range(len(expected), len(actual))
    _unexpected(out, actual, extra, len(extra), path, False)
    return out


def _diff_multiset(expected: list[Any], actual: list[Any], path: str) -> list[Mismatch]:
    if len(actual) > _MATCH_LIMIT:
        # Matching costs expected x actual: past the limit the count says it all.
        return [
            Mismatch(path, f"expected {_items(len(expected))}, got {len(actual)}", True),
            Mismatch(path, f"too many items to match one by one (over {_MATCH_LIMIT})", True),
        ]
    matched = _match_multiset(expected, actual)
    if len(matched) == len(expected) == len(actual):
        return []
    out: list[Mismatch] = []
    if len(expected) != len(actual):
        out.append(Mismatch(path, f"expected {_items(len(expected))}, got {len(actual)}", True))
    used = set(matched.values())
    missing = [i for i in range(len(expected)) if i not in matched]
    extra = [j for j in range(len(actual)) if j not in used]
    if len(missing) == 1 and len(extra) == 1:
        # One element differs: show exactly how, which reads better than two lists.
        i, j = missing[0], extra[0]
        out.extend(diff(expected[i], actual[j], f"{path}[{j}]"))
        return out
    out.extend(
        Mismatch(path, f"no actual item matches expected {render(expected[i])}", True)
        for i in missing
    )
    _unexpected(out, actual, extra, len(extra), path, True)
    return out


def diff_rejected(expected: dict[str, Any], rejected: Any) -> list[Mismatch]:
    """Mismatches between an ``expect_rejected`` and the reply's ``rejected`` object.

    The code must be equal; the index is compared only when the fixture gives one.
    """
    if not isinstance(rejected, dict):
        return [Mismatch("rejected", f"expected an object, got {_got(rejected)}")]
    out: list[Mismatch] = []
    for k in ("code", "index"):
        if k not in expected:
            continue
        if k not in rejected:
            out.append(Mismatch(f"rejected.{k}", f"missing; expected {render(expected[k])}"))
        elif not _same_scalar(expected[k], rejected[k]):
            out.append(
                Mismatch(
                    f"rejected.{k}", f"expected {render(expected[k])}, got {render(rejected[k])}"
                )
            )
    return out
