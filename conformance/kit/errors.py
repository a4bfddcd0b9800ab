"""Rejections an adapter raises, and `at`, which gives them the index the protocol asks for."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import ClassVar

from conformance.suite.protocol import REJECTION_CODES

__all__ = [
    "BadRequest",
    "BranchClosed",
    "GameOver",
    "HandOver",
    "MustPlay",
    "NoMatch",
    "NoSuchEnd",
    "NotInHand",
    "Rejected",
    "UnfinishedHand",
    "WrongOpener",
    "at",
]


class Rejected(Exception):
    """A request the rules refuse: becomes ``{"rejected": {"code", "index", "message"}}``.

    Raise it with a code (``Rejected("no_match", "...")``) or raise one of the subclasses,
    which carry their code. ``index`` may be left out where `at` (or the kit itself) knows
    it.
    """

    code: ClassVar[str] = ""

    def __init__(self, *args: object, index: int | None = None) -> None:
        # Rejected(code, message) or, on a subclass, Subclass(message).
        if type(self).code:
            code, message = type(self).code, " ".join(map(str, args))
        elif args:
            code, message = str(args[0]), " ".join(map(str, args[1:]))
        else:
            code, message = "", ""
        if code not in REJECTION_CODES:
            raise ValueError(
                f"{code!r} is not a rejection code: one of {', '.join(REJECTION_CODES)}"
            )
        super().__init__(message)
        self.rejection_code = code
        self.message = message
        self.index = index

    def __repr__(self) -> str:
        name = type(self).__name__
        code = "" if type(self).code else f"{self.rejection_code!r}, "
        return f"{name}({code}{self.message!r}, index={self.index!r})"


class BadRequest(Rejected):
    """The request is malformed (the kit raises this itself while checking the form)."""

    code = "bad_request"


class HandOver(Rejected):
    """An action after the hand has ended."""

    code = "hand_over"


class NotInHand(Rejected):
    """A placed tile the player to move does not hold."""

    code = "not_in_hand"


class NoSuchEnd(Rejected):
    """The end point does not exist or is taken."""

    code = "no_such_end"


class BranchClosed(Rejected):
    """A spinner branch while a linear side of the spinner is still free."""

    code = "branch_closed"


class NoMatch(Rejected):
    """No half of the tile equals the value of the end point."""

    code = "no_match"


class MustPlay(Rejected):
    """A pass while the player has a legal placement."""

    code = "must_play"


class WrongOpener(Rejected):
    """In ``game``: an opener missing where required, or not the seat that went out."""

    code = "wrong_opener"


class UnfinishedHand(Rejected):
    """In ``game``: a hand that is not the last has not ended."""

    code = "unfinished_hand"


class GameOver(Rejected):
    """Starting scores of 250 or more, or a hand after the winning one."""

    code = "game_over"


@contextmanager
def at(index: int) -> Iterator[None]:
    """Give ``index`` to rejections raised inside the block that carry none.

    ``for i, action in enumerate(actions): with kit.at(i): play(action)`` is all an
    adapter writes to report the offending action's position. Exceptions the engine maps
    to a code (``errors=`` of `Engine`) get the index the same way.
    """
    try:
        yield
    except Rejected as error:
        if error.index is None:
            error.index = index
        raise
    except Exception as error:
        # Not yet known whether it maps to a code: remember where it happened.
        if getattr(error, "_kit_index", None) is None:
            with suppress(AttributeError):
                error._kit_index = index  # type: ignore[attr-defined]
        raise
