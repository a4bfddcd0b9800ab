"""Diagnosis by reproduction: which rule set answers exactly as the engine does.

A rule set is the reference rules with some catalogue entries applied together
(`reference_impl.mutants.variant`). It is run in-process on the very requests of a run's
failing cases, and its whole reply compared with the engine's by the suite's own
comparison (`conformance.runner.judge.differences`, the rule set's reply as a whole
expectation): a failure is *reproduced* when nothing differs. A rule set *contradicts* a
case the engine passes when the suite's verdict on its own reply is a failure.

The search is a greedy cover, bounded and explainable:

1. Candidates are the entries whose signature (`conformance.mutants.signatures`) fails
   some failing case of the run (an entry that changes none of the failing answers
   cannot reproduce any: the signatures are a pre-filter, nothing more), and that alone
   reproduce some failure or bring the answers closer to the engine's. A case that no
   entry of a rule set changes alone is taken to be answered as the rules answer it.
2. Starting from the rules themselves, each step adds the one candidate, among those
   that apply together with the rule set so far, that most raises the failures
   reproduced less the passing cases contradicted; ties go to the rule set whose
   answers differ from the engine's in the fewest values, then to catalogue order. A
   step that reproduces nothing new but brings the answers closer is kept (two entries
   may be needed together before either reproduces a case); at most `MAX_ENTRIES`
   steps.
3. The rule set reached is the headline (when no step pays, the single entry that
   reproduces most less what it contradicts); the best single entries follow it. What no
   rule set reproduces is left for the caller to group by what differs.

Contradictions are counted exactly, by running each reported rule set on the passing
cases its entries' signatures name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.mutants.signatures import MutantSignature, Signatures
from conformance.runner.compare import matches
from conformance.runner.judge import differences
from conformance.suite.fixtures import Case
from conformance.suite.messages import (
    RejectedReply,
    Reply,
    ReplyProblem,
    ResultReply,
    expected_of,
    parse_reply,
)

__all__ = [
    "MAX_ENTRIES",
    "MAX_SETS",
    "Attempt",
    "RuleSet",
    "Subject",
    "rule_set_answer",
    "search",
]

MAX_ENTRIES = 4
"""The most catalogue entries one rule set applies together."""
MAX_SETS = 5
"""The most rule sets reported (the headline, then the next best)."""

_SEQ = 1
_OTHER_KIND = 10
"""The distance of an answer of another kind (a rejection for a result, a skip)."""


@dataclass(frozen=True)
class Subject:
    """One judged case of the run: the case and the engine's whole reply."""

    case: Case
    reply: Mapping[str, Any] | None
    """The engine's reply as it came, or None when it is not whole (cut to keep the report
    bounded): the comparison reads it."""
    answer: Reply | ReplyProblem | None
    """The same reply as a value of the protocol's model (the judged case's
    `conformance.runner.outcomes.CaseResult.answer`), or None when ``reply`` is."""
    failing: bool


@dataclass(frozen=True)
class RuleSet:
    """The reference rules with catalogue entries applied together, and its evidence."""

    variants: tuple[str, ...]
    """The catalogue names applied together."""
    reproduced: tuple[str, ...]
    """The failing cases whose whole answer this rule set gives exactly."""
    contradicted: tuple[str, ...]
    """The passing cases this rule set would fail."""
    distance: int = 0
    """The values in which its answers to the failing cases differ from the engine's."""
    alternatives: tuple[str, ...] = ()
    """Single entries that reproduce the same failures with the same contradictions: this
    run cannot tell them from this rule set."""


_Made = tuple[dict[str, Any], Reply | ReplyProblem]
"""A rule set's reply to a case, as JSON and as a value (`parse_reply`)."""


