"""The reference engine, but: the first time it is started it crashes on its third
request; started again (a file per start in $FAKE_START_DIR), it lists only settle, and
leaves a file ``sent-CMD`` there for each request of another command it receives."""

import json
import os
import sys
import tempfile

from reference_impl.adapter import ENGINE, handle

folder = os.environ["FAKE_START_DIR"]
first = not any(name.startswith("start") for name in os.listdir(folder))
tempfile.mkstemp(prefix="start", dir=folder)
cmds = ["table", "legal", "settle", "hand", "game", "perft"] if first else ["settle"]
if sys.stdin.readline():
    handshake = {"ready": True, "protocol": 1, "engine": ENGINE, "cmds": cmds}
    sys.stdout.write(json.dumps(handshake) + "\n")
    sys.stdout.flush()
    for n, line in enumerate(sys.stdin, start=1):
        request = json.loads(line)
        if request.get("cmd") == "stop":
            break
        if first and n == 3:
            sys.exit(70)
        if request.get("cmd") not in cmds:
            open(os.path.join(folder, f"sent-{request.get('cmd')}"), "w").close()
        sys.stdout.write(json.dumps(handle(request)) + "\n")
        sys.stdout.flush()
