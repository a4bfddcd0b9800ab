"""Tries to get out of the sandbox, then answers the test fixtures correctly; its
engine version says what it managed: writing its working folder (expected), writing
outside it, a network socket, seeing the runner's processes."""

import json
import os
import socket
import sys

from _base import CMDS, _loop

managed = []
try:
    with open("mine.txt", "w") as f:
        f.write("ok")
    managed.append("own-folder")
except OSError:
    pass
for place in (os.path.expanduser("~/.cache/seven-rocks-escape"), "/var/tmp/seven-rocks-escape"):
    try:
        with open(place, "w") as f:
            f.write("escaped")
        managed.append("wrote-outside")
        os.unlink(place)
    except OSError:
        pass
try:
    socket.create_connection(("1.1.1.1", 53), timeout=1).close()
    managed.append("network")
except OSError:
    pass
if len([p for p in os.listdir("/proc") if p.isdigit()]) > 10:
    managed.append("sees-processes")
sys.stdin.readline()
engine = {"name": "escapes", "version": ",".join(managed) or "none", "language": "python"}
print(json.dumps({"ready": True, "protocol": 1, "engine": engine, "cmds": CMDS}), flush=True)
_loop(None)
