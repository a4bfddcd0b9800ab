"""A kit for serving a Seven Rocks engine over protocol 1: you write only the rules.

The kit speaks protocol 1 (spec/protocol.md): the JSON Lines loop, the handshake, ``seq``,
``stop`` and end of input, and the whole request form, so that every ``bad_request``, its
precedence and its index come for free. Command functions receive checked, typed
arguments and return their result; a `Rejected` they raise (or an exception mapped to a
code) becomes a ``rejected`` reply, any other exception an ``errored`` one::

    import seven_rocks_kit as kit

    def settle(hands):
        ...
        return {"pips": pips, "penalties": penalties, "deductions": deductions}

    kit.Engine("my-engine", "1.0", settle=settle).run()

Standard library only. Kits with the same names for JavaScript, Go and Java are in the
``kits/`` folder of the suite's repository.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from seven_rocks_kit.protocol import PROTOCOL_VERSION, QUERY_CMDS, REJECTION_CODES

# The names below are loaded from their modules on first use (PEP 562): a program that
# needs only the protocol's constants, or only the values, does not pay for the loop and
# the request checks. Type checkers read them from these imports.
if TYPE_CHECKING:
    from seven_rocks_kit.compare import case_matches, value_matches
    from seven_rocks_kit.rejections import (
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
    from seven_rocks_kit.replay import Board, LegalBoard, replay_legal, replay_table
    from seven_rocks_kit.serve import Command, Engine
    from seven_rocks_kit.validate import ARGUMENTS, check_arguments
    from seven_rocks_kit.values import (
        ALL_TILES,
        PASS,
        Action,
        Counted,
        Deal,
        EndPoint,
        GameHand,
        OpenPoint,
        Pass,
        Placement,
        Side,
        Tile,
        tile,
        to_json,
    )


def __getattr__(name: str) -> object:
    """A public name of the kit, imported from its module on first use."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    for module in _MODULES:
        found = importlib.import_module(f"seven_rocks_kit.{module}")
        if name in vars(found):
            value = vars(found)[name]
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names, the ones not yet loaded included."""
    return sorted(set(globals()) | set(__all__))


__version__ = "1.0.0"

__all__ = [
    "ALL_TILES",
    "ARGUMENTS",
    "PASS",
    "PROTOCOL_VERSION",
    "QUERY_CMDS",
    "REJECTION_CODES",
    "Action",
    "BadRequest",
    "Board",
    "BranchClosed",
    "Command",
    "Counted",
    "Deal",
    "EndPoint",
    "Engine",
    "GameHand",
    "GameOver",
    "HandOver",
    "LegalBoard",
    "MustPlay",
    "NoMatch",
    "NoSuchEnd",
    "NotInHand",
    "OpenPoint",
    "Pass",
    "Placement",
    "Rejected",
    "Side",
    "Tile",
    "UnfinishedHand",
    "WrongOpener",
    "__version__",
    "at",
    "case_matches",
    "check_arguments",
    "replay_legal",
    "replay_table",
    "tile",
    "to_json",
    "value_matches",
]

_MODULES = ("values", "rejections", "validate", "replay", "serve", "compare")
"""Where the names of `__all__` not defined here live, searched in this order."""
