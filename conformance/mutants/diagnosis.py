"""Diagnosis: the few misreadings of the rules that best explain a run's failures.

Each catalogue mutant has a signature, the cases it fails (`signatures`). An engine
with one misreading fails roughly its mutant's signature; an engine with two fails
roughly the union of two. So the failures are explained as a weighted set cover:
repeatedly take the misreading that explains the most failures not yet explained,
discounted by how many of the cases it would fail the engine actually passes, until
every failure is explained or nothing explains the rest well.

Only the run's own judged cases count (a subset run blames no mutant for cases it did
not run), and only cases whose signatures are current. A misreading shows as a wrong
answer, so errored cases (no usable answer: a crash, a timeout, a broken message, a
case never sent) take no part either: they say nothing about how the rules were read.
Mutants that fail exactly the same cases of the run cannot be told apart by it: they
form one entry, the first in catalogue order named, the others listed as alternatives.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from conformance.mutants.signatures import Signatures, load_signatures
from conformance.runner.outcomes import CaseResult, Outcome, RunResult

__all__ = ["Diagnosis", "Misreading", "diagnose", "diagnose_run"]

MAX_MISREADINGS = 5
"""Past a few misreadings, a cover explains noise rather than the engine."""
MIN_PRECISION = 0.25
"""A misreading is not proposed when the engine passes most of the cases it would fail."""

_FAILING = frozenset({Outcome.FAILED, Outcome.XFAILED})
_PASSING = frozenset({Outcome.PASSED, Outcome.XPASSED})


@dataclass(frozen=True)
class Misreading:
    """One proposed misreading, with the evidence for it."""

    mutant: str
    """The catalogue name of the mutant engine that has this misreading."""
    alternatives: tuple[str, ...]
    """Mutants failing exactly the same cases of this run: the run cannot tell them apart."""
    description: str
    rules: tuple[str, ...]
    explained: tuple[str, ...]
    """The failing cases it explains that no earlier misreading of the list explained."""
    matched: int
    """All of the run's failures that the mutant also fails."""
    contradicted: tuple[str, ...]
    """Cases of the run the mutant fails but the engine passes."""

    def as_json(self) -> dict[str, Any]:
        """The entry of the JSON report's ``diagnosis`` list."""
        return {
            "mutant": self.mutant,
            "alternatives": list(self.alternatives),
            "description": self.description,
            "rules": list(self.rules),
            "explained": len(self.explained),
            "matched": self.matched,
            "contradicted": len(self.contradicted),
            "cases": list(self.explained),
        }


@dataclass(frozen=True)
class Diagnosis:
    """The misreadings that best explain a run's failures, best first."""

    misreadings: tuple[Misreading, ...]
    failures: int
    """The run's failures that have a current signature (what diagnosis can explain)."""
    unexplained: tuple[str, ...]
    """Failures with a current signature that no proposed misreading explains."""
    unknown: tuple[str, ...]
    """Failures of cases the signatures do not cover (new, changed or outside the suite)."""
    unavailable: str = ""
    """Why there is no diagnosis at all (the shipped signatures cannot be read), or ''."""
    errored: int = 0
    """Cases of the run that errored: set aside, as they show no reading of the rules.
    Cases the run never sent are not among them: they say nothing of the engine."""


@dataclass(frozen=True)
class _Candidate:
    names: tuple[str, ...]
    description: str
    rules: tuple[str, ...]
    fails: frozenset[str]
    order: int


def _candidates(signatures: Signatures, judged: frozenset[str]) -> list[_Candidate]:
    """One candidate per distinct signature within the run, mutants in catalogue order."""
    grouped: dict[frozenset[str], list[int]] = {}
    for index, mutant in enumerate(signatures.mutants):
        fails = mutant.fails & judged
        if fails:
            grouped.setdefault(fails, []).append(index)
    out = []
    for fails, indices in grouped.items():
        first = signatures.mutants[indices[0]]
        names = tuple(signatures.mutants[i].name for i in indices)
        out.append(_Candidate(names, first.description, first.rules, fails, indices[0]))
    return out


