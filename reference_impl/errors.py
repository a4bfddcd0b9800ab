"""One exception family; each member carries a protocol rejection code.

The family is the kit's (`seven_rocks_kit.rejections`): the engine raises the very
classes an engine built with the kit raises, `RuleViolation` being their base
`Rejected`. A rejected request or action never changes any state: every checked entry
point validates completely before it mutates.
"""

from __future__ import annotations

from seven_rocks_kit.rejections import *  # noqa: F403 (the family, under its own names)
from seven_rocks_kit.rejections import Rejected
from seven_rocks_kit.rejections import __all__ as _FAMILY

__all__ = [
    *(name for name in _FAMILY if name not in ("Rejected", "at")),
    "Declined",
    "RuleViolation",
]

RuleViolation = Rejected
"""The family's base: a request or action that the rules refuse."""


class Declined(Exception):
    """A request the engine chooses not to answer, such as a count past its budget.

    Not a rule violation: the protocol reply is ``skipped``, with this message.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
