"""The JSON Schemas: valid themselves, agreeing with spec/protocol.md, strict where they must be."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from conformance.suite import schemas
from conformance.suite.resources import schemas_dir

PROTOCOL_MD = Path(__file__).resolve().parents[2] / "spec" / "protocol.md"
CMDS = ("table", "legal", "settle", "hand", "game", "perft")
EXPECTED_FILES = {
    "defs.schema.json",
    "fixture.schema.json",
    "start.request.schema.json",
    "start.reply.schema.json",
    "stop.request.schema.json",
    "rejected.schema.json",
    "errored.schema.json",
    "skipped.schema.json",
    *(f"{cmd}.{kind}.schema.json" for cmd in CMDS for kind in ("request", "result")),
}

_EXAMPLE = re.compile(r"<!-- example: (\S+) -->\n```json\n(.*?)\n```", re.DOTALL)


def _examples() -> list[tuple[str, str]]:
    return _EXAMPLE.findall(PROTOCOL_MD.read_text(encoding="utf-8"))


def _valid(name: str, instance: Any) -> bool:
    return schemas.validator(name).is_valid(instance)


# --- the schema files themselves ---------------------------------------------


def test_every_protocol_schema_is_there() -> None:
    # Other schemas (the run report) may live beside these.
    assert set(schemas.schema_names()) >= EXPECTED_FILES


@pytest.mark.parametrize("path", sorted(schemas_dir().glob("*.schema.json")), ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path: Path) -> None:
    contents = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(contents)
    assert contents["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", sorted(EXPECTED_FILES))
def test_protocol_schema_id_is_its_file_name(name: str) -> None:
    contents = json.loads((schemas_dir() / name).read_text(encoding="utf-8"))
    assert contents["$id"] == f"https://seven-rocks.example/schemas/{name}"


def test_every_reference_resolves() -> None:
    # Validating something against every schema walks each $ref at least where it is reached;
    # resolving every $ref explicitly also catches those only reached by rare instances.
    for name in schemas.schema_names():
        resolver = schemas.registry().resolver(base_uri=schemas.BASE_URI + name)
        for ref in _refs(json.loads((schemas_dir() / name).read_text(encoding="utf-8"))):
            resolver.lookup(ref)  # raises when the target is missing


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


def test_validator_accepts_short_and_file_names() -> None:
    assert schemas.validator("table.request") is schemas.validator("table.request.schema.json")
    with pytest.raises(KeyError):
        schemas.validator("no-such")


# --- the examples of spec/protocol.md -----------------------------------------


def test_protocol_examples_were_found() -> None:
    names = [name for name, _ in _examples()]
    for cmd in CMDS:
        assert f"{cmd}.request.schema.json" in names, cmd
        assert f"{cmd}.result.schema.json" in names, cmd
    for other in ("start.request", "start.reply", "stop.request", "rejected", "errored", "skipped"):
        assert f"{other}.schema.json" in names, other


@pytest.mark.parametrize(
    ("name", "text"), _examples(), ids=[f"{i}-{n}" for i, (n, _) in enumerate(_examples())]
)
def test_protocol_example_is_valid(name: str, text: str) -> None:
    assert name in EXPECTED_FILES
    instance = json.loads(text)
    errors = [e.message for e in schemas.validator(name).iter_errors(instance)]
    assert errors == []
    if name.endswith(".request.schema.json"):
        assert schemas.check_request(instance) == []


def _round5(pips: int) -> int:
    return (pips + 2) // 5 * 5


def _consistency(name: str, reply: Any) -> list[str]:
    """Arithmetic the schemas cannot check, for the protocol's hand-worked examples."""
    result = reply.get("result", {})
    problems: list[str] = []
    if name == "table.result.schema.json":
        if result["end_sum"] != sum(c["value"] for c in result["counted"]):
            problems.append("end_sum is not the sum of counted")
        last = result["end_sum"] if result["end_sum"] % 5 == 0 else 0
        if result["credits"] and result["credits"][-1] != last:
            problems.append("the last credit does not follow from end_sum")
        if result["credit"] != (result["credits"][-1] if result["credits"] else None):
            problems.append("credit is not the last of credits")
    if name == "settle.result.schema.json":
        if result["penalties"] != [_round5(p) for p in result["pips"]]:
            problems.append("penalties are not the rounded pips")
        pen = result["penalties"]
        if result["deductions"] != [pen[0] + pen[2], pen[1] + pen[3]]:
            problems.append("deductions are not the per-team sums")
    divide = result.get("divide") if name == "perft.result.schema.json" else None
    if divide and result["nodes"] != sum(d["nodes"] for d in divide):
        problems.append("divide does not add up to nodes")
    hands = result.get("hands") if name == "game.result.schema.json" else None
    for hand in hands or ([result] if name == "hand.result.schema.json" else []):
        scores = None
        for event in hand["events"]:
            if event["action"] == "pass":
                continue
            credit = event["end_sum"] if event["end_sum"] % 5 == 0 else 0
            if event["credit"] != credit:
                problems.append(f"event credit {event['credit']} for end sum {event['end_sum']}")
            scores = event["scores"]
        if hand["end"] is None and scores is not None and hand["scores"] != scores:
            problems.append("a hand still going has other scores than its last event")
    return problems


