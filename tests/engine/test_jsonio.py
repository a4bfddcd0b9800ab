"""The adapter's JSON reading and writing mean exactly what the standard library's do."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reference_impl.jsonio import dumps, loads


def _not_json(constant: str) -> None:
    raise ValueError(constant)


def _standard(line: bytes) -> tuple[str, Any]:
    try:
        return "value", json.loads(line, parse_constant=_not_json)
    except (ValueError, RecursionError) as error:
        return "error", type(error).__name__


def _ours(line: bytes) -> tuple[str, Any]:
    try:
        return "value", loads(line)
    except (ValueError, RecursionError) as error:
        return "error", type(error).__name__


def _typed(value: Any) -> Any:
    """`value` with the type of every scalar spelled out: 1, 1.0 and True differ."""
    if isinstance(value, dict):
        return {key: _typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_typed(item) for item in value]
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan")
    return (type(value).__name__, value)


_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(_VALUES)
@settings(max_examples=300)
def test_a_value_written_by_json_reads_the_same(value: Any) -> None:
    line = json.dumps(value).encode()
    assert _typed(loads(line)) == _typed(json.loads(line))


@given(st.binary(max_size=40) | _VALUES.map(lambda v: json.dumps(v).encode()[:-1]))
@settings(max_examples=500)
@example(b"18446744073709551616")  # orjson would read these two as floats
@example(b"[-9223372036854775809]")
@example(b"NaN")
@example(b"[1e400]")
@example(b"\xef\xbb\xbf{}")  # a byte-order mark
@example(b'"\\ud800"')  # a lone surrogate
@example(b"\xff")
@example(b"[" * 5000)
def test_any_line_reads_or_fails_as_with_json(line: bytes) -> None:
    ours, standard = _ours(line), _standard(line)
    assert ours[0] == standard[0]
    if ours[0] == "value":
        assert _typed(ours[1]) == _typed(standard[1])


@given(_VALUES)
@settings(max_examples=300)
def test_what_dumps_writes_reads_back_as_the_value(value: Any) -> None:
    assert _typed(json.loads(dumps(value))) == _typed(value)


@pytest.mark.parametrize("value", [2**64, -(2**63) - 1, {"seq": 2**100}, "\ud800"])
def test_what_orjson_refuses_to_write_is_written_by_json(value: Any) -> None:
    assert json.loads(dumps(value)) == value
