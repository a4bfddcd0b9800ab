"""Puts terminal tricks in the text pytest shows first: an OSC 52 sequence (which would
set the clipboard), ESC, a right-to-left override, a lone surrogate and a newline that
forges a summary line, in the messages of errored, declined and rejected replies and in
a wrong result."""

import json
import sys

from _base import serve

TRICK = "\x1b]52;c;ZXZpbA==\x07 esc\x1b[2J rtl\u202e \ud800 cut\n=== 361 passed in 0.1s ==="


def transform(n, request, reply):
    seq = request.get("seq")
    kind = n % 4
    if kind == 0:
        body = {"errored": {"message": TRICK}}
    elif kind == 1:
        body = {"rejected": {"code": "bad_request", "index": None, "message": TRICK}}
    elif kind == 2:
        body = {"skipped": {"message": TRICK}}
    else:
        body = {"result": {**reply.get("result", {}), "spinner": TRICK, "end_sum": TRICK}}
    # ensure_ascii writes the lone surrogate as an escape, which every JSON reader reads.
    return json.dumps({"seq": seq, **body})


serve(transform)
sys.exit(0)