@pytest.mark.parametrize(
    ("name", "text"), _examples(), ids=[f"{i}-{n}" for i, (n, _) in enumerate(_examples())]
)
def test_protocol_example_adds_up(name: str, text: str) -> None:
    assert _consistency(name, json.loads(text)) == []


def test_consistency_check_can_fail() -> None:
    bad_sum = {"result": {"end_sum": 11, "counted": [], "credits": [], "credit": None}}
    assert _consistency("table.result.schema.json", bad_sum) != []
    bad_round = {"result": {"pips": [3, 0, 0, 0], "penalties": [0, 0, 0, 0], "deductions": [0, 0]}}
    assert _consistency("settle.result.schema.json", bad_round) != []


# --- valid and invalid instances ------------------------------------------------

DEAL = [
    [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]],
    [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]],
    [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]],
]
ON_HIGH = {"tile": [1, 5], "on": {"tile": [0, 5], "side": "high"}}
HAND_RESULT: dict[str, Any] = {
    "events": [
        {"seat": 0, "action": {"tile": [0, 5]}, "end_sum": 5, "credit": 5, "scores": [5, 0]},
        {"seat": 1, "action": ON_HIGH, "end_sum": 1, "credit": 0, "scores": [5, 0]},
        {"seat": 2, "action": "pass"},
    ],
    "end": None,
    "penalties": None,
    "scores": [5, 0],
    "winner": None,
    "next_opener": None,
    "to_move": 3,
    "legal": [],
}
ENDED_DOMINO = {
    **HAND_RESULT,
    "end": "domino",
    "penalties": [5, 0, 10, 20],
    "next_opener": 1,
    "to_move": None,
    "legal": None,
}
VALID: dict[str, Any] = {
    "start.request": {"cmd": "start", "protocol": 1},
    "stop.request": {"cmd": "stop"},
    "start.reply": {
        "ready": True,
        "protocol": 1,
        "engine": {"name": "e", "version": "1", "language": "c"},
        "cmds": ["table"],
    },
    "table.request": {"cmd": "table", "seq": 1, "plays": [{"tile": [1, 4]}, ON_HIGH]},
    "legal.request": {"cmd": "legal", "seq": 2, "plays": [], "hand": [[0, 0], [6, 6]]},
    "settle.request": {"cmd": "settle", "seq": 10**30, "hands": [[[1, 2]], [], [], []]},
    "hand.request": {"cmd": "hand", "seq": -4, "deal": DEAL, "opener": 0, "actions": ["pass"]},
    "game.request": {"cmd": "game", "seq": 0, "hands": [{"deal": DEAL, "actions": []}]},
    "perft.request": {"cmd": "perft", "seq": 9, "deal": DEAL, "opener": 3, "depth": 0},
    "table.result": {
        "seq": 1,
        "result": {
            "spinner": None,
            "open": [{"tile": [1, 4], "side": "low", "value": 1}],
            "counted": [{"tile": [1, 4], "value": 1}, {"tile": [1, 4], "value": 4}],
            "end_sum": 5,
            "credits": [5],
            "credit": 5,
        },
    },
    "legal.result": {"seq": 1, "result": {"placements": [{"tile": [0, 1]}, ON_HIGH]}},
    "settle.result": {
        "seq": 1,
        "result": {"pips": [3, 0, 0, 0], "penalties": [5, 0, 0, 0], "deductions": [5, 0]},
    },
    "hand.result": {"seq": 1, "result": HAND_RESULT},
    "game.result": {
        "seq": 1,
        "result": {"hands": [ENDED_DOMINO, HAND_RESULT], "scores": [5, 0], "winner": None},
    },
    "perft.result": {
        "seq": 1,
        "result": {"nodes": 2, "divide": [{"action": "pass", "nodes": 2}]},
    },
    "rejected": {"seq": 1, "rejected": {"code": "no_match", "index": 3, "message": "m"}},
    "errored": {"seq": 1, "errored": {"message": "m"}},
    "skipped": {"seq": 1, "skipped": {"message": "m"}},
}