def _cover(candidates: list[_Candidate], failed: frozenset[str]) -> list[_Candidate]:
    """Greedy weighted set cover of `failed`, best candidate first."""
    uncovered = set(failed)
    left = list(candidates)
    picked: list[_Candidate] = []
    while uncovered and len(picked) < MAX_MISREADINGS:
        best: tuple[tuple[float, int, int, int], _Candidate] | None = None
        for cand in left:
            gain = len(cand.fails & uncovered)
            matched = len(cand.fails & failed)
            precision = matched / len(cand.fails)
            if not gain or precision < MIN_PRECISION:
                continue
            # The failures it would newly explain, discounted twice by the share of its
            # signature the engine passes: a misreading really present fails nearly all
            # of its cases, so a case it would fail that passes is strong evidence
            # against it. Ties go to fewer contradictions, then to more matched
            # failures, then to catalogue order (the key is maximised).
            contradicted = len(cand.fails) - matched
            key = (gain * precision * precision, -contradicted, matched, -cand.order)
            if best is None or key > best[0]:
                best = (key, cand)
        if best is None:
            break
        picked.append(best[1])
        left.remove(best[1])
        uncovered -= best[1].fails
    return picked


def _interchangeable(
    other: _Candidate,
    cand: _Candidate,
    rest: frozenset[str],
    covered: frozenset[str],
    failed: frozenset[str],
) -> bool:
    """Whether `other` in place of `cand` explains the same failures with the same
    contradictions, given what the `rest` of the cover explains: the run cannot tell
    the two apart."""
    if len(other.fails - failed) != len(cand.fails - failed):
        return False
    return (other.fails & failed) | rest == covered


def diagnose(
    failing: Iterable[str],
    passing: Iterable[str],
    signatures: Signatures | None = None,
) -> Diagnosis:
    """Explain the failing case ids, given the case ids that passed in the same run.

    Ids unknown to `signatures` (the shipped ones by default) are set aside as
    ``unknown``; callers holding `Case` objects should use `diagnose_run`, which also
    sets aside cases changed since the signatures were computed.
    """
    sigs = signatures if signatures is not None else load_signatures()
    failed = frozenset(failing)
    known_failed = frozenset(i for i in failed if i in sigs.digests)
    known_passed = frozenset(i for i in passing if i in sigs.digests) - failed
    candidates = _candidates(sigs, known_failed | known_passed)
    picked = _cover(candidates, known_failed)
    covered = frozenset().union(*(c.fails & known_failed for c in picked))
    chosen: list[Misreading] = []
    explained_so_far: set[str] = set()
    for cand in picked:
        others = frozenset().union(*(c.fails & known_failed for c in picked if c is not cand))
        alternatives = [
            name
            for other in candidates
            if other not in picked and _interchangeable(other, cand, others, covered, known_failed)
            for name in other.names
        ]
        explained = (cand.fails & known_failed) - explained_so_far
        explained_so_far |= explained
        chosen.append(
            Misreading(
                mutant=cand.names[0],
                alternatives=(*cand.names[1:], *alternatives),
                description=cand.description,
                rules=cand.rules,
                explained=tuple(sorted(explained)),
                matched=len(cand.fails & known_failed),
                contradicted=tuple(sorted(cand.fails - known_failed)),
            )
        )
    uncovered = known_failed - covered
    return Diagnosis(
        misreadings=tuple(chosen),
        failures=len(known_failed),
        unexplained=tuple(sorted(uncovered)),
        unknown=tuple(sorted(failed - known_failed)),
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
    errored = sum(1 for r in result.results if r.outcome is Outcome.ERRORED and not r.never_sent)
    if signatures is None:
        try:
            signatures = load_signatures()
        except ValueError as exc:
            bad = tuple(r.case.id for r in result.results if r.outcome in _FAILING)
            return Diagnosis((), 0, (), bad, unavailable=str(exc), errored=errored)
    sigs = signatures
    failing: list[str] = []
    passing: list[str] = []
    stale: list[str] = []
    for r in result.results:
        if r.outcome in _FAILING:
            (failing if sigs.current(r.case) else stale).append(r.case.id)
        elif r.outcome in _PASSING and sigs.current(r.case):
            passing.append(r.case.id)
    found = diagnose(failing, passing, sigs)
    unknown = tuple(sorted({*found.unknown, *stale}))
    return dataclasses.replace(found, unknown=unknown, errored=errored)
