"""A fuzzing campaign: hands generated, asked of the engine under test, replies judged.

Hand `i` of seed `S` is reproducible alone, so a campaign can be split into shards
(``--shard I/N`` takes the hands whose index is `I-1` modulo `N`) and across engine
processes (`jobs`). Each engine process has a thread of its own that builds the next
batch of requests while the engine answers the current one.
"""

from __future__ import annotations

import gc
import queue
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import islice
from typing import NamedTuple

from conformance.fuzz.engine import FuzzEngine, Prepared, prepare
from conformance.fuzz.probes import JSONObject, Probe, compare_reply, differing_fields, hand_probes
from conformance.runner.compare import Mismatch
from conformance.suite.messages import (
    Expected,
    Reply,
    ReplyProblem,
    expected_of,
    is_skipped,
    parse_reply,
)

__all__ = ["Divergence", "FuzzReport", "Tally", "campaign", "shard_indices"]

_BATCH = 80
"""Hands per batch sent to an engine at once."""
_KEPT = 4
"""Divergences kept per (command, fields) signature in a keep-going campaign."""
_TICK_S = 0.25
_GC_THRESHOLD = 50_000
"""Allocations between two young-generation collections during a campaign (700 by default)."""


@dataclass(frozen=True)
class Divergence:
    """Where the engine under test and the reference disagree.

    ``expected`` (the reference's reply) and ``actual`` (the engine's) are kept as they
    came, for the comparison and for what a report prints; `wanted` and `answer` are the
    same as values of the protocol's model, made once, for everything that reads them.
    """

    seed: int
    index: int
    request: JSONObject
    expected: JSONObject
    actual: object
    problems: tuple[Mismatch, ...]

    @cached_property
    def wanted(self) -> Expected:
        """The reference's reply as an expectation: its result, or its refusal."""
        return expected_of(self.expected)

    @cached_property
    def answer(self) -> Reply | ReplyProblem:
        """The engine's reply as a value; a `ReplyProblem` for no reply of the protocol (a
        failed exchange is kept as the text that says what went wrong)."""
        return parse_reply(self.actual)

    @property
    def signature(self) -> tuple[str, tuple[str, ...]]:
        """The command and the fields that differ: what a first clustering goes by."""
        return str(self.request["cmd"]), differing_fields(self.problems)


@dataclass(frozen=True)
class Tally:
    """How far a campaign has got, for a progress line."""

    hands: int
    requests: int
    divergences: int
    seconds: float


@dataclass
class FuzzReport:
    """What a campaign did and the divergences it found (a few of each signature)."""

    hands: int = 0
    requests: int = 0
    skipped: int = 0
    ignored: int = 0
    seconds: float = 0.0
    found: int = 0
    divergences: list[Divergence] = field(default_factory=list)
    counts: dict[tuple[str, tuple[str, ...]], int] = field(default_factory=dict)

    @property
    def compared(self) -> int:
        """The requests whose reply was compared with the reference's (not declined)."""
        return self.requests - self.skipped

    @property
    def divergence(self) -> Divergence | None:
        """The divergence of the lowest hand, if any."""
        return min(self.divergences, key=lambda d: d.index, default=None)


def shard_indices(hands: int, shard: tuple[int, int] = (1, 1)) -> range:
    """The hand indices that shard ``I/N`` tries: ``I-1``, ``I-1+N``, ... (`hands` of them).

    A range, so that a campaign of any length costs no memory for its indices.
    """
    part, parts = shard
    if not 1 <= part <= parts:
        raise ValueError(f"shard {part}/{parts}: expected I/N with 1 <= I <= N")
    return range(part - 1, part - 1 + parts * hands, parts)


class _Shared:
    """What the campaign's threads add up, under one lock."""

    def __init__(self, report: FuzzReport, keep_going: bool) -> None:
        self.report = report
        self.keep_going = keep_going
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.failures: list[BaseException] = []
        self.kept: dict[tuple[str, tuple[str, ...]], list[tuple[tuple[int, int], Divergence]]]
        self.kept = {}
        """A few divergences of each signature, with their hand and place in it."""

    def add(
        self, hands: int, requests: int, skipped: int, found: list[tuple[int, Divergence]]
    ) -> None:
        """Count a batch; `found`: its divergences, each with its probe's place in its hand."""
        with self.lock:
            report = self.report
            report.hands += hands
            report.requests += requests
            report.skipped += skipped
            for place, divergence in found:
                report.found += 1
                signature = divergence.signature
                report.counts[signature] = report.counts.get(signature, 0) + 1
                kept = self.kept.setdefault(signature, [])
                # The first in hand order are kept, whichever engine reported them first:
                # with several jobs, a campaign keeps the same divergences.
                key = (divergence.index, place)
                if len(kept) < _KEPT:
                    kept.append((key, divergence))
                else:
                    last = max(kept, key=lambda entry: entry[0])
                    if key < last[0]:
                        kept[kept.index(last)] = (key, divergence)
        if found and not self.keep_going:
            self.stop.set()

    def divergences(self) -> list[Divergence]:
        """The divergences kept, in hand order."""
        entries = [entry for kept in self.kept.values() for entry in kept]
        return [divergence for _, divergence in sorted(entries, key=lambda entry: entry[0])]

    def tally(self, start: float) -> Tally:
        with self.lock:
            return Tally(
                self.report.hands,
                self.report.requests,
                self.report.found,
                time.perf_counter() - start,
            )


class _Batch(NamedTuple):
    hands: list[int]
    probes: list[tuple[int, Probe]]
    """Each probe with the index of its hand."""
    prepared: list[Prepared]
    """The probes encoded for the engine."""


