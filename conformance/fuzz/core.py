"""Differential fuzzing: random hands asked of an engine and of the reference, with shrinking.

Hand `i` of seed `S` is generated from its own random stream, so any hand can be
reproduced alone and a campaign can be split into shards (`--shard I/N` takes the
hands whose index is `I-1` modulo `N`). For each hand the reference engine (in this
process) deals, picks an opener and starting scores, and plays random legal actions
to the end; the engine under test is then asked:

- the whole hand (`hand`),
- a prefix of it (`hand`),
- the legal placements at a random point (`legal`),
- a random, usually illegal, action at that point (`hand`, to be refused precisely),
- the table at that point (`table`),
- now and then, a game of this hand and the opening of another (`game`).

Every reply is compared with the reference's. The first divergence is shrunk to a
minimal request that still diverges (shortest action prefix, then simpler requests)
and can be saved as a fixture that `run --fixtures DIR` replays.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

import yaml

from conformance.engine.client import EngineClient
from conformance.runner.compare import diff
from reference_impl.adapter import handle
from reference_impl.commands import cmd_table
from reference_impl.errors import RuleViolation
from reference_impl.hand import Hand
from reference_impl.protocol import hand_result, move_json, parse_action, tile_json
from reference_impl.tiles import Side, mask_of, tiles_of_mask

__all__ = [
    "Divergence",
    "FuzzReport",
    "Probe",
    "campaign",
    "compare_reply",
    "hand_probes",
    "oracle",
    "save_fixture",
    "shard_indices",
    "shrink",
    "size_of",
]

JSONObject = dict[str, Any]
_LOOSE_VALUES = re.compile(r"true|false|\d[.eE]")
"""What Python's == would confuse with an integer in a decoded reply."""
_SIDES = [side.wire for side in Side]
_BATCH = 25


@dataclass(frozen=True)
class Probe:
    """One request (without seq) and the reference's reply to it (without seq)."""

    request: JSONObject
    expected: JSONObject


@dataclass(frozen=True)
class Divergence:
    """Where the engine under test and the reference disagree."""

    seed: int
    index: int
    request: JSONObject
    expected: JSONObject
    actual: Any
    problems: tuple[str, ...]


@dataclass
class FuzzReport:
    """What a campaign did and the first divergence it found, if any."""

    hands: int = 0
    requests: int = 0
    seconds: float = 0.0
    divergence: Divergence | None = None
    shrunk: Divergence | None = None
    shrink_requests: int = 0
    notes: list[str] = field(default_factory=list)


def oracle(request: JSONObject) -> JSONObject:
    """The reference engine's reply to `request`, without the seq."""
    reply = handle({**request, "seq": 0})
    del reply["seq"]
    return reply


def _deal_json(deal: Sequence[Sequence[int]]) -> list[list[list[int]]]:
    return [[tile_json(t) for t in seat] for seat in deal]


def _random_action(rng: random.Random, hand: Hand) -> Any:
    """A random action, most often illegal: any tile, any tile on the table, any side."""
    if rng.random() < 0.2:
        return "pass"
    action: JSONObject = {"tile": tile_json(rng.randrange(28))}
    on_table = tiles_of_mask(hand.table.placed)
    if on_table and rng.random() < 0.9:
        on = rng.choice(on_table) if rng.random() < 0.9 else rng.randrange(28)
        action["on"] = {"tile": tile_json(on), "side": rng.choice(_SIDES)}
    elif not on_table and rng.random() < 0.1:
        action["on"] = {"tile": tile_json(rng.randrange(28)), "side": rng.choice(_SIDES)}
    return action


def hand_probes(seed: int, index: int) -> list[Probe]:
    """The requests made for hand `index` of campaign `seed`, with the reference's replies."""
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
    base: JSONObject = {"cmd": "hand", "deal": _deal_json(deal), "opener": opener}
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
            placed = move_json(*move)
            actions.append(placed)
            placements.append(placed)
        else:
            hand.pass_fast()
            actions.append("pass")
    assert cut is not None  # the loop cuts at the end at the latest
    prefix, plays, at_cut, odd = cut
    held = at_cut.holdings[at_cut.to_move] if at_cut.end is None else 0
    # The expectations come from the reference's own play (the same engine that answers
    # `oracle`, without re-parsing each request): a test keeps the two in step.
    return [
        Probe({**base, "actions": actions}, {"result": hand_result(hand)}),
        Probe({**base, "actions": prefix}, {"result": hand_result(at_cut)}),
        Probe(
            {"cmd": "legal", "plays": plays, "hand": [tile_json(t) for t in tiles_of_mask(held)]},
            {"result": {"placements": [move_json(*m) for m in at_cut.table.moves(held)]}},
        ),
        Probe({**base, "actions": [*prefix, odd]}, _after(at_cut, odd, len(prefix))),
        Probe({"cmd": "table", "plays": plays}, {"result": cmd_table({"plays": plays})}),
        *_game_probe(rng, deal, opener, actions, prefix, hand),
    ]


