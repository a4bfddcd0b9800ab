"""Misreadings of a placement's credit and of the target, as rule sets."""

from __future__ import annotations

from ..rules import Rules

__all__ = [
    "LastTileNotScored",
    "NonMultipleRounded",
    "OpeningNotScored",
    "TargetAtEndOfHand",
    "TargetStrictlyGreater",
]


class NonMultipleRounded(Rules):
    """An end sum that is not a multiple of 5 is rounded to the nearest one and credited."""

    def credit(self, end_sum: int) -> int:
        return 5 * ((end_sum + 2) // 5) if end_sum > 0 else 0


class OpeningNotScored(Rules):
    """The opening placement scores nothing."""

    def placement_scores(self, opening: bool, last_tile: bool) -> bool:
        return not opening


class LastTileNotScored(Rules):
    """A player's last tile scores nothing."""

    def placement_scores(self, opening: bool, last_tile: bool) -> bool:
        return not last_tile


class TargetStrictlyGreater(Rules):
    """A team must pass 250: reaching exactly 250 does not win."""

    target = Rules.target + 1


class TargetAtEndOfHand(Rules):
    """The 250 target is checked only at the end of the hand."""

    def wins(self, score: int) -> bool:
        return False  # no win during play

    def winner_after_count(self, scores: tuple[int, int]) -> int | None:
        best = max(scores)
        if best >= self.target and scores[0] != scores[1]:
            return scores.index(best)
        return None
