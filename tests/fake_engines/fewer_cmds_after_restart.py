"""Lists every command and crashes on its third request the first time it is started;
started again (a file per start in $FAKE_START_DIR), it lists only settle, yet answers
everything it is sent."""

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


serve(transform, cmds=None if first else ["settle"])
