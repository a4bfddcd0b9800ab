"""Answers with markup, control characters and lone surrogates in its replies and stderr.

Every ``table`` reply gets an extra field and a wrong credit; ``settle`` errors with a
message meant to break out of an HTML page. The reports must show it all as text.
"""

import sys

from _base import serve

HOSTILE = (
    '</pre></details><script>alert("x")</script><img src=x onerror=alert(1)> '
    '\x00\x1b[31m\ud800 & "quoted" \x0c]]>'
)


def transform(n, request, reply):
    sys.stderr.buffer.write(HOSTILE.encode("utf-8", "surrogatepass") + b"\xff\n")
    sys.stderr.flush()
    if request.get("cmd") == "table" and "result" in reply:
        reply["result"]["credit"] = HOSTILE
        reply["result"]["<b>note</b>"] = HOSTILE
    elif request.get("cmd") == "settle":
        return {"seq": request.get("seq"), "errored": {"message": HOSTILE}}
    return reply


serve(transform)
