"""From divergences to findings: each shrunk, given a cause, and clustered.

A first clustering goes by the command and the fields that differ; the first
divergence of each such group is shrunk and given a cause, the smallest rule sets of
the catalogue that answer its request as the engine did (`conformance.fuzz.cause`).
Groups are then covered greedily by rule sets (`_clustered`): the groups one rule set
explains become one finding (one misreading shows through several commands and
fields), two causes are two findings, and groups nothing reproduces are one finding per
command and differing fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from conformance.fuzz.cause import Cause, CauseSearch, rules_of
from conformance.fuzz.engine import FuzzEngine
from conformance.fuzz.hunt import Divergence, FuzzReport
from conformance.fuzz.shrinking import Shrinker

__all__ = ["Finding", "Signature", "findings"]

Signature = tuple[str, tuple[str, ...], tuple[str, ...]]
"""A finding's command, differing fields and reproducing mutants."""


@dataclass
class Finding:
    """One distinct divergence: as found, shrunk, its cause and how often it was seen."""

    found: Divergence
    shrunk: Divergence
    reproduced: Cause
    count: int
    hands: list[int] = field(default_factory=list)

    @property
    def mutants(self) -> tuple[str, ...]:
        """The catalogue entries of its cause, in catalogue order (none: no cause)."""
        return self.reproduced.names

    @property
    def signature(self) -> Signature:
        """What findings are clustered by."""
        cmd, fields = self.shrunk.signature
        return cmd, fields, self.mutants

    @property
    def rules(self) -> list[str]:
        """The rules of the mutants that reproduce it (empty when none does)."""
        return rules_of(self.mutants)

    @property
    def cause(self) -> str:
        """``reproduced by mutant X``, ``... X + Y together``, or ``no catalogue mutant
        reproduces it`` (`Cause.text`)."""
        return self.reproduced.text()


def _clustered(found: list[Finding]) -> list[Finding]:
    """One finding per cause: a greedy cover of the findings by rule sets.

    A short request is often answered alike by several rule sets (an opening double alone
    shows that there is no spinner, or that the opening double never spins), so each
    finding's cause may hold several. Each finding goes to the rule set of its cause that
    explains the most findings (the first in catalogue order on a tie), and the findings
    of one rule set are one, its cause the rule sets they all share. Findings nothing
    reproduces are one per command and differing fields.
    """
    explains: dict[tuple[str, ...], int] = {}
    for finding in found:
        for names in finding.reproduced.sets:
            explains[names] = explains.get(names, 0) + 1
    out: dict[object, Finding] = {}
    for finding in found:
        sets = finding.reproduced.sets
        key: object = max(sets, key=lambda n: explains[n]) if sets else finding.signature
        same = out.get(key)
        if same is None:
            out[key] = finding
            continue
        shared = tuple(names for names in same.reproduced.sets if names in sets)
        mirrored = same.reproduced.mirrored and finding.reproduced.mirrored
        same.reproduced = Cause(shared, mirrored)
        same.count += finding.count
        same.hands.extend(finding.hands)
    return list(out.values())


MAX_OTHERS = 8
"""The most causes met while shrinking another that are shrunk on their own."""

Met = dict[frozenset[tuple[str, ...]], tuple[Divergence, Cause]]
"""Divergences of other causes met while shrinking, with their cause, by its rule sets."""


def _nested(sets: set[tuple[str, ...]], cause: Cause) -> bool:
    """Whether `cause`'s rule sets hold `sets` or are held by them."""
    found = set(cause.sets)
    return sets <= found or found <= sets


class _Origin:
    """What a smaller divergence must show to stand for one whose cause is `cause` while
    it is shrunk: rule sets of the same size that reproduce it, nested with those of
    `cause`, one list holding the other.

    A shorter request is often explained by more rule sets, or by fewer: either is still
    this misreading. A request explained by some of `cause`'s rule sets and by others
    besides is another misreading reached through a rule set that explains both (an
    engine with no spinner that offers one placement per value shows either alone, and
    an opening double counted once explains some of each): one bug slipping into
    another, as Hypothesis's "interesting origin" keeps from happening. Such a
    divergence is kept in `met` with its cause, the first of each cause, to be shrunk on
    its own.
    """

    def __init__(self, search: CauseSearch, cause: Cause, met: Met) -> None:
        self.search = search
        self.kept = set(cause.sets)
        self.size = len(cause.sets[0])
        self.met = met

    def __call__(self, smaller: Divergence) -> bool:
        found = self.search.cause(smaller.request, smaller.actual)
        # Empty when only a pair whose one entry changes nothing alone reproduces it: the
        # search leaves such pairs out (`CauseSearch.cause`), so its cause is not known.
        if not found.sets:
            return False
        if len(found.sets[0]) == self.size and _nested(self.kept, found):
            return True
        if len(self.met) < MAX_OTHERS:
            self.met.setdefault(frozenset(found.sets), (smaller, found))
        return False


