"""One exception family; each member carries a protocol rejection code.

A rejected request or action never changes any state: every checked entry
point validates completely before it mutates.
"""

from __future__ import annotations

from typing import ClassVar

__all__ = [
    "BadRequest",
    "BranchClosed",
    "Declined",
    "GameOver",
    "HandOver",
    "MustPlay",
    "NoMatch",
    "NoSuchEnd",
    "NotInHand",
    "RuleViolation",
    "UnfinishedHand",
    "WrongOpener",
]


class RuleViolation(Exception):
    """A request or action that the rules refuse.

    `code` is the protocol's rejection code; `index` the position of the
    offending placement or action in its list (of the hand, in a game), or
    None when no position applies.
    """

    code: ClassVar[str] = "rule_violation"

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index

    def at(self, index: int | None) -> RuleViolation:
        """Set the position of the offending item and return the error itself."""
        self.index = index
        return self

    def __str__(self) -> str:
        where = "" if self.index is None else f" (at index {self.index})"
        return f"{self.code}: {self.message}{where}"


class BadRequest(RuleViolation):
    """Malformed input: not a tile, a wrong deal, a tile twice, a missing field."""

    code = "bad_request"


class NotInHand(RuleViolation):
    """The player to move does not hold the tile."""

    code = "not_in_hand"


class NoSuchEnd(RuleViolation):
    """The end point is not on the table, is taken, or does not exist on that tile."""

    code = "no_such_end"


class NoMatch(RuleViolation):
    """The tile has no half matching the end point's value."""

    code = "no_match"


class BranchClosed(RuleViolation):
    """A spinner branch used before both linear sides are occupied."""

    code = "branch_closed"


class MustPlay(RuleViolation):
    """A pass by a player who holds a legal placement."""

    code = "must_play"


class HandOver(RuleViolation):
    """An action after the hand has ended."""

    code = "hand_over"


class WrongOpener(RuleViolation):
    """A hand opened by the wrong seat, or with no opener where the draw must give one."""

    code = "wrong_opener"


class UnfinishedHand(RuleViolation):
    """A hand of a game that did not end before the next one."""

    code = "unfinished_hand"


class GameOver(RuleViolation):
    """A hand or action after the game has been won."""

    code = "game_over"


class Declined(Exception):
    """A request the engine chooses not to answer, such as a count past its budget.

    Not a rule violation: the protocol reply is ``skipped``, with this message.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
