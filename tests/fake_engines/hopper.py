"""Starts a "hopper": a descendant in a session of its own that forks anew every
20 ms (the parent exits, so its pid keeps changing). With --pipe it clears the
runner's token from its environment and keeps the engine's stdout; with --token it keeps
the token and closes every pipe. Then the engine hangs at its first request (or with
--answer answers correctly). The runner must end the hopper anyway."""

import os
import sys
import time

from _base import serve

TOKEN = "SEVEN_ROCKS_ENGINE_TOKEN"

if os.fork() == 0:
    os.setsid()
    if "--pipe" in sys.argv:
        os.environ.pop(TOKEN, None)
        environ = {k: v for k, v in os.environ.items() if k != TOKEN}
    else:
        environ = dict(os.environ)
        for fd in (0, 1, 2):
            os.close(fd)
    # The environment of a process is what it was exec'd with: exec once without it.
    # Every 20 ms, not faster: each generation it leaves ends as a zombie that init must
    # reap, and thousands a second slow down the whole machine. It gives up after two
    # minutes: a hopper the runner failed to end (the failure its
    # test reports) must not go on loading the machine for every later test.
    code = (
        "import os, time\n"
        "end = time.time() + 120\n"
        "while time.time() < end:\n"
        "    time.sleep(0.02)\n"
        "    if os.fork() != 0:\n"
        "        os._exit(0)\n"
    )
    os.execve(sys.executable, [sys.executable, "-c", code, *sys.argv[1:]], environ)


def transform(n, request, reply):
    if "--answer" in sys.argv:
        return reply
    while True:
        time.sleep(60)


serve(transform)
