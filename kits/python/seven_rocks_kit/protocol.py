"""The constants of protocol 1 (spec/protocol.md): its version, commands and rejection codes.

The suite, the reference engine and every kit name them from here.
"""

from __future__ import annotations

from typing import Final

__all__ = ["PROTOCOL_VERSION", "QUERY_CMDS", "REJECTION_CODES"]

PROTOCOL_VERSION: Final = 1
"""The protocol version spoken."""

QUERY_CMDS: Final[tuple[str, ...]] = ("table", "legal", "settle", "hand", "game", "perft")
"""The query commands of protocol 1, in the order the spec presents them."""

REJECTION_CODES: Final[tuple[str, ...]] = (
    "bad_request",
    "hand_over",
    "not_in_hand",
    "no_such_end",
    "branch_closed",
    "no_match",
    "must_play",
    "wrong_opener",
    "unfinished_hand",
    "game_over",
)
"""Every rejection code; the first seven in order of precedence."""
