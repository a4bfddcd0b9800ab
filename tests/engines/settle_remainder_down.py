"""An engine with its own misreading: when rounding pips, a remainder of 3 goes down.

Only its ``settle`` command is wrong (its hands and games count correctly), and the
rounding is written here, independently of the mutant catalogue: an engine that
matches only part of the ``remainder-3-down`` mutant's signature.
"""

import sys
from typing import Any

from reference_impl.adapter import serve
from reference_impl.commands import COMMANDS


def rounded(pips: int) -> int:
    remainder = pips % 5
    return pips - remainder if remainder <= 3 else pips + 5 - remainder


def settle(args: dict[str, Any]) -> Any:
    result = COMMANDS["settle"](args)
    penalties = [rounded(p) for p in result["pips"]]
    result["penalties"] = penalties
    result["deductions"] = [penalties[0] + penalties[2], penalties[1] + penalties[3]]
    return result


commands = {**COMMANDS, "settle": settle}
sys.exit(serve(sys.stdin.buffer, sys.stdout, commands))
