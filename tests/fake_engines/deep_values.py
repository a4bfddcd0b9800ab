"""Answers with values nested 900 deep (about as deep as a JSON parser reads) where the
runner shows them: the spinner, an entry of ``open`` and ``counted``, and, with
--errored, the message of an errored reply. Nothing the runner writes may recurse on
them."""

import sys

from _base import serve

DEPTH = 900
DEEP = "[" * DEPTH + "]" * DEPTH


def transform(n, request, reply):
    seq = request.get("seq")
    if "--errored" in sys.argv:
        return f'{{"seq": {seq}, "errored": {{"message": {DEEP}}}}}'
    return (
        f'{{"seq": {seq}, "result": {{"spinner": {DEEP}, "open": [{DEEP}], '
        f'"counted": [{DEEP}], "end_sum": {DEEP}, "credits": [], "credit": null, '
        f'"placements": [{DEEP}], "pips": {DEEP}}}}}'
    )


serve(transform)