def _game_probe(
    rng: random.Random,
    deal: list[list[int]],
    opener: int,
    actions: list[Any],
    prefix: list[Any],
    played: Hand,
) -> list[Probe]:
    """Now and then, a two-hand game: this hand, then the opening of another.

    The first hand is sometimes left unfinished, and the second hand's opener is
    left out, right or wrong, so that the game's own rules are exercised.
    """
    if rng.random() >= 0.25:
        return []
    tiles = list(range(28))
    rng.shuffle(tiles)
    second: JSONObject = {"deal": _deal_json([sorted(tiles[i : i + 7]) for i in range(0, 28, 7)])}
    roll = rng.random()
    if roll < 0.4 and played.next_opener is not None:
        pass  # after a domino the opener may be left out
    elif roll < 0.7 and played.next_opener is not None:
        second["opener"] = played.next_opener
    else:
        second["opener"] = rng.randrange(4)
    second["actions"] = []
    first = {
        "deal": _deal_json(deal),
        "opener": opener,
        "actions": prefix if rng.random() < 0.15 else actions,
    }
    request: JSONObject = {"cmd": "game", "hands": [first, second]}
    return [Probe(request, oracle(request))]


def _after(hand: Hand, action: Any, index: int) -> JSONObject:
    """The reference's reply once `action` (the `index`-th) is tried on a copy of `hand`."""
    trial = hand.copy()
    try:
        trial.play(parse_action(action))
    except RuleViolation as error:
        return {"rejected": {"code": error.code, "index": index, "message": error.message}}
    return {"result": hand_result(trial)}


def compare_reply(expected: JSONObject, reply: Any, raw: str | None = None) -> list[str]:
    """How an engine's reply departs from the reference's; empty when they agree.

    `raw`, the reply's line as received, allows a fast path: when the decoded result
    equals the expected one and the line holds no boolean or non-integer number (no
    result of protocol 1 has any), the two agree exactly.
    """
    if not isinstance(reply, dict):
        return [f"no usable reply: {reply!r}"]
    if "result" in expected:
        if (
            raw is not None
            and reply.get("result") == expected["result"]
            and _LOOSE_VALUES.search(raw) is None
        ):
            return []
        if "result" not in reply:
            kind = next((k for k in ("rejected", "errored", "skipped") if k in reply), "?")
            return [f"expected a result, got {kind}: {reply.get(kind)!r}"]
        return [str(m) for m in diff(expected["result"], reply["result"])]
    want = expected["rejected"]
    got = reply.get("rejected")
    if not isinstance(got, dict):
        kind = next((k for k in ("result", "errored", "skipped") if k in reply), "?")
        return [f"expected rejected {want['code']} at index {want['index']}, got {kind}"]
    problems = []
    if got.get("code") != want["code"]:
        problems.append(f"rejected.code: expected {want['code']}, got {got.get('code')!r}")
    if got.get("index") != want["index"]:
        problems.append(f"rejected.index: expected {want['index']}, got {got.get('index')!r}")
    return problems


# ------------------------------------------------------------------ talking


class _Engine:
    """An engine under test, restarted whenever its stream breaks."""

    def __init__(
        self, argv: Sequence[str], timeout: float, env: Mapping[str, str] | None = None
    ) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.env = env
        self.client: EngineClient | None = None
        self.cmds: tuple[str, ...] = ()
        self.asked = 0

    def _client(self) -> EngineClient:
        if self.client is None:
            self.client = EngineClient(self.argv, timeout=self.timeout, env=self.env)
            self.cmds = self.client.start().cmds
        return self.client

    def ask(self, requests: Sequence[JSONObject]) -> list[tuple[Any, str | None]]:
        """Each request's (reply, raw line), or (problem string, None) where none was read."""
        client = self._client()
        numbered = [{**request, "seq": client.next_seq()} for request in requests]
        out: list[tuple[Any, str | None]] = []
        for exchange in client.exchange(numbered):
            if exchange.problem is None:
                out.append((exchange.reply, exchange.raw))
            else:
                tail = client.stderr_tail(500) if exchange.broken else ""
                out.append((exchange.problem + (f"; stderr: {tail}" if tail else ""), None))
            if exchange.broken:
                self.close()
                break
        self.asked += len(out)
        missing = len(requests) - len(out)
        return out + [("not asked: the engine had to be restarted", None)] * missing

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None