def _build(seed: int, indices: list[int], engine: FuzzEngine, views: bool) -> _Batch:
    probes = [(i, probe) for i in indices for probe in hand_probes(seed, i, engine.cmds, views)]
    # Encoded here, ahead: the engine is not kept waiting for its next batch meanwhile.
    exact = engine.writes_like_reference
    prepared = [prepare(p.request, p.expected if exact else None) for _, p in probes]
    return _Batch(indices, probes, prepared)


def _batches(
    seed: int, indices: Iterator[int], engine: FuzzEngine, views: bool, stop: threading.Event
) -> Iterator[_Batch]:
    """Batches of hands with their probes, built ahead in a thread of their own."""
    ready: queue.Queue[_Batch | None] = queue.Queue(maxsize=2)
    failed: list[BaseException] = []

    def build() -> None:
        while not stop.is_set():
            try:
                batch: _Batch | None = None
                wanted = list(islice(indices, _BATCH))
                if wanted:
                    batch = _build(seed, wanted, engine, views)
            except BaseException as exc:  # raised again in the consuming thread
                failed.append(exc)
                batch = None
            while not stop.is_set():
                try:
                    ready.put(batch, timeout=_TICK_S)
                    break
                except queue.Full:
                    continue
            if batch is None:
                return

    threading.Thread(target=build, daemon=True).start()
    while not stop.is_set():
        try:
            batch = ready.get(timeout=_TICK_S)
        except queue.Empty:
            continue
        if batch is None:
            if failed:
                raise failed[0]
            return
        yield batch


def _hunt(
    engine: FuzzEngine,
    seed: int,
    indices: Iterator[int],
    shared: _Shared,
    ignore: Callable[[Divergence], bool] | None,
) -> None:
    """Try hands until the indices run out or the campaign stops."""
    for batch in _batches(seed, indices, engine, ignore is not None, shared.stop):
        # A batch built before a restart may ask what the restarted engine no longer
        # lists: that is not sent, and counts as declined.
        engine.ready()
        listed = [
            n for n, (_, probe) in enumerate(batch.probes) if probe.request["cmd"] in engine.cmds
        ]
        replies = engine.stream([batch.prepared[n] for n in listed])
        found: list[tuple[int, Divergence]] = []
        judged = skipped = len(batch.probes) - len(listed)
        ignored = 0
        last = batch.hands[-1]
        hand = place = -1
        for (index, probe), (reply, raw) in zip(
            [batch.probes[n] for n in listed], replies, strict=True
        ):
            judged += 1
            place = place + 1 if index == hand else 0
            hand = index
            problems = compare_reply(probe.expected, reply, raw)
            if not problems:
                continue
            if is_skipped(reply):
                skipped += 1  # the engine declines it: not an answer, so not a wrong one
                continue
            divergence = Divergence(
                seed, index, probe.request, probe.expected, reply, tuple(problems)
            )
            if ignore is not None and ignore(divergence):
                ignored += 1
                continue
            found.append((place, divergence))
            if not shared.keep_going:
                last = index
                break
        hands = sum(1 for index in batch.hands if index <= last)
        with shared.lock:
            shared.report.ignored += ignored
        shared.add(hands, judged, skipped, found)
        if shared.stop.is_set():
            return


def campaign(
    argv: Sequence[str],
    *,
    hands: int,
    seed: int,
    jobs: int = 1,
    shard: tuple[int, int] = (1, 1),
    timeout: float = 5.0,
    env: Mapping[str, str] | None = None,
    keep_going: bool = False,
    ignore: Callable[[Divergence], bool] | None = None,
    progress: Callable[[Tally], None] | None = None,
) -> FuzzReport:
    """Fuzz `hands` hands of the shard against the engine `argv`.

    Stops at the first divergence unless `keep_going`; divergences for which `ignore`
    returns True are counted apart (and each hand is also asked through its
    `table`/`legal`/`settle` views, which a known divergence in `hand` replies may
    hide). `progress` is called now and then from this thread.
    Raises `EngineStartError` when an engine cannot be started.
    """
    indices = shard_indices(hands, shard)
    start = time.perf_counter()
    report = FuzzReport()
    shared = _Shared(report, keep_going)
    engines: list[FuzzEngine] = []
    thresholds = gc.get_threshold()
    try:
        for _ in range(max(1, jobs)):
            engines.append(FuzzEngine(argv, timeout, env))
        threads = [
            threading.Thread(
                target=_work,
                args=(engine, seed, iter(indices[j :: len(engines)]), shared, ignore),
                daemon=True,
            )
            for j, engine in enumerate(engines)
        ]
        # The probes' objects live only as long as their batch and form no cycles: the
        # collector's frequent scans (of them and of the long-lived modules) are pure
        # cost here, so the long-lived ones are frozen and scans made rare.
        gc.freeze()
        gc.set_threshold(_GC_THRESHOLD, *thresholds[1:])
        for thread in threads:
            thread.start()
        for thread in threads:
            while thread.is_alive():
                thread.join(_TICK_S)
                if progress is not None:
                    progress(shared.tally(start))
    finally:
        shared.stop.set()
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        for engine in engines:
            engine.close()
    if shared.failures:
        raise shared.failures[0]
    report.divergences = shared.divergences()
    report.seconds = time.perf_counter() - start
    return report


def _work(
    engine: FuzzEngine,
    seed: int,
    indices: Iterator[int],
    shared: _Shared,
    ignore: Callable[[Divergence], bool] | None,
) -> None:
    try:
        _hunt(engine, seed, indices, shared, ignore)
    except BaseException as exc:  # handed to the caller's thread by `campaign`
        with shared.lock:
            shared.failures.append(exc)
        shared.stop.set()
