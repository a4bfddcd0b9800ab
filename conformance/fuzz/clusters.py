"""From divergences to findings: each shrunk, given a cause, and clustered.

A first clustering goes by the command and the fields that differ; the first
divergence of each such group is shrunk and given a cause, the smallest rule sets of
the catalogue that answer its request as the engine did (`conformance.fuzz.cause`).
Groups with the same cause become one finding (one misreading shows through several
commands and fields); two causes are two findings; groups nothing reproduces are one
finding per command and differing fields.
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


def _same_cluster(one: Finding, other: Finding) -> bool:
    """Findings with one cause are one misreading; others are the same when their command
    and differing fields are."""
    if one.reproduced.sets or other.reproduced.sets:
        return one.reproduced.sets == other.reproduced.sets
    return one.signature == other.signature


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
    out: list[Finding] = []
    left_out = asked = 0
    try:
        for signature, members in groups.items():
            count = report.counts.get(signature, len(members))
            finding = None
            for divergence in members:
                shrinker.asked = 0  # the budget is per divergence
                shrunk = shrinker.shrink(divergence)
                asked += shrinker.asked
                cause = Cause() if search is None else search.cause(shrunk.request, shrunk.actual)
                if explained is not None and explained(cause.names):
                    continue
                finding = Finding(divergence, shrunk, cause, count, [divergence.index])
                break
            if finding is None:
                left_out += count
                continue
            same = next((f for f in out if _same_cluster(f, finding)), None)
            if same is None:
                out.append(finding)
            else:
                same.count += finding.count
                same.hands.extend(finding.hands)
    finally:
        engine.close()
    ordered = sorted(out, key=lambda f: min(f.hands))
    return ordered, asked, left_out
