"""The rules a failing case counts against: those it cites that decide a field that
differs (`conformance.suite.rule_fields`), for the per-rule tables."""

from __future__ import annotations

from conformance.mutants.fields import ERRORED, REFUSED, UNREFUSED, differing_fields
from conformance.runner.outcomes import CaseResult, Outcome
from conformance.suite.rule_fields import REFUSAL, RULE_FIELDS

__all__ = ["counts_against", "outcome_per_rule"]

_REFUSING = frozenset({REFUSED, UNREFUSED, "rejected.code", "rejected.index"})


def _field(name: str) -> str:
    # A game's answer holds hands: its fields are those of a hand's answer.
    name = name.removeprefix("hands.")
    return REFUSAL if name in _REFUSING or name == "hands" else name


def _decides(rule: str, field: str) -> bool:
    fields = RULE_FIELDS.get(rule)
    if fields is None:  # a rule the suite does not know (a user's fixture): no telling
        return True
    return any(field == f or field.startswith(f + ".") for f in fields)


def counts_against(result: CaseResult) -> tuple[str, ...]:
    """The rules a case counts against when it fails or errs: the cited rules deciding a
    field that differs; every cited rule when no answer was usable (errored, never
    sent) or when none of them decides such a field (the table cannot tell). For any
    other outcome, every cited rule."""
    cited = tuple(dict.fromkeys(result.case.rules))
    if result.outcome not in (Outcome.FAILED, Outcome.XFAILED):
        return cited
    fields = {_field(f) for f in differing_fields(result)}
    if ERRORED in fields:
        return cited
    at_fault = tuple(r for r in cited if any(_decides(r, f) for f in fields))
    return at_fault or cited


def outcome_per_rule(result: CaseResult) -> dict[str, Outcome]:
    """The case's outcome under each rule it cites, for a per-rule table: its own under
    the rules it counts against, passed under the others (their fields came out right)."""
    against = counts_against(result)
    return {r: result.outcome if r in against else Outcome.PASSED for r in result.case.rules}
