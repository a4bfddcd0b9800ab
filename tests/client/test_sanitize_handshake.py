"""The output sanitizers and the strict handshake parser, value by value."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from conformance.engine.handshake import (
    CUT_MARK,
    MAX_ENGINE_TEXT,
    EngineInfo,
    HandshakeError,
    parse_handshake,
)
from conformance.reports.sanitize import strict_json, terminal_text, xml_text
from conformance.suite.features import FEATURES

NASTY = "a\ud800b\x00c\x1b[2Jd\x85e\x9bf\u202eg\rh\x07i\ufffej"

# ---------------------------------------------------------------- terminal_text


def test_terminal_text_makes_controls_visible() -> None:
    out = terminal_text(NASTY)
    assert out == "a\\ud800b\\x00c\\x1b[2Jd\\x85e\\x9bf\\u202eg\\x0dh\\x07i\ufffej"
    out.encode("utf-8")  # no lone surrogate left


def test_terminal_text_keeps_newlines_tabs_and_letters() -> None:
    text = "line 1\n\tline 2: déjà vu, 五, 🂡"
    assert terminal_text(text) == text


def test_terminal_text_is_idempotent() -> None:
    once = terminal_text(NASTY)
    assert terminal_text(once) == once


# ---------------------------------------------------------------- xml_text


def test_xml_text_is_always_well_formed() -> None:
    out = xml_text(NASTY)
    element = ET.Element("e", message=out)
    element.text = out
    data = ET.tostring(element, encoding="utf-8")
    assert ET.fromstring(data).get("message") == out
    assert "\\x00" in out and "\\ud800" in out and "\\ufffe" in out


def test_xml_text_keeps_legal_characters() -> None:
    text = "tab\tnew\nline <&> \x85 五 🂡"
    assert xml_text(text) == text


# ---------------------------------------------------------------- strict_json


def _deep(levels: int) -> Any:
    value: Any = []
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(
    "value",
    [
        math.nan,
        math.inf,
        -math.inf,
        float("1e309"),
        {"a": [math.nan, {"b": math.inf}]},
        {1: "int key", None: "null key", (1, 2): "tuple key", 2.5: "float key", False: "f"},
        {math.nan: "nan key"},
        "\ud800 lone",
        b"\xff bytes",
        {1, 2, 3},
        10**5000,
        _deep(900),
        object(),
    ],
    ids=lambda v: type(v).__name__,
)
def test_strict_json_always_dumps(value: Any) -> None:
    text = json.dumps(strict_json(value), allow_nan=False, ensure_ascii=False)
    text.encode("utf-8")
    json.loads(text)


def test_strict_json_keeps_ordinary_values() -> None:
    value = {"seq": 1, "result": {"x": [1, 2.5, "s", None, True, {"y": []}]}}
    assert strict_json(value) == value


def test_strict_json_names_what_it_replaced() -> None:
    assert strict_json([math.nan, math.inf, -math.inf]) == ["NaN", "Infinity", "-Infinity"]
    assert strict_json("\ud800") == "\\ud800"
    assert "bits" in strict_json(10**5000)


# ---------------------------------------------------------------- parse_handshake

GOOD: dict[str, Any] = {
    "ready": True,
    "protocol": 1,
    "engine": {"name": "e", "version": "1", "language": "rust"},
    "cmds": ["table", "hand"],
}


def test_good_handshake() -> None:
    info = parse_handshake(GOOD, ["engine", "--x"])
    assert info == EngineInfo(
        name="e",
        version="1",
        language="rust",
        protocol=1,
        cmds=("table", "hand"),
        argv=("engine", "--x"),
        handshake=GOOD,
        skip_features=(),
    )


def test_engine_texts_are_kept_bounded() -> None:
    long = {"name": "n" * 1_000_000, "version": "v" * (MAX_ENGINE_TEXT + 1), "language": "l"}
    info = parse_handshake({**GOOD, "engine": long}, [])
    assert len(info.name) == len(info.version) == MAX_ENGINE_TEXT
    assert info.name == "n" * (MAX_ENGINE_TEXT - 1) + CUT_MARK and info.language == "l"
    assert info.cut == (
        f"engine.name: 1000000 characters, {MAX_ENGINE_TEXT} kept",
        f"engine.version: {MAX_ENGINE_TEXT + 1} characters, {MAX_ENGINE_TEXT} kept",
    )
    exact = parse_handshake({**GOOD, "engine": {**long, "name": "n" * MAX_ENGINE_TEXT}}, [])
    assert exact.name == "n" * MAX_ENGINE_TEXT


def test_skip_features() -> None:
    info = parse_handshake({**GOOD, "skip_features": list(FEATURES)}, [])
    assert info.skip_features == tuple(FEATURES)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"cmds": ["table", "sttle"]}, "cmds[1]"),
        ({"cmds": ["table", "table"]}, "cmds[1]"),
        ({"cmds": {"table": True}}, "cmds"),
        ({"protocol": True}, "protocol"),
        ({"protocol": 1.0}, "protocol"),
        ({"protocol": 2}, "protocol"),
        ({"protocol": None}, "protocol"),
        ({"ready": 1}, "ready"),
        ({"ready": False}, "ready"),
        ({"engine": None}, "engine"),
        ({"engine": {"name": "e", "version": "1"}}, "engine.language"),
        ({"engine": {"name": " ", "version": "1", "language": "c"}}, "engine.name"),
        ({"engine": {"name": "e", "version": "1", "language": "c", "os": "x"}}, "engine.os"),
        ({"engine": {"name": "e", "version": [1], "language": "c"}}, "engine.version"),
        ({"skip_features": ["input-validation", "input-validation"]}, "skip_features[1]"),
        ({"skip_features": ["flying"]}, "skip_features[0]"),
        ({"skip_features": None}, "skip_features"),
        ({"extra": 1}, "extra"),
    ],
)
def test_bad_handshake_names_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(HandshakeError) as caught:
        parse_handshake({**GOOD, **change}, [])
    assert caught.value.field == field
    assert f"'{field}'" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("key", ["ready", "protocol", "engine", "cmds"])
def test_missing_key(key: str) -> None:
    with pytest.raises(HandshakeError) as caught:
        parse_handshake({k: v for k, v in GOOD.items() if k != key}, [])
    assert caught.value.field == key


@pytest.mark.parametrize("reply", [None, [], "ready", 1, True])
def test_not_an_object(reply: Any) -> None:
    with pytest.raises(HandshakeError):
        parse_handshake(reply, [])


def test_schema_lists_every_feature() -> None:
    from conformance.suite.resources import schemas_dir

    schema = json.loads((schemas_dir() / "start.reply.schema.json").read_text())
    items = schema["$defs"]["ready"]["properties"]["skip_features"]["items"]
    assert sorted(items["enum"]) == sorted(FEATURES)
