"""Engine data in bounded form: kept, walked and written without recursion, in memory
and time that do not grow with what the engine sent.

An engine may answer with a list of a million entries (under the line limit), a string
of megabytes, or values nested a thousand deep. The runner judges the whole answer once;
everything it keeps afterwards for the reports (the reply of each case) is `bounded`: a
copy cut to at most `MAX_ITEMS` items a list or object, `MAX_TEXT` characters a string,
`MAX_DEPTH` levels and `MAX_VALUES` values in all, with a note of each cut. `short_json`
writes any value as one line of JSON cut at a length, reading no more of it than that.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CUT",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_NOTES",
    "MAX_TEXT",
    "MAX_VALUES",
    "Bounded",
    "bounded",
    "cut_notes",
    "short_json",
]

MAX_ITEMS = 200
"""Items kept of a list, keys of an object (the suite's longest reply list holds ~60)."""
MAX_TEXT = 4000
"""Characters kept of a string (messages included)."""
MAX_DEPTH = 16
"""Levels of nesting kept (the suite's deepest reply: 7)."""
MAX_VALUES = 20_000
"""Values kept in all."""
MAX_NOTES = 10
"""Notes of what was cut, at most; then one note says how many more there were."""
CUT = "..."
"""What stands for a value nested too deep, or beyond `MAX_VALUES`."""


@dataclass(frozen=True)
class Bounded:
    """A value cut to bounds, and what was cut (``result.open: 1300000 items, 200 kept``)."""

    value: Any
    cut: tuple[str, ...] = ()


def _where(path: str) -> str:
    return path or "(top)"


def bounded(
    value: Any,
    *,
    items: int = MAX_ITEMS,
    text: int = MAX_TEXT,
    depth: int = MAX_DEPTH,
    values: int = MAX_VALUES,
    path: str = "",
) -> Bounded:
    """``value`` (JSON data) copied within the bounds, with a note of every cut."""
    notes: list[str] = []
    budget = values
    holder: list[Any] = [None]
    # (source, where the copy goes, its key there, path, level); no recursion.
    todo: list[tuple[Any, Any, Any, str, int]] = [(value, holder, 0, path, 0)]
    while todo:
        source, target, key, where, level = todo.pop()
        budget -= 1
        if isinstance(source, str):
            copy: Any = source
            if len(source) > text:
                copy = source[:text] + CUT
                notes.append(f"{_where(where)}: a string of {len(source)} characters, {text} kept")
        elif not isinstance(source, Mapping | list | tuple):
            copy = source
        elif level >= depth or budget < 0:
            copy = CUT
            why = f"nested deeper than {depth}" if level >= depth else f"beyond {values} values"
            notes.append(f"{_where(where)}: {why}, not kept")
        elif isinstance(source, Mapping):
            copy = {}
            for n, (k, v) in enumerate(source.items()):
                if n == items:
                    notes.append(f"{_where(where)}: an object of {len(source)} keys, {items} kept")
                    break
                name = k if isinstance(k, str) and len(k) <= text else str(k)[:text] + CUT
                copy[name] = None
                todo.append((v, copy, name, f"{where}.{name}" if where else name, level + 1))
        else:
            seq: Sequence[Any] = source
            copy = [None] * min(len(seq), items)
            if len(seq) > items:
                notes.append(f"{_where(where)}: {len(seq)} items, {items} kept")
            for i in range(len(copy)):
                todo.append((seq[i], copy, i, f"{where}[{i}]", level + 1))
        target[key] = copy
    return Bounded(holder[0], cut_notes(notes))


def cut_notes(notes: Sequence[str], limit: int = MAX_NOTES, what: str = "cuts") -> tuple[str, ...]:
    """``notes``, the first ``limit`` of them and then how many more ``what`` there were."""
    if len(notes) <= limit:
        return tuple(notes)
    return (*notes[:limit], f"and {len(notes) - limit} more {what}")


class _Piece(str):
    """Text to write as it is (punctuation), not a value to encode."""


def _members(value: Mapping[Any, Any] | Sequence[Any]) -> Iterator[Any]:
    if isinstance(value, Mapping):
        for n, (k, v) in enumerate(value.items()):
            yield _Piece((", " if n else "") + json.dumps(str(k), ensure_ascii=False) + ": ")
            yield v
        yield _Piece("}")
    else:
        for n, v in enumerate(value):
            if n:
                yield _Piece(", ")
            yield v
        yield _Piece("]")


def _scalar(value: Any, limit: int) -> str:
    if isinstance(value, str):
        return json.dumps(value[: limit + 1], ensure_ascii=False)
    if value is None or isinstance(value, bool | int | float):
        try:
            return json.dumps(value)
        except ValueError:  # an integer of more digits than Python converts
            return "(an integer of very many digits)"
    return repr(value)[: limit + 1]


def short_json(value: Any, limit: int = 300) -> str:
    """``value`` as one line of JSON (``, `` and ``: `` between items), cut to ``limit``
    characters with ``...``; only what is written is read, at any depth or size."""
    out: list[str] = []
    size = 0
    stack: list[Iterator[Any]] = [iter((value,))]
    while stack and size <= limit:
        try:
            item = next(stack[-1])
        except StopIteration:
            stack.pop()
            continue
        if isinstance(item, _Piece):
            piece = str(item)
        elif isinstance(item, Mapping | list | tuple):
            piece = "{" if isinstance(item, Mapping) else "["
            stack.append(_members(item))
        else:
            piece = _scalar(item, limit)
        out.append(piece)
        size += len(piece)
    text = "".join(out)
    return text if len(text) <= limit else text[: limit - 3] + "..."
