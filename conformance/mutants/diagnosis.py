"""Diagnosis: the rule sets that answer as the engine does, and what none reproduces.

A run's diagnosis (`diagnose_run`) is made by reproduction
(`conformance.mutants.reproduce`): rule sets of the catalogue, run in-process on the
run's own requests, whose whole answers are compared with the engine's. Its entries are
rule sets, best first: the one that reproduces the most failing answers exactly and
contradicts the fewest passing cases, then the next best; the failures the first does
not reproduce are grouped by the fields that differ.

`diagnose`, kept for callers holding only fields, explains failures by field
signatures instead, as follows.

Each catalogue entry has a signature (`signatures`): the cases it fails, each with the
fields of the answer it changes. A failure is reduced to the same kind of data, the
fields in which the engine's answer differs (`fields`). The unit of evidence is a
*difference*, one (case, field) pair: a misreading explains a failure only where it
changes the fields that differ, so a misreading of the credits explains nothing of a
case that differs only in its open points.

The failures are explained as a set cover of their differences, greedily, one entry at
a time, ranked by this key (the largest first):

1. whether the entry fails no case the engine passes: an entry that contradicts a
   passing case ranks below every entry that does not;
2. gain x precision, where gain is the number of still unexplained differences the
   entry explains and precision the share of the differences it would make that the
   engine makes too (a difference it makes in a case the engine passes, or in a field the
   engine gets right, counts against it);
3. precision, then catalogue order.

An entry whose precision is below `MIN_PRECISION` is never proposed; at most
`MAX_MISREADINGS` are. Each entry reports its precision and its recall (the share of
all the run's differences it explains). Differences no entry explains are reported as
such, their cases grouped by the fields that differ, never pinned on the nearest name.

Only the run's own judged cases count (a subset run blames no mutant for cases it did
not run), and only cases whose signatures are current. A misreading shows as a wrong
answer, so errored cases (no usable answer: a crash, a timeout, a broken message, a
case never sent) take no part either. Entries that make exactly the same differences in
the run cannot be told apart by it: they form one entry, the first in catalogue order
named, the others listed as alternatives.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from conformance.runner.outcomes import CaseResult, Outcome, RunResult

if TYPE_CHECKING:
    from conformance.mutants.reproduce import RuleSet, Subject
    from conformance.mutants.signatures import Signatures

__all__ = ["Diagnosis", "Misreading", "Unexplained", "diagnose", "diagnose_run"]

MAX_MISREADINGS = 5
"""Past a few misreadings, a cover explains noise rather than the engine."""
MIN_PRECISION = 0.25
"""A misreading is not proposed when the engine makes few of the differences it would.
(An engine may show one misreading in one command only: a quarter is enough.)"""

_FAILING = frozenset({Outcome.FAILED, Outcome.XFAILED})
MAX_UNSIGNED = 50
"""The most failing cases without a signature that a diagnosis reproduces; each costs an
in-process answer per candidate rule set. The rest are reported as ``unknown``."""
MAX_UNSIGNED_PASSING = 200
"""The most passing cases without a signature on which a rule set's contradictions are
counted (each also costs an in-process answer per candidate)."""
_PASSING = frozenset({Outcome.PASSED, Outcome.XPASSED})

Difference = tuple[str, str]
"""(case id, field): one way in which one answer departs from the rules."""


@dataclass(frozen=True)
class Misreading:
    """One proposed misreading, with the evidence for it."""

    mutant: str
    """The catalogue name of the engine that has this misreading."""
    alternatives: tuple[str, ...]
    """Entries making exactly the same differences in this run: it cannot tell them apart."""
    description: str
    rules: tuple[str, ...]
    explained: tuple[str, ...]
    """The failing cases in which it explains differences no earlier entry explained."""
    matched: int
    """All of the run's failures in which it explains some difference."""
    contradicted: tuple[str, ...]
    """Cases of the run it fails but the engine passes."""
    fields: tuple[str, ...] = ()
    """The fields of the differences it explains."""
    precision: float = 1.0
    """The share of the differences it would make that the engine makes."""
    recall: float = 1.0
    """The share of the run's differences that it explains."""
    serve: tuple[str, ...] = ()
    """The reference adapter's arguments that serve an engine with this misreading."""
    variants: tuple[str, ...] = ()
    """The catalogue entries applied together (a rule set found by reproduction), or ()
    for an entry found by field signatures (then `mutant` alone)."""
    reproduced: tuple[str, ...] = ()
    """The failing cases whose whole answer the rule set gives exactly."""
    descriptions: tuple[str, ...] = ()
    """What each of `variants` does wrong, in the same order."""

    def as_json(self) -> dict[str, Any]:
        """The entry of the JSON report's ``diagnosis`` list."""
        return {
            "variants": list(self.variants or (self.mutant,)),
            "reproduced": len(self.reproduced),
            "mutant": self.mutant,
            "alternatives": list(self.alternatives),
            "description": self.description,
            "rules": list(self.rules),
            "explained": len(self.explained),
            "matched": self.matched,
            "contradicted": len(self.contradicted),
            "cases": list(self.explained),
            "fields": list(self.fields),
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
        }


