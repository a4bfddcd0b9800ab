"""Replies to its second request with one 10 MB line."""

from _base import serve


def transform(n, request, reply):
    if n == 2:
        pad = "x" * 10_000_000
        return f'{{"seq": {request["seq"]}, "result": {{"pad": "{pad}"}}}}'
    return reply


serve(transform)
