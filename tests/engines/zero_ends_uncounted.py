"""An engine with its own misreading: ends worth zero are not counted ends at all.

It answers like the reference, except that its ``table`` replies leave ends of value
zero out of ``counted``: the misreading written independently of the mutant catalogue
(which patches the engine's table instead), to check that diagnosis recognises it.
"""

import sys
from typing import Any

from reference_impl.adapter import serve
from reference_impl.commands import COMMANDS


def table(args: dict[str, Any]) -> Any:
    result = COMMANDS["table"](args)
    result["counted"] = [end for end in result["counted"] if end["value"] != 0]
    return result


commands = {**COMMANDS, "table": table}
sys.exit(serve(sys.stdin.buffer, sys.stdout, commands))
