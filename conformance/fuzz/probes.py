"""The requests made of an engine for one random hand, and how a reply is judged.

Hand `i` of seed `S` comes from its own random stream, so any hand can be reproduced
alone. The reference engine (in this process) deals, picks an opener and starting
scores, and plays random legal actions to the end; the requests built from that hand
are:

- the whole hand (`hand`),
- a prefix of it (`hand`),
- the legal placements at a random point (`legal`),
- a random, usually illegal, action at that point (`hand`, to be refused precisely),
- the table at that point (`table`),
- now and then, a game of this hand and the opening of another (`game`).

An engine that does not list `hand` in its handshake is asked instead what the hand
shows through the commands it does list: the table of the whole hand (`table`), the
legal placements of every seat at the random point (`legal`), and the count of the
tiles left at the end (`settle`).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from seven_rocks_kit import Side

from conformance.mutants.fields import top_field
from conformance.runner.compare import Mismatch
from conformance.runner.judge import differences
from conformance.suite.messages import expected_of, result_of
from reference_impl.adapter import handle
from reference_impl.commands import cmd_settle
from reference_impl.errors import RuleViolation
from reference_impl.hand import Hand
from reference_impl.protocol import (
    hand_result,
    move_json,
    parse_action,
    table_result,
    tile_json,
)
from reference_impl.tiles import mask_of, tiles_of_mask

__all__ = [
    "FUZZED",
    "SIDES",
    "JSONObject",
    "Probe",
    "compare_reply",
    "deal_json",
    "differing_fields",
    "hand_probes",
    "oracle",
    "placement_json",
    "problem_text",
    "show",
]

JSONObject = dict[str, Any]
FUZZED = ("hand", "legal", "table", "settle", "game")
"""The commands a campaign asks, those of them the engine lists."""
_LOOSE_NUMBER = re.compile(r"[0-9][.eE]")
"""A number that is not an integer: Python's == would confuse it with one (as it would
``true`` and ``false``, looked for apart since plain substring search is faster).
JSON's digits are ASCII: ``[0-9]`` scans faster than the Unicode class ``\\d``."""
SIDES = [side.value for side in Side]
"""The protocol's names of the sides, in the kit's order."""


@dataclass(frozen=True)
class Probe:
    """One request (without seq) and the reference's reply to it (without seq)."""

    request: JSONObject
    expected: JSONObject


def show(value: Any) -> str:
    """`value` as JSON text, for messages (anything not JSON is shown as a string)."""
    return json.dumps(value, default=str)


def oracle(request: JSONObject) -> JSONObject:
    """The reference engine's reply to `request`, without the seq."""
    reply = handle({**request, "seq": 0})
    del reply["seq"]
    return reply


def deal_json(deal: Collection[Collection[int]]) -> list[list[list[int]]]:
    """Four seats' tile indices as protocol tiles."""
    return [[tile_json(t) for t in seat] for seat in deal]


def _random_action(rng: random.Random, hand: Hand) -> Any:
    """A random action, most often illegal: any tile, any tile on the table, any side."""
    if rng.random() < 0.2:
        return "pass"
    action: JSONObject = {"tile": tile_json(rng.randrange(28))}
    on_table = tiles_of_mask(hand.table.placed)
    if on_table and rng.random() < 0.9:
        on = rng.choice(on_table) if rng.random() < 0.9 else rng.randrange(28)
        action["on"] = {"tile": tile_json(on), "side": rng.choice(SIDES)}
    elif not on_table and rng.random() < 0.1:
        action["on"] = {"tile": tile_json(rng.randrange(28)), "side": rng.choice(SIDES)}
    return action


def hand_probes(
    seed: int, index: int, cmds: Collection[str] | None = None, views: bool = False
) -> list[Probe]:
    """The requests made for hand `index` of campaign `seed`, with the reference's replies.

    `cmds`, the commands the engine lists, keeps only the requests it can answer. The
    `table`/`legal`/`settle` views of the hand are added when the engine cannot answer
    `hand`, or when `views` asks for them (an engine whose `hand` replies carry a known
    divergence still shows its other misreadings through them). The random stream is
    the same whatever `cmds` is, so a hand is the same hand.
    """
    rng = random.Random(f"seven-rocks-fuzz/1/{seed}/{index}")
    tiles = list(range(28))
    rng.shuffle(tiles)
    deal = [sorted(tiles[i : i + 7]) for i in range(0, 28, 7)]
    opener = rng.randrange(4)
    roll = rng.random()
    scores: list[int] | None = None
    if roll < 0.25:
        scores = [rng.randint(150, 249), rng.randint(150, 249)]
    elif roll < 0.4:
        scores = [rng.randint(-120, 120), rng.randint(-120, 120)]
    hand = Hand([mask_of(seat) for seat in deal], opener, scores or (0, 0))
    base: JSONObject = {"cmd": "hand", "deal": deal_json(deal), "opener": opener}
    if scores is not None:
        base["scores"] = scores
    actions: list[Any] = []
    placements: list[Any] = []
    cut_at = rng.randrange(29)
    cut: tuple[list[Any], list[Any], Hand, Any] | None = None
    while True:
        if len(actions) == cut_at or (hand.end is not None and cut is None):
            cut = (actions.copy(), placements.copy(), hand.copy(), _random_action(rng, hand))
        if hand.end is not None:
            break
        moves = hand.legal_moves()
        if moves:
            move = moves[int(rng.random() * len(moves))]
            hand.place_fast(*move)
            placed = placement_json(move)
            actions.append(placed)
            placements.append(placed)
        else:
            hand.pass_fast()
            actions.append("pass")
    assert cut is not None  # the loop cuts at the end at the latest
    prefix, plays, at_cut, odd = cut
    game = _game_request(rng, deal, opener, actions, prefix, hand)
    wanted = set(cmds) if cmds is not None else {"hand", "legal", "table", "game"}
    views = views or "hand" not in wanted
    probes: list[Probe] = []
    # The expectations come from the reference's own play (the same engine that answers
    # `oracle`, without re-parsing each request): a test keeps the two in step.
    cut_events: list[JSONObject] = []
    if "hand" in wanted:
        # The cut hand's events begin the whole hand's: their JSON is built once.
        whole = hand_result(hand)
        cut_events = whole["events"][: len(at_cut.events)]
        probes.append(Probe({**base, "actions": actions}, {"result": whole}))
        probes.append(
            Probe({**base, "actions": prefix}, {"result": hand_result(at_cut, cut_events)})
        )
    if "legal" in wanted:
        # An ended hand leaves nobody to move: the legal placements of an empty hand.
        helds = [at_cut.holdings[at_cut.to_move] if at_cut.end is None else 0]
        if views:
            helds = at_cut.holdings
        for held in helds:
            request = {"cmd": "legal", "plays": plays, "hand": _tiles(held)}
            fits = [placement_json(m) for m in at_cut.table.moves(held)]
            probes.append(Probe(request, {"result": {"placements": fits}}))
    if "hand" in wanted:
        probes.append(
            Probe({**base, "actions": [*prefix, odd]}, _after(at_cut, odd, len(prefix), cut_events))
        )
    if "table" in wanted:
        # The table as the hand left it, its placements' credits read from the events.
        probes.append(Probe({"cmd": "table", "plays": plays}, _table(at_cut)))
        if views:
            probes.append(Probe({"cmd": "table", "plays": placements}, _table(hand)))
    if "settle" in wanted and views:
        left = {"hands": [_tiles(held) for held in hand.holdings]}
        probes.append(Probe({"cmd": "settle", **left}, {"result": cmd_settle(left)}))
    if game is not None and "game" in wanted:
        probes.append(Probe(game, oracle(game)))
    return probes


