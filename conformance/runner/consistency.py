"""What the protocol and the rules fix of a result without a case: its relations.

A case states some keys of a result; the keys it leaves out are still bound by the
request and by the rest of the result. An opening placement has no ``on`` and every
later one has one; an event echoes its action and seat; a credit follows from its end
sum, the scores from the credits and the deductions; ``end_sum`` is the sum of
``counted``; a perft count is the sum of its divide. Each relation here is one
function named after it; each yields `Mismatch` values at the path of the value that
breaks it. The values must already have the protocol's shapes (the reply schema):
`conformance.runner.judge` checks those first and asks this module only then.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from conformance.runner.compare import Mismatch, render

__all__ = ["relations"]

JSON = Any
_TARGET = 250


def _credit(end_sum: int) -> int:
    # scoring.multiple-of-five, scoring.zero-scores-nothing, scoring.other-sums-nothing
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


def _rounded(pips: int) -> int:
    # settle.round-each-player: a remainder of 1 or 2 rounds down, 3 or 4 up.
    return (pips + 2) // 5 * 5


def _is_placement(action: JSON) -> bool:
    return isinstance(action, dict)


def _wrong(path: str, what: str, expected: JSON, got: JSON) -> Mismatch:
    return Mismatch(path, f"{what}: expected {render(expected)}, got {render(got)}")


def _on(placement: JSON, path: str, table_empty: bool) -> Mismatch | None:
    """An opening placement has no ``on``; any other has one (open.any-tile,
    place.match-open-value)."""
    if table_empty and "on" in placement:
        return Mismatch(f"{path}.on", "an opening is placed on nothing: no 'on' here")
    if not table_empty and "on" not in placement:
        return Mismatch(path, "a placement on a table that is not empty needs 'on'")
    return None


def placements_have_on(
    placements: Sequence[JSON], path: str, table_empty: bool
) -> Iterator[Mismatch]:
    """`_on` for each placement of a list."""
    for i, placement in enumerate(placements):
        problem = _on(placement, f"{path}[{i}]", table_empty)
        if problem is not None:
            yield problem


def placements_from_hand(
    placements: Sequence[JSON], path: str, hand: Sequence[JSON]
) -> Iterator[Mismatch]:
    """A legal placement places a tile of the hand, each (tile, end point) once
    (place.own-tile, place.one-per-end-point)."""
    seen: list[JSON] = []
    for i, placement in enumerate(placements):
        if placement["tile"] not in hand:
            yield Mismatch(f"{path}[{i}].tile", f"{render(placement['tile'])} is not in the hand")
        if placement in seen:
            yield Mismatch(f"{path}[{i}]", f"{render(placement)} is listed twice")
        seen.append(placement)


def table_relations(given: Mapping[str, JSON], result: Mapping[str, JSON]) -> Iterator[Mismatch]:
    """``credits`` one per play, ``credit`` the last, ``end_sum`` the sum of ``counted``, the
    last credit from the end sum, the spinner the first double placed."""
    plays: Sequence[JSON] = given["plays"]
    credits: Sequence[int] = result["credits"]
    if len(credits) != len(plays):
        yield Mismatch(
            "result.credits", f"one credit per play: expected {len(plays)}, got {len(credits)}"
        )
    last = credits[-1] if credits else None
    if result["credit"] != last:
        yield _wrong("result.credit", "the last of credits", last, result["credit"])
    total = sum(c["value"] for c in result["counted"])
    if result["end_sum"] != total:
        yield _wrong("result.end_sum", "the sum of the counted ends", total, result["end_sum"])
    if plays and credits and credits[-1] != _credit(result["end_sum"]):
        yield _wrong(
            f"result.credits[{len(credits) - 1}]",
            "the credit of the end sum",
            _credit(result["end_sum"]),
            credits[-1],
        )
    doubles = [p["tile"] for p in plays if p["tile"][0] == p["tile"][1]]
    spinner = doubles[0] if doubles else None  # spinner.first-double
    if result["spinner"] != spinner:
        yield _wrong("result.spinner", "the first double placed", spinner, result["spinner"])
    on_table = [p["tile"] for p in plays]
    for key in ("open", "counted"):
        for i, point in enumerate(result[key]):
            if point["tile"] not in on_table:
                yield Mismatch(
                    f"result.{key}[{i}].tile", f"{render(point['tile'])} is not on the table"
                )


def legal_relations(given: Mapping[str, JSON], result: Mapping[str, JSON]) -> Iterator[Mismatch]:
    """Placements of the hand's tiles, with ``on`` exactly when the table is not empty."""
    placements: Sequence[JSON] = result["placements"]
    yield from placements_have_on(placements, "result.placements", not given["plays"])
    yield from placements_from_hand(placements, "result.placements", given["hand"])


