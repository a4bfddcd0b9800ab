"""Greets on stdout before it answers the handshake: a log line where only protocol
lines belong."""

import json
import sys

print("my-engine 1.0 starting, rules loaded", flush=True)
sys.stdin.readline()
reply = {"ready": True, "protocol": 1, "cmds": ["settle"],
         "engine": {"name": "banner", "version": "1", "language": "python"}}  # fmt: skip
print(json.dumps(reply), flush=True)
sys.stdin.read()
