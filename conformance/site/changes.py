"""What changed between two consecutive runs of an engine, case by case."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from conformance.site.model import Engine, Run, Status

__all__ = ["Change", "changes"]

_BROKEN = frozenset({Status.FAIL, Status.ERROR})


@dataclass(frozen=True)
class Change:
    """From one run of an engine to the next."""

    before: Run
    after: Run
    newly_failing: tuple[tuple[str, Status], ...]
    """Cases passing before that fail or error now, with their status now."""
    newly_passing: tuple[str, ...]
    """Cases of the earlier suite not passing before that pass now."""
    no_longer_run: tuple[tuple[str, Status], ...]
    """Cases passing before that are skipped or not run now."""
    added: tuple[tuple[str, Status], ...]
    """Cases of the later run's suite that the earlier one's did not have."""

    @property
    def quiet(self) -> bool:
        """Whether no case changed."""
        return not (self.newly_failing or self.newly_passing or self.no_longer_run or self.added)


def _change(before: Run, after: Run) -> Change:
    failing, passing, dropped, added = [], [], [], []
    for case_id in after.suite_ids:
        now = after.status(case_id)
        if not before.in_suite(case_id):
            added.append((case_id, now))
            continue
        then = before.status(case_id)
        if then is Status.PASS and now in _BROKEN:
            failing.append((case_id, now))
        elif then is Status.PASS and now is not Status.PASS:
            dropped.append((case_id, now))
        elif then is not Status.PASS and now is Status.PASS:
            passing.append(case_id)
    return Change(before, after, tuple(failing), tuple(passing), tuple(dropped), tuple(added))


def changes(engine: Engine) -> list[Change]:
    """The changes between each pair of consecutive runs, oldest first."""
    return [_change(a, b) for a, b in itertools.pairwise(engine.runs)]