@dataclass(frozen=True)
class Unexplained:
    """Failures that no proposed misreading explains, with the same fields left over."""

    fields: tuple[str, ...]
    cases: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        """The entry of the JSON report's ``unexplained`` list."""
        return {"fields": list(self.fields), "cases": list(self.cases)}


@dataclass(frozen=True)
class Diagnosis:
    """The misreadings that best explain a run's failures, best first."""

    misreadings: tuple[Misreading, ...]
    failures: int
    """The run's failures that have a current signature (what diagnosis can explain)."""
    unexplained: tuple[str, ...]
    """Failures with a current signature with a difference no proposed misreading explains."""
    unknown: tuple[str, ...]
    """Failures of cases the signatures do not cover (new, changed or outside the suite)."""
    unavailable: str = ""
    """Why there is no diagnosis at all (the shipped signatures cannot be read), or ''."""
    errored: int = 0
    """Cases of the run that errored: set aside, as they show no reading of the rules.
    Cases the run never sent are not among them: they say nothing of the engine."""
    groups: tuple[Unexplained, ...] = ()
    """The unexplained failures grouped by the fields left unexplained, largest first."""


@dataclass(frozen=True)
class _Candidate:
    names: tuple[str, ...]
    description: str
    rules: tuple[str, ...]
    makes: frozenset[Difference]
    """The differences it would make in the run's judged cases."""
    contradicts: frozenset[str]
    """The cases the engine passes that it fails."""
    order: int
    serve: tuple[str, ...]


def _candidates(
    signatures: Signatures, judged: frozenset[str], passed: frozenset[str]
) -> list[_Candidate]:
    """One candidate per distinct set of differences within the run, in catalogue order."""
    grouped: dict[frozenset[Difference], list[int]] = {}
    for index, mutant in enumerate(signatures.mutants):
        makes = frozenset(
            (case, field)
            for case, fields in mutant.changes.items()
            if case in judged
            for field in fields
        )
        if makes:
            grouped.setdefault(makes, []).append(index)
    out = []
    for makes, indices in grouped.items():
        first = signatures.mutants[indices[0]]
        names = tuple(signatures.mutants[i].name for i in indices)
        contradicts = frozenset(case for case, _ in makes if case in passed)
        out.append(
            _Candidate(
                names, first.description, first.rules, makes, contradicts, indices[0], first.serve
            )
        )
    return out


def _precision(cand: _Candidate, differ: frozenset[Difference]) -> float:
    return len(cand.makes & differ) / len(cand.makes)


def _cover(candidates: list[_Candidate], differ: frozenset[Difference]) -> list[_Candidate]:
    """Greedy cover of the differences `differ`, best candidate first (see the module)."""
    uncovered = set(differ)
    left = list(candidates)
    picked: list[_Candidate] = []
    while uncovered and len(picked) < MAX_MISREADINGS:
        best: tuple[tuple[bool, float, float, int], _Candidate] | None = None
        for cand in left:
            gain = len(cand.makes & uncovered)
            precision = _precision(cand, differ)
            if not gain or precision < MIN_PRECISION:
                continue
            key = (not cand.contradicts, gain * precision, precision, -cand.order)
            if best is None or key > best[0]:
                best = (key, cand)
        if best is None:
            break
        picked.append(best[1])
        left.remove(best[1])
        uncovered -= best[1].makes
    return picked