def _origin(search: CauseSearch, cause: Cause, met: Met | None = None) -> _Origin | None:
    """The `_Origin` of `cause` (None when nothing in the catalogue reproduces it: there
    is no cause to keep); divergences of other causes go to `met` when given."""
    if not cause.sets:
        return None
    return _Origin(search, cause, {} if met is None else met)


def _others(
    shrinker: Shrinker,
    search: CauseSearch,
    out: list[Finding],
    explained: Callable[[Sequence[str]], bool] | None,
    met: Met,
) -> int:
    """Add a finding for each cause met while shrinking that no finding has (no finding's
    rule sets nested with its own, as `_origin` keeps them); return the requests that
    shrinking them took."""
    asked = 0
    known = [set(finding.reproduced.sets) for finding in out]
    for divergence, cause in list(met.values()):
        if any(_nested(sets, cause) for sets in known):
            continue
        shrinker.asked = 0
        shrunk = shrinker.shrink(divergence, _origin(search, cause))
        asked += shrinker.asked
        cause = search.cause(shrunk.request, shrunk.actual)
        if explained is not None and explained(cause.names):
            continue
        known.append(set(cause.sets))
        out.append(Finding(divergence, shrunk, cause, 1, [divergence.index]))
    return asked


def findings(
    report: FuzzReport,
    argv: Sequence[str],
    search: CauseSearch | None,
    *,
    timeout: float = 5.0,
    env: Mapping[str, str] | None = None,
    explained: Callable[[Sequence[str]], bool] | None = None,
    known: Callable[[Divergence], bool] | None = None,
    budget: int = 3000,
    every: bool = True,
) -> tuple[list[Finding], int, int]:
    """The findings of a campaign, the requests shrinking took and the ones explained away.

    `every` False keeps only the divergence of the lowest hand. `explained(mutants)`
    says whether a divergence reproduced by those mutants is a known one to leave out;
    `known(divergence)` says so of a divergence (shrinking then steers away from it).
    """
    groups: dict[tuple[str, tuple[str, ...]], list[Divergence]] = {}
    chosen = report.divergences if every else report.divergences[:1]
    for divergence in sorted(chosen, key=lambda d: d.index):
        groups.setdefault(divergence.signature, []).append(divergence)
    if not groups:
        return [], 0, 0
    engine = FuzzEngine(argv, timeout, env)
    shrinker = Shrinker(engine, budget, known)
    # The first divergence of each other cause met while shrinking (`_Origin`).
    met: Met = {}
    out: list[Finding] = []
    left_out = asked = 0
    try:
        for signature, members in groups.items():
            # The divergences kept of one command and fields, apart by cause: one group
            # may hold two misreadings. Those seen but not kept count with the first.
            by_cause: dict[tuple[tuple[str, ...], ...], list[tuple[Divergence, Cause]]] = {}
            for divergence in members:
                cause = (
                    Cause()
                    if search is None
                    else search.cause(divergence.request, divergence.actual)
                )
                by_cause.setdefault(cause.sets, []).append((divergence, cause))
            unkept = report.counts.get(signature, len(members)) - len(members)
            for number, same in enumerate(by_cause.values()):
                count = len(same) + (unkept if number == 0 else 0)
                finding = None
                for divergence, first in same:
                    shrinker.asked = 0  # the budget is per divergence
                    origin = None if search is None else _origin(search, first, met)
                    shrunk = shrinker.shrink(divergence, origin)
                    asked += shrinker.asked
                    cause = (
                        Cause() if search is None else search.cause(shrunk.request, shrunk.actual)
                    )
                    if explained is not None and explained(cause.names):
                        continue
                    finding = Finding(divergence, shrunk, cause, count, [divergence.index])
                    break
                if finding is None:
                    left_out += count
                    continue
                out.append(finding)
        if search is not None:
            # Misreadings met only while shrinking another (one bug hides the other in
            # every request the campaign made): each shrunk on its own, once per cause.
            asked += _others(shrinker, search, out, explained, met)
    finally:
        engine.close()
    ordered = sorted(_clustered(out), key=lambda f: min(f.hands))
    return ordered, asked, left_out
