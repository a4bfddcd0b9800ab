"""Gives a name, version and language of a million characters each at the handshake."""

import json
import sys

from _base import CMDS, serve

if sys.stdin.readline():
    huge = {key: key[0] * 1_000_000 for key in ("name", "version", "language")}
    handshake = {"ready": True, "protocol": 1, "engine": huge, "cmds": CMDS}
    sys.stdout.write(json.dumps(handshake) + "\n")
    sys.stdout.flush()
    serve(skip_handshake=True)