def settle_relations(given: Mapping[str, JSON], result: Mapping[str, JSON]) -> Iterator[Mismatch]:
    """Each seat's pips, each rounded on its own, summed per team (settle.player-pips,
    settle.round-each-player, settle.own-team)."""
    pips = [sum(a + b for a, b in held) for held in given["hands"]]
    if result["pips"] != pips:
        yield _wrong("result.pips", "the pips each seat holds", pips, result["pips"])
    penalties = [_rounded(p) for p in result["pips"]]
    if result["penalties"] != penalties:
        yield _wrong("result.penalties", "each seat's pips rounded", penalties, result["penalties"])
    deductions = [
        result["penalties"][0] + result["penalties"][2],
        result["penalties"][1] + result["penalties"][3],
    ]
    if result["deductions"] != deductions:
        yield _wrong(
            "result.deductions", "the penalties summed per team", deductions, result["deductions"]
        )


def hand_relations(
    hand: Mapping[str, JSON],
    opener: int,
    start: Sequence[int],
    result: Mapping[str, JSON],
    path: str = "result",
) -> Iterator[Mismatch]:
    """A hand result against its request: one event per action, each echoing its action
    and seat in turn order, credits from end sums and scores from credits, the final
    scores after the deductions, and the next turn."""
    actions: Sequence[JSON] = hand["actions"]
    events: Sequence[JSON] = result["events"]
    if len(events) != len(actions):
        yield Mismatch(
            f"{path}.events", f"one event per action: expected {len(actions)}, got {len(events)}"
        )
    scores = list(start)
    for i, (action, event) in enumerate(zip(actions, events, strict=False)):
        where = f"{path}.events[{i}]"
        seat = (opener + i) % 4  # turn.clockwise
        if event["seat"] != seat:
            yield _wrong(f"{where}.seat", "the seat in turn", seat, event["seat"])
        if event["action"] != action:
            yield _wrong(f"{where}.action", "the action, echoed", action, event["action"])
        if not _is_placement(event["action"]):
            continue
        credit = _credit(event["end_sum"])
        if event["credit"] != credit:
            yield _wrong(f"{where}.credit", "the credit of its end sum", credit, event["credit"])
        scores[seat % 2] += event["credit"]  # scoring.placing-team
        if event["scores"] != scores:
            yield _wrong(f"{where}.scores", "the scores after its credit", scores, event["scores"])
        scores = list(event["scores"])
    yield from _hand_end(hand, opener, scores, result, path)


