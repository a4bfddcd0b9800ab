"""Moves its parent, the runner, into its own cgroups (writing the runner's pid into
their cgroup.procs, as a process with write access to them can), so that ending the
engine's cgroup would kill the runner too; then answers correctly."""

import os

from _base import engine_cgroups, serve

for cgroup in engine_cgroups():
    try:
        with open(os.path.join(cgroup, "cgroup.procs"), "w") as procs:
            procs.write(str(os.getppid()))
    except OSError:
        pass

serve()
