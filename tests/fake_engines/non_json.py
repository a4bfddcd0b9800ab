"""Prints something that is not JSON in reply to its second request."""

from _base import serve


def transform(n, request, reply):
    return "this is not JSON {" if n == 2 else reply


serve(transform)
