"""Lists every command and crashes on its third request the first time it is started;
started again (a file per start in $FAKE_START_DIR), it lists only table and settle and
does not claim input-validation, yet answers everything it is sent."""

import os
import sys
import tempfile

from _base import serve

first = not os.listdir(os.environ["FAKE_START_DIR"])
tempfile.mkstemp(dir=os.environ["FAKE_START_DIR"])


def transform(n, request, reply):
    if first and n == 3:
        sys.exit(70)
    return reply


if first:
    serve(transform)
else:
    serve(transform, cmds=["table", "settle"], skip_features=["input-validation"])
