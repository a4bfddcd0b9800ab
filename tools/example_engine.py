"""An engine with a release history, for the example site: ``--release VERSION``.

Each release is the reference engine serving some of the commands, and every release
but the last has one misreading of the rules (a mutant of the reference): enough to
show a history with cases newly passing and newly failing. The handshake names it
``example-engine`` at the release's version.

    python tools/example_engine.py --release 0.2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the checkout is importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference_impl import adapter
from reference_impl.commands import COMMANDS

__all__ = ["RELEASES", "main"]

RELEASES: dict[str, tuple[tuple[str, ...], str | None]] = {
    "0.1": (("table", "legal"), "no-mirror-opening-double"),
    "0.2": (("table", "legal", "settle"), "counted-omits-zero"),
    "0.3": (("table", "legal", "settle", "hand", "game"), "remainder-3-down"),
    "1.0": (tuple(COMMANDS), None),
}
"""Release -> (the commands it serves, the mutant it has or None)."""


def main(argv: list[str] | None = None) -> int:
    """Serve one release over protocol 1 on stdin and stdout."""
    parser = argparse.ArgumentParser(prog="python tools/example_engine.py")
    parser.add_argument("--release", required=True, choices=list(RELEASES))
    options = parser.parse_args(argv)
    cmds, mutant = RELEASES[options.release]
    commands = COMMANDS
    if mutant is not None:
        from reference_impl.commands import commands_for
        from reference_impl.mutants import variant

        commands = commands_for(variant([mutant]))
    adapter.ENGINE.update(name="example-engine", version=options.release)
    sys.stdout.flush()
    out = adapter.Replies(sys.stdout.fileno())
    status = adapter.serve(
        adapter.read_lines(sys.stdin.fileno(), out), out, {c: commands[c] for c in cmds}
    )
    out.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
