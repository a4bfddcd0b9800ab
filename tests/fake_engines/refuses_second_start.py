"""Counts perft depth 0 as 2 nodes (a wrong count, so the runner descends to locate it)
and, like a strict engine, refuses a second start as a request without seq."""

from _base import serve


def transform(n, request, reply):
    if request.get("cmd") == "start":
        return {
            "seq": None,
            "rejected": {
                "code": "bad_request",
                "index": None,
                "message": "start is only the first line",
            },
        }
    if request.get("cmd") == "perft":
        return {"seq": request.get("seq"), "result": {"nodes": 2, "divide": []}}
    return reply


serve(transform)