_DELETE = object()


def _with(name: str, path: tuple[str | int, ...], value: Any) -> Any:
    """VALID[name] with the value at path replaced (or deleted when value is _DELETE)."""
    instance = copy.deepcopy(VALID[name])
    target = instance
    for step in path[:-1]:
        target = target[step]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return instance


INVALID: list[tuple[str, str, Any]] = [
    # (label, schema, instance)
    ("start extra key", "start.request", {"cmd": "start", "protocol": 1, "seq": 1}),
    ("start other protocol", "start.request", {"cmd": "start", "protocol": 2}),
    ("stop with seq", "stop.request", {"cmd": "stop", "seq": 1}),
    ("ready without engine", "start.reply", _with("start.reply", ("engine",), _DELETE)),
    ("ready unknown cmd", "start.reply", _with("start.reply", ("cmds",), ["table", "dance"])),
    ("ready cmd twice", "start.reply", _with("start.reply", ("cmds",), ["table", "table"])),
    ("engine extra key", "start.reply", _with("start.reply", ("engine", "x"), 1)),
    ("not ready extra", "start.reply", {"ready": False, "protocol": 2, "cmds": []}),
    ("missing plays", "table.request", _with("table.request", ("plays",), _DELETE)),
    ("extra argument", "table.request", _with("table.request", ("depth",), 1)),
    ("missing seq", "table.request", _with("table.request", ("seq",), _DELETE)),
    ("seq list", "table.request", _with("table.request", ("seq",), [1])),
    ("seq object", "table.request", _with("table.request", ("seq",), {"n": 1})),
    ("wrong cmd", "table.request", _with("table.request", ("cmd",), "legal")),
    ("tile [7, 2]", "table.request", _with("table.request", ("plays", 0, "tile"), [7, 2])),
    ("tile [2, 1]", "table.request", _with("table.request", ("plays", 0, "tile"), [2, 1])),
    ("tile [6, 5]", "table.request", _with("table.request", ("plays", 0, "tile"), [6, 5])),
    ("tile [-1, 2]", "table.request", _with("table.request", ("plays", 0, "tile"), [-1, 2])),
    ("tile 'x'", "table.request", _with("table.request", ("plays", 0, "tile"), "x")),
    ("tile [1]", "table.request", _with("table.request", ("plays", 0, "tile"), [1])),
    ("tile [1, 2, 3]", "table.request", _with("table.request", ("plays", 0, "tile"), [1, 2, 3])),
    ("tile bool", "table.request", _with("table.request", ("plays", 0, "tile"), [True, 2])),
    ("tile float", "table.request", _with("table.request", ("plays", 0, "tile"), [0.5, 2])),
    ("placement extra", "table.request", _with("table.request", ("plays", 0, "side"), "low")),
    ("side unknown", "table.request", _with("table.request", ("plays", 1, "on", "side"), "top")),
    ("on extra key", "table.request", _with("table.request", ("plays", 1, "on", "value"), 5)),
    (
        "on without side",
        "table.request",
        _with("table.request", ("plays", 1, "on"), {"tile": [0, 5]}),
    ),
    ("pass in plays", "table.request", _with("table.request", ("plays", 1), "pass")),
    ("hand tile twice", "legal.request", _with("legal.request", ("hand",), [[0, 0], [0, 0]])),
    ("missing hand", "legal.request", _with("legal.request", ("hand",), _DELETE)),
    ("settle 3 hands", "settle.request", _with("settle.request", ("hands",), [[], [], []])),
    ("settle 8 tiles", "settle.request", _with("settle.request", ("hands", 1), DEAL[0] + [[1, 1]])),
    ("deal 3 hands", "hand.request", _with("hand.request", ("deal",), DEAL[:3])),
    ("deal 6 tiles", "hand.request", _with("hand.request", ("deal", 0), DEAL[0][:6])),
    ("deal tile twice", "hand.request", _with("hand.request", ("deal", 0, 1), [0, 0])),
    ("opener missing", "hand.request", _with("hand.request", ("opener",), _DELETE)),
    ("opener 4", "hand.request", _with("hand.request", ("opener",), 4)),
    ("opener bool", "hand.request", _with("hand.request", ("opener",), True)),
    ("actions missing", "hand.request", _with("hand.request", ("actions",), _DELETE)),
    ("action 'knock'", "hand.request", _with("hand.request", ("actions", 0), "knock")),
    ("scores 3 items", "hand.request", _with("hand.request", ("scores",), [0, 0, 0])),
    ("scores bool", "hand.request", _with("hand.request", ("scores",), [0, False])),
    ("game scores arg", "game.request", _with("game.request", ("scores",), [0, 0])),
    ("game hand extra", "game.request", _with("game.request", ("hands", 0, "scores"), [0, 0])),
    (
        "game hand no actions",
        "game.request",
        _with("game.request", ("hands", 0, "actions"), _DELETE),
    ),
    ("negative depth", "perft.request", _with("perft.request", ("depth",), -1)),
    ("depth bool", "perft.request", _with("perft.request", ("depth",), False)),
    ("depth string", "perft.request", _with("perft.request", ("depth",), "2")),
    ("depth missing", "perft.request", _with("perft.request", ("depth",), _DELETE)),
    ("result missing seq", "table.result", _with("table.result", ("seq",), _DELETE)),
    ("result missing key", "table.result", _with("table.result", ("result", "credit"), _DELETE)),
    ("result extra key", "table.result", _with("table.result", ("result", "x"), 1)),
    ("spinner not double", "table.result", _with("table.result", ("result", "spinner"), [1, 2])),
    ("credit not x5", "table.result", _with("table.result", ("result", "credits"), [6])),
    ("end sum 37", "table.result", _with("table.result", ("result", "end_sum"), 37)),
    (
        "open no value",
        "table.result",
        _with("table.result", ("result", "open", 0, "value"), _DELETE),
    ),
    ("counted 13", "table.result", _with("table.result", ("result", "counted", 0, "value"), 13)),
    ("pass placement", "legal.result", _with("legal.result", ("result", "placements", 0), "pass")),
    ("penalty 3", "settle.result", _with("settle.result", ("result", "penalties", 0), 3)),
    ("deductions 3", "settle.result", _with("settle.result", ("result", "deductions"), [0, 0, 0])),
    (
        "event no scores",
        "hand.result",
        _with("hand.result", ("result", "events", 0, "scores"), _DELETE),
    ),
    ("pass event extra", "hand.result", _with("hand.result", ("result", "events", 2, "credit"), 0)),
    (
        "event credit null",
        "hand.result",
        _with("hand.result", ("result", "events", 1, "credit"), None),
    ),
    ("end unknown", "hand.result", _with("hand.result", ("result", "end"), "won")),
    ("going: to_move null", "hand.result", _with("hand.result", ("result", "to_move"), None)),
    ("going: legal null", "hand.result", _with("hand.result", ("result", "legal"), None)),
    ("going: winner", "hand.result", _with("hand.result", ("result", "winner"), 0)),
    (
        "domino: no penalties",
        "game.result",
        _with("game.result", ("result", "hands", 0, "penalties"), None),
    ),
    ("domino: to_move", "game.result", _with("game.result", ("result", "hands", 0, "to_move"), 2)),
    (
        "domino: no next_opener",
        "game.result",
        _with("game.result", ("result", "hands", 0, "next_opener"), None),
    ),
    ("game winner 2", "game.result", _with("game.result", ("result", "winner"), 2)),
    ("game no winner key", "game.result", _with("game.result", ("result", "winner"), _DELETE)),
    ("perft nodes 0", "perft.result", _with("perft.result", ("result", "nodes"), 0)),
    ("divide extra key", "perft.result", _with("perft.result", ("result", "divide", 0, "x"), 1)),
    ("rejected unknown code", "rejected", _with("rejected", ("rejected", "code"), "illegal")),
    ("rejected index -1", "rejected", _with("rejected", ("rejected", "index"), -1)),
    ("rejected no index", "rejected", _with("rejected", ("rejected", "index"), _DELETE)),
    ("rejected no message", "rejected", _with("rejected", ("rejected", "message"), _DELETE)),
    ("rejected plus result", "rejected", _with("rejected", ("result",), {})),
    ("errored no message", "errored", {"seq": 1, "errored": {}}),
    ("skipped extra", "skipped", _with("skipped", ("skipped", "code"), "x")),
]


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_instance_is_accepted(name: str) -> None:
    errors = [e.message for e in schemas.validator(name).iter_errors(VALID[name])]
    assert errors == []


