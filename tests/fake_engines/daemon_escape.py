"""Starts a daemon that nothing but a cgroup can find: in a session of its own (setsid,
after a double fork), exec'd with an empty environment (no token) and every descriptor
on /dev/null (none of the engine's pipes). It sleeps for a minute with the engine's
arguments on its command line, so that a test can find it. The engine answers correctly,
once the daemon runs. With --nested, the daemon first moves into a cgroup it makes
inside the engine's own (in every hierarchy that gave the engine one)."""

import os
import sys

from _base import engine_cgroups, serve


def nest() -> None:
    for cgroup in engine_cgroups():
        inner = os.path.join(cgroup, "inner")
        os.mkdir(inner)
        with open(os.path.join(inner, "cgroup.procs"), "w") as procs:
            procs.write(str(os.getpid()))


# Closed on exec (Python's descriptors are not inherited): EOF once the daemon runs.
ready, running = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        if "--nested" in sys.argv:
            nest()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.closerange(3, running)
        os.closerange(running + 1, 65536)
        code = "import time; time.sleep(60)"
        os.execve(sys.executable, [sys.executable, "-c", code, *sys.argv[1:]], {})
    os._exit(0)
os.close(running)
os.read(ready, 1)
os.wait()

serve(lambda n, request, reply: reply)
