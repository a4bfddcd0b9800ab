"""An engine whose answers are well-formed JSON but say odd things about the table.

``odd_answers.py MODE`` answers like the reference, except for one oddity that real
engines have shown and that no catalogue mutant produces:

- ``counted-off-table``: ``counted`` lists a tile that is not on the table;
- ``spinner-not-double``: ``spinner`` names a tile that is no double;
- ``open-unknown-tile``: ``open`` names end points on tiles that are not on the table
  and sides that do not exist;
- ``null-lists``: ``null`` where a list belongs (``open``, ``counted``, ``credits``,
  ``placements``, ``events``, ``legal``);
- ``no-spinner``: ``spinner`` is always ``null``;
- ``accepts-anything``: every ``table`` request gets a result, the refused ones too,
  with a placement the drawing cannot place counted.

The reports drawing these answers must neither crash nor misdraw them.
"""

import sys
from typing import Any

from reference_impl.adapter import serve
from reference_impl.commands import COMMANDS

MODE = sys.argv[1]
_GHOST = [6, 6]
"""A tile an odd answer puts where it is not."""


def _table(args: dict[str, Any]) -> Any:
    try:
        result = COMMANDS["table"](args)
    except Exception:
        if MODE != "accepts-anything":
            raise
        result = {"spinner": None, "open": [], "counted": [], "end_sum": 0}
        result |= {"credits": [0], "credit": 0}
    if MODE in ("counted-off-table", "accepts-anything"):
        result["counted"] = [*result["counted"], {"tile": _GHOST, "value": 12}]
    elif MODE == "spinner-not-double":
        plays = args.get("plays") or []
        result["spinner"] = plays[0]["tile"] if plays else [1, 2]
    elif MODE == "open-unknown-tile":
        result["open"] = [
            *result["open"],
            {"tile": [4, 4], "side": "branch_a", "value": 4},
            {"tile": [0, 1], "side": "sideways", "value": 1},
            {"tile": "x", "side": None, "value": "?"},
        ]
    elif MODE == "null-lists":
        result |= {"open": None, "counted": None, "credits": None}
    elif MODE == "no-spinner":
        result["spinner"] = None
    return result


def _legal(args: dict[str, Any]) -> Any:
    result = COMMANDS["legal"](args)
    if MODE == "null-lists":
        result["placements"] = None
    elif MODE == "open-unknown-tile":
        on = {"tile": [5, 5], "side": "branch_b"}
        result["placements"] = [*result["placements"], {"tile": [0, 5], "on": on}, "x"]
    return result


def _hand(args: dict[str, Any]) -> Any:
    result = COMMANDS["hand"](args)
    if MODE == "null-lists":
        result |= {"events": None, "legal": None}
    elif MODE == "open-unknown-tile":
        on = {"tile": [5, 5], "side": "branch_b"}
        result["legal"] = [*(result["legal"] or []), {"tile": [0, 5], "on": on}]
    elif MODE == "counted-off-table" and result["events"]:
        ghost = {"tile": _GHOST, "on": {"tile": [0, 0], "side": "branch_a"}}
        result["events"] = [*result["events"], {**result["events"][-1], "action": ghost}]
    return result


def _game(args: dict[str, Any]) -> Any:
    result = COMMANDS["game"](args)
    if MODE == "null-lists":
        result["hands"] = [None, *result["hands"]]
    return result


commands = {**COMMANDS, "table": _table, "legal": _legal, "hand": _hand, "game": _game}
sys.exit(serve(sys.stdin.buffer, sys.stdout, commands))
