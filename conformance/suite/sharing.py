"""Loaded cases share their commonest values: one list object per pair of integers.

A case is mostly tiles, ``[a, b]``: a deal alone holds 28, and a folder of thousands of
cases names the same 28 tiles over and over. As parsed, each is a list of its own (72
bytes); shared, it is one pointer. On the suite's own cases this takes the parsed data
from about 6.9 KB a case to 4.1 KB, for about as much CPU time as decoding the JSON
(``python -m benchmarks.memory`` measures both). Sharing every identical sub-value
would go further (1.7 KB) but costs five times the decoding.

Case data is read, never written (`conformance.suite.fixtures.Case` hands it out as a
``Mapping``), so shared lists are safe.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["Pairs", "share_pairs"]

Pairs = dict[tuple[int, int], list[int]]
"""The pairs seen so far, each by its two integers."""


def share_pairs(value: Any, seen: Pairs) -> Any:
    """``value`` (JSON data, changed in place) with each list of two integers replaced by
    the first equal one in ``seen`` (which it adds to); walked without recursion."""
    todo = [value]
    while todo:
        item = todo.pop()
        slots = item.items() if type(item) is dict else enumerate(item)
        for slot, child in list(slots):
            kind = type(child)
            if kind is list:
                if len(child) == 2 and type(child[0]) is int and type(child[1]) is int:
                    pair = (child[0], child[1])
                    first = seen.setdefault(pair, child)
                    if first is not child:
                        item[slot] = first
                else:
                    todo.append(child)
            elif kind is dict:
                todo.append(child)
    return value


def shared_text(text: str) -> str:
    """``text`` interned: the rule ids, commands and sources that many cases repeat."""
    return sys.intern(text)
