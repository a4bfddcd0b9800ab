"""The reference engine with several catalogue mutants at once, and only some commands.

``python mutant_mix.py --mutant A --mutant B [--cmds table,legal] [--skip hand]``: two
misreadings in one engine (for the fuzzer's clustering), a misreading behind a handshake
that lists only some commands (for the fuzzer's choice of requests), or an engine that
declines (``skipped``) every request of a command it lists.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from reference_impl.adapter import handle
from reference_impl.commands import COMMANDS, commands_for
from reference_impl.mutants import variant

parser = argparse.ArgumentParser()
parser.add_argument("--mutant", action="append", default=[])
parser.add_argument("--cmds", default=",".join(COMMANDS))
parser.add_argument("--skip", default="")
options = parser.parse_args()
served = commands_for(variant(options.mutant)) if options.mutant else COMMANDS
commands = {n: c for n, c in served.items() if n in options.cmds.split(",")}
declined = options.skip.split(",")

for line in sys.stdin:
    request = json.loads(line)
    cmd = request.get("cmd")
    if cmd == "stop":
        break
    if cmd == "start":
        engine = {"name": "mutant-mix", "version": "0", "language": "python"}
        reply = {"ready": True, "protocol": 1, "cmds": list(commands), "engine": engine}
    elif cmd in declined:
        reply = {"seq": request.get("seq"), "skipped": {"message": "declined"}}
    else:
        reply = handle(request, commands)
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