@dataclass
class Attempt:
    """The in-process runs of one search, kept so that no rule set runs a case twice."""

    subjects: Sequence[Subject]
    signatures: Signatures
    _answers: dict[tuple[tuple[str, ...], str], _Made] = field(default_factory=dict)
    _known: dict[str, Subject] = field(default_factory=dict)
    _stale: frozenset[str] = frozenset()
    _by_name: dict[str, MutantSignature] = field(default_factory=dict)
    _fails: dict[str, frozenset[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._known = {s.case.id: s for s in self.subjects}
        self._stale = frozenset(
            s.case.id for s in self.subjects if not self.signatures.current(s.case)
        )
        self._by_name = {m.name: m for m in self.signatures.mutants}
        self._fails = {m.name: m.fails for m in self.signatures.mutants}

    def changes(self, names: tuple[str, ...]) -> frozenset[str]:
        """The run's cases some entry of `names` may answer otherwise than the rules: its
        signatures' cases, and every case the signatures do not hold."""
        named: set[str] = set()
        for name in names:
            mutant = self._by_name.get(name)
            named |= set(mutant.fails) if mutant is not None else set(self._known)
        return frozenset(case for case in self._known if case in named or case in self._stale)

    def signatures_of(self, name: str) -> frozenset[str]:
        """The cases the entry `name` fails, by its signature (none for an unknown name)."""
        return self._fails.get(name, frozenset())

    def answer(self, names: tuple[str, ...], case: Case) -> dict[str, Any]:
        """The reply of the rules with `names` applied to `case`'s request, without seq."""
        return self._made(names, case)[0]

    def typed_answer(self, names: tuple[str, ...], case: Case) -> Reply | ReplyProblem:
        """`answer` as a value of the protocol's model."""
        return self._made(names, case)[1]

    def _made(self, names: tuple[str, ...], case: Case) -> _Made:
        """`answer` and `typed_answer`, made once.

        A case no entry of `names` changes alone (by their signatures) is answered as the
        rules answer it, by the run already made; one that some entry changes is run with
        them all, since entries may act together there."""
        if case.id not in self._stale and not any(
            n not in self._by_name or case.id in self._fails[n] for n in names
        ):
            names = ()
        key = (names, case.id)
        made = self._answers.get(key)
        if made is None:
            reply = rule_set_answer(names, case.request(_SEQ))
            made = self._answers[key] = (reply, parse_reply(reply))
        return made

    def distance(self, names: tuple[str, ...], subject: Subject) -> int:
        """How far the rule set's reply is from the engine's: 0 when the suite's comparison
        (`conformance.runner.judge.differences`, the rule set's reply as a whole
        expectation) finds nothing, else the top-level values that differ."""
        if subject.reply is None:
            return _OTHER_KIND  # a reply cut short is never reproduced
        answer = self.answer(names, subject.case)
        mine = self.typed_answer(names, subject.case)
        theirs = subject.answer
        if not isinstance(mine, ResultReply | RejectedReply) or type(theirs) is not type(mine):
            return _OTHER_KIND  # a result against a rejection, a skip, no reply of the protocol
        if not differences(expected_of(answer), subject.reply, complete=True):
            return 0
        if not isinstance(mine, ResultReply) or not isinstance(theirs, ResultReply):
            return 1
        body, other = mine.result, theirs.result
        return max(
            1, sum(1 for k, v in body.items() if k not in other or not matches(v, other[k], k))
        )

    def fails(self, names: tuple[str, ...], case: Case) -> bool:
        """Whether the rule set's reply fails `case` (a case the engine passes), by the
        suite's verdict."""
        mine = self.answer(names, case)
        if not isinstance(self.typed_answer(names, case), ResultReply | RejectedReply):
            return True
        return bool(differences(case.expected, {"seq": _SEQ, **mine}, case.request(_SEQ)))


def rule_set_answer(names: Sequence[str], request: Mapping[str, Any]) -> dict[str, Any]:
    """`request` answered in-process by the rules with the catalogue entries `names`
    applied together (the reference rules for none), without its seq."""
    from reference_impl.adapter import handle
    from reference_impl.commands import COMMANDS, commands_for
    from reference_impl.mutants import variant

    reply = handle({**request, "seq": _SEQ}, commands_for(variant(names)) if names else COMMANDS)
    return {key: value for key, value in reply.items() if key != "seq"}


def _score(attempt: Attempt, names: tuple[str, ...]) -> RuleSet:
    """`names` judged on the run's failing cases it may change (see the module)."""
    changed = attempt.changes(names)
    reproduced = []
    distance = 0
    for subject in attempt.subjects:
        if not subject.failing:
            continue
        if subject.case.id in changed:
            gap = attempt.distance(names, subject)
        else:
            gap = attempt.distance((), subject)
        distance += gap
        if not gap:
            reproduced.append(subject.case.id)
    contradicted = _contradicted(attempt, names, changed, exact=False)
    return RuleSet(names, tuple(reproduced), contradicted, distance)


def _contradicted(
    attempt: Attempt, names: tuple[str, ...], changed: frozenset[str], *, exact: bool
) -> tuple[str, ...]:
    """The passing cases `names` fails: run (`exact`) or read from the signatures."""
    out = []
    for subject in attempt.subjects:
        case_id = subject.case.id
        if subject.failing or case_id not in changed:
            continue
        if exact or not attempt.signatures.current(subject.case):
            bad = attempt.fails(names, subject.case)
        else:
            bad = any(case_id in attempt.signatures_of(n) for n in names)
        if bad:
            out.append(case_id)
    return tuple(out)


def _key(found: RuleSet, order: Mapping[str, int]) -> tuple[int, int, int]:
    return (
        len(found.reproduced) - len(found.contradicted),
        -found.distance,
        -order.get(found.variants[-1], 0) if found.variants else 0,
    )


def search(
    subjects: Sequence[Subject],
    signatures: Signatures,
    catalogue: Sequence[str],
) -> list[RuleSet]:
    """The rule sets that best reproduce the failing `subjects`, best first (see the
    module); empty when nothing fails or nothing is reproduced. `catalogue` is the
    entries' names in catalogue order."""
    from reference_impl.mutants import combinable

    failing = frozenset(s.case.id for s in subjects if s.failing)
    if not failing:
        return []
    attempt = Attempt(subjects, signatures)
    order = {name: index for index, name in enumerate(catalogue)}
    candidates = [name for name in catalogue if attempt.changes((name,)) & failing]
    singles = {name: _score(attempt, (name,)) for name in candidates}
    chosen: tuple[str, ...] = ()
    best = _score(attempt, chosen)
    # An entry that alone reproduces nothing and brings no answer closer is not tried further.
    candidates = [
        n for n in candidates if singles[n].reproduced or singles[n].distance < best.distance
    ]
    while len(chosen) < MAX_ENTRIES:
        step = best
        for name in candidates:
            if name in chosen or combinable((*chosen, name)) is not None:
                continue
            tried = singles[name] if not chosen else _score(attempt, (*chosen, name))
            if _key(tried, order) > _key(step, order):
                step = tried
        if step is best:
            break
        chosen, best = step.variants, step
    best = _refine(attempt, best, candidates, order)
    if not best.reproduced:
        # Every entry fails more passing cases than it reproduces failures: the one that
        # reproduces most, less what it contradicts, is still the engine's likeness.
        best = max(
            (s for s in singles.values() if s.reproduced),
            key=lambda s: (_key(s, order), len(s.reproduced)),
            default=best,
        )
    if not best.reproduced:
        return []
    same = [
        s.variants[0]
        for s in singles.values()
        if s.variants != best.variants
        and (s.reproduced, s.contradicted) == (best.reproduced, best.contradicted)
    ]
    others = sorted(
        (
            s
            for s in singles.values()
            if s.reproduced and s.variants != best.variants and s.variants[0] not in same
        ),
        key=lambda s: _key(s, order),
        reverse=True,
    )
    head = RuleSet(best.variants, best.reproduced, best.contradicted, best.distance, tuple(same))
    return [_exact(attempt, found) for found in [head, *others[: MAX_SETS - 1]]]


def _refine(
    attempt: Attempt, best: RuleSet, candidates: Sequence[str], order: Mapping[str, int]
) -> RuleSet:
    """`best` made smaller and better where one change does it: an entry dropped when the
    rest do as well without it, an entry swapped for another overriding the same hooks
    that does better (a greedy step cannot take back an entry chosen early on a tie). At
    most `MAX_ENTRIES` rounds."""
    from reference_impl.mutants import MUTANTS, combinable

    def rank(found: RuleSet) -> tuple[int, int, int]:
        return (*_key(found, order)[:2], -len(found.variants))

    for _ in range(MAX_ENTRIES):
        chosen = best.variants
        trials = [chosen[:i] + chosen[i + 1 :] for i in range(len(chosen))]
        trials += [
            (*chosen[:i], name, *chosen[i + 1 :])
            for i in range(len(chosen))
            for name in candidates
            if name not in chosen and MUTANTS[name].hooks & MUTANTS[chosen[i]].hooks
        ]
        better = best
        for trial in trials:
            if combinable(trial) is None and rank(tried := _score(attempt, trial)) > rank(better):
                better = tried
        if better is best:
            return best
        best = better
    return best


def _exact(attempt: Attempt, found: RuleSet) -> RuleSet:
    """`found` with its contradictions counted by running it (see the module)."""
    changed = attempt.changes(found.variants)
    contradicted = _contradicted(attempt, found.variants, changed, exact=True)
    return RuleSet(
        found.variants, found.reproduced, contradicted, found.distance, found.alternatives
    )
