"""An engine that is wrong the same way in every answer, in a key no case needs to state.

``wrong_everywhere.py MODE`` answers like the reference, except that every reply it sends
is rewritten by the one function named ``MODE`` (`REWRITES`):

- ``opening-on``: an opening placement carries ``"on": {"tile": [6, 6], "side": "high"}``;
- ``opening-on-null``: an opening placement carries ``"on": null``;
- ``pass-credits``: a pass event carries ``"credit": 25, "end_sum": 25,
  "scores": [999, 999]``;
- ``placement-extra-key``: a placement's ``on`` carries the end point's ``value`` too;
- ``event-foreign-key``: a pass event carries ``"credit": 0``, a key of placement events;
- ``continuation-without-on``: a placement after the opening loses its ``on``.

Each rewrites a result in place wherever the value appears (``legal`` placements, events,
a game's hands, perft's divide): a misreading of the protocol's closed values that no
case has to spell out, which the comparison must refuse all the same.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

JSON = Any


def _objects(value: JSON) -> Iterator[dict[str, JSON]]:
    """Every object inside ``value``, ``value`` included, outermost first."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _placements(value: JSON) -> Iterator[dict[str, JSON]]:
    # A placement is the one object with "tile" and nothing but "on" beside it.
    return (o for o in _objects(value) if "tile" in o and set(o) <= {"tile", "on"})


def _pass_events(value: JSON) -> Iterator[dict[str, JSON]]:
    return (o for o in _objects(value) if o.get("action") == "pass" and "seat" in o)


def opening_on(result: JSON) -> None:
    for placement in list(_placements(result)):
        if "on" not in placement:
            placement["on"] = {"tile": [6, 6], "side": "high"}


def opening_on_null(result: JSON) -> None:
    for placement in list(_placements(result)):
        if "on" not in placement:
            placement["on"] = None


def pass_credits(result: JSON) -> None:
    for event in list(_pass_events(result)):
        event.update(credit=25, end_sum=25, scores=[999, 999])


def placement_extra_key(result: JSON) -> None:
    for placement in list(_placements(result)):
        on = placement.get("on")
        if on is not None:
            tile, side = on["tile"], on["side"]
            on["value"] = tile[0] if side == "low" else tile[1]


def event_foreign_key(result: JSON) -> None:
    for event in list(_pass_events(result)):
        event["credit"] = 0


def continuation_without_on(result: JSON) -> None:
    for placement in list(_placements(result)):
        placement.pop("on", None)


REWRITES: dict[str, Callable[[JSON], None]] = {
    "opening-on": opening_on,
    "opening-on-null": opening_on_null,
    "pass-credits": pass_credits,
    "placement-extra-key": placement_extra_key,
    "event-foreign-key": event_foreign_key,
    "continuation-without-on": continuation_without_on,
}


def rewritten(mode: str, reply: dict[str, JSON]) -> dict[str, JSON]:
    """``reply`` with its result rewritten by ``mode`` (a refusal is left alone)."""
    if "result" in reply:
        REWRITES[mode](reply["result"])
    return reply


if __name__ == "__main__":
    from reference_impl.adapter import serve
    from reference_impl.commands import COMMANDS

    mode = sys.argv[1]

    def wrap(command: Callable[[JSON], JSON]) -> Callable[[JSON], JSON]:
        def answer(args: JSON) -> JSON:
            result = command(args)
            REWRITES[mode](result)
            return result

        return answer

    commands = {name: wrap(command) for name, command in COMMANDS.items()}
    sys.exit(serve(sys.stdin.buffer, sys.stdout, commands))