def _interchangeable(
    other: _Candidate,
    cand: _Candidate,
    rest: frozenset[Difference],
    covered: frozenset[Difference],
    differ: frozenset[Difference],
) -> bool:
    """Whether `other` in place of `cand` explains the same differences with the same
    contradictions, given what the `rest` of the cover explains: the run cannot tell
    the two apart."""
    if len(other.makes - differ) != len(cand.makes - differ):
        return False
    if bool(other.contradicts) != bool(cand.contradicts):
        return False
    return (other.makes & differ) | rest == covered


def _groups(left: Mapping[str, frozenset[str]]) -> tuple[Unexplained, ...]:
    """The cases with unexplained differences, grouped by their unexplained fields."""
    grouped: dict[frozenset[str], list[str]] = {}
    for case, fields in left.items():
        grouped.setdefault(fields, []).append(case)
    found = [Unexplained(tuple(sorted(f)), tuple(sorted(c))) for f, c in grouped.items()]
    return tuple(sorted(found, key=lambda g: (-len(g.cases), g.fields)))


def diagnose(
    failing: Mapping[str, Collection[str]],
    passing: Iterable[str],
    signatures: Signatures | None = None,
) -> Diagnosis:
    """Explain the failing cases, given the case ids that passed in the same run.

    `failing` maps each failing case id to the fields in which its answer differs
    (`fields.differing_fields`). Ids unknown to `signatures` (the shipped ones
    by default) are set aside as ``unknown``; callers holding `Case` objects should use
    `diagnose_run`, which also sets aside cases changed since the signatures were made.
    """
    from conformance.mutants.signatures import load_signatures  # not needed until asked

    sigs = signatures if signatures is not None else load_signatures()
    failed = frozenset(failing)
    known_failed = frozenset(i for i in failed if i in sigs.digests)
    known_passed = frozenset(i for i in passing if i in sigs.digests) - failed
    differ = frozenset((case, field) for case in known_failed for field in failing[case])
    candidates = _candidates(sigs, known_failed | known_passed, known_passed)
    picked = _cover(candidates, differ)
    covered = frozenset().union(*(c.makes & differ for c in picked))
    chosen: list[Misreading] = []
    explained_so_far: set[Difference] = set()
    for cand in picked:
        others = frozenset().union(*(c.makes & differ for c in picked if c is not cand))
        alternatives = [
            name
            for other in candidates
            if other not in picked and _interchangeable(other, cand, others, covered, differ)
            for name in other.names
        ]
        mine = cand.makes & differ
        new = mine - explained_so_far
        explained_so_far |= new
        chosen.append(
            Misreading(
                mutant=cand.names[0],
                alternatives=(*cand.names[1:], *alternatives),
                description=cand.description,
                rules=cand.rules,
                explained=tuple(sorted({case for case, _ in new})),
                matched=len({case for case, _ in mine}),
                contradicted=tuple(sorted(cand.contradicts)),
                fields=tuple(sorted({field for _, field in mine})),
                precision=_precision(cand, differ),
                recall=len(mine) / len(differ),
                serve=cand.serve,
            )
        )
    left: dict[str, frozenset[str]] = {}
    for case, field in differ - covered:
        left[case] = left.get(case, frozenset()) | {field}
    return Diagnosis(
        misreadings=tuple(chosen),
        failures=len(known_failed),
        unexplained=tuple(sorted(left)),
        unknown=tuple(sorted(failed - known_failed)),
        groups=_groups(left),
    )


_RECENT: dict[int, tuple[list[CaseResult], tuple[tuple[int, Outcome], ...], Diagnosis]] = {}
"""The last diagnoses made with the shipped signatures, by run: every report a run
writes (text, ``--html``, ``--format json``) shows the same one. Each entry keeps its
case results alive, so that their ids in its key stay theirs."""


