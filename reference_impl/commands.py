"""The six query commands of protocol 1, each a function from arguments to a result.

Every command checks all of its input first with the kit's validator of request form
(`seven_rocks_kit.validate`: malformed input is `BadRequest` before any rule is
applied), then plays it through the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from seven_rocks_kit import validate as form

from .actions import Placement
from .errors import RuleViolation
from .game import Game
from .hand import Hand, check_scores
from .keyed import table_for
from .perft import PERFT_BUDGET, divide, leaves
from .protocol import (
    JSON,
    deal_masks,
    hand_result,
    move_json,
    parse_actions,
    parse_placements,
    table_result,
)
from .rules import REFERENCE, Rules
from .settle import settle
from .table import Table
from .tiles import mask_of

__all__ = ["COMMANDS", "Command", "commands_for"]

Command = Callable[[Mapping[str, JSON]], dict[str, JSON]]


def _place_all(placements: list[Placement], rules: Rules, sums: list[int] | None = None) -> Table:
    table = table_for(rules)
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
    form.keys(args, ("plays",), ())
    sums: list[int] = []
    table = _place_all(parse_placements(args["plays"]), rules, sums)
    return table_result(table, [rules.credit(s) for s in sums])


def cmd_legal(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """The legal placements of a hand of tiles on a table."""
    form.keys(args, ("plays", "hand"), ())
    # Form before rules: a malformed hand is refused even when the plays break a rule.
    plays = form.plays(args["plays"])
    held = mask_of([tile.index for tile in form.held(args["hand"], plays)])
    table = _place_all(list(plays), rules)
    return {"placements": [move_json(t, point) for t, point in table.moves(held)]}


def cmd_settle(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """The end-of-hand count of four seats' remaining tiles."""
    form.keys(args, ("hands",), ())
    result = settle(
        [mask_of([t.index for t in held]) for held in form.remaining(args["hands"])], rules
    )
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
    holdings = deal_masks(form.deal(args["deal"]))
    opener = form.seat(args["opener"], "opener")
    scores = form.scores(args["scores"]) if "scores" in args else (0, 0)
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
    form.keys(args, ("deal", "opener", "actions"), ("scores",))
    return hand_result(_start_hand(args, rules))


def cmd_game(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """Play several hands with the scores carried over."""
    form.keys(args, ("hands",), ())
    game = Game(rules)
    for hand in form.game_hands(args["hands"]):
        deal = [list(held) for held in hand.deal]
        game.play_hand(deal, hand.opener, list(hand.actions))
    return {
        "hands": [hand_result(hand) for hand in game.hands],
        "scores": list(game.scores),
        "winner": game.winner,
    }


def cmd_perft(args: Mapping[str, JSON], rules: Rules = REFERENCE) -> dict[str, JSON]:
    """Count the action sequences below a position, split by the first action."""
    form.keys(args, ("deal", "opener", "depth"), ("scores", "actions"))
    depth: list[int] = []
    # Depth comes after actions in the request.
    hand = _start_hand(args, rules, lambda: depth.append(form.depth(args["depth"])))
    # A deep count could run for hours: past the budget it is declined (`skipped`).
    split = divide(hand, depth[0], PERFT_BUDGET)
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
