"""Answers its second request with a seq that is not the request's."""

from _base import serve


def transform(n, request, reply):
    if n == 2:
        reply["seq"] = 1000 + request["seq"]
    return reply


serve(transform)
