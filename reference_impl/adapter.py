"""The reference engine's protocol-1 adapter: JSON Lines on stdin and stdout.

Run as ``python -m reference_impl.adapter``. It never dies on bad input: a
line that is not JSON, an unknown command or a malformed argument gets a
``rejected`` reply (``bad_request``) and the adapter keeps serving.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import IO

from seven_rocks_kit.protocol import PROTOCOL_VERSION as PROTOCOL
from seven_rocks_kit.serve import LongInteger

from . import __version__
from .commands import COMMANDS, Command
from .errors import BadRequest, Declined, RuleViolation
from .jsonio import dumps, loads
from .protocol import JSON

__all__ = ["Replies", "handle", "main", "read_lines", "serve"]

ENGINE = {"name": "seven-rocks-reference", "version": __version__, "language": "python"}


def _rejected(seq: JSON, error: RuleViolation) -> dict[str, JSON]:
    return {
        "seq": seq,
        "rejected": {"code": error.code, "index": error.index, "message": error.message},
    }


def handle(request: JSON, commands: Mapping[str, Command] = COMMANDS) -> dict[str, JSON]:
    """The reply to one decoded query (not ``start`` or ``stop``)."""
    if not isinstance(request, dict):
        return _rejected(None, BadRequest("a request is a JSON object"))
    if "seq" not in request:
        return _rejected(None, BadRequest("the request has no seq"))
    seq = request["seq"]
    if type(seq) is not int and type(seq) is not LongInteger:
        # Section 4: an integer, echoed exactly (any size: `loads` reads it whole, past
        # Python's limit as a LongInteger); a fraction, an exponent (1e400 reads as
        # infinity), a bool or a string is refused.
        return _rejected(None, BadRequest("seq must be an integer"))
    name = request.get("cmd")
    command = commands.get(name) if isinstance(name, str) else None
    if command is None:
        known = ", ".join(sorted(commands))
        return _rejected(seq, BadRequest(f"unknown command {name!r}: expected one of {known}"))
    args = {k: v for k, v in request.items() if k not in ("cmd", "seq")}
    try:
        return {"seq": seq, "result": command(args)}
    except RuleViolation as error:
        return _rejected(seq, error)
    except Declined as error:
        return {"seq": seq, "skipped": {"message": error.message}}
    except Exception as error:  # an engine bug: report it, keep serving
        return {"seq": seq, "errored": {"message": f"{type(error).__name__}: {error}"}}


class Replies:
    """Replies written to a file descriptor together, when `flush` is called or they
    fill `limit` bytes: a batch of pipelined requests is answered in a few writes, and
    its reader woken a few times, instead of once a reply."""

    def __init__(self, fd: int, limit: int = 1 << 16) -> None:
        self.fd = fd
        self.limit = limit
        self._parts: list[bytes] = []
        self._size = 0

    def write(self, data: bytes) -> None:
        """Queue `data`; write the queue if it is full."""
        self._parts.append(data)
        self._size += len(data)
        if self._size >= self.limit:
            self.flush()

    def flush(self) -> None:
        """Write everything queued (waiting for the reader if the pipe is full)."""
        if not self._parts:
            return
        data = memoryview(b"".join(self._parts))
        self._parts.clear()
        self._size = 0
        while data:
            data = data[os.write(self.fd, data) :]


def read_lines(fd: int, out: Replies) -> Iterator[bytes]:
    """The lines read from `fd`, `out` flushed before every read that may wait: no
    reply waits for more input."""
    pending = bytearray()  # the start of a line that goes on in the next chunk
    while True:
        out.flush()
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        start = 0
        end = chunk.find(b"\n")
        while end >= 0:
            if pending:
                pending += chunk[: end + 1]
                yield bytes(pending)
                pending.clear()
            else:
                yield chunk[start : end + 1]
            start = end + 1
            end = chunk.find(b"\n", start)
        pending += chunk[start:]
    if pending:
        yield bytes(pending)  # a last line without its newline


def serve(
    lines: Iterable[bytes], out: IO[str] | Replies, commands: Mapping[str, Command] = COMMANDS
) -> int:
    """Answer requests line by line until ``stop`` or the end of input; return the exit status.

    Only the first line may be the handshake; a ``start`` later on is a request like any
    other (without ``seq``, and not a command: ``bad_request``).
    """
    names = list(commands)
    first = True

    def send(reply: JSON) -> None:
        # No reply holds NaN or an infinity (a seq is an integer): `dumps` may write it.
        line = dumps(reply) + b"\n"
        if isinstance(out, Replies):
            out.write(line)
        else:
            out.write(line.decode())
            out.flush()

    for raw in lines:
        handshake, first = first, False
        try:
            request = loads(raw)
        except (ValueError, RecursionError) as error:  # bad UTF-8, absurd nesting
            reply = _rejected(None, BadRequest(f"the line is not JSON: {error}"))
        else:
            name = request.get("cmd") if isinstance(request, dict) else None
            if name == "stop":
                return 0
            if name == "start" and handshake:
                protocol = request.get("protocol")
                if type(protocol) is not int or protocol != PROTOCOL:  # not true, not 1.0
                    send({"ready": False, "protocol": PROTOCOL})
                    out.flush()
                    return 0
                reply = {"ready": True, "protocol": PROTOCOL, "engine": ENGINE, "cmds": names}
            else:
                reply = handle(request, commands)
        send(reply)
    return 0


def _options(args: list[str]) -> tuple[str | None, bool]:
    """The ``--mutant`` and ``--list-mutants`` of the command line ``args``; exits on a
    wrong one, as argparse does."""
    if not args:
        # How the runner starts the engine: nothing to parse, and argparse with what it
        # formats help with (shutil, locale) would load for nothing.
        return None, False
    import argparse  # only with arguments to parse: see above

    parser = argparse.ArgumentParser(
        prog="python -m reference_impl.adapter",
        description="The Seven Rocks reference engine, speaking protocol 1 on stdin/stdout.",
    )
    parser.add_argument(
        "--mutant",
        metavar="NAME",
        help="serve a deliberately wrong engine, to measure the suite (see --list-mutants)",
    )
    parser.add_argument(
        "--list-mutants", action="store_true", help="list the mutant engines and exit"
    )
    options = parser.parse_args(args)
    if options.mutant is not None and not options.list_mutants:
        from .mutants import MUTANTS  # the catalogue is large: only when a mutant is named

        if options.mutant not in MUTANTS:
            parser.error(f"unknown mutant {options.mutant!r}; --list-mutants shows them")
    return options.mutant, options.list_mutants


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m reference_impl.adapter``."""
    named, list_mutants = _options(sys.argv[1:] if argv is None else argv)
    if list_mutants:
        from .mutants import MUTANTS

        for mutant in MUTANTS.values():
            print(f"{mutant.name}: {mutant.description} [{', '.join(mutant.rules)}]")
        return 0
    commands: Mapping[str, Command] = COMMANDS
    if named is not None:
        # Imported only when asked for: the catalogue is large and start-up counts.
        from .commands import commands_for
        from .mutants import variant

        commands = commands_for(variant([named]))
        ENGINE["name"] = f"seven-rocks-reference mutant {named}"
    try:
        fds = sys.stdin.fileno(), sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not files (io.UnsupportedOperation)
        return serve(sys.stdin.buffer, sys.stdout, commands)
    sys.stdout.flush()
    out = Replies(fds[1])
    status = serve(read_lines(fds[0], out), out, commands)
    out.flush()  # the replies to the lines read with a ``stop``, or before the end of input
    return status


if __name__ == "__main__":
    sys.exit(main())
