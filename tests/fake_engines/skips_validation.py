"""The reference engine, declaring in its handshake that it does not claim input-validation."""

import json
import sys

from reference_impl.adapter import ENGINE, handle

for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "stop":
        break
    if request.get("cmd") == "start":
        reply = {"ready": True, "protocol": 1, "engine": ENGINE, "cmds": ["table", "settle"]}
        reply["skip_features"] = ["input-validation"]
    else:
        reply = handle(request)
    print(json.dumps(reply), flush=True)
