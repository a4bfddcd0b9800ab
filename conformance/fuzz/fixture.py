"""A divergence saved as a one-case fixture file that ``run --fixtures DIR`` replays."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from conformance.fuzz.cause import Cause, rules_of
from conformance.fuzz.hunt import Divergence
from conformance.fuzz.probes import JSONObject, differing_fields, problem_text
from conformance.suite.messages import RejectedReply, Rejection, Result

__all__ = ["SaveError", "case_id", "guess_rules", "save_fixture", "unexplained_fields"]

_RULES_BY_FIELD = {
    # every key of a protocol 1 result (spec/protocol.md section 5), by the rule that
    # most directly decides it
    "open": "place.match-open-value",
    "legal": "place.match-open-value",
    "placements": "place.match-open-value",
    "nodes": "place.match-open-value",
    "divide": "place.match-open-value",
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
    "hands": "scoring.end-sum",
}
_RULES_BY_CODE = {
    "bad_request": "reading.well-formed-input",
    "not_in_hand": "place.own-tile",
    "no_such_end": "place.end-point-free",
    "no_match": "place.match-open-value",
    "branch_closed": "spinner.branches-after-linear",
    "must_play": "place.must-play",
    "hand_over": "reading.no-action-after-end",
    "game_over": "win.target",
    "unfinished_hand": "reading.hands-complete",
    "wrong_opener": "open.after-domino",
}
_RULES_BY_CMD = {
    "table": "scoring.end-sum",
    "legal": "place.match-open-value",
    "settle": "settle.player-pips",
    "hand": "scoring.end-sum",
    "game": "win.target",
    "perft": "place.match-open-value",
}
"""What a saved case cites when no field that differs is one a rule decides (a key the
protocol does not define, say): the command's commonest rule, said in the description."""


class SaveError(Exception):
    """A fixture could not be written; the message says where and why."""


def _code(value: object) -> object:
    """The code of a refusal, or None for anything else."""
    return value.code if isinstance(value, Rejection | RejectedReply) else None


def guess_rules(divergence: Divergence) -> list[str]:
    """The rules a divergence is most likely about, from the fields that differ (no
    mutant to go by): a refusal's rule by its code, a result's by its keys. Empty when
    no field that differs is one a rule decides (`unexplained_fields` says which)."""
    found: list[str] = []
    for field in differing_fields(divergence.problems):
        if field.startswith("rejected"):
            # A refusal the rules make (its code or index differs, or it is missing), or
            # one the engine made where the rules answer: the code names the rule.
            code = _code(divergence.wanted) or _code(divergence.answer)
            rule = _RULES_BY_CODE.get(code) if isinstance(code, str) else None
        else:
            rule = _RULES_BY_FIELD.get(field)
        if rule is not None and rule not in found:
            found.append(rule)
    return found


def unexplained_fields(divergence: Divergence) -> list[str]:
    """The fields that differ that `guess_rules` ties to no rule."""
    return [
        field
        for field in differing_fields(divergence.problems)
        if not field.startswith("rejected") and field not in _RULES_BY_FIELD
    ]


def case_id(seed: int, index: int) -> str:
    """A case id for hand `index` of seed `seed` (a negative seed is written ``n1``)."""
    shown = f"n{-seed}" if seed < 0 else str(seed)
    return f"fuzz-seed-{shown}-hand-{index}"


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


def _open_new(directory: Path, stem: str) -> tuple[Path, int]:
    """A new file in `directory` named after `stem` (``-2``, ``-3``... if taken), opened."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(
            f"cannot create the directory {json.dumps(str(directory))}: {exc.strerror or exc}"
        ) from None
    for number in range(1, 1000):
        path = directory / (f"{stem}.yaml" if number == 1 else f"{stem}-{number}.yaml")
        try:
            # O_EXCL: an existing file is never overwritten, even one made meanwhile.
            return path, os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        except OSError as exc:
            raise SaveError(
                f"cannot write {json.dumps(str(path))}: {exc.strerror or exc}"
            ) from None
    raise SaveError(f"too many fixtures named {stem} in {json.dumps(str(directory))}")


def save_fixture(
    divergence: Divergence,
    directory: Path,
    *,
    cause: Cause | None = None,
) -> Path:
    """Write the divergence as a one-case fixture file in `directory`; return its path.

    The rules of the catalogue entries of its `cause` are cited; without any the rules
    are guessed from what differs. Raises `SaveError` when it cannot be written.
    """
    request = dict(divergence.request)
    cmd = request.pop("cmd")
    if cause is None:
        cause = Cause()
    said = cause.text()
    rules = rules_of(cause.names)
    stem = case_id(divergence.seed, divergence.index)
    path, handle = _open_new(directory, stem)
    cited = rules or guess_rules(divergence)
    if not cited:
        # No rule decides what differs: cite the command's commonest, and say so.
        cited = [_RULES_BY_CMD[cmd]]
        unexplained = ", ".join(unexplained_fields(divergence)) or "the kind of reply"
        said += f"; no rule decides {unexplained}, so the rule cited is a guess to edit"
    case: JSONObject = {
        "id": path.stem,
        "description": f"Found by fuzzing (seed {divergence.seed}, hand {divergence.index}; "
        f"{said}): " + problem_text(divergence.problems[0])[:150].replace("\n", " "),
        "rules": cited,
        "source": "fuzz",
        "cmd": cmd,
        "given": request,
    }
    expected = divergence.wanted
    if isinstance(expected, Result):
        case["expect"] = dict(expected.fields)
    else:
        case["expect_rejected"] = {"code": expected.code, "index": expected.index}
    text = yaml.dump(
        {"title": f"Fuzz divergence, seed {divergence.seed}", "cases": [case]},
        Dumper=_FixtureDumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise SaveError(f"cannot write {json.dumps(str(path))}: {exc.strerror or exc}") from None
    return path
