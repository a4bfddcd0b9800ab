"""Make text and values that came from an engine safe for each kind of output.

An engine may put anything in its messages and replies: lone surrogates, NUL, ESC
sequences that would drive the terminal, C1 controls, NaN, numbers too large for a
float, nesting thousands deep. Each output has its own rule of what it can carry:

- ``terminal_text``: for the terminal (text report, ``smoke``, error messages);
- ``xml_text``: for XML (the JUnit report);
- ``strict_json``: for strict JSON (the JSON report, saved cases).

Every function makes the offending characters visible (``\\x1b``, ``\\ud800``) rather
than dropping them, so that a report still shows what the engine actually sent.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Mapping
from typing import Any

__all__ = ["strict_json", "terminal_text", "xml_text"]

# C0 controls but tab and newline, DEL, C1 controls; the bidirectional overrides and
# isolates, which can make a terminal show text in another order than it is
# ("Trojan source"); and lone surrogates, which no encoding can write.
_TERMINAL_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
# Everything outside the XML 1.0 ``Char`` production, written as the characters it
# leaves out: the negated class compiles 20 times slower (its ranges span all of Unicode).
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")

MAX_JSON_DEPTH = 100
"""Nesting kept by ``strict_json``; deeper values are replaced by a note."""

# Past about 4300 digits Python refuses to turn an int into text (and so does
# ``json.dumps``); such a number is replaced by a note of its size.
_MAX_INT_BITS = 14_000


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _output_encoding() -> str:
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    return str(encoding)


def terminal_text(text: str) -> str:
    """``text`` made safe to print on any terminal, in the output's encoding.

    Control characters (ESC, NUL, CR, C1, bidirectional overrides) and lone surrogates
    become visible escapes such as ``\\x1b``; newlines and tabs are kept. A character the
    standard output's encoding cannot write becomes a ``\\uXXXX`` escape.
    """
    if not isinstance(text, str):
        text = str(text)
    text = _TERMINAL_UNSAFE.sub(_escape, text)
    encoding = _output_encoding()
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        try:
            text = text.encode(encoding, "backslashreplace").decode(encoding)
        except LookupError:
            text = text.encode("ascii", "backslashreplace").decode("ascii")
    return text


def xml_text(text: str) -> str:
    """``text`` with only characters legal in XML 1.0; the others become visible escapes."""
    if not isinstance(text, str):
        text = str(text)
    return _XML_ILLEGAL.sub(_escape, text)


def _string(text: str) -> str:
    # A lone surrogate cannot be written as UTF-8: make it visible instead.
    return _SURROGATE.sub(_escape, text)


def _key(key: Any) -> str:
    if isinstance(key, str):
        return _string(key)
    if key is None or isinstance(key, bool):
        return {None: "null", True: "true", False: "false"}[key]
    value = _scalar(key)
    return value if isinstance(value, str) else str(value)


def _scalar(value: Any) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if value.bit_length() > _MAX_INT_BITS:
            return f"<integer of {value.bit_length()} bits>"
        return int(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return float(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, bytes | bytearray):
        return _string(bytes(value).decode("utf-8", "backslashreplace"))
    return _string(repr(value))


def strict_json(value: Any) -> Any:
    """A copy of ``value`` that ``json.dumps(..., allow_nan=False)`` always accepts.

    NaN and infinities become the strings ``"NaN"``, ``"Infinity"``, ``"-Infinity"``;
    keys that are not strings become strings; lone surrogates in strings become visible
    escapes (so the text is valid UTF-8); tuples and sets become lists; integers too
    long to print and nesting deeper than ``MAX_JSON_DEPTH`` become a short note;
    any other object becomes its ``repr``.
    """
    return _copy(value, 0)


def _copy(value: Any, depth: int) -> Any:
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        if depth >= MAX_JSON_DEPTH:
            return f"<nested deeper than {MAX_JSON_DEPTH} levels>"
        if isinstance(value, Mapping):
            return {_key(k): _copy(v, depth + 1) for k, v in value.items()}
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [_copy(item, depth + 1) for item in items]
    return _scalar(value)