def diagnose_run(result: RunResult, signatures: Signatures | None = None) -> Diagnosis:
    """Explain the failures of a run; never raises.

    Skipped cases and cases changed since the signatures were computed take no part
    (changed ones are reported as ``unknown``). When the shipped signatures cannot be
    read, the diagnosis is empty and ``unavailable`` says why. With the shipped
    signatures, a run asked about again with the same results gets the same diagnosis
    without its being worked out again.
    """
    if signatures is not None:
        return _diagnose_run(result, signatures)
    key = tuple((id(r), r.outcome) for r in result.results)
    recent = _RECENT.get(id(result))
    if recent is not None and recent[1] == key:
        return recent[2]
    diagnosis = _diagnose_run(result, None)
    if len(_RECENT) >= 4:
        _RECENT.clear()
    _RECENT[id(result)] = (list(result.results), key, diagnosis)
    return diagnosis


def _diagnose_run(result: RunResult, signatures: Signatures | None) -> Diagnosis:
    errored = sum(1 for r in result.results if r.outcome is Outcome.ERRORED)
    if not any(r.outcome in _FAILING for r in result.results):
        # Nothing to explain: neither the signatures nor the catalogue are loaded.
        return Diagnosis((), 0, (), (), errored=errored)
    # Only now: a run with nothing failing (the JSON report of every passing run) loads
    # none of the machinery of reproduction.
    from conformance.mutants.fields import differing_fields
    from conformance.mutants.reproduce import search
    from conformance.mutants.signatures import load_signatures

    if signatures is None:
        try:
            signatures = load_signatures()
        except ValueError as exc:
            bad = tuple(r.case.id for r in result.results if r.outcome in _FAILING)
            return Diagnosis((), 0, (), bad, unavailable=str(exc), errored=errored)
    sigs = signatures
    failing: dict[str, frozenset[str]] = {}
    subjects: list[Subject] = []
    stale: list[str] = []
    unsigned = passing = 0
    for r in result.results:
        if r.outcome in _FAILING:
            current = sigs.current(r.case)
            if current or unsigned < MAX_UNSIGNED:
                # A case without a signature (a user's own, or changed since) is answered
                # in-process by every candidate: nothing tells which entries change it.
                unsigned += not current
                failing[r.case.id] = differing_fields(r)
                subjects.append(_subject(r, failing=True))
            else:
                stale.append(r.case.id)
        elif r.outcome in _PASSING:
            current = sigs.current(r.case)
            if current or passing < MAX_UNSIGNED_PASSING:
                passing += not current
                subjects.append(_subject(r, failing=False))
    found = search(subjects, sigs, [m.name for m in sigs.mutants])
    reproduced = frozenset(found[0].reproduced) if found else frozenset()
    left = {case: fields for case, fields in failing.items() if case not in reproduced}
    return Diagnosis(
        misreadings=tuple(_entry(rule_set, sigs, failing) for rule_set in found),
        failures=len(failing),
        unexplained=tuple(sorted(left)),
        unknown=tuple(sorted(stale)),
        errored=errored,
        groups=_groups(left),
    )


def _subject(r: CaseResult, *, failing: bool) -> Subject:
    """A judged case for reproduction: its reply only when the report kept it whole."""
    from conformance.mutants.reproduce import Subject  # loaded by _diagnose_run already

    whole = isinstance(r.reply, Mapping) and not r.reply_cut
    if not whole:
        return Subject(r.case, None, None, failing)
    return Subject(r.case, r.reply, r.answer, failing)


def _entry(
    rule_set: RuleSet, sigs: Signatures, failing: Mapping[str, frozenset[str]]
) -> Misreading:
    """A rule set as an entry of the diagnosis (the report's words and JSON)."""
    by_name = {m.name: m for m in sigs.mutants}
    members = [by_name[name] for name in rule_set.variants]
    rules = tuple(dict.fromkeys(rule for m in members for rule in m.rules))
    reproduced = rule_set.reproduced
    shown = len(reproduced) + len(rule_set.contradicted)
    return Misreading(
        mutant=rule_set.variants[0],
        alternatives=rule_set.alternatives,
        description="; ".join(m.description for m in members),
        rules=rules,
        explained=reproduced,
        matched=len(reproduced),
        contradicted=rule_set.contradicted,
        fields=tuple(sorted({f for case in reproduced for f in failing.get(case, ())})),
        precision=len(reproduced) / shown if shown else 0.0,
        recall=len(reproduced) / len(failing) if failing else 0.0,
        serve=members[0].serve if len(members) == 1 else (),
        variants=rule_set.variants,
        reproduced=reproduced,
        descriptions=tuple(m.description for m in members),
    )
