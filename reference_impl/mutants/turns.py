"""Misreadings of turns, of the end of a hand and of games, as rule sets."""

from __future__ import annotations

from ..rules import Rules

__all__ = [
    "BlockedAfterThreePasses",
    "CountAfterWin",
    "CounterClockwise",
    "OpenerNotEnforced",
    "PartnerOpensNext",
    "PassWhileAble",
    "PlayOnAfterDomino",
    "UnfinishedHandsAllowed",
]


class CounterClockwise(Rules):
    """Turns go counter-clockwise."""

    def next_seat(self, seat: int) -> int:
        return (seat - 1) & 3


class BlockedAfterThreePasses(Rules):
    """A hand is blocked after three consecutive passes."""

    passes_to_block = 3


class PartnerOpensNext(Rules):
    """The partner of the player who went out opens the next hand."""

    def next_opener(self, out: int) -> int:
        return (out + 2) & 3


class CountAfterWin(Rules):
    """The end-of-hand count is made even after the winning placement."""

    count_after_win = True


class PlayOnAfterDomino(Rules):
    """The hand goes on after a player has placed their last tile (they pass from then on)."""

    domino_ends_hand = False


class OpenerNotEnforced(Rules):
    """Any seat may open the hand after a domino."""

    opener_enforced = False


class UnfinishedHandsAllowed(Rules):
    """A game moves on to the next hand while the previous one is unfinished."""

    hands_complete = False


class PassWhileAble(Rules):
    """A player may pass while holding a legal placement."""

    must_play = False