@pytest.mark.parametrize(("label", "name", "instance"), INVALID, ids=[i[0] for i in INVALID])
def test_invalid_instance_is_rejected(label: str, name: str, instance: Any) -> None:
    assert not _valid(name, instance), label


def test_hand_results_of_every_end_are_accepted() -> None:
    blocked = {**ENDED_DOMINO, "end": "blocked", "next_opener": None}
    target = {**ENDED_DOMINO, "end": "target", "penalties": None, "next_opener": None, "winner": 0}
    for result in (ENDED_DOMINO, blocked, target):
        assert _valid("hand.result", {"seq": 1, "result": result}), result["end"]
    assert not _valid("hand.result", {"seq": 1, "result": {**target, "winner": None}})
    assert not _valid("hand.result", {"seq": 1, "result": {**blocked, "next_opener": 2}})


@pytest.mark.parametrize("a", range(-1, 8))
def test_exactly_the_canonical_pairs_are_tiles(a: int) -> None:
    for b in range(-1, 8):
        request = {"cmd": "table", "seq": 1, "plays": [{"tile": [a, b]}]}
        assert _valid("table.request", request) == (0 <= a <= b <= 6), [a, b]


# --- fixture files -----------------------------------------------------------


def _case(**changes: Any) -> dict[str, Any]:
    case: dict[str, Any] = {
        "id": "table.opening.five",
        "description": "An opening [1|4] scores 5.",
        "rules": ["scoring.end-sum", "scoring.multiple-of-five"],
        "source": "transcribes: Punti della posa",
        "cmd": "table",
        "given": {"plays": [{"tile": [1, 4]}]},
        "expect": {"end_sum": 5, "credit": 5},
    }
    for key, value in changes.items():
        if value is _DELETE:
            del case[key]
        else:
            case[key] = value
    return case


