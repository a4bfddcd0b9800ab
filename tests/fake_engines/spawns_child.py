"""Starts a grandchild process (its pid goes to the file named by $FAKE_CHILD_PID), then
hangs: the runner must end the whole process group, grandchild included."""

import os
import subprocess
import sys
import time

from _base import serve

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
with open(os.environ["FAKE_CHILD_PID"], "w") as f:
    f.write(str(child.pid))


def transform(n, request, reply):
    while True:
        time.sleep(60)


serve(transform)
