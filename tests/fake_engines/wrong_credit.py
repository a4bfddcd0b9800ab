"""Credits 10 instead of 5 (a rules bug, not a protocol one)."""

from _base import serve


def transform(n, request, reply):
    result = reply.get("result")
    if request.get("cmd") == "table" and result and result["credit"] == 5:
        result["credit"] = 10
        result["credits"][-1] = 10
    return reply


serve(transform)
