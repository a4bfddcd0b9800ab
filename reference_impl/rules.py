"""The rules of Seven Rocks as one object: a method a rule, its rule ID beside it.

`Rules` states each rule of spec/rules.md that decides a number or a choice once, as a
named *hook* that the table and the hand call: which double becomes the spinner
(`becomes_spinner`), which sides of a double take tiles (`linear_sides`,
`branch_sides`), what a double and an end add to the end sum (`double_counts`,
`end_worth`), which placements are distinct (`placement_key`), who may open
(`openings`), what a credit, a pass, a domino, the count and the target do. The
engine's fast paths read tables computed by calling these hooks (`CompiledRules`, and
`reference_impl.layout.Layout` for the table), made once per rule set, never a second
copy of a rule.

A variant of the rules (a misreading kept in `reference_impl.mutants`, a real-world
variant) is a subclass overriding hooks and nothing else, handed to the engine as a
value: ``Hand(holdings, opener, rules=MyVariant())``. Variants that override different
hooks apply together (`reference_impl.mutants.variant`). The reference is `REFERENCE`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

__all__ = [
    "BRANCHES",
    "BRANCH_A",
    "BRANCH_B",
    "HOOKS",
    "LINEAR",
    "LINEAR_A",
    "LINEAR_B",
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

LINEAR_A: Final = 1
"""A double's linear side A, as a bit of the side masks the layout hooks take and give."""
LINEAR_B: Final = 2
"""A double's linear side B (the bit of side ``s`` is ``1 << (s - SIDE_LINEAR_A)``)."""
BRANCH_A: Final = 4
"""A double's branch A."""
BRANCH_B: Final = 8
"""A double's branch B."""
LINEAR: Final = LINEAR_A | LINEAR_B
"""Both linear sides."""
BRANCHES: Final = BRANCH_A | BRANCH_B
"""Both branches."""

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

    # -------------------------------------------------------------- layout

    def becomes_spinner(
        self, value: int, opening: bool, doubles_before: int, spinner: int, spinner_taken: int
    ) -> bool:
        """Whether the double ``[value|value]`` becomes the spinner as it is placed.

        `opening`: it opens the hand; `doubles_before`: the doubles placed before it in
        the hand; `spinner`: the spinner's value so far (-1: none yet) and
        `spinner_taken` the mask of its sides taken. The spinner before it, if any, is
        then a double like the others.
        """
        # spinner.first-double, spinner.opening-double, reading.eligible-double: the
        # first double placed in the hand, the opening one included, and only it.
        return spinner < 0

    def linear_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        """The linear sides of a double on the table that take a tile now (a mask of
        `LINEAR_A` and `LINEAR_B`).

        `spinner`: whether it is the spinner; `opening`: whether it opened the hand;
        `taken`: the mask of its sides taken (a double joining the line is joined by its
        linear side A).
        """
        # double.crosswise, place.mirror-opening-double: both linear sides, each an
        # attach point of its own, until taken.
        return LINEAR & ~taken

    def branch_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        """The branches of a double on the table that take a tile now (a mask of
        `BRANCH_A` and `BRANCH_B`); the arguments as for `linear_sides`."""
        if spinner and taken & LINEAR == LINEAR:
            # spinner.branches-after-linear: the branches, once both linear sides are taken.
            return BRANCHES & ~taken
        # double.later-no-branches: any other double has its linear sides only.
        return 0

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        """What a double ``[value|value]`` on the table adds to the end sum: its counted ends.

        `spinner`, `opening`, `taken` as for `linear_sides`; `free`: the mask of its sides
        taking tiles now. The tiles on its sides count as ends of their own.
        """
        if free & LINEAR:
            # double.terminal-counts-both, spinner.terminal-while-linear-free: both halves,
            # once, while a linear side is free (an opening [2|2] counts 4, not 8).
            return (2 * value,)
        # double.internal-counts-nothing, spinner.internal-after-linear,
        # spinner.unstarted-branch-zero: nothing once its linear sides are taken.
        return ()

    def end_worth(self, value: int) -> int:
        """What the open end of a tile that is not a double adds to the end sum."""
        return value  # scoring.end-sum: the value shown, zero included

    def listed(self, contribution: int) -> bool:
        """Whether a counted end adding `contribution` is listed among the counted ends."""
        return True  # scoring.end-sum: counted ends include ends of value zero

    def placement_key(self, tile: int, on_tile: int, side: int, value: int) -> tuple[int, ...]:
        """Placements of one position with the same key are one placement (the first kept).

        `tile` joins the side `side` (of value `value`) of the tile `on_tile`.
        """
        # reading.one-placement-per-attach-point: one per matching (tile, attach point).
        return (tile, on_tile, side)

    def openings(self, held: int) -> int:
        """The tiles (a mask) of the opener's `held` that may open the hand."""
        return held  # open.any-tile

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


HOOKS: Final[tuple[str, ...]] = (
    "becomes_spinner",
    "linear_sides",
    "branch_sides",
    "double_counts",
    "end_worth",
    "listed",
    "placement_key",
    "openings",
    "credit",
    "placement_scores",
    "target",
    "wins",
    "winner_after_count",
    "next_seat",
    "next_opener",
    "must_play",
    "domino_ends_hand",
    "passes_to_block",
    "count_after_win",
    "opener_enforced",
    "hands_complete",
    "round_penalty",
    "settle",
    "after_count",
)
"""The hooks of `Rules`, the one thing a variant overrides. Two variants overriding the
same hook cannot apply together."""


credit_for = REFERENCE.credit
"""`Rules.credit` of the reference rules, as a function."""
round_to_five = REFERENCE.round_penalty
"""`Rules.round_penalty` of the reference rules, as a function."""
