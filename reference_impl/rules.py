"""The rules of Seven Rocks as one object: a method a rule, its rule ID beside it.

`Rules` states each rule of spec/rules.md that decides a number or a choice once;
the engine's fast paths read tables computed from these methods (`CompiledRules`,
made once per rules object), never a second copy of a rule. A variant of the rules
(a misreading kept in `reference_impl.mutants`, a real-world variant) is a subclass
overriding the methods of the rules it changes, handed to the engine as a value:
``Hand(holdings, opener, rules=MyVariant())``. The reference is `REFERENCE`.

How tiles join the layout (the spinner, doubles, attach points) is the table's
(`reference_impl.table`); a variant of those rules names a `Table` subclass in
`table_type`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:  # the table is a layer above: named here for its type only
    from .table import Table

__all__ = [
    "REFERENCE",
    "CompiledRules",
    "End",
    "Rules",
    "Settlement",
    "compiled",
    "credit_for",
    "round_to_five",
]

Four = tuple[int, int, int, int]

MAX_END_SUM = 64
"""Above any end sum a table can show (four ends, each at most a double's 12)."""


class End(Enum):
    """How a hand ended."""

    DOMINO = "domino"
    BLOCKED = "blocked"
    TARGET = "target"


@dataclass(frozen=True, slots=True)
class Settlement:
    """Each seat's pips left in hand, each seat's rounded penalty, each team's deduction."""

    pips: Four
    penalties: Four
    deductions: tuple[int, int]


# A variant is a subclass, in the compiled build too (README, "Benchmarks").
@mypyc_attr(allow_interpreted_subclasses=True)
class Rules:
    """The rules of Seven Rocks; a subclass overriding some methods is a variant."""

    name: ClassVar[str] = "seven-rocks"
    """The rule set's name (a variant's is its catalogue name)."""

    table_type: ClassVar[type[Table] | None] = None
    """The table a hand plays on under these rules (None: `reference_impl.table.Table`)."""

    target: ClassVar[int] = 250
    """Rule ``win.target``: the first team to reach at least this many points wins."""

    must_play: ClassVar[bool] = True
    """Rule ``place.must-play``: a player holding a legal placement may not pass."""

    domino_ends_hand: ClassVar[bool] = True
    """Rule ``end.domino``: the hand ends at once when a player places their last tile."""

    passes_to_block: ClassVar[int] = 4
    """Rule ``end.blocked``: the hand is blocked when all four players in succession pass."""

    count_after_win: ClassVar[bool] = False
    """Rule ``win.no-count-after-win``: a hand won by a credit is not counted."""

    opener_enforced: ClassVar[bool] = True
    """Rule ``open.after-domino``: the player who went out must open the next hand."""

    hands_complete: ClassVar[bool] = True
    """Rule ``reading.hands-complete``: a hand ends before the next is dealt."""

    # ------------------------------------------------------------- scoring

    def credit(self, end_sum: int) -> int:
        """The credit of a placement whose end sum is `end_sum`."""
        # scoring.multiple-of-five, scoring.zero-scores-nothing, scoring.other-sums-nothing
        return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0

    def placement_scores(self, opening: bool, last_tile: bool) -> bool:
        """Whether a placement is credited at all (the opening and a last tile included)."""
        # scoring.end-sum: every placement, the opening and a player's last tile too
        return True

    def wins(self, score: int) -> bool:
        """Whether a team with `score` points has won the game."""
        return score >= self.target  # win.target

    def winner_after_count(self, scores: tuple[int, int]) -> int | None:
        """The team that wins by the count itself (win.check-after-credit: none does)."""
        return None

    # ---------------------------------------------------------------- turns

    def next_seat(self, seat: int) -> int:
        """The seat that plays after `seat`."""
        return (seat + 1) & 3  # turn.clockwise

    def next_opener(self, out: int) -> int:
        """The seat that opens the next hand after `out` went out."""
        return out  # open.after-domino

    # ------------------------------------------------------------ the count

    def round_penalty(self, pips: int) -> int:
        """A player's pips rounded to the nearest multiple of 5: remainders 1-2 down, 3-4 up."""
        return 5 * ((pips + 2) // 5)  # settle.round-each-player

    def settle(self, pips: Four, end: End | None = None, out: int | None = None) -> Settlement:
        """The count of four seats' pips; `end` is how the hand ended, `out` who went out."""
        # settle.player-pips: every seat is counted, whatever the end.
        penalty = self.round_penalty
        # settle.no-pooling: each player is rounded alone...
        penalties = (penalty(pips[0]), penalty(pips[1]), penalty(pips[2]), penalty(pips[3]))
        # settle.own-team: ...and subtracted from their own team.
        deductions = (penalties[0] + penalties[2], penalties[1] + penalties[3])
        return Settlement(pips, penalties, deductions)

    def after_count(self, score: int) -> int:
        """A team's score once the count is subtracted."""
        return score  # reading.negative-scores: no floor


REFERENCE = Rules()
"""The rules of Seven Rocks as spec/rules.md states them."""


class CompiledRules:
    """A rules object's answers worked out once, as the hand's hot path reads them."""

    __slots__ = (
        "credits",
        "domino_ends_hand",
        "next_seat",
        "passes_to_block",
        "rules",
        "scores",
        "target",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.domino_ends_hand = rules.domino_ends_hand
        """`Rules.domino_ends_hand`, an attribute of this object (a compiled build reads it
        without a look-up by name)."""
        self.passes_to_block = rules.passes_to_block
        """`Rules.passes_to_block`, as `domino_ends_hand`."""
        self.credits = tuple(rules.credit(end_sum) for end_sum in range(MAX_END_SUM))
        """``credits[end_sum]``: `Rules.credit`."""
        self.next_seat = tuple(rules.next_seat(seat) for seat in range(4))
        """``next_seat[seat]``: `Rules.next_seat`."""
        self.scores = tuple(
            rules.placement_scores(opening, last)
            for opening in (False, True)
            for last in (False, True)
        )
        """``scores[2 * opening + last_tile]``: `Rules.placement_scores`."""
        self.target = min(
            (score for score in range(2 * rules.target + 2) if rules.wins(score)),
            default=1 << 62,
        )
        """The least score `Rules.wins` (scores rise one credit at a time, so one number)."""


_COMPILED: dict[int, tuple[Rules, CompiledRules]] = {}


def compiled(rules: Rules) -> CompiledRules:
    """`rules` compiled, once per rules object."""
    entry = _COMPILED.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _COMPILED[id(rules)] = (rules, CompiledRules(rules))
    return entry[1]


credit_for = REFERENCE.credit
"""`Rules.credit` of the reference rules, as a function."""
round_to_five = REFERENCE.round_penalty
"""`Rules.round_penalty` of the reference rules, as a function."""