def _hand_end(
    hand: Mapping[str, JSON], opener: int, scores: list[int], result: Mapping[str, JSON], path: str
) -> Iterator[Mismatch]:
    actions: Sequence[JSON] = hand["actions"]
    if result["penalties"] is not None:  # settle.own-team: deducted after a domino or a block
        penalties = result["penalties"]
        scores = [scores[0] - penalties[0] - penalties[2], scores[1] - penalties[1] - penalties[3]]
    if result["scores"] != scores:
        yield _wrong(f"{path}.scores", "the scores after the last event", scores, result["scores"])
    last_seat = (opener + len(actions) - 1) % 4
    if result["end"] == "target" and result["winner"] != last_seat % 2:
        yield _wrong(
            f"{path}.winner", "the team of the last placement", last_seat % 2, result["winner"]
        )
    if result["end"] == "domino" and result["next_opener"] != last_seat:
        yield _wrong(
            f"{path}.next_opener", "the seat that went out", last_seat, result["next_opener"]
        )
    if result["end"] is not None:
        return
    to_move = (opener + len(actions)) % 4
    if result["to_move"] != to_move:
        yield _wrong(f"{path}.to_move", "the next seat in turn", to_move, result["to_move"])
    played = [a["tile"] for a in actions if _is_placement(a)]
    held = [t for t in hand["deal"][to_move] if t not in played]
    yield from placements_have_on(result["legal"], f"{path}.legal", not played)
    yield from placements_from_hand(result["legal"], f"{path}.legal", held)


def game_relations(given: Mapping[str, JSON], result: Mapping[str, JSON]) -> Iterator[Mismatch]:
    """Each hand result against its hand, the scores carried from hand to hand
    (game.scores-carried), the game's scores and winner the last hand's."""
    hands: Sequence[JSON] = given["hands"]
    results: Sequence[JSON] = result["hands"]
    if len(results) != len(hands):
        yield Mismatch(
            "result.hands", f"one result per hand: expected {len(hands)}, got {len(results)}"
        )
    scores = [0, 0]
    previous: Mapping[str, JSON] | None = None
    for i, (hand, played) in enumerate(zip(hands, results, strict=False)):
        opener = hand.get("opener")
        if opener is None:
            opener = previous["next_opener"] if previous is not None else None
        if not isinstance(opener, int):
            return  # the result contradicts the request already: the case says how
        yield from hand_relations(hand, opener, scores, played, f"result.hands[{i}]")
        scores, previous = list(played["scores"]), played
    winner = previous["winner"] if previous is not None else None
    if result["scores"] != scores:
        yield _wrong("result.scores", "the last hand's scores", scores, result["scores"])
    if result["winner"] != winner:
        yield _wrong("result.winner", "the last hand's winner", winner, result["winner"])


def perft_relations(given: Mapping[str, JSON], result: Mapping[str, JSON]) -> Iterator[Mismatch]:
    """``nodes`` the sum of ``divide``; its actions placements with ``on`` exactly when the
    prefix placed a tile, or the one pass."""
    divide: Sequence[JSON] = result["divide"]
    if divide and sum(d["nodes"] for d in divide) != result["nodes"]:
        total = sum(d["nodes"] for d in divide)
        yield _wrong("result.nodes", "the sum of divide", total, result["nodes"])
    if not divide and result["nodes"] != 1:
        yield _wrong("result.nodes", "a leaf, with no divide", 1, result["nodes"])
    if any(d["action"] == "pass" for d in divide) and len(divide) > 1:
        yield Mismatch("result.divide", "a pass is the only action of a player who must pass")
    placed = any(_is_placement(a) for a in given.get("actions", ()))
    for i, entry in enumerate(divide):
        if _is_placement(entry["action"]):
            problem = _on(entry["action"], f"result.divide[{i}].action", not placed)
            if problem is not None:
                yield problem


def relations(cmd: str, given: Mapping[str, JSON], result: Mapping[str, JSON]) -> list[Mismatch]:
    """Every relation ``result`` breaks with its request's arguments ``given`` and with
    itself. ``given`` must be well-formed arguments of ``cmd``, ``result`` valid against
    its schema."""
    if cmd == "hand":
        return list(hand_relations(given, given["opener"], given.get("scores", [0, 0]), result))
    check = {
        "table": table_relations,
        "legal": legal_relations,
        "settle": settle_relations,
        "game": game_relations,
        "perft": perft_relations,
    }.get(cmd)
    return [] if check is None else list(check(given, result))
