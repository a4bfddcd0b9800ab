"""Probes what it may do, writes one line ``PROBE {json}`` on stderr, then answers the test
fixtures correctly. It tells: its capabilities and user, its environment and home, the
Unix sockets it can connect to anywhere it can see (``--sockets``), a file
(``--read PATH``, PATH without its first /), how many processes it can start
(``--fork N``) and how many MiB it can write in its folder and in /tmp (``--fill N``)."""

import json
import os
import socket
import stat
import sys
import time

from _base import serve


def _status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return line.split()[1]
    return None


def _sockets():
    """Sockets found under / (not /proc, /sys, /dev), and those that accept a connection."""
    seen, reached = [], []
    for top, folders, files in os.walk("/"):
        if top == "/":
            folders[:] = [f for f in folders if f not in ("proc", "sys", "dev")]
        for name in files:
            path = os.path.join(top, name)
            try:
                if not stat.S_ISSOCK(os.lstat(path).st_mode):
                    continue
                seen.append(path)
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                    s.settimeout(1)
                    s.connect(path)
                reached.append(path)
            except OSError:
                pass
    return seen, reached


def _forks(count):
    children = []
    try:
        for _ in range(count):
            pid = os.fork()
            if pid == 0:
                time.sleep(30)
                os._exit(0)
            children.append(pid)
    except OSError:
        pass
    for pid in children:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return len(children)


def _fill(folder, mib):
    written = 0
    try:
        with open(os.path.join(folder, "fill"), "wb") as f:
            for _ in range(mib):
                f.write(b"\0" * (1 << 20))
                f.flush()
                written += 1
    except OSError:
        pass
    return written


found = {
    "cap_eff": _status("CapEff"),
    "cap_bnd": _status("CapBnd"),
    "uid": os.getuid(),
    "env": sorted(os.environ),
    "visible": [p for p in ("/run", "/var/run", "/var", "/home", "/sys") if os.path.exists(p)],
}
if "--sockets" in sys.argv:
    found["sockets_seen"], found["sockets"] = _sockets()
if "--read" in sys.argv:
    try:
        with open("/" + sys.argv[sys.argv.index("--read") + 1]) as f:
            found["read"] = f.read()
    except OSError:
        found["read"] = None
if "--fork" in sys.argv:
    found["forks"] = _forks(int(sys.argv[sys.argv.index("--fork") + 1]))
if "--fill" in sys.argv:
    mib = int(sys.argv[sys.argv.index("--fill") + 1])
    found["filled"] = [_fill(".", mib), _fill("/tmp", mib)]
print("PROBE " + json.dumps(found), file=sys.stderr, flush=True)
serve()
