"""The adapter loop: handshake, JSON Lines, ``seq``, stop and end of input, reply shapes.

An `Engine` holds the author's command functions; it answers every line, whatever
arrives, and never dies on bad input.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from seven_rocks_kit.protocol import PROTOCOL_VERSION, QUERY_CMDS, REJECTION_CODES
from seven_rocks_kit.rejections import Rejected
from seven_rocks_kit.validate import check_arguments, show
from seven_rocks_kit.values import to_json

__all__ = ["Command", "Engine", "LongInteger", "read_json", "reply_text"]

Command = Callable[..., Mapping[str, Any]]
"""A command function: called with the checked arguments by name, returns the result."""


@dataclass(frozen=True)
class LongInteger:
    """An integer of more digits than Python converts from text
    (`sys.get_int_max_str_digits`, 4300 by default), kept as written: a ``seq`` of any
    length is echoed exactly (spec/protocol.md section 4). It is no `int`, so anywhere
    else it is refused as any integer out of range is (`bad_request`)."""

    text: str


def _integer(text: str) -> int | LongInteger:
    limit = sys.get_int_max_str_digits()
    if limit and len(text.lstrip("-")) > limit:
        return LongInteger(text)
    return int(text)


def read_json(line: bytes | str) -> Any:
    """The JSON value of one line, as ``json.loads`` reads it but that NaN and infinities
    are refused and an integer too long for `int` is a `LongInteger`. Raises
    ``ValueError`` (or ``RecursionError``) for a line that is not JSON."""
    try:
        return json.loads(line, parse_constant=_no_constant)
    except ValueError:
        # Read again, integers too long for `int` kept as text: a line that is not JSON
        # is refused again, in the same words.
        return json.loads(line, parse_constant=_no_constant, parse_int=_integer)


def reply_text(reply: Mapping[str, Any]) -> str:
    """One reply as a JSON line's text (without its newline), a `LongInteger` seq with
    all its digits."""
    seq = reply.get("seq")
    if type(seq) is not LongInteger:
        return json.dumps(reply, separators=(",", ":"))
    rest = json.dumps({k: v for k, v in reply.items() if k != "seq"}, separators=(",", ":"))
    return '{"seq":' + seq.text + ("," + rest[1:] if len(rest) > 2 else "}")


def exact_seq(request: Mapping[str, Any]) -> int | LongInteger | None:
    """The request's ``seq`` when it is an exact integer (echoed as it came), else None.

    spec/protocol.md section 4: ``seq`` is an integer; a fraction (``1.0``), an exponent
    (``1e400``, which Python reads as infinity), a bool, a string or ``null`` is refused.
    """
    seq = request.get("seq")
    return seq if type(seq) is int or type(seq) is LongInteger else None


def speaks_protocol_one(value: Any) -> bool:
    """Whether a handshake's ``protocol`` is the integer 1 (not ``true``, not ``1.0``)."""
    return type(value) is int and value == PROTOCOL_VERSION


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _text(error: BaseException) -> str:
    # An engine's exception may fail even to print itself; the reply must still go out.
    try:
        return str(error)
    except Exception:
        return "(the exception's message could not be read)"


def _rejected(seq: Any, code: str, index: int | None, message: str) -> dict[str, Any]:
    return {"seq": seq, "rejected": {"code": code, "index": index, "message": message}}


@dataclass
class Engine:
    """An engine served over protocol 1: its identity and the commands it implements.

    Give each command it implements as a function taking that command's arguments by
    name, already checked and typed (`Tile`, `Placement`, ...), and returning the
    result (kit values inside are turned into JSON). The handshake lists exactly those
    commands. ``errors`` maps the engine's own exception classes to rejection codes;
    any other exception becomes an ``errored`` reply.
    """

    name: str
    version: str
    language: str = "python"
    table: Command | None = None
    legal: Command | None = None
    settle: Command | None = None
    hand: Command | None = None
    game: Command | None = None
    perft: Command | None = None
    errors: Mapping[type[BaseException], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kind, code in self.errors.items():
            if code not in REJECTION_CODES:
                raise ValueError(f"errors maps {kind.__name__} to {code!r}, not a rejection code")

    def commands(self) -> dict[str, Command]:
        """The implemented commands by protocol name, in protocol order."""
        out = {}
        for cmd in QUERY_CMDS:
            function = getattr(self, cmd)
            if function is not None:
                out[cmd] = function
        return out

    def handshake(self) -> dict[str, Any]:
        """The reply to ``{"cmd": "start", "protocol": 1}``."""
        return {
            "ready": True,
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": self.name, "version": self.version, "language": self.language},
            "cmds": list(self.commands()),
        }

    def handle(self, request: Any) -> dict[str, Any]:
        """The reply to one decoded query (anything but ``start`` and ``stop``)."""
        if not isinstance(request, dict):
            return _rejected(None, "bad_request", None, "a request is a JSON object")
        seq = exact_seq(request)
        if seq is None:
            return _rejected(None, "bad_request", None, "seq is missing or not an integer")
        cmd = request.get("cmd")
        if cmd not in QUERY_CMDS:
            known = ", ".join(QUERY_CMDS)
            return _rejected(
                seq, "bad_request", None, f"unknown command {show(cmd)}: one of {known}"
            )
        function = self.commands().get(cmd)
        if function is None:
            return {"seq": seq, "skipped": {"message": f"{cmd} is not implemented"}}
        args = {k: v for k, v in request.items() if k not in ("cmd", "seq")}
        try:
            result = to_json(function(**check_arguments(cmd, args)))
            # Encoding here turns a result JSON cannot carry into an error on this request.
            json.dumps(result, allow_nan=False)
        except Rejected as error:
            return _rejected(seq, error.code, error.index, error.message)
        except Exception as error:
            code = self._code_for(error)
            if code is None:
                return {
                    "seq": seq,
                    "errored": {"message": f"{type(error).__name__}: {_text(error)}"},
                }
            return _rejected(seq, code, getattr(error, "_kit_index", None), _text(error))
        return {"seq": seq, "result": result}

    def _code_for(self, error: BaseException) -> str | None:
        for kind in type(error).__mro__:
            if kind in self.errors:
                return self.errors[kind]
        return None

    def reply(self, line: bytes | str) -> dict[str, Any] | None:
        """The reply to one raw line; None for ``stop`` (no reply, stop serving)."""
        try:
            request = read_json(line)
        except (ValueError, RecursionError) as error:  # bad UTF-8, NaN, absurd nesting
            return _rejected(None, "bad_request", None, f"the line is not JSON: {error}")
        cmd = request.get("cmd") if isinstance(request, dict) else None
        if cmd == "stop":
            return None
        if cmd == "start":
            if not speaks_protocol_one(request.get("protocol")):
                return {"ready": False, "protocol": PROTOCOL_VERSION}
            return self.handshake()
        return self.handle(request)

    def serve(self, lines: Iterable[bytes] | None = None, out: IO[str] | None = None) -> int:
        """Answer line by line until ``stop`` or the end of input; return the exit status."""
        lines = sys.stdin.buffer if lines is None else lines
        out = sys.stdout if out is None else out
        for line in lines:
            reply = self.reply(line)
            if reply is None:
                return 0
            out.write(reply_text(reply) + "\n")
            out.flush()
            if reply.get("ready") is False:
                return 0
        return 0

    def run(self) -> None:
        """Serve stdin and stdout, then exit the process (the usual last line of an adapter)."""
        sys.exit(self.serve())
