"""Answers table requests with a result whose values carry terminal escapes and rich
markup, and errors on settle with such a message: none of it may reach a terminal raw."""

from _base import serve

HOSTILE = "\x1b]0;owned\x07[bold red]markup[/bold red]\x1b[2J"


def transform(n, request, reply):
    seq = request["seq"]
    if request.get("cmd") == "settle":
        return {"seq": seq, "errored": {"message": HOSTILE}}
    result = reply.get("result")
    if request.get("cmd") == "table" and result:
        result["end_sum"] = HOSTILE
        result["counted"] = [{"tile": [1, 4], "value": HOSTILE}]
    return reply


serve(transform)
