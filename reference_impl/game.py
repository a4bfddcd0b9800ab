"""Hands in sequence with the scores carried over (rules ``game.*``, ``open.*``)."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .errors import GameOver, RuleViolation, UnfinishedHand, WrongOpener
from .hand import End, Hand
from .rules import REFERENCE, Rules
from .tiles import Tile

__all__ = ["Game"]


class Game:
    """A game: the hands played so far, the scores and the winner."""

    __slots__ = ("hands", "rules", "scores", "winner")

    def __init__(self, rules: Rules = REFERENCE) -> None:
        """A game not yet begun, played by `rules` (the reference by default)."""
        self.rules = rules
        self.hands: list[Hand] = []
        self.scores = [0, 0]
        self.winner: int | None = None

    def required_opener(self) -> int | None:
        """The seat that must open the next hand, or None when a draw decides."""
        if not self.hands or not self.rules.opener_enforced:
            return None
        last = self.hands[-1]
        return last.next_opener if last.end is End.DOMINO else None

    def play_hand(
        self, deal: Sequence[Sequence[Tile]], opener: int | None, actions: Sequence[Action]
    ) -> Hand:
        """Deal and play one hand; on refusal the game is unchanged."""
        position = len(self.hands)
        if self.hands and self.hands[-1].end is None and self.rules.hands_complete:
            raise UnfinishedHand(
                f"hand {position - 1} has not ended: it must finish before hand {position}",
                position - 1,
            )
        if self.winner is not None:
            raise GameOver(f"team {self.winner} has already won the game", position)
        required = self.required_opener()
        if opener is None and required is None and self.hands:
            # A seat that went out opens when no other is named (open.after-domino).
            opener = self.hands[-1].next_opener
        if required is None:
            if opener is None:
                why = "the first hand" if not self.hands else "a blocked hand"
                raise WrongOpener(f"{why} needs an opener from a neutral draw", position)
        elif opener is None:
            opener = required
        elif opener != required:
            raise WrongOpener(
                f"seat {required} went out last hand and must open, not seat {opener}", position
            )
        try:
            hand = Hand.deal(deal, opener, self.scores, self.rules)
            for action in actions:
                hand.play(action)
        except RuleViolation as error:
            raise error.at(position) from None
        self.hands.append(hand)
        self.scores = hand.scores.copy()
        self.winner = hand.winner
        return hand
