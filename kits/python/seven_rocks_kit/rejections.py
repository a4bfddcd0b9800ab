"""Rejections an engine raises, and `at`, which gives them the index the protocol asks for.

One family: `Rejected` and one subclass per code. The reference engine raises the same
classes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress

from seven_rocks_kit.protocol import REJECTION_CODES

_CODES = frozenset(REJECTION_CODES)

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

    ``Rejected(code, message, index=None)``; each subclass fixes the code and takes the
    rest (``NoMatch(message, index=None)``). ``index`` may be left out where `at` (or the
    kit itself) knows it.
    """

    code: str
    """The protocol's rejection code."""

    def __init__(self, code: str, message: str = "", index: int | None = None) -> None:
        if code not in _CODES:
            raise ValueError(
                f"{code!r} is not a rejection code: one of {', '.join(REJECTION_CODES)}"
            )
        super().__init__(message)
        self.code = code
        self.message = message
        self.index = index

    def at(self, index: int | None) -> Rejected:
        """Set the position of the offending play, action or hand; the rejection itself."""
        self.index = index
        return self

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r}, index={self.index!r})"


class _Coded(Rejected):
    """A rejection whose class fixes the code: ``Subclass(message, index=None)``."""

    def __init__(self, message: str = "", index: int | None = None) -> None:
        super().__init__(type(self).code, message, index)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, index={self.index!r})"


class BadRequest(_Coded):
    """The request is malformed (the kit raises this itself while checking the form)."""

    code = "bad_request"


class HandOver(_Coded):
    """An action after the hand has ended."""

    code = "hand_over"


class NotInHand(_Coded):
    """A placed tile the player to move does not hold."""

    code = "not_in_hand"


class NoSuchEnd(_Coded):
    """The end point does not exist or is taken."""

    code = "no_such_end"


class BranchClosed(_Coded):
    """A spinner branch while a linear side of the spinner is still free."""

    code = "branch_closed"


class NoMatch(_Coded):
    """No half of the tile equals the value of the end point."""

    code = "no_match"


class MustPlay(_Coded):
    """A pass while the player has a legal placement."""

    code = "must_play"


class WrongOpener(_Coded):
    """In ``game``: an opener missing where required, or not the seat that went out."""

    code = "wrong_opener"


class UnfinishedHand(_Coded):
    """In ``game``: a hand that is not the last has not ended."""

    code = "unfinished_hand"


class GameOver(_Coded):
    """Starting scores of 250 or more, or a hand after the winning one."""

    code = "game_over"


@contextmanager
def at(index: int) -> Iterator[None]:
    """Give ``index`` to rejections raised inside the block that carry none.

    ``for i, action in enumerate(actions): with kit.at(i): play(action)`` is all an
    engine writes to report the offending action's position. Exceptions the engine maps
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
