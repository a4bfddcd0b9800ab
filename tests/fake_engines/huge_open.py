"""Answers every request with a result whose ``open`` holds 1.3 million entries (a 3.9 MB
line, under the runner's line limit), or as many as its argument says: the runner must
keep and draw it in bounded form."""

import json
import sys

from _base import CMDS

ENTRIES = int(sys.argv[1]) if len(sys.argv) > 1 else 1_300_000
_open = ",".join(["[]"] * ENTRIES)
_tail = (
    ',"result":{"spinner":null,"open":[' + _open + '],"counted":[],"end_sum":0,'
    '"credits":[],"credit":null}}\n'
)
sys.stdin.readline()
handshake = {
    "ready": True,
    "protocol": 1,
    "engine": {"name": "huge-open", "version": "0", "language": "python"},
    "cmds": CMDS,
}
sys.stdout.write(json.dumps(handshake) + "\n")
sys.stdout.flush()
for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "stop":
        break
    sys.stdout.write('{"seq":' + json.dumps(request.get("seq")) + _tail)
    sys.stdout.flush()
