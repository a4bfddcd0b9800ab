"""Declines settle cases with 'skipped' and reports an internal error on perft."""

from _base import serve


def transform(n, request, reply):
    seq = request["seq"]
    if request.get("cmd") == "settle":
        return {"seq": seq, "skipped": {"message": "settle not ready"}}
    if request.get("cmd") == "perft":
        return {"seq": seq, "errored": {"message": "perft blew up"}}
    return reply


serve(transform)