def _file(*cases: dict[str, Any]) -> dict[str, Any]:
    return {"title": "Openings", "cases": list(cases)}


REJECTS_BRANCH = {"code": "branch_closed", "index": 2}
VALID_FIXTURES: list[tuple[str, Any]] = [
    ("expect", _file(_case())),
    ("expect_rejected", _file(_case(expect=_DELETE, expect_rejected=REJECTS_BRANCH))),
    ("rejected without index", _file(_case(expect=_DELETE, expect_rejected={"code": "no_match"}))),
    (
        "rejected index null",
        _file(
            _case(
                expect=_DELETE,
                features=["input-validation"],
                expect_rejected={"code": "bad_request", "index": None},
            )
        ),
    ),
    ("source derived", _file(_case(source="derived: Punti della posa"))),
    ("source implied", _file(_case(source="implied: Vincere la partita"))),
    ("source fuzz", _file(_case(source="fuzz"))),
    ("source with apostrophe", _file(_case(source="derived: L'unico spinner"))),
    (
        "malformed given in a bad_request case",
        _file(
            _case(
                expect=_DELETE,
                features=["input-validation"],
                given={"plays": [{"tile": [2, 1]}]},
                expect_rejected={"code": "bad_request"},
            )
        ),
    ),
    (
        "hand case",
        _file(
            _case(
                id="hand.two-passes",
                cmd="hand",
                given={"deal": DEAL, "opener": 0, "actions": []},
                expect={"to_move": 0, "end": None},
            )
        ),
    ),
    (
        "perft case",
        _file(
            _case(
                id="perft.depth-0",
                cmd="perft",
                given={"deal": DEAL, "opener": 0, "depth": 0},
                expect={"nodes": 1, "divide": []},
            )
        ),
    ),
]
_TILES = [[a, b] for a in range(7) for b in range(a, 7)]
_HAND = {"deal": [_TILES[i : i + 7] for i in range(0, 28, 7)], "opener": 0, "actions": []}
INVALID_FIXTURES: list[tuple[str, Any]] = [
    # An empty expect compares nothing: any result would pass.
    ("empty expect", _file(_case(expect={}))),
    # A value below the result is stated whole: a partial one would fail a right engine.
    (
        "open point without its value",
        _file(_case(expect={"open": [{"tile": [1, 4], "side": "low"}]})),
    ),
    (
        "opening placement with on null",
        _file(
            _case(
                cmd="legal",
                given={"plays": [], "hand": [[1, 2]]},
                expect={"placements": [{"tile": [1, 2], "on": None}]},
            )
        ),
    ),
    (
        "event without its action",
        _file(_case(cmd="hand", given=_HAND, expect={"events": [{"seat": 0, "credit": 5}]})),
    ),
    (
        "pass event with a credit",
        _file(
            _case(
                cmd="hand",
                given=_HAND,
                expect={"events": [{"seat": 1, "action": "pass", "credit": 0}]},
            )
        ),
    ),
    (
        "divide entry without its action",
        _file(
            _case(
                cmd="perft",
                given={**_HAND, "depth": 1},
                expect={"nodes": 1, "divide": [{"nodes": 1}]},
            )
        ),
    ),
    (
        "game hand result with a partial event",
        _file(
            _case(
                cmd="game",
                given={"hands": []},
                expect={"hands": [{"events": [{"seat": 0, "credit": 5}]}]},
            )
        ),
    ),
    ("both expect and expect_rejected", _file(_case(expect_rejected=REJECTS_BRANCH))),
    ("neither expect nor expect_rejected", _file(_case(expect=_DELETE))),
    ("no title", {"cases": [_case()]}),
    ("no cases", _file()),
    ("extra top key", {**_file(_case()), "version": 1}),
    ("extra case key", _file(_case(note="x"))),
    ("bad id: capital", _file(_case(id="Table.opening"))),
    ("bad id: space", _file(_case(id="table opening"))),
    ("bad id: double dot", _file(_case(id="table..opening"))),
    ("bad id: trailing dash", _file(_case(id="table.opening-"))),
    ("no rules", _file(_case(rules=[]))),
    ("bad rule id", _file(_case(rules=["Scoring.end sum"]))),
    ("rule id without group", _file(_case(rules=["endsum"]))),
    ("rule twice", _file(_case(rules=["scoring.end-sum", "scoring.end-sum"]))),
    ("unknown seed section", _file(_case(source="derived: Somewhere else"))),
    ("source without a section", _file(_case(source="derived"))),
    ("source in the old form", _file(_case(source="seed: Punti della posa"))),
    ("unknown source kind", _file(_case(source="invented: Punti della posa"))),
    ("source free text", _file(_case(source="made up"))),
    ("two-line description", _file(_case(description="one\ntwo"))),
    ("unknown cmd", _file(_case(cmd="score"))),
    ("given with cmd", _file(_case(given={"cmd": "table", "plays": []}))),
    ("given with seq", _file(_case(given={"seq": 1, "plays": []}))),
    ("given of another cmd", _file(_case(given={"deal": DEAL, "opener": 0, "actions": []}))),
    ("malformed given without bad_request", _file(_case(given={"plays": [{"tile": [7, 2]}]}))),
    ("expect key of another cmd", _file(_case(expect={"nodes": 1}))),
    ("expect wrong scalar", _file(_case(expect={"end_sum": "5"}))),
    ("unknown rejection code", _file(_case(expect=_DELETE, expect_rejected={"code": "nope"}))),
    ("rejection without code", _file(_case(expect=_DELETE, expect_rejected={"index": 1}))),
    (
        "rejection extra key",
        _file(_case(expect=_DELETE, expect_rejected={"code": "no_match", "message": "m"})),
    ),
    (
        "rejection index bool",
        _file(_case(expect=_DELETE, expect_rejected={"code": "no_match", "index": True})),
    ),
    (
        "bad_request without input-validation",
        _file(_case(expect=_DELETE, expect_rejected={"code": "bad_request", "index": None})),
    ),
    ("unknown feature", _file(_case(features=["telepathy"]))),
    ("feature twice", _file(_case(features=["input-validation", "input-validation"]))),
    (
        "yaml 1.1 'on' read as true",
        _file(_case(given={"plays": [{"tile": [1, 4], True: {"tile": [1, 1], "side": "low"}}]})),
    ),
]


