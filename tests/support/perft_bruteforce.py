"""A deliberately simple enumeration of Seven Rocks hand play, for testing only.

This module re-derives the rules from spec/rules.md on its own, so that perft
counts in fixtures/perft/ have a second, independent source besides hand
reasoning. It never imports the reference engine. Clarity wins over speed:
every position is an explicit table (which tiles lie on it and which of their
sides are taken) and every child position is a fresh copy.

Names follow the protocol: a tile is a tuple ``(a, b)`` with ``a <= b``; a side
is one of ``low``, ``high``, ``linear_a``, ``linear_b``, ``branch_a``,
``branch_b``; an action is ``"pass"``, ``Opening(tile)`` or
``Placement(tile, on_tile, on_side)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "IllegalAction",
    "Opening",
    "Placement",
    "Position",
    "action_from_json",
    "action_to_json",
    "end_sum",
    "legal_actions",
    "open_points",
    "perft",
    "perft_divide",
    "play",
    "start",
]

Tile = tuple[int, int]
TARGET = 250
LINEAR = ("linear_a", "linear_b")
BRANCHES = ("branch_a", "branch_b")


@dataclass(frozen=True)
class Opening:
    """The first tile of a hand, placed on the empty table."""

    tile: Tile


@dataclass(frozen=True)
class Placement:
    """A tile joined to the free side ``on_side`` of ``on_tile``."""

    tile: Tile
    on_tile: Tile
    on_side: str


Action = Opening | Placement | str  # the string is always "pass"


class IllegalAction(Exception):
    """An action that the rules forbid here; ``code`` is the protocol's rejection code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.index: int | None = None  # set by replay: the offending action's position


@dataclass
class Position:
    """Everything that decides what can happen next in a hand."""

    hands: list[list[Tile]]
    to_move: int
    scores: list[int]
    # Tiles on the table, in the order they were placed, with their taken sides.
    order: list[Tile] = field(default_factory=list)
    taken: dict[Tile, set[str]] = field(default_factory=dict)
    spinner: Tile | None = None
    passes_in_a_row: int = 0
    end: str | None = None  # None, "domino", "blocked" or "target"

    def copy(self) -> Position:
        return Position(
            hands=[list(h) for h in self.hands],
            to_move=self.to_move,
            scores=list(self.scores),
            order=list(self.order),
            taken={t: set(s) for t, s in self.taken.items()},
            spinner=self.spinner,
            passes_in_a_row=self.passes_in_a_row,
            end=self.end,
        )


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def sides_of(tile: Tile, spinner: Tile | None) -> tuple[str, ...]:
    """Every side a tile on the table has (double.crosswise, double.later-no-branches)."""
    if not is_double(tile):
        return ("low", "high")
    if tile == spinner:
        return LINEAR + BRANCHES
    return LINEAR


def side_value(tile: Tile, side: str) -> int:
    """The value a tile joining this side must show."""
    if side == "low":
        return tile[0]
    if side == "high":
        return tile[1]
    return tile[0]  # any side of a double


def open_points(pos: Position) -> list[tuple[Tile, str, int]]:
    """Every free attach point (tile, side, value) on the table, in a fixed order."""
    points = []
    for tile in pos.order:
        taken = pos.taken[tile]
        for side in sides_of(tile, pos.spinner):
            if side in taken:
                continue
            # spinner.branches-after-linear: branches only once both linear sides are taken.
            if side in BRANCHES and not all(s in taken for s in LINEAR):
                continue
            points.append((tile, side, side_value(tile, side)))
    return points


def end_sum(pos: Position) -> int:
    """The sum of the counted ends (scoring.end-sum)."""
    total = 0
    for tile in pos.order:
        taken = pos.taken[tile]
        if is_double(tile):
            # A double counts both halves, once, while a linear side is free
            # (double.terminal-counts-both, spinner.terminal-while-linear-free), and
            # nothing after (double.internal-counts-nothing, spinner.internal-after-linear).
            # Its branches never count by themselves (spinner.unstarted-branch-zero);
            # a started branch counts through the tile placed on it.
            if any(s not in taken for s in LINEAR):
                total += 2 * tile[0]
        else:
            if "low" not in taken:
                total += tile[0]
            if "high" not in taken:
                total += tile[1]
    return total


def legal_actions(pos: Position) -> list[Action]:
    """The actions open to the player to move; ``["pass"]`` when no placement exists."""
    if pos.end is not None:
        return []
    hand = sorted(pos.hands[pos.to_move])
    if not pos.order:
        return [Opening(t) for t in hand]  # open.any-tile
    actions: list[Action] = []
    for tile in hand:
        for on_tile, side, value in open_points(pos):
            if value in tile:  # place.match-open-value, reading.one-placement-per-attach-point
                actions.append(Placement(tile, on_tile, side))
    return actions or ["pass"]  # place.pass-when-blocked


