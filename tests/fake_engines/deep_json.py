"""Answers its second request with valid JSON nested almost as deep as a parser allows."""

from _base import serve

DEPTH = 960


def transform(n, request, reply):
    if n != 2:
        return reply
    seq = str(request.get("seq"))
    deep = "[" * DEPTH + "]" * DEPTH
    fields = '"spinner": null, "counted": [], "end_sum": 0, "credits": [], "credit": null'
    return '{"seq": ' + seq + ', "result": {"open": ' + deep + ", " + fields + "}}"


serve(transform)
