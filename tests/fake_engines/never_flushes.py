"""Writes its handshake reply into a buffered stdout that it never flushes, then waits
for the next request: the reply never reaches the runner."""

import json
import sys

out = open(sys.stdout.fileno(), "w", buffering=1 << 16, closefd=False)  # noqa: SIM115
sys.stdin.readline()
reply = {"ready": True, "protocol": 1, "cmds": ["settle"],
         "engine": {"name": "never-flushes", "version": "1", "language": "python"}}  # fmt: skip
out.write(json.dumps(reply) + "\n")
sys.stdin.read()
