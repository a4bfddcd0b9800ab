"""The fields of an answer that each rule decides.

A case cites every rule its answer depends on, but a wrong answer breaks only some of
them: a settle answer whose ``deductions`` alone are wrong pooled the partners' tiles
(``settle.no-pooling``); it still summed each tile's pips right
(``material.pip-value``). The per-rule tables of the reports and the site count a
failure against the cited rules that decide a field that differs, not against every
rule the case cites.

Fields are named as `conformance.mutants.fields` names them, without the ``hands.``
prefix of a ``game`` answer: a key of the result (``pips``, ``open``), a key of its
events (``events.credit``), or ``refusal`` for any way of refusing or not refusing
(``rejected``, ``rejected.code``, ``rejected.index``, a ``result`` where the rules
refuse). A rule decides the fields that its own step computes: ``material.pip-value``
the ``pips`` and, where an answer gives no pips, the ``penalties`` rounded from them;
the ``deductions`` summed from those belong to the rules of that sum. A failure whose
first wrong field is later than a rule's step is thus not counted against that rule.
A rule that decides which placements are legal decides ``legal``, ``placements`` and
the perft counts ``nodes`` and ``divide`` alike.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["REFUSAL", "RULE_FIELDS"]

REFUSAL = "refusal"
"""Whether, how (code) and where (index) the engine refuses."""

_LEGALITY = ("legal", "placements", "nodes", "divide")
_COUNTING = ("counted", "end_sum", "credit", "credits", "events.end_sum", "events.credit")
_CREDIT = ("credit", "credits", "events.credit", "events.scores", "scores", "winner", "end")
_TEAMS = ("scores", "events.scores", "deductions", "winner")
_ENDING = ("end", "winner", "next_opener", "to_move", *_LEGALITY)
_LAYOUT = ("open", "spinner", "counted", *_LEGALITY)
_TURN = ("to_move", "events.seat", *_LEGALITY)

RULE_FIELDS: Mapping[str, frozenset[str]] = {
    rule: frozenset(fields)
    for rule, fields in {
        "players.four-in-two-teams": (*_TEAMS, *_TURN, REFUSAL),
        "players.shared-score": _TEAMS,
        "material.double-six": (REFUSAL, *_LEGALITY),
        "material.pip-value": ("pips", "penalties"),
        "deal.all-tiles": (REFUSAL,),
        "open.neutral-draw": ("to_move", "events.seat", "next_opener", REFUSAL),
        "open.any-tile": (*_LEGALITY, REFUSAL),
        "open.after-domino": ("next_opener", REFUSAL),
        "open.after-block": ("next_opener", REFUSAL),
        "turn.clockwise": (*_TURN, REFUSAL),
        "place.match-open-value": (*_LEGALITY, "open", REFUSAL),
        "place.own-tile": (*_LEGALITY, REFUSAL),
        "place.end-point-free": (*_LEGALITY, "open", REFUSAL),
        "place.must-play": (*_LEGALITY, REFUSAL),
        "place.pass-when-blocked": (*_TURN, "events.action", "end", REFUSAL),
        "reading.one-placement-per-attach-point": _LEGALITY,
        "double.crosswise": (*_LAYOUT, REFUSAL),
        "double.terminal-counts-both": _COUNTING,
        "double.internal-counts-nothing": _COUNTING,
        "double.later-no-branches": (*_LAYOUT, REFUSAL),
        "spinner.first-double": (*_LAYOUT, REFUSAL),
        "spinner.opening-double": (*_LAYOUT, *_COUNTING, REFUSAL),
        "spinner.branches-after-linear": (*_LAYOUT, REFUSAL),
        "spinner.terminal-while-linear-free": _COUNTING,
        "spinner.internal-after-linear": _COUNTING,
        "spinner.unstarted-branch-zero": _COUNTING,
        "spinner.started-branch-counts": _COUNTING,
        "spinner.available-not-counted": (*_LAYOUT, *_COUNTING),
        "scoring.end-sum": _COUNTING,
        "scoring.multiple-of-five": _CREDIT,
        "scoring.zero-scores-nothing": _CREDIT,
        "scoring.other-sums-nothing": _CREDIT,
        "scoring.placing-team": _CREDIT,
        "scoring.max-end-sum": _COUNTING,
        "end.domino": (*_ENDING, REFUSAL),
        "end.blocked": (*_ENDING, REFUSAL),
        "reading.no-action-after-end": (REFUSAL,),
        "settle.player-pips": ("pips", "penalties"),
        "settle.round-each-player": ("penalties",),
        "settle.own-team": ("deductions", "scores"),
        "settle.no-pooling": ("deductions", "scores"),
        "settle.out-player-zero": ("pips", "penalties"),
        "win.target": (*_ENDING, "events.scores", REFUSAL),
        "win.check-after-credit": (*_ENDING, "events.scores"),
        "win.no-count-after-win": ("penalties", "scores", "end"),
        "reading.scores-carried": ("scores", "events.scores", "winner", "end"),
        "game.over": (REFUSAL,),
        "reading.hands-complete": (REFUSAL,),
        "reading.seats-and-teams": (*_TEAMS, *_TURN),
        "reading.eligible-double": (*_LAYOUT, REFUSAL),
        "reading.side-names": (*_LAYOUT, REFUSAL),
        "reading.normally-except-doubles": (*_LAYOUT, *_COUNTING),
        "place.mirror-opening-double": (*_LAYOUT, REFUSAL),
        "reading.negative-scores": ("scores", "events.scores", "winner", "end"),
        "reading.block-detection": (*_ENDING, "events.action", REFUSAL),
        "reading.draw-is-input": ("to_move", "next_opener", REFUSAL),
        "reading.well-formed-input": (REFUSAL,),
        "reading.no-domino-bonus": (*_CREDIT, "penalties"),
        "reading.starting-scores-below-target": (REFUSAL,),
        "reading.ending-names": ("end",),
    }.items()
}
"""Each rule ID of spec/rules.md with the fields it decides (see the module)."""
