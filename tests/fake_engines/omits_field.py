"""Leaves the field 'credit' out of every table result."""

from _base import serve


def transform(n, request, reply):
    if request.get("cmd") == "table" and "result" in reply:
        del reply["result"]["credit"]
    return reply


serve(transform)
