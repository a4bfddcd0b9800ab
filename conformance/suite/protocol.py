"""Constants of the adapter protocol, version 1 (spec/protocol.md)."""

from __future__ import annotations

from typing import Any

from seven_rocks_kit.protocol import PROTOCOL_VERSION, QUERY_CMDS, REJECTION_CODES

__all__ = [
    "OUTCOME_KEYS",
    "PROTOCOL_VERSION",
    "QUERY_CMDS",
    "REJECTION_CODES",
    "RESULT_FIELDS",
    "missing_fields",
]

# The protocol's version, commands and rejection codes are the kit's: one list of each.

OUTCOME_KEYS: tuple[str, ...] = ("result", "rejected", "errored", "skipped")
"""A reply carries exactly one of these keys beside ``seq``."""

RESULT_FIELDS: dict[str, tuple[str, ...]] = {
    "table": ("spinner", "open", "counted", "end_sum", "credits", "credit"),
    "legal": ("placements",),
    "settle": ("pips", "penalties", "deductions"),
    "hand": (
        "events",
        "end",
        "penalties",
        "scores",
        "winner",
        "next_opener",
        "to_move",
        "legal",
    ),
    "game": ("hands", "scores", "winner"),
    "perft": ("nodes", "divide"),
}
"""The fields every result of a command must have (protocol 1)."""

_OUTCOME_FIELDS: dict[str, tuple[str, ...]] = {
    "rejected": ("code", "index"),
    "errored": (),
    "skipped": (),
}


def missing_fields(cmd: str, outcome: str, body: Any) -> list[str]:
    """The protocol fields absent from a reply's ``result``/``rejected``/... object."""
    if outcome == "result":
        required = RESULT_FIELDS.get(cmd, ())
    else:
        required = _OUTCOME_FIELDS.get(outcome, ())
    return [name for name in required if name not in body]
