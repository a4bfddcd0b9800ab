"""The six query commands of protocol 1, each a function from arguments to a result.

Every command checks all of its input first (malformed input is `BadRequest`
before any rule is applied), then plays it through the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from .actions import Placement
from .errors import BadRequest, RuleViolation
from .game import Game
from .hand import Hand, check_deal, check_scores
from .perft import PERFT_BUDGET, divide, leaves
from .protocol import (
    JSON,
    hand_result,
    move_json,
    parse_actions,
    parse_deal,
    parse_placements,
    parse_scores,
    parse_seat,
    parse_tiles,
    require,
    table_result,
)
from .rules import REFERENCE, Rules
from .settle import settle
from .table import Table
from .tiles import BIT, mask_of

__all__ = ["COMMANDS", "Command", "commands_for"]

Command = Callable[[Mapping[str, JSON]], dict[str, JSON]]


def _place_all(placements: list[Placement], rules: Rules, sums: list[int] | None = None) -> Table:
    table = (rules.table_type or Table)()
    for index, placement in enumerate(placements):
        try:
            table.place(placement)
        except RuleViolation as error:
            raise error.at(index) from None
        if sums is not None:
            sums.append(table.end_sum())
    return table


def cmd_table(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """Evaluate placements on an empty table."""
    require(args, {"plays"}, set())
    sums: list[int] = []
    table = _place_all(parse_placements(args["plays"]), rules, sums)
    return table_result(table, [rules.credit(s) for s in sums])


def cmd_legal(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """The legal placements of a hand of tiles on a table."""
    require(args, {"plays", "hand"}, set())
    # Form before rules: a malformed hand is refused even when the plays break a rule.
    placements = parse_placements(args["plays"])
    tiles = parse_tiles(args["hand"], "hand")
    on_table = mask_of([placement.tile.index for placement in placements])
    held = 0
    for tile in tiles:
        bit = BIT[tile.index]
        if held & bit:
            raise BadRequest(f"{tile} is twice in the hand")
        if on_table & bit:
            raise BadRequest(f"{tile} is in the hand but already on the table")
        held |= bit
    table = _place_all(placements, rules)
    return {"placements": [move_json(t, point) for t, point in table.moves(held)]}


def cmd_settle(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """The end-of-hand count of four seats' remaining tiles."""
    require(args, {"hands"}, set())
    hands = args["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise BadRequest("hands must be four lists of tiles, one per seat")
    masks = []
    seen = 0
    for seat, value in enumerate(hands):
        tiles = parse_tiles(value, f"seat {seat}'s tiles")
        if len(tiles) > 7:
            raise BadRequest(f"seat {seat} holds {len(tiles)} tiles: a player holds at most 7")
        mask = mask_of([t.index for t in tiles])
        if seen & mask or len(tiles) != mask.bit_count():
            raise BadRequest(f"a tile appears twice (seat {seat})")
        seen |= mask
        masks.append(mask)
    result = settle(masks, rules)
    return {
        "pips": list(result.pips),
        "penalties": list(result.penalties),
        "deductions": list(result.deductions),
    }


def _start_hand(
    args: Mapping[str, JSON], rules: Rules, then: Callable[[], None] | None = None
) -> Hand:
    # All malformed input is refused before any rule, in document order: deal, opener,
    # scores, actions, then (``then``) the command's own arguments listed after them.
    holdings = check_deal(parse_deal(args["deal"]))
    opener = parse_seat(args["opener"], "opener")
    scores = parse_scores(args["scores"]) if "scores" in args else (0, 0)
    actions = parse_actions(args.get("actions", []))
    if then is not None:
        then()
    check_scores(scores, rules)
    hand = Hand(holdings, opener, scores, rules)
    for index, action in enumerate(actions):
        try:
            hand.play(action)
        except RuleViolation as error:
            raise error.at(index) from None
    return hand


def cmd_hand(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """Play one hand from a deal."""
    require(args, {"deal", "opener", "actions"}, {"scores"})
    return hand_result(_start_hand(args, rules))


_GAME_HAND_KEYS = ({"deal", "actions"}, {"opener"})


def cmd_game(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """Play several hands with the scores carried over."""
    require(args, {"hands"}, set())
    hands = args["hands"]
    if not isinstance(hands, list):
        raise BadRequest("hands must be a list of {deal, opener?, actions}")
    parsed = []
    for position, item in enumerate(hands):
        try:
            if not isinstance(item, dict):
                raise BadRequest("a hand is an object {deal, opener?, actions}")
            require(item, *_GAME_HAND_KEYS)
            deal = parse_deal(item["deal"])
            check_deal(deal)  # form before rules: a malformed deal precedes the opener rule
            opener = parse_seat(item["opener"], "opener") if "opener" in item else None
            parsed.append((deal, opener, parse_actions(item["actions"])))
        except RuleViolation as error:
            raise error.at(position) from None
    game = Game(rules)
    for deal, opener, actions in parsed:
        game.play_hand(deal, opener, actions)
    return {
        "hands": [hand_result(hand) for hand in game.hands],
        "scores": list(game.scores),
        "winner": game.winner,
    }


def cmd_perft(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """Count the action sequences below a position, split by the first action."""
    require(args, {"deal", "opener", "depth"}, {"scores", "actions"})
    depth = args["depth"]

    def check_depth() -> None:
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise BadRequest(f"depth must be an integer >= 0, not {depth!r}")

    hand = _start_hand(args, rules, check_depth)  # depth comes after actions in the request
    # A deep count could run for hours: past the budget it is declined (`skipped`).
    split = divide(hand, depth, PERFT_BUDGET)
    return {
        "nodes": leaves(split),
        "divide": [
            {"action": "pass" if move is None else move_json(*move), "nodes": n}
            for move, n in split
        ],
    }


_COMMANDS = {
    "table": cmd_table,
    "legal": cmd_legal,
    "settle": cmd_settle,
    "hand": cmd_hand,
    "game": cmd_game,
    "perft": cmd_perft,
}


def commands_for(rules: Rules) -> dict[str, Command]:
    """The query commands by protocol name, answering by `rules`."""
    if rules is REFERENCE:
        return dict(_COMMANDS)
    return {name: partial(command, rules=rules) for name, command in _COMMANDS.items()}


COMMANDS: dict[str, Command] = commands_for(REFERENCE)
"""The query commands by protocol name, answering by the reference rules."""
