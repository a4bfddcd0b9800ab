"""Puts text no output can carry raw into everything it says: a lone surrogate, NUL, ESC
sequences that would clear a terminal, C1 controls, a right-to-left override; in a wrong
result, in an error message, in a refusal's message, in its name, and (as bytes that are
not UTF-8) on stderr."""

import json
import sys

from _base import CMDS

NASTY = "\ud800 nul\x00 esc\x1b[2J\x1b]0;title\x07 c1\x85\x9b rtl\u202e cr\r end"

sys.stdin.readline()
engine = {"name": "hostile" + NASTY, "version": "0" + NASTY, "language": "python"}
print(json.dumps({"ready": True, "protocol": 1, "engine": engine, "cmds": CMDS}), flush=True)
sys.stderr.buffer.write(b"bad utf-8 \xff\xfe esc \x1b[31m red \x00 nul\n")
sys.stderr.flush()
for n, line in enumerate(sys.stdin, 1):
    request = json.loads(line)
    if request.get("cmd") == "stop":
        break
    seq = request.get("seq")
    if n % 3 == 1:
        reply = {
            "seq": seq,
            "result": {
                "spinner": NASTY,
                "end_sum": NASTY,
                "credits": [NASTY],
                "credit": NASTY,
                "open": [],
                "counted": [],
            },
        }
    elif n % 3 == 2:
        reply = {"seq": seq, "errored": {"message": NASTY}}
    else:
        reply = {"seq": seq, "rejected": {"code": NASTY, "index": NASTY, "message": NASTY}}
    print(json.dumps(reply), flush=True)
