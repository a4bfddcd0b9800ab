"""A divergence saved as a one-case fixture file that ``run --fixtures DIR`` replays."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from conformance.fuzz.hunt import Divergence
from conformance.fuzz.probes import JSONObject

__all__ = ["SaveError", "case_id", "guess_rules", "save_fixture"]

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
    "hand_over": "reading.no-action-after-end",
    "game_over": "win.target",
}


class SaveError(Exception):
    """A fixture could not be written; the message says where and why."""


def guess_rules(divergence: Divergence) -> list[str]:
    """The rules a divergence is most likely about, from what differs (no mutant to go by)."""
    if "rejected" in divergence.expected:
        code = divergence.expected["rejected"]["code"]
        return [_RULES_BY_CODE.get(code, "reading.well-formed-input")]
    found = []
    for problem in divergence.problems:
        key = problem.split(":", 1)[0].lstrip(".").split(".")[0].split("[")[0].split(" ")[0]
        rule = _RULES_BY_KEY.get(key)
        if rule and rule not in found:
            found.append(rule)
    return found or ["scoring.end-sum"]


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
    mutants: Sequence[str] | None = None,
    rules: Sequence[str] | None = None,
) -> Path:
    """Write the divergence as a one-case fixture file in `directory`; return its path.

    `rules` (those of the `mutants` that reproduce it) are cited; without them the
    rules are guessed from what differs. Raises `SaveError` when it cannot be written.
    """
    request = dict(divergence.request)
    cmd = request.pop("cmd")
    if mutants:
        cause = "reproduced by mutant " + ", ".join(mutants)
    else:
        cause = "no catalogue mutant reproduces it"
    stem = case_id(divergence.seed, divergence.index)
    path, handle = _open_new(directory, stem)
    case: JSONObject = {
        "id": path.stem,
        "description": f"Found by fuzzing (seed {divergence.seed}, hand {divergence.index}; "
        f"{cause}): " + divergence.problems[0][:150].replace("\n", " "),
        "rules": list(rules) if rules else guess_rules(divergence),
        "source": "fuzz",
        "cmd": cmd,
        "given": request,
    }
    if "result" in divergence.expected:
        case["expect"] = divergence.expected["result"]
    else:
        rejected = divergence.expected["rejected"]
        case["expect_rejected"] = {"code": rejected["code"], "index": rejected["index"]}
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
