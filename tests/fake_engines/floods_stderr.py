"""Writes megabytes to stderr before every reply, and answers one credit wrongly."""

import sys

from _base import serve

NOISE = ("noise " * 170 + "\n") * 2000  # about 2 MB


def transform(n, request, reply):
    sys.stderr.write(NOISE)
    sys.stderr.write(f"last words before reply {n}\n")
    sys.stderr.flush()
    if request.get("cmd") == "table" and "result" in reply and reply["result"]["credit"] == 5:
        reply["result"]["credit"] = 0
    return reply


serve(transform)
