"""A kit for writing Seven Rocks adapters in Python: the author writes only the rules.

The kit speaks protocol 1 (spec/protocol.md): the JSON Lines loop, the handshake, ``seq``,
``stop`` and end of input, and the whole request form, so that every ``bad_request``, its
precedence and its index come for free. Command functions receive checked, typed
arguments and return their result; a `Rejected` they raise (or an exception mapped to a
code) becomes a ``rejected`` reply, any other exception an ``errored`` one::

    from conformance import kit

    def settle(hands):
        ...
        return {"pips": pips, "penalties": penalties, "deductions": deductions}

    kit.Engine("my-engine", "1.0", settle=settle).run()

The kit depends on the standard library only; kits with the same names for JavaScript,
Go and Java are in the repository's ``kits/`` folder.
"""

from __future__ import annotations

from conformance.kit.errors import (
    BadRequest,
    BranchClosed,
    GameOver,
    HandOver,
    MustPlay,
    NoMatch,
    NoSuchEnd,
    NotInHand,
    Rejected,
    UnfinishedHand,
    WrongOpener,
    at,
)
from conformance.kit.serve import Command, Engine
from conformance.kit.validate import ARGUMENTS, check_arguments
from conformance.kit.values import (
    PASS,
    Action,
    Deal,
    EndPoint,
    GameHand,
    Pass,
    Placement,
    Side,
    Tile,
    to_json,
)

__all__ = [
    "ARGUMENTS",
    "PASS",
    "Action",
    "BadRequest",
    "BranchClosed",
    "Command",
    "Deal",
    "EndPoint",
    "Engine",
    "GameHand",
    "GameOver",
    "HandOver",
    "MustPlay",
    "NoMatch",
    "NoSuchEnd",
    "NotInHand",
    "Pass",
    "Placement",
    "Rejected",
    "Side",
    "Tile",
    "UnfinishedHand",
    "WrongOpener",
    "at",
    "check_arguments",
    "to_json",
]
