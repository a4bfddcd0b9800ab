"""The Seven Rocks reference engine.

Layers, each in the module named after it: `tiles` -> `table` -> `hand` ->
`game`, with `settle` (the end-of-hand count), `perft` (move counting),
`playout` (a hand played to its end by random legal actions, in one call) and
`errors` (one exception family carrying the protocol's rejection codes). The
protocol adapter is `reference_impl.adapter`.
"""

from .actions import PASS, Action, EndPoint, Pass, Placement
from .errors import RuleViolation
from .game import Game
from .hand import TARGET, End, Hand
from .settle import Settlement, round_to_five
from .table import Table, credit_for
from .tiles import ALL_TILES, Side, Tile

__all__ = [
    "ALL_TILES",
    "PASS",
    "TARGET",
    "Action",
    "End",
    "EndPoint",
    "Game",
    "Hand",
    "Pass",
    "Placement",
    "RuleViolation",
    "Settlement",
    "Side",
    "Table",
    "Tile",
    "__version__",
    "credit_for",
    "round_to_five",
]

__version__ = "0.1.0"
