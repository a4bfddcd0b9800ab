"""Lists no command in its handshake: every case is skipped, and nothing was run."""

from _base import serve

serve(cmds=[])
