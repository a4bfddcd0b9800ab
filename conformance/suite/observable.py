"""Which rules a case of each command can observe.

A case checks the rules it cites only through what its command replies. ``table``
evaluates placements on a table with no seats, teams or turns; ``legal`` lists the
placements of one player and never passes; ``settle`` counts tiles held at the end of
a hand. A case citing a rule that its command's reply cannot show proves nothing about
that rule, and ``lint`` refuses it.

A command observes the rule groups of ``COMMAND_GROUPS``; within those groups, a rule
that needs seats (whose team a credit goes to) or a pass is observable only by a
command that has them (``COMMAND_HAS`` and ``RULE_NEEDS``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from conformance.suite.rules import rule_group

__all__ = ["COMMAND_GROUPS", "COMMAND_HAS", "RULE_NEEDS", "unobservable"]

_ALL: Final = frozenset(
    {"players", "material", "deal", "open", "turn", "place", "double", "spinner"}
    | {"scoring", "end", "settle", "win", "game", "reading"}
)

COMMAND_GROUPS: Final[Mapping[str, frozenset[str]]] = {
    "table": frozenset({"material", "open", "place", "double", "spinner", "scoring", "reading"}),
    "legal": frozenset({"material", "open", "place", "double", "spinner", "reading"}),
    "settle": frozenset({"players", "material", "deal", "settle", "reading"}),
    "hand": _ALL,
    "game": _ALL,
    "perft": _ALL - {"settle", "players"},
}
"""The rule groups whose rules each command's reply can show."""

COMMAND_HAS: Final[Mapping[str, frozenset[str]]] = {
    "table": frozenset(),
    "legal": frozenset(),
    "settle": frozenset({"seats"}),
    "hand": frozenset({"seats", "passes"}),
    "game": frozenset({"seats", "passes"}),
    "perft": frozenset({"seats", "passes"}),
}
"""What each command's request and reply hold beyond tiles on a table: seats (and so
teams and scores) and passes."""

RULE_NEEDS: Final[Mapping[str, str]] = {
    "scoring.placing-team": "seats",
    "reading.seats-and-teams": "seats",
    "place.must-play": "passes",
    "place.pass-when-blocked": "passes",
}
"""Rules of an observable group that only a command with seats or passes can show."""


def unobservable(cmd: str, rule_ids: Iterable[str]) -> list[str]:
    """The reasons a ``cmd`` case cannot observe the rules ``rule_ids`` it cites, one per
    rule it cannot; empty for an unknown command (the schema refuses that)."""
    groups = COMMAND_GROUPS.get(cmd)
    if groups is None:
        return []
    out = []
    for rule_id in rule_ids:
        group = rule_group(rule_id)
        need = RULE_NEEDS.get(rule_id)
        if group not in groups:
            out.append(f"{cmd!r} cannot observe {rule_id!r}: its reply shows no {group} rule")
        elif need is not None and need not in COMMAND_HAS[cmd]:
            out.append(f"{cmd!r} cannot observe {rule_id!r}: the command has no {need}")
    return out