def _hunt(
    engine: _Engine, seed: int, indices: Iterator[int], stop: Callable[[], bool]
) -> tuple[int, Divergence | None]:
    """Try hands until a divergence or the end; return (hands agreed on, divergence)."""
    done = 0
    while not stop():
        batch = [(index, hand_probes(seed, index)) for index in islice(indices, _BATCH)]
        if not batch:
            break
        probes = [
            (index, probe)
            for index, probes in batch
            for probe in probes
            if not engine.cmds or probe.request["cmd"] in engine.cmds
        ]
        replies = engine.ask([probe.request for _, probe in probes])
        for (index, probe), (reply, raw) in zip(probes, replies, strict=True):
            problems = compare_reply(probe.expected, reply, raw)
            if problems:
                done += sum(1 for i, _ in batch if i < index)
                divergence = Divergence(
                    seed, index, probe.request, probe.expected, reply, tuple(problems)
                )
                return done, divergence
        done += len(batch)
    return done, None


def shard_indices(hands: int, shard: tuple[int, int] = (1, 1)) -> list[int]:
    """The hand indices that shard ``I/N`` tries: ``I-1``, ``I-1+N``, ... (`hands` of them)."""
    part, parts = shard
    if not 1 <= part <= parts:
        raise ValueError(f"shard {part}/{parts}: expected I/N with 1 <= I <= N")
    return [part - 1 + parts * k for k in range(hands)]


