"""Mutant signatures: the cases each catalogue mutant fails, computed once and shipped.

A signature is what one misreading of the rules looks like from the outside: the suite
cases an engine with that misreading fails, each with the fields of the answer it
changes (`conformance.mutants.fields`). Diagnosis compares a run's failures with these,
so it costs no engine run. Every entry of the catalogue (`kill.mutant_catalogue`) gets
one, with the adapter arguments that serve it: a new entry needs only a regeneration.
The shipped file records each case's digest, so a case edited since the signatures were
computed is left out of diagnosis instead of being explained with stale data; a test
fails while the file is stale. Regenerate it, with the repository's other generated
files, with ``python -m tools.regenerate``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.suite.fixtures import Case

__all__ = [
    "REGENERATE",
    "SIGNATURES_FORMAT",
    "SIGNATURES_PATH",
    "MutantSignature",
    "Signatures",
    "case_digest",
    "compute_signatures",
    "load_signatures",
]

SIGNATURES_FORMAT = "seven-rocks-mutant-signatures/2"
SIGNATURES_PATH = Path(__file__).resolve().parent / "signatures.json"
"""The shipped signatures, inside the package (so the wheel carries them)."""
REGENERATE = "python -m tools.regenerate"
"""The command that recomputes the shipped signatures after the fixtures change."""


def case_digest(case: Case) -> str:
    """A short digest of what a case asks and expects (not its wording or rules)."""
    body = {
        "cmd": case.cmd,
        "given": case.given,
        "expect": case.expect,
        "expect_rejected": case.expect_rejected,
    }
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class MutantSignature:
    """One catalogue mutant, the cases it fails (or errors on), and what it changes."""

    name: str
    description: str
    rules: tuple[str, ...]
    changes: Mapping[str, frozenset[str]]
    """Each case it fails, with the fields of the answer that differ from the rules'."""
    serve: tuple[str, ...] = ()
    """The reference adapter's arguments that serve it (``--mutant NAME``)."""

    @property
    def fails(self) -> frozenset[str]:
        """The ids of the cases it fails or errors on."""
        return frozenset(self.changes)


@dataclass(frozen=True)
class Signatures:
    """Every mutant's signature over one fixture set, identified by its fingerprint."""

    fingerprint: str
    digests: Mapping[str, str]
    """Each case id of the fixture set with its `case_digest`."""
    mutants: tuple[MutantSignature, ...]
    """In catalogue order."""

    def current(self, case: Case) -> bool:
        """Whether the signatures were computed on this very case."""
        return self.digests.get(case.id) == case_digest(case)

    def as_json(self) -> dict[str, Any]:
        """The shipped file's content (ids sorted, so regenerating changes only what moved)."""
        return {
            "format": SIGNATURES_FORMAT,
            "regenerate": REGENERATE,
            "fingerprint": self.fingerprint,
            "cases": dict(sorted(self.digests.items())),
            "mutants": [
                {
                    "name": m.name,
                    "description": m.description,
                    "rules": list(m.rules),
                    "serve": list(m.serve),
                    "fails": {case: sorted(m.changes[case]) for case in sorted(m.changes)},
                }
                for m in self.mutants
            ],
        }


def fingerprint(digests: Mapping[str, str], catalogue: Mapping[str, Any]) -> str:
    """One digest for a fixture set and the catalogue of mutants run against it."""
    text = json.dumps([sorted(digests.items()), sorted(catalogue)], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


_TIMEOUT = 30.0
"""Per reply while computing signatures: generous, so that a loaded machine adds no
timeouts to a mutant's signature."""


Changes = dict[str, frozenset[str]]


def _failing(name: str, cases: Sequence[Case]) -> tuple[Changes, frozenset[str]]:
    """(fields changed per case failed or errored, cases errored) by the catalogue entry
    `name` (the reference: '')."""
    from conformance.mutants.fields import differing_fields
    from conformance.mutants.kill import serving_args
    from conformance.runner.execute import RunOptions, reference_engine, run_suite
    from conformance.runner.outcomes import Outcome

    argv, env = reference_engine()
    extra = list(serving_args(name)) if name else []
    result = run_suite(
        [*argv, *extra], cases, options=RunOptions(timeout=_TIMEOUT, locate_perft=False), env=env
    )
    if result.aborted:
        raise ValueError(f"the run against {name or 'the reference'} stopped: {result.aborted}")
    bad = (Outcome.FAILED, Outcome.ERRORED)
    return (
        {r.case.id: differing_fields(r) for r in result.results if r.outcome in bad},
        frozenset(r.case.id for r in result.results if r.outcome is Outcome.ERRORED),
    )


def _signature(name: str, cases: Sequence[Case]) -> Changes:
    fails, errored = _failing(name, cases)
    if errored:
        # An error may be the mutant's own (it raises) or the machine's (a timeout):
        # only an error that happens again, on the same cases, belongs in a signature.
        again, errored_again = _failing(name, cases)
        if (set(again), errored_again) != (set(fails), errored):
            raise ValueError(
                f"mutant {name} errored differently on two runs "
                f"({', '.join(sorted(errored ^ errored_again))}): is the machine overloaded?"
            )
    return fails


def compute_signatures(cases: Sequence[Case], *, jobs: int = 2) -> Signatures:
    """Run `cases` against every catalogue mutant (the reference must pass them all)."""
    from concurrent.futures import ThreadPoolExecutor

    from conformance.mutants.kill import mutant_catalogue, serving_args

    failing, _ = _failing("", cases)
    if failing:
        raise ValueError(f"the reference engine fails {', '.join(sorted(failing))}: fix these")
    catalogue = mutant_catalogue()
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        fails = list(pool.map(lambda name: _signature(name, cases), catalogue))
    digests = {case.id: case_digest(case) for case in cases}
    return Signatures(
        fingerprint(digests, catalogue),
        digests,
        tuple(
            MutantSignature(name, description, rules, failed, serving_args(name))
            for (name, (description, rules)), failed in zip(catalogue.items(), fails, strict=True)
        ),
    )


def _parse(data: Any) -> Signatures:
    if not isinstance(data, dict) or data.get("format") != SIGNATURES_FORMAT:
        raise ValueError(f"not a {SIGNATURES_FORMAT} file")
    mutants = tuple(
        MutantSignature(
            str(m["name"]),
            str(m["description"]),
            tuple(m["rules"]),
            {str(case): frozenset(fields) for case, fields in m["fails"].items()},
            tuple(m["serve"]),
        )
        for m in data["mutants"]
    )
    return Signatures(str(data["fingerprint"]), dict(data["cases"]), mutants)


def load_signatures(path: Path = SIGNATURES_PATH) -> Signatures:
    """The signatures in `path` (the shipped file by default); ValueError if unreadable."""
    try:
        return _parse(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"cannot read the mutant signatures {path}: {exc}") from exc
