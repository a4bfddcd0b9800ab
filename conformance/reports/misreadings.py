"""The "Likely misreadings" block of the text report: the diagnosis in words."""

from __future__ import annotations

from conformance.mutants.diagnosis import (
    MAX_UNSIGNED,
    Diagnosis,
    Misreading,
    Unexplained,
    diagnose_run,
)
from conformance.mutants.fields import field_words
from conformance.runner.outcomes import RunResult

__all__ = [
    "RANKING",
    "describe",
    "describe_unexplained",
    "format_diagnosis",
    "format_misreadings",
    "headline",
]

RANKING = (
    "best first: the rule sets reproducing the most failing answers exactly less the "
    "cases your engine passes that they would fail"
)
"""How the entries are ordered, in words (`conformance.mutants.diagnosis`)."""

_SHOWN_IDS = 5


def _ids(ids: tuple[str, ...]) -> str:
    shown = ", ".join(ids[:_SHOWN_IDS])
    return shown + (f" and {len(ids) - _SHOWN_IDS} more" if len(ids) > _SHOWN_IDS else "")


def _changes(misreading: Misreading) -> str:
    pairs = zip(misreading.variants, misreading.descriptions, strict=True)
    return "; ".join(f"`{name}` ({description})" for name, description in pairs)


def _reproduces(misreading: Misreading, failures: int) -> str:
    count = len(misreading.reproduced)
    return (
        f"reproduces {count} of {failures} failures exactly; would fail "
        f"{len(misreading.contradicted)} of the cases you pass"
    )


def describe(misreading: Misreading, failures: int, *, first: bool) -> str:
    """One entry as a sentence: for a rule set found by reproduction, "your engine answers
    as Seven Rocks with these changes: ... (reproduces 21 of 23 failures exactly; ...)"."""
    if misreading.variants:
        lead = (
            "your engine answers as Seven Rocks with these changes"
            if first
            else "next best, Seven Rocks with"
        )
        text = f"{lead}: {_changes(misreading)} ({_reproduces(misreading, failures)})"
        text += f"; rules: {', '.join(misreading.rules)}"
        if misreading.alternatives:
            others = ", ".join(f"`{n}`" for n in misreading.alternatives)
            text += f"; these cases cannot tell it apart from {others}"
        if misreading.contradicted:
            text += f"; it would fail: {_ids(misreading.contradicted)}"
        return text
    count = len(misreading.explained)
    # An entry that fails cases the engine passes is a likeness, not a diagnosis.
    partly = " partly" if misreading.contradicted else ""
    lead = (
        f"{count} of {failures} failures{partly} match" if first else f"{count} more{partly} match"
    )
    likely = "may have it" if misreading.contradicted else "probably has it"
    text = (
        f"{lead} `{misreading.mutant}`: your engine {likely} that "
        f"{misreading.description} ({', '.join(misreading.rules)})"
    )
    if misreading.fields:
        text += f"; it explains {_fields(misreading.fields)}"
    text += f" (precision {misreading.precision:.0%}, recall {misreading.recall:.0%})"
    if misreading.alternatives:
        others = ", ".join(f"`{n}`" for n in misreading.alternatives)
        text += f"; these cases cannot tell it apart from {others}"
    if misreading.contradicted:
        text += (
            f"; but it would also fail {len(misreading.contradicted)} case(s) your engine "
            f"passes: {_ids(misreading.contradicted)}"
        )
    return text


def _fields(fields: tuple[str, ...]) -> str:
    words = [field_words(f) for f in fields]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe_unexplained(group: Unexplained) -> str:
    """One group of failures nothing explains, e.g. "`open`: 9 failures (table.x, ...)"."""
    count = len(group.cases)
    noun = "failure" if count == 1 else "failures"
    return f"{_fields(group.fields)}: {count} {noun} ({_ids(group.cases)})"


def format_diagnosis(diagnosis: Diagnosis) -> str:
    """The block for `diagnosis`, or '' when there is nothing to explain."""
    if diagnosis.unavailable:
        return f"Likely misreadings: not available ({diagnosis.unavailable})"
    if not diagnosis.failures and not diagnosis.unknown:
        return ""
    lines = ["Likely misreadings:"]
    for index, misreading in enumerate(diagnosis.misreadings):
        lines.append("  " + describe(misreading, diagnosis.failures, first=index == 0))
    if diagnosis.unexplained:
        count = len(diagnosis.unexplained)
        if diagnosis.misreadings:
            lead = f"no known misreading explains what differs in {count} failure(s)"
        else:
            lead = f"no known misreading explains these {count} failure(s)"
        lines.append(f"  {lead}; by the fields left unexplained:")
        lines.extend("    " + describe_unexplained(g) for g in diagnosis.groups)
    if len(diagnosis.misreadings) > 1:
        lines.append(f"  (ranked {RANKING})")
    if diagnosis.errored:
        lines.append(
            f"  ({diagnosis.errored} errored case(s), with no usable answer, are not diagnosed)"
        )
    if diagnosis.unknown:
        lines.append(
            f"  {len(diagnosis.unknown)} failure(s) are in cases without a mutant signature "
            f"(new, changed, or not the suite's own) beyond the first {MAX_UNSIGNED}, so not "
            f"diagnosed: {_ids(diagnosis.unknown)}"
        )
    return "\n".join(lines)


def headline(diagnosis: Diagnosis) -> str:
    """The diagnosis in one paragraph, for the top of a report; '' with nothing to say."""
    if not diagnosis.misreadings:
        if diagnosis.failures:
            return (
                f"Diagnosis: no rule set of the catalogue reproduces any of the "
                f"{diagnosis.failures} failures exactly (see the end of the report)."
            )
        return ""
    first = diagnosis.misreadings[0]
    text = (
        "Diagnosis: your engine answers as Seven Rocks with these changes: "
        f"{_changes(first)} ({_reproduces(first, diagnosis.failures)})."
    )
    if len(diagnosis.misreadings) > 1:
        text += f" {len(diagnosis.misreadings) - 1} more rule set(s) at the end of the report."
    return text


def format_misreadings(result: RunResult) -> str:
    """The "Likely misreadings" block of a run, or '' when nothing failed."""
    return format_diagnosis(diagnose_run(result))
