"""A cause for a divergence: the catalogue mutants that answer its request the same way.

Each mutant (`python -m reference_impl.adapter --mutant NAME`, one deliberate misreading
of the rules) runs in a process of its own, started once and reused; a request is put
to all of them at once, one thread each.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from conformance.engine.client import EngineStartError
from conformance.fuzz.engine import FuzzEngine
from conformance.fuzz.probes import JSONObject, compare_reply
from reference_impl.mutants import MUTANTS

__all__ = ["MutantPool", "rules_of"]


def rules_of(mutants: Sequence[str]) -> list[str]:
    """The rules the named mutants break, in catalogue order, without repeats."""
    rules: list[str] = []
    for name in mutants:
        for rule in MUTANTS[name].rules:
            if rule not in rules:
                rules.append(rule)
    return rules


def _answers(reply: Any) -> bool:
    """Whether `reply` answers a request: a result or a refusal."""
    return isinstance(reply, dict) and bool({"result", "rejected"} & set(reply))


class MutantPool:
    """The mutant catalogue (or the named part of it) as engines kept alive for reuse."""

    def __init__(
        self,
        reference_argv: Sequence[str],
        *,
        names: Sequence[str] | None = None,
        timeout: float = 5.0,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.argv = list(reference_argv)
        self.names = list(MUTANTS) if names is None else [n for n in names if n in MUTANTS]
        self.timeout = timeout
        self.env = env
        self._engines: dict[str, FuzzEngine | None] = {}
        self._lock = threading.Lock()
        self._threads = ThreadPoolExecutor(max_workers=max(1, min(len(self.names), 32)))

    def _engine(self, name: str) -> FuzzEngine | None:
        if name not in self._engines:
            try:
                self._engines[name] = FuzzEngine(
                    [*self.argv, "--mutant", name], self.timeout, self.env
                )
            except EngineStartError:
                self._engines[name] = None  # a mutant that cannot start reproduces nothing
        return self._engines[name]

    def _reproduces(self, name: str, request: JSONObject, actual: Any) -> bool:
        engine = self._engine(name)
        if engine is None:
            return False
        [(reply, _)] = engine.ask([request])
        if not _answers(reply):
            return False
        said = {k: v for k, v in reply.items() if k in ("result", "rejected")}
        return compare_reply(said, actual) == []

    def reproducing(self, request: JSONObject, actual: Any) -> list[str]:
        """The mutants whose reply to `request` agrees with `actual`, in catalogue order."""
        if not _answers(actual):
            # No reply, not JSON, neither a result nor a refusal: a failed exchange, which
            # no mutant's answer can agree with (`_reproduces`), so none is started for it.
            return []
        # Each mutant's engine is used by one thread at a time: one job per mutant, and one
        # request to the catalogue at a time.
        with self._lock:
            verdicts = list(
                self._threads.map(lambda n: self._reproduces(n, request, actual), self.names)
            )
        return [name for name, same in zip(self.names, verdicts, strict=True) if same]

    def close(self) -> None:
        """Stop every mutant's process."""
        self._threads.shutdown()
        for engine in self._engines.values():
            if engine is not None:
                engine.close()
        self._engines.clear()