def campaign(
    argv: Sequence[str],
    *,
    hands: int,
    seed: int,
    jobs: int = 1,
    shard: tuple[int, int] = (1, 1),
    timeout: float = 5.0,
    env: Mapping[str, str] | None = None,
) -> FuzzReport:
    """Fuzz `hands` hands of the shard against the engine `argv`; stop at the first divergence."""
    indices = shard_indices(hands, shard)
    start = time.perf_counter()
    report = FuzzReport()
    found = threading.Event()
    lock = threading.Lock()
    divergences: list[Divergence] = []

    failures: list[BaseException] = []

    def work(share: list[int]) -> None:
        engine = _Engine(argv, timeout, env)
        try:
            done, divergence = _hunt(engine, seed, iter(share), found.is_set)
        except BaseException as exc:  # handed to the caller's thread below
            with lock:
                failures.append(exc)
            found.set()
            return
        finally:
            engine.close()
        with lock:
            report.hands += done
            report.requests += engine.asked
            if divergence is not None:
                divergences.append(divergence)
                found.set()

    # Threads suffice: the engines run in their own processes, and the reference's
    # work here overlaps with theirs while each thread waits for its engine's replies.
    threads = [
        threading.Thread(target=work, args=(indices[j::jobs],), daemon=True)
        for j in range(max(1, jobs))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    if divergences:
        report.divergence = min(divergences, key=lambda d: d.index)
    report.seconds = time.perf_counter() - start
    return report


# ---------------------------------------------------------------- shrinking


def _placements(actions: Sequence[Any]) -> list[Any]:
    return [action for action in actions if isinstance(action, dict)]


def _candidates(request: JSONObject) -> Iterator[JSONObject]:
    """Simpler requests to try, simplest first."""
    cmd = request["cmd"]
    if cmd == "hand":
        actions = request["actions"]
        for k in range(len(actions)):
            yield {**request, "actions": actions[:k]}
            if k < len(actions) - 1:
                yield {**request, "actions": [*actions[:k], actions[-1]]}
        if "scores" in request:
            yield {k: v for k, v in request.items() if k != "scores"}
        plays = _placements(actions)
        yield {"cmd": "table", "plays": plays}
        on_table = {tuple(p["tile"]) for p in plays}
        left = [[t for t in seat if tuple(t) not in on_table] for seat in request["deal"]]
        yield {"cmd": "settle", "hands": left}
        for held in left:
            yield {"cmd": "legal", "plays": plays, "hand": held}
    elif cmd == "game":
        hands = request["hands"]
        if len(hands) > 1:
            yield {**request, "hands": hands[:-1]}
        for k in range(len(hands[-1]["actions"])):
            yield {
                **request,
                "hands": [*hands[:-1], {**hands[-1], "actions": hands[-1]["actions"][:k]}],
            }
    elif cmd == "table":
        plays = request["plays"]
        for k in range(len(plays)):
            yield {**request, "plays": plays[:k]}
    elif cmd == "settle":
        hands = request["hands"]
        for seat, held in enumerate(hands):
            for k in range(len(held)):
                yield {
                    **request,
                    "hands": [*hands[:seat], held[:k] + held[k + 1 :], *hands[seat + 1 :]],
                }
    elif cmd == "legal":
        plays, held = request["plays"], request["hand"]
        for k in range(len(plays)):
            yield {**request, "plays": plays[:k]}
        for k in range(len(held)):
            yield {**request, "hand": held[:k] + held[k + 1 :]}


def shrink(
    divergence: Divergence,
    argv: Sequence[str],
    *,
    timeout: float = 5.0,
    env: Mapping[str, str] | None = None,
    budget: int = 3000,
) -> tuple[Divergence, int]:
    """A minimal request that still diverges; also the number of requests it took."""
    engine = _Engine(argv, timeout, env)
    asked = 0
    current = divergence
    try:
        improved = True
        while improved and asked < budget:
            improved = False
            for candidate in _candidates(current.request):
                if candidate["cmd"] not in engine.cmds and engine.cmds:
                    continue
                expected = oracle(candidate)
                asked += 1
                [(reply, raw)] = engine.ask([candidate])
                problems = compare_reply(expected, reply, raw)
                if problems:
                    current = Divergence(
                        divergence.seed,
                        divergence.index,
                        candidate,
                        expected,
                        reply,
                        tuple(problems),
                    )
                    improved = True
                    break
                if asked >= budget:
                    break
    finally:
        engine.close()
    return current, asked


# ------------------------------------------------------------------- saving

_RULES_BY_KEY = {
    "open": "place.match-open-value",
    "legal": "place.match-open-value",
    "placements": "place.match-open-value",
    "counted": "scoring.end-sum",
    "end_sum": "scoring.end-sum",
    "credit": "scoring.end-sum",
    "credits": "scoring.end-sum",
    "spinner": "spinner.first-double",
    "events": "scoring.end-sum",
    "penalties": "settle.round-each-player",
    "pips": "settle.player-pips",
    "deductions": "settle.own-team",
    "scores": "scoring.placing-team",
    "end": "end.domino",
    "winner": "win.target",
    "next_opener": "open.after-domino",
    "to_move": "turn.clockwise",
}
_RULES_BY_CODE = {
    "bad_request": "reading.well-formed-input",
    "not_in_hand": "place.own-tile",
    "no_such_end": "place.end-point-free",
    "no_match": "place.match-open-value",
    "branch_closed": "spinner.branches-after-linear",
    "must_play": "place.must-play",
    "hand_over": "end.no-action-after",
    "game_over": "win.target",
}


def _rules_for(divergence: Divergence) -> list[str]:
    """The rules a divergence is most likely about (from what differs)."""
    if "rejected" in divergence.expected:
        return [
            _RULES_BY_CODE.get(divergence.expected["rejected"]["code"], "reading.well-formed-input")
        ]
    found = []
    for problem in divergence.problems:
        key = problem.split(":", 1)[0].lstrip(".").split(".")[0].split("[")[0]
        rule = _RULES_BY_KEY.get(key)
        if rule and rule not in found:
            found.append(rule)
    return found or ["scoring.end-sum"]


def _short(data: Any) -> bool:
    # Tiles, placements and end points read best on one line, as in hand-written fixtures.
    return len(json.dumps(data)) <= 72


def _flow_lists(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = _short(data) and all(not isinstance(item, dict) or _short(item) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _flow_dicts(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=_short(data))


class _FixtureDumper(yaml.SafeDumper):
    pass


_FixtureDumper.add_representer(list, _flow_lists)
_FixtureDumper.add_representer(dict, _flow_dicts)


def save_fixture(divergence: Divergence, directory: Path) -> Path:
    """Write the divergence as a one-case fixture file; return its path."""
    request = dict(divergence.request)
    cmd = request.pop("cmd")
    case: JSONObject = {
        "id": f"fuzz.seed-{divergence.seed}.hand-{divergence.index}",
        "description": f"Found by fuzzing (seed {divergence.seed}, hand {divergence.index}): "
        + divergence.problems[0][:150].replace("\n", " "),
        "rules": _rules_for(divergence),
        "source": "fuzz",
        "cmd": cmd,
        "given": request,
    }
    if "result" in divergence.expected:
        case["expect"] = divergence.expected["result"]
    else:
        rejected = divergence.expected["rejected"]
        case["expect_rejected"] = {"code": rejected["code"], "index": rejected["index"]}
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"fuzz-seed-{divergence.seed}-hand-{divergence.index}.yaml"
    text = yaml.dump(
        {"title": f"Fuzz divergence, seed {divergence.seed}", "cases": [case]},
        Dumper=_FixtureDumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )
    path.write_text(text, encoding="utf-8")
    return path


def size_of(request: JSONObject) -> int:
    """How big a request is: its actions, plays and tiles in hand, counted."""
    if request.get("cmd") == "game":
        return sum(len(hand.get("actions", ())) + 1 for hand in request["hands"])
    counted = sum(len(request.get(key, ())) for key in ("actions", "plays", "hand"))
    return counted + sum(len(seat) for seat in request.get("hands", ()))
