"""Differential fuzzing against the reference engine: campaigns, shrinking, causes, fixtures.

Importing this package loads the reference engine but not the JSON Schema checks.

Internal to the suite: no name here is a public interface (those are listed in
`conformance`'s docstring), and any of them can change in any release.
"""

from conformance.fuzz.candidates import size_of
from conformance.fuzz.cause import Cause, CauseSearch, rules_of
from conformance.fuzz.clusters import Finding, findings
from conformance.fuzz.engine import FuzzEngine
from conformance.fuzz.fixture import SaveError, case_id, save_fixture
from conformance.fuzz.hunt import Divergence, FuzzReport, Tally, campaign, shard_indices
from conformance.fuzz.probes import FUZZED, Probe, compare_reply, hand_probes, oracle
from conformance.fuzz.progress import ProgressLine
from conformance.fuzz.shrinking import Shrinker, shrink

__all__ = [
    "FUZZED",
    "Cause",
    "CauseSearch",
    "Divergence",
    "Finding",
    "FuzzEngine",
    "FuzzReport",
    "Probe",
    "ProgressLine",
    "SaveError",
    "Shrinker",
    "Tally",
    "campaign",
    "case_id",
    "compare_reply",
    "findings",
    "hand_probes",
    "oracle",
    "rules_of",
    "save_fixture",
    "shard_indices",
    "shrink",
    "size_of",
]
