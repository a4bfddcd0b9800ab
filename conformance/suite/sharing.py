"""Loaded cases share their commonest values: tiles, placements, the names of sides.

A case is mostly tiles and placements: a deal holds 28 tiles, and a hand's actions and
a table's plays are placements, ``{"tile": [a, b], "on": {"tile": [c, d], "side":
"low"}}``, that thousands of cases repeat. As parsed, each of these is an object of its
own (a tile 72 bytes, a placement about 500 with its end point and side name); shared,
each is one pointer. On the suite's own cases this takes the parsed data from about
6.9 KB a case (nothing shared) to about 2 KB (``python -m benchmarks.memory`` measures
it). Larger values (a deal, a list of actions) are not shared: two cases seldom repeat
one, and keying them costs more than it saves.

Case data is read, never written (`conformance.suite.fixtures.Case` hands it out as a
``Mapping``), so shared values are safe.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Shared", "share_values", "shared_text"]

Shared = dict[Any, Any]
"""The values seen so far, each by its key (`_key`)."""

_SMALL = 3
"""The most keys of a dict that is shared: a placement has two, its end point two."""
_SHORT = 16
"""The longest string value interned: the names of sides, codes and ends."""


def share_values(value: Any, seen: Shared) -> Any:
    """``value`` (JSON data, changed in place) with each tile (a list of two integers)
    and each small dict of tiles, integers and short strings (a placement, an end point)
    replaced by the first equal one in ``seen`` (which it adds to), and short strings
    interned. Walked without recursion; dicts are keyed after their children."""
    dicts: list[tuple[Any, Any, Any]] = []
    todo: list[tuple[Any, Any, Any]] = [(value, None, None)]
    while todo:
        item = todo.pop()
        node = item[0]
        if type(node) is dict:
            dicts.append(item)
            slots: Any = list(node.items())
        else:
            slots = enumerate(node)
        for slot, child in slots:
            kind = type(child)
            if kind is list:
                if len(child) == 2 and type(child[0]) is int and type(child[1]) is int:
                    first = seen.setdefault((child[0], child[1]), child)
                    if first is not child:
                        node[slot] = first
                else:
                    todo.append((child, node, slot))
            elif kind is dict:
                todo.append((child, node, slot))
            elif kind is str and len(child) <= _SHORT:
                node[slot] = sys.intern(child)
    keys: dict[int, Any] = {}
    for node, parent, slot in reversed(dicts):
        key = _key(node, keys)
        if key is None:
            continue
        first = seen.setdefault(key, node)
        keys[id(first)] = key
        if first is not node:
            if parent is None:
                return first
            parent[slot] = first
    return value


def _key(node: dict[str, Any], keys: dict[int, Any]) -> Any:
    """What identifies ``node`` among equal values (None: it is not shared). A child
    dict is known by the key it was shared under (``keys``, by its identity)."""
    if len(node) > _SMALL:
        return None
    parts: list[tuple[Any, ...]] = []
    for name, child in node.items():
        kind = type(child)
        if kind is int or kind is str or kind is bool:
            parts.append((name, kind, child))
        elif kind is list and len(child) == 2 and type(child[0]) is int is type(child[1]):
            parts.append((name, list, child[0], child[1]))  # a tile, shared already
        else:
            known = keys.get(id(child))
            if known is None:
                return None
            parts.append((name, known))
    return (dict, tuple(parts))


def shared_text(text: str) -> str:
    """``text`` interned: the rule ids, commands and sources that many cases repeat."""
    return sys.intern(text)
