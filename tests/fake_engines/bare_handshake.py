"""Answers the handshake without the 'engine' object, which the protocol requires."""

import json
import sys

from _base import serve

sys.stdin.readline()
print(json.dumps({"ready": True, "protocol": 1, "cmds": ["table", "settle", "perft"]}), flush=True)
serve(skip_handshake=True)
