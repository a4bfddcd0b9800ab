"""Starts a grandchild in a new session (setsid) that holds stdout open and sleeps, then
hangs at its first request, or with --crash exits at once. The grandchild escapes the
engine's process group; the runner must end it anyway and never wait on the pipe it holds.
Every process carries the engine's arguments, so that a test can find them."""

import os
import subprocess
import sys
import time

from _base import serve

subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(300)", *sys.argv[1:]],
    start_new_session=True,
)


def transform(n, request, reply):
    if "--crash" in sys.argv:
        os._exit(3)
    while True:
        time.sleep(60)


serve(transform)