@pytest.mark.parametrize(("label", "data"), VALID_FIXTURES, ids=[v[0] for v in VALID_FIXTURES])
def test_valid_fixture_file_is_accepted(label: str, data: Any) -> None:
    assert schemas.check_fixture_file(data) == [], label


@pytest.mark.parametrize(("label", "data"), INVALID_FIXTURES, ids=[i[0] for i in INVALID_FIXTURES])
def test_invalid_fixture_file_is_rejected(label: str, data: Any) -> None:
    assert schemas.check_fixture_file(data) != [], label


def test_fixture_messages_say_where_and_what() -> None:
    both = schemas.check_fixture_file(_file(_case(), _case(expect_rejected=REJECTS_BRANCH)))
    assert both == [
        "$.cases[1]: a case has exactly one of expect and expect_rejected, not both",
        "$.cases[1].id: 'table.opening.five' repeats $.cases[0].id",
    ]
    neither = schemas.check_fixture_file(_file(_case(expect=_DELETE)))
    assert neither == ["$.cases[0]: a case needs one of expect and expect_rejected"]


# --- check_request and check_reply -------------------------------------------


def test_check_request_names_path_and_problem() -> None:
    request = _with("table.request", ("plays", 1, "tile"), [7, 2])
    assert schemas.check_request(request) == [
        "$.plays[1].tile[0]: 7 is greater than the maximum of 6"
    ]
    reversed_tile = _with("table.request", ("plays", 0, "tile"), [2, 1])
    assert schemas.check_request(reversed_tile) == [
        "$.plays[0].tile[1]: 1 is less than the minimum of 2"
    ]
    extra = _with("hand.request", ("plays",), [])
    assert schemas.check_request(extra) == [
        "$: Additional properties are not allowed ('plays' was unexpected)"
    ]


