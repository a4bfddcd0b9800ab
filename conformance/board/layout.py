"""Where each tile of a table lies: the layout model shared by the text and SVG drawings.

The layout follows from the placements alone (protocol section 3), the way a domino
table is laid out by hand and as the seed's diagrams describe it:

- the line of play runs across (west to east); the opening tile sits at cell ``(0, 0)``,
  a non-double with its low end to the west, a double with ``linear_a`` to the west;
- every tile continues its parent's end outward, joined half inward, outer half outward;
- doubles lie crosswise to the line they stand in (``double.crosswise``);
- the spinner's two branches leave it perpendicular to its line: ``branch_a`` to the
  north (or west, when the spinner stands in a vertical arm), ``branch_b`` to the south
  (or east);
- an arm of the line longer than ``max_arm`` tiles from the opening turns the corner
  (the east arm south, the west arm north) so that a long line stays within a terminal.

Tiles, sides and placements are the kit's (`seven_rocks_kit`), read with its validator.
Cells are in tile slots: ``x`` grows eastward, ``y`` southward, one slot per tile
whatever its size. A placement that cannot be laid out (malformed, a tile twice, an
end point not on the table or already taken) is kept in ``Board.problems`` and left out:
a drawing never fails on bad input.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, Literal

from seven_rocks_kit import BadRequest, EndPoint, Side, Tile
from seven_rocks_kit import validate as form

__all__ = [
    "DEFAULT_MAX_ARM",
    "FROM_RULES",
    "Board",
    "Heading",
    "Placed",
    "Tile",
    "as_tile",
    "layout",
    "side_value",
    "stated_spinner",
    "tile_text",
]

Heading = str
"""A compass direction on the drawing: ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""

DEFAULT_MAX_ARM = 7
"""Tiles an arm of the line may run from the opening before it turns the corner."""

