"""Speaks protocol 2 only: refuses the handshake as the protocol says."""

import json
import sys

sys.stdin.readline()
print(json.dumps({"ready": False, "protocol": 2}), flush=True)
