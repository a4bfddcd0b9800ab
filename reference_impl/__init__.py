"""The Seven Rocks reference engine.

Layers, each in the module named after it: `tiles` -> `table` -> `hand` ->
`game`, all playing by `rules` (`Rules`: each rule once, the reference `REFERENCE`
by default, a variant passed as ``rules=``), with `settle` (the end-of-hand count),
`events` (what a hand's actions did, as values), `perft` (move counting, through
`Hand.push` / `Hand.pop`), `playout` (a hand played to its end by random legal
actions, in one call) and `errors` (one exception family carrying the protocol's
rejection codes). The protocol adapter is `reference_impl.adapter`; the misreadings
the suite is measured with are rule sets in `reference_impl.mutants`.
"""

from . import hand
from .actions import PASS, Action, EndPoint, Pass, Placement
from .errors import RuleViolation
from .events import Event, Passed, Placed
from .game import Game
from .hand import TARGET, End, Hand
from .rules import REFERENCE, Rules
from .settle import Settlement, round_to_five
from .table import Table, credit_for
from .tiles import ALL_TILES, Side, Tile

__all__ = [
    "ALL_TILES",
    "BUILD",
    "PASS",
    "REFERENCE",
    "TARGET",
    "Action",
    "End",
    "EndPoint",
    "Event",
    "Game",
    "Hand",
    "Pass",
    "Passed",
    "Placed",
    "Placement",
    "RuleViolation",
    "Rules",
    "Settlement",
    "Side",
    "Table",
    "Tile",
    "__version__",
    "credit_for",
    "round_to_five",
]

__version__ = "0.1.0"

BUILD = "pure" if hand.__file__.endswith(".py") else "compiled"
"""``"pure"``, or ``"compiled"`` in the build of tools/build_compiled.py (mypyc)."""