def test_check_request_unknown_or_missing_cmd() -> None:
    (message,) = schemas.check_request({"cmd": "dance", "seq": 1})
    assert message.startswith("$.cmd: unknown command 'dance'")
    assert schemas.check_request({"seq": 1}) == ["$: 'cmd' is a required property"]
    assert schemas.check_request({"cmd": 3}) != []
    assert schemas.check_request([1, 2]) != []


@pytest.mark.parametrize("name", sorted(n for n in VALID if n.endswith(".request")))
def test_check_request_accepts_valid_requests(name: str) -> None:
    assert schemas.check_request(VALID[name]) == []


def test_check_reply_picks_the_schema_by_key() -> None:
    for cmd in CMDS:
        assert schemas.check_reply(cmd, VALID[f"{cmd}.result"]) == [], cmd
        for kind in ("rejected", "errored", "skipped"):
            assert schemas.check_reply(cmd, VALID[kind]) == [], (cmd, kind)
    # The table result's shape is not a perft result's.
    assert schemas.check_reply("perft", VALID["table.result"]) != []
    assert schemas.check_reply("start", VALID["start.reply"]) == []
    assert schemas.check_reply("start", {"ready": True}) != []


def test_check_reply_reports_missing_result_fields() -> None:
    reply = _with("hand.result", ("result", "next_opener"), _DELETE)
    assert schemas.check_reply("hand", reply) == ["$.result: 'next_opener' is a required property"]


def test_check_reply_without_a_kind_or_with_two() -> None:
    (message,) = schemas.check_reply("table", {"seq": 1})
    assert "result, rejected, errored, skipped" in message
    both = {**VALID["errored"], "skipped": {"message": "m"}}
    assert schemas.check_reply("table", both) == [
        "$: Additional properties are not allowed ('skipped' was unexpected)"
    ]
    assert schemas.check_reply("table", "ok") != []
    assert schemas.check_reply("dance", VALID["errored"]) != []
    assert schemas.check_reply("stop", {}) != []