_MOVES: dict[Any, JSONObject] = {}


def placement_json(move: Any) -> JSONObject:
    """`move_json`, remembered: a few hundred distinct moves are formatted millions of times.

    The dicts are shared between requests, which nothing modifies.
    """
    made = _MOVES.get(move)
    if made is None:
        made = _MOVES[move] = move_json(*move)
    return made


def _table(hand: Hand) -> JSONObject:
    credits = [event[4] for event in hand.events if len(event) > 1]
    return {"result": table_result(hand.table, credits)}


def _tiles(mask: int) -> list[list[int]]:
    return [tile_json(t) for t in tiles_of_mask(mask)]


def _game_request(
    rng: random.Random,
    deal: list[list[int]],
    opener: int,
    actions: list[Any],
    prefix: list[Any],
    played: Hand,
) -> JSONObject | None:
    """Now and then, a two-hand game: this hand, then the opening of another.

    The first hand is sometimes left unfinished, and the second hand's opener is
    left out, right or wrong, so that the game's own rules are exercised.
    """
    if rng.random() >= 0.25:
        return None
    tiles = list(range(28))
    rng.shuffle(tiles)
    second: JSONObject = {"deal": deal_json([sorted(tiles[i : i + 7]) for i in range(0, 28, 7)])}
    roll = rng.random()
    if roll < 0.4 and played.next_opener is not None:
        pass  # after a domino the opener may be left out
    elif roll < 0.7 and played.next_opener is not None:
        second["opener"] = played.next_opener
    else:
        second["opener"] = rng.randrange(4)
    second["actions"] = []
    first = {
        "deal": deal_json(deal),
        "opener": opener,
        "actions": prefix if rng.random() < 0.15 else actions,
    }
    return {"cmd": "game", "hands": [first, second]}


def _after(hand: Hand, action: Any, index: int, events: list[JSONObject]) -> JSONObject:
    """The reference's reply once `action` (the `index`-th) is tried on a copy of `hand`
    (whose `events` are already in JSON)."""
    trial = hand.copy()
    try:
        trial.play(parse_action(action))
    except RuleViolation as error:
        return {"rejected": {"code": error.code, "index": index, "message": error.message}}
    return {"result": hand_result(trial, events)}


def compare_reply(expected: JSONObject, reply: Any, raw: str | None = None) -> list[Mismatch]:
    """How an engine's reply departs from the reference's; empty when they agree. The
    paths start at ``result`` or ``rejected`` (or name the reply's kind when it is
    another: `conformance.runner.judge.differences`), or are empty for a reply that is
    not an object.

    `raw`, the reply's line as received, allows a fast path: when the decoded result
    equals the expected one and the line holds no boolean or non-integer number (no
    result of protocol 1 has any), the two agree exactly.
    """
    if not isinstance(reply, dict):
        return [Mismatch("", f"no usable reply: {show(reply)}")]
    wanted = result_of(expected)
    if (
        raw is not None
        and wanted is not None
        and result_of(reply) == wanted
        and "true" not in raw
        and "false" not in raw
        and _LOOSE_NUMBER.search(raw) is None
    ):
        return []
    return differences(expected_of(expected), reply, complete=True)


def problem_text(mismatch: Mismatch) -> str:
    """A mismatch as a finding shows it: its path within the result, then its message
    (``events[1].credit: not expected here; ...``)."""
    return str(mismatch).removeprefix("result.").removeprefix("result")


def differing_fields(problems: Collection[Mismatch]) -> tuple[str, ...]:
    """The fields a divergence's mismatches are at: a key of the result (``events``),
    ``rejected.code`` or ``rejected.index``, or the kind of reply given where the rules
    give another (``rejected``, ``result``, ``errored``...; empty for no object)."""
    return tuple(sorted({top_field(m.path) for m in problems}))
