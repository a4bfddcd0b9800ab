"""The handshake reply, read to the letter of spec/protocol.md section 2.

A reply that breaks the protocol is refused with a ``HandshakeError`` that names the
offending field: a runner that guessed what a sloppy handshake meant (``"protocol":
true``, a misspelt command, a missing ``engine``) would report on an engine other than
the one its author believes they wrote.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.suite.features import FEATURES
from conformance.suite.protocol import PROTOCOL_VERSION, QUERY_CMDS

__all__ = [
    "CUT_MARK",
    "ENGINE_FIELDS",
    "MAX_ENGINE_TEXT",
    "EngineInfo",
    "HandshakeError",
    "parse_handshake",
]

ENGINE_FIELDS: tuple[str, ...] = ("name", "version", "language")
"""The keys of the handshake's ``engine`` object, each a non-empty string."""
MAX_ENGINE_TEXT = 200
"""Characters kept of each text of the ``engine`` object: the name, version and language
appear on every page of a report and of a site, so a longer one is cut (ending in
`CUT_MARK`) as a reply is kept bounded, and the run warns of it."""
CUT_MARK = "\u2026"
"""The last character of an ``engine`` text that was cut."""

_REQUIRED = ("ready", "protocol", "engine", "cmds")
_OPTIONAL = ("skip_features",)
_SHOW = 60  # characters of an offending value quoted in a message


@dataclass(frozen=True)
class EngineInfo:
    """What the engine said about itself in the handshake."""

    name: str
    version: str
    language: str
    protocol: int
    cmds: tuple[str, ...]
    argv: tuple[str, ...] = ()
    handshake: Mapping[str, Any] = field(default_factory=dict)
    skip_features: tuple[str, ...] = ()
    """Features (``conformance.suite.features.FEATURES``) the engine does not claim."""
    cut: tuple[str, ...] = ()
    """What was cut of the ``engine`` texts (``engine.name: 1048576 characters, 200
    kept``), each longer than `MAX_ENGINE_TEXT`."""

    def __str__(self) -> str:
        return f"{self.name} {self.version} ({self.language}), protocol {self.protocol}"


class HandshakeError(ValueError):
    """The handshake reply breaks the protocol; ``field`` names where (``engine.name``)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"handshake reply field {self.field!r}: {self.problem}"


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=True, allow_nan=True)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= _SHOW else text[:_SHOW] + "..."


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number with a fraction or exponent"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _names(reply: Mapping[str, Any], key: str, allowed: Sequence[str], what: str) -> list[str]:
    value = reply[key]
    if not isinstance(value, list):
        raise HandshakeError(key, f"must be a list of {what}, got {_kind(value)} {_show(value)}")
    seen: set[str] = set()
    for i, name in enumerate(value):
        where = f"{key}[{i}]"
        if not isinstance(name, str):
            raise HandshakeError(where, f"must be a string, got {_kind(name)} {_show(name)}")
        if name not in allowed:
            raise HandshakeError(
                where, f"{_show(name)} is not one of the {what}: {', '.join(allowed)}"
            )
        if name in seen:
            raise HandshakeError(where, f"{_show(name)} is listed twice")
        seen.add(name)
    return list(value)


def _engine(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        raise HandshakeError(
            "engine",
            f"must be an object with {', '.join(ENGINE_FIELDS)}, got {_kind(value)} {_show(value)}",
        )
    for key in value:
        if key not in ENGINE_FIELDS:
            raise HandshakeError(
                f"engine.{key}", f"is not a key of 'engine' (only {', '.join(ENGINE_FIELDS)})"
            )
    for key in ENGINE_FIELDS:
        if key not in value:
            raise HandshakeError(f"engine.{key}", "is missing (a non-empty string)")
        text = value[key]
        if not isinstance(text, str):
            raise HandshakeError(
                f"engine.{key}", f"must be a non-empty string, got {_kind(text)} {_show(text)}"
            )
        if not text.strip():
            raise HandshakeError(f"engine.{key}", "is empty (a non-empty string)")
    return {key: value[key] for key in ENGINE_FIELDS}


def _kept(text: str) -> str:
    """`text` cut to `MAX_ENGINE_TEXT` characters, the last of them `CUT_MARK`."""
    if len(text) <= MAX_ENGINE_TEXT:
        return text
    return text[: MAX_ENGINE_TEXT - len(CUT_MARK)] + CUT_MARK


def parse_handshake(reply: Any, argv: Sequence[str] = ()) -> EngineInfo:
    """Check a decoded handshake reply against the protocol and return what it says.

    Raises ``HandshakeError`` naming the first offending field: the reply is not an
    object, ``ready`` is not ``true``, ``protocol`` is not the integer 1 (``true`` and
    ``1.0`` are not), ``engine`` lacks a key, has another or an empty one, ``cmds`` or
    ``skip_features`` names something unknown or twice, or the reply has a key the
    protocol does not define.
    """
    if not isinstance(reply, dict):
        raise HandshakeError("(reply)", f"must be a JSON object, got {_kind(reply)} {_show(reply)}")
    ready = reply.get("ready")
    protocol = reply.get("protocol")
    if ready is False:
        # The engine speaks another version: say which, that is what its author needs.
        raise HandshakeError(
            "ready",
            f"is false: the engine speaks protocol {_show(protocol)}, this runner speaks "
            f"protocol {PROTOCOL_VERSION}",
        )
    if "ready" not in reply:
        raise HandshakeError("ready", "is missing (true for an engine speaking protocol 1)")
    if ready is not True:
        raise HandshakeError("ready", f"must be true or false, got {_kind(ready)} {_show(ready)}")
    if "protocol" not in reply:
        raise HandshakeError("protocol", f"is missing (the integer {PROTOCOL_VERSION})")
    if type(protocol) is not int:
        raise HandshakeError(
            "protocol",
            f"must be the integer {PROTOCOL_VERSION}, got {_kind(protocol)} {_show(protocol)}",
        )
    if protocol != PROTOCOL_VERSION:
        raise HandshakeError(
            "protocol",
            f"the engine speaks protocol {protocol}, this runner speaks protocol "
            f"{PROTOCOL_VERSION}",
        )
    for key in reply:
        if key not in _REQUIRED and key not in _OPTIONAL:
            known = ", ".join(_REQUIRED + _OPTIONAL)
            raise HandshakeError(str(key), f"is not a key of the handshake reply (only {known})")
    for key in _REQUIRED:
        if key not in reply:
            raise HandshakeError(key, "is missing")
    engine = _engine(reply["engine"])
    cmds = _names(reply, "cmds", QUERY_CMDS, "query commands")
    skip: list[str] = []
    if "skip_features" in reply:
        skip = _names(reply, "skip_features", tuple(FEATURES), "features")
    cut = tuple(
        f"engine.{key}: {len(text)} characters, {MAX_ENGINE_TEXT} kept"
        for key, text in engine.items()
        if len(text) > MAX_ENGINE_TEXT
    )
    return EngineInfo(
        name=_kept(engine["name"]),
        version=_kept(engine["version"]),
        language=_kept(engine["language"]),
        protocol=PROTOCOL_VERSION,
        cmds=tuple(cmds),
        argv=tuple(argv),
        handshake=reply,
        skip_features=tuple(skip),
        cut=cut,
    )