_STEP: dict[Heading, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_BACK: dict[Heading, Heading] = {"N": "S", "S": "N", "E": "W", "W": "E"}


class _FromRules(Enum):
    FROM_RULES = "from the rules"


FROM_RULES: Final = _FromRules.FROM_RULES
"""No answer states the spinner: the rules' own `becomes_spinner` decides, as the
placements are laid out."""

Spinner = Tile | None | Literal[_FromRules.FROM_RULES]
"""The spinner an answer states (None: none), or `FROM_RULES`."""


def stated_spinner(answer: Mapping[str, Any] | None) -> Spinner:
    """The spinner `answer` (a result) states: a double, or None for none; `FROM_RULES`
    when it states none, or something that is not a double."""
    if answer is None or "spinner" not in answer:
        return FROM_RULES
    value = answer["spinner"]
    if value is None:
        return None
    tile = as_tile(value)
    return tile if tile is not None and tile.is_double else FROM_RULES


def as_tile(value: Any) -> Tile | None:
    """``value`` as a canonical tile, or None when it is not one (``[2, 1]`` is not)."""
    try:
        return form.tile(list(value) if type(value) is tuple else value)
    except BadRequest:
        return None


def tile_text(tile: Tile) -> str:
    """The rules' way of writing a tile: ``[1|4]``."""
    return str(tile)


def side_value(tile: Tile, side: Side | str) -> int:
    """The value a tile must match at ``side`` of ``tile`` (protocol section 3)."""
    known = Side.from_wire(str(side))
    return tile.low if known is None else EndPoint(tile, known).value


@dataclass(frozen=True)
class Placed:
    """One tile on the drawing.

    ``heading`` is the direction the tile grows away from its parent (the opening tile:
    ``"E"``); ``across`` is true for a double lying crosswise to that direction.
    ``sides`` maps each side of the tile that points somewhere to its compass direction:
    the joined side points back at the parent, the others outward.
    """

    tile: Tile
    order: int
    cell: tuple[int, int]
    heading: Heading
    parent: Tile | None = None
    parent_side: Side | None = None
    join_side: Side | None = None
    sides: Mapping[Side, Heading] = field(default_factory=dict)
    turned: bool = False
    """Whether the arm turns the corner at this tile (it does not continue its parent's end
    straight on)."""

    @property
    def double(self) -> bool:
        """Whether the tile is a double."""
        return self.tile.is_double

    @property
    def across(self) -> bool:
        """Whether the tile lies crosswise to its heading (every double does)."""
        return self.double

    @property
    def vertical(self) -> bool:
        """Whether the tile is drawn upright (long side north-south)."""
        along_ns = self.heading in ("N", "S")
        return along_ns != self.across

    def value_toward(self, heading: Heading) -> int:
        """The pip value of the half facing ``heading`` (doubles: either half)."""
        for side, where in self.sides.items():
            if where == heading and side in (Side.LOW, Side.HIGH):
                return side_value(self.tile, side)
        return self.tile.low

    def __str__(self) -> str:
        return tile_text(self.tile)


@dataclass
class Board:
    """A laid-out table: the tiles by tile, the spinner, and what could not be placed."""

    tiles: dict[Tile, Placed] = field(default_factory=dict)
    spinner: Tile | None = None
    """The spinner drawn: the answer's, or the rules' when no answer states one."""
    rules_spinner: Tile | None = None
    """The double the reference rules make the spinner of these placements."""
    overruled: bool = False
    """Whether the plays were laid out by the rules' spinner rather than the answer's,
    since they start branches only the rules' spinner has."""
    problems: list[str] = field(default_factory=list)
    children: dict[tuple[Tile, Side], Tile] = field(default_factory=dict)

    def at(self, cell: tuple[int, int]) -> Placed | None:
        """The tile at ``cell``, or None."""
        for placed in self.tiles.values():
            if placed.cell == cell:
                return placed
        return None

    def neighbour(self, tile: Tile, side: Side) -> Tile | None:
        """The tile joined to ``side`` of ``tile``, or None (its parent counts too)."""
        if (tile, side) in self.children:
            return self.children[(tile, side)]
        placed = self.tiles.get(tile)
        if placed is not None and placed.join_side == side:
            return placed.parent
        return None

    def free_sides(self, tile: Tile) -> list[Side]:
        """The sides of ``tile`` with nothing joined (branches of the spinner included)."""
        placed = self.tiles.get(tile)
        if placed is None:
            return []
        return [s for s in placed.sides if self.neighbour(tile, s) is None]


def _sides_of(
    tile: Tile, heading: Heading, join: Side | None, spinner: bool
) -> dict[Side, Heading]:
    """Compass direction of each side of a tile growing toward ``heading``."""
    back = _BACK[heading]
    if not tile.is_double:
        if join is None:  # the opening non-double: low end west, high end east
            return {Side.LOW: "W", Side.HIGH: "E"}
        outer = Side.HIGH if join == Side.LOW else Side.LOW
        return {join: back, outer: heading}
    sides = {Side.LINEAR_A: back, Side.LINEAR_B: heading}
    if spinner:
        left, right = ("N", "S") if heading in ("E", "W") else ("W", "E")
        sides.update({Side.BRANCH_A: left, Side.BRANCH_B: right})
    return sides


def _placement(raw: Any) -> tuple[Tile, Tile | None, Side | None] | None:
    """(tile, on-tile, on-side) of a raw placement, or None when it is malformed."""
    try:
        checked = form.placement(dict(raw) if isinstance(raw, Mapping) else raw)
    except BadRequest:
        return None
    if checked.on is None:
        return checked.tile, None, None
    return checked.tile, checked.on.tile, checked.on.side


def layout(
    plays: Iterable[Any], *, spinner: Spinner = FROM_RULES, max_arm: int = DEFAULT_MAX_ARM
) -> Board:
    """Lay out ``plays`` (placements in protocol form, in order) on a board.

    ``spinner`` is the double an answer states is the spinner (None: there is none); by
    default the reference rules' `becomes_spinner` says which double is, as each is
    placed. The spinner's branches are drawn; no other double's are. Where the plays
    themselves contradict the answer (they start a branch of a double it does not name),
    they are laid out by the rules, and ``Board.overruled`` says so.
    """
    board = _laid_out(plays, spinner, max_arm)
    if spinner is FROM_RULES or not board.problems:
        return board
    by_rules = _laid_out(plays, FROM_RULES, max_arm)
    if len(by_rules.problems) >= len(board.problems):
        return board
    by_rules.overruled = True
    return by_rules


def _laid_out(plays: Iterable[Any], spinner: Spinner, max_arm: int) -> Board:
    board = Board()
    if isinstance(plays, str | bytes | Mapping) or not isinstance(plays, Iterable):
        # A request's plays may be anything at all in a case about malformed input.
        board.problems.append("the plays are not a list of placements; nothing is drawn")
        return board
    doubles = 0
    for order, raw in enumerate(list(plays)):
        parsed = _placement(raw)
        if parsed is None:
            board.problems.append(f"placement {order} is malformed and is not drawn")
            continue
        tile, on_tile, side = parsed
        if tile in board.tiles:
            board.problems.append(f"placement {order}: {tile_text(tile)} is already on the table")
            continue
        by_rules = tile.is_double and _rules_spin(board, tile, doubles)
        is_spinner = by_rules if spinner is FROM_RULES else tile == spinner
        if on_tile is None:
            if board.tiles:
                board.problems.append(f"placement {order}: a second opening is not drawn")
                continue
            sides = _sides_of(tile, "E", None, is_spinner)
            board.tiles[tile] = Placed(tile, order, (0, 0), "E", sides=sides)
        elif side is None or not _attach(board, order, tile, on_tile, side, is_spinner, max_arm):
            continue
        doubles += tile.is_double
        if is_spinner:
            board.spinner = tile
        if by_rules:
            board.rules_spinner = tile
    return board


def _rules_spin(board: Board, double: Tile, doubles_before: int) -> bool:
    """Whether the reference rules' `becomes_spinner` makes ``double`` the spinner as it
    is placed (the rules' spinner so far: ``board.rules_spinner``)."""
    from reference_impl.rules import BRANCH_A, BRANCH_B, LINEAR_A, LINEAR_B, REFERENCE

    current = board.rules_spinner
    taken = 0
    if current is not None:
        bits = {
            Side.LINEAR_A: LINEAR_A,
            Side.LINEAR_B: LINEAR_B,
            Side.BRANCH_A: BRANCH_A,
            Side.BRANCH_B: BRANCH_B,
        }
        taken = sum(bit for side, bit in bits.items() if board.neighbour(current, side))
    return REFERENCE.becomes_spinner(
        double.low, not board.tiles, doubles_before, -1 if current is None else current.low, taken
    )


def _attach(
    board: Board, order: int, tile: Tile, on_tile: Tile, side: Side, spinner: bool, max_arm: int
) -> bool:
    parent = board.tiles.get(on_tile)
    where = f"placement {order}: {tile_text(tile)} on {tile_text(on_tile)} {side}"
    if parent is None or side not in parent.sides:
        board.problems.append(f"{where}: no such end point on the table; not drawn")
        return False
    if board.neighbour(on_tile, side) is not None:
        board.problems.append(f"{where}: that end point is taken; not drawn")
        return False
    heading = straight = parent.sides[side]
    x, y = parent.cell
    # An arm of the line turns the corner once it runs max_arm tiles from the opening;
    # never right after the spinner, whose own branch already runs that way.
    if y == 0 and parent.tile != board.spinner:
        if heading == "E" and x >= max_arm:
            heading = "S"
        elif heading == "W" and x <= -max_arm:
            heading = "N"
    dx, dy = _STEP[heading]
    value = side_value(on_tile, side)
    if tile.is_double:
        join = Side.LINEAR_A
    else:
        join = Side.HIGH if tile.high == value and tile.low != value else Side.LOW
        if not tile.has(value):
            board.problems.append(f"{where}: no half of the tile matches {value}")
    cell = (x + dx, y + dy)
    if board.at(cell) is not None:
        board.problems.append(f"{where}: drawn over another tile")
    board.tiles[tile] = Placed(
        tile,
        order,
        cell,
        heading,
        parent=on_tile,
        parent_side=side,
        join_side=join,
        sides=_sides_of(tile, heading, join, spinner),
        turned=heading != straight,
    )
    board.children[(on_tile, side)] = tile
    return True