def _check(pos: Position, action: Action) -> None:
    """Raise IllegalAction with the protocol's code when ``action`` is not allowed."""
    if pos.end is not None:
        raise IllegalAction("hand_over", "the hand has ended")
    if action == "pass":
        if legal_actions(pos) != ["pass"]:
            raise IllegalAction("must_play", "a placement is possible")
        return
    assert isinstance(action, Opening | Placement)
    if action.tile not in pos.hands[pos.to_move]:
        raise IllegalAction("not_in_hand", f"{action.tile} is not in seat {pos.to_move}'s hand")
    if isinstance(action, Opening):
        if pos.order:
            raise IllegalAction("no_such_end", "the table is not empty: name an end point")
        return
    if not pos.order:
        raise IllegalAction("no_such_end", "the table is empty")
    on_tile, side = action.on_tile, action.on_side
    if on_tile not in pos.taken or side not in sides_of(on_tile, pos.spinner):
        raise IllegalAction("no_such_end", f"{on_tile} {side} is not on the table")
    if side in pos.taken[on_tile]:
        raise IllegalAction("no_such_end", f"{on_tile} {side} is taken")
    if side in BRANCHES and not all(s in pos.taken[on_tile] for s in LINEAR):
        raise IllegalAction("branch_closed", "a linear side of the spinner is free")
    if side_value(on_tile, side) not in action.tile:
        raise IllegalAction("no_match", f"{action.tile} does not match {on_tile} {side}")


def play(pos: Position, action: Action) -> Position:
    """The position after ``action``; raises IllegalAction if it is not allowed."""
    _check(pos, action)
    nxt = pos.copy()
    seat = pos.to_move
    nxt.to_move = (seat + 1) % 4  # turn.clockwise
    if action == "pass":
        nxt.passes_in_a_row += 1
        if nxt.passes_in_a_row == 4:  # end.blocked
            nxt.end = "blocked"
        return nxt
    assert isinstance(action, Opening | Placement)
    tile = action.tile
    nxt.hands[seat].remove(tile)
    nxt.passes_in_a_row = 0
    nxt.order.append(tile)
    if isinstance(action, Opening):
        nxt.taken[tile] = set()
    else:
        nxt.taken[action.on_tile].add(action.on_side)
        value = side_value(action.on_tile, action.on_side)
        if is_double(tile):
            nxt.taken[tile] = {"linear_a"}  # double.crosswise: joins by linear side A
        elif tile[0] == value:
            nxt.taken[tile] = {"low"}
        else:
            nxt.taken[tile] = {"high"}
    if is_double(tile) and nxt.spinner is None:
        nxt.spinner = tile  # spinner.first-double
    total = end_sum(nxt)
    credit = total if total > 0 and total % 5 == 0 else 0  # scoring.multiple-of-five
    if credit:
        team = seat % 2
        nxt.scores[team] += credit
        if nxt.scores[team] >= TARGET:  # win.target, win.no-count-after-win
            nxt.end = "target"
            return nxt
    if not nxt.hands[seat]:  # end.domino
        nxt.end = "domino"
    return nxt


def start(deal: list[list[Tile]], opener: int, scores: tuple[int, int] = (0, 0)) -> Position:
    """The position before the opening tile of a hand."""
    tiles = sorted(t for hand in deal for t in hand)
    assert len(deal) == 4 and all(len(h) == 7 for h in deal), "a deal is 4 hands of 7"
    assert tiles == [(a, b) for a in range(7) for b in range(a, 7)], "all 28 tiles once"
    assert max(scores) < TARGET, "the game is already over"
    return Position(hands=[list(h) for h in deal], to_move=opener, scores=list(scores))


def replay(pos: Position, actions: list[Action]) -> Position:
    """Play a list of actions; IllegalAction carries ``index`` of the offending one."""
    for i, action in enumerate(actions):
        try:
            pos = play(pos, action)
        except IllegalAction as exc:
            exc.index = i
            raise
    return pos


def perft(pos: Position, depth: int) -> int:
    """Leaves of the action tree cut at ``depth``; a finished hand is a leaf."""
    if depth == 0 or pos.end is not None:
        return 1
    return sum(perft(play(pos, a), depth - 1) for a in legal_actions(pos))


def perft_divide(pos: Position, depth: int) -> list[tuple[Action, int]]:
    """Perft split by the first action; empty at depth 0 or on a finished hand."""
    if depth == 0 or pos.end is not None:
        return []
    return [(a, perft(play(pos, a), depth - 1)) for a in legal_actions(pos)]


def _tile(value: Any) -> Tile:
    a, b = value
    return (int(a), int(b))


def action_from_json(value: Any) -> Action:
    """Read a protocol action: "pass" or a placement object."""
    if value == "pass":
        return "pass"
    if "on" not in value:
        return Opening(_tile(value["tile"]))
    return Placement(_tile(value["tile"]), _tile(value["on"]["tile"]), value["on"]["side"])


def action_to_json(action: Action) -> Any:
    """Write an action in the protocol's canonical form."""
    if action == "pass":
        return "pass"
    if isinstance(action, Opening):
        return {"tile": list(action.tile)}
    assert isinstance(action, Placement)
    return {
        "tile": list(action.tile),
        "on": {"tile": list(action.on_tile), "side": action.on_side},
    }
