"""Does not implement perft: its cases must be skipped, not failed."""

from _base import CMDS, serve

serve(cmds=[c for c in CMDS if c != "perft"])
