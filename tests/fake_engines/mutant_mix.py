"""The reference engine with several catalogue mutants at once, and only some commands.

``python mutant_mix.py --mutant A --mutant B [--cmds table,legal]``: two misreadings in
one engine (for the fuzzer's clustering), or a misreading behind a handshake that lists
only some commands (for the fuzzer's choice of requests).
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from reference_impl.adapter import serve
from reference_impl.commands import COMMANDS
from reference_impl.mutants import apply_mutant

parser = argparse.ArgumentParser()
parser.add_argument("--mutant", action="append", default=[])
parser.add_argument("--cmds", default=",".join(COMMANDS))
options = parser.parse_args()
for name in options.mutant:
    apply_mutant(name)
listed = options.cmds.split(",")
sys.exit(serve(sys.stdin.buffer, sys.stdout, {n: c for n, c in COMMANDS.items() if n in listed}))
