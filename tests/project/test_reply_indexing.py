"""No module outside the edge reads a protocol message by its keys.

A reply, a request's expectation or a whole answer becomes a value once
(`conformance.suite.messages.parse_reply`, `parse_expected`, `expected_of`), and the
rest of the suite matches on those values. This test finds every place in
``conformance/`` that reads a message's kind by key, as ``reply["result"]``,
``reply.get("rejected")`` or ``"skipped" in reply``, and allows it only at the edge.
A module that cannot yet do without is listed in ``NOT_YET_TYPED`` with its count,
which may only go down.
"""

from __future__ import annotations

import ast
from collections import Counter

from tests.support.cli import ROOT

PACKAGE = ROOT / "conformance"
KINDS = frozenset({"result", "rejected", "errored", "skipped"})

EDGE = {
    # the model itself: JSON in, values out
    "conformance/suite/messages.py",
    # the comparison of the engine's own JSON with an expectation, malformed or not
    "conformance/runner/judge.py",
    # the suite's compiled document and reports read back: files, not messages
    "conformance/suite/compiled.py",
    "conformance/site/reading.py",
}
NOT_YET_TYPED: dict[str, int] = {}
"""Modules that still read messages by key, with how many times: lower a count as they go
(none do now)."""


def _is_kind(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value in KINDS


def _reads(tree: ast.AST) -> int:
    """How many times the module reads a message's kind by its key."""
    found = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            # a load only: a counter keyed by outcome (``counts["skipped"] += 1``) is no read
            found += isinstance(node.ctx, ast.Load) and _is_kind(node.slice)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            found += node.func.attr == "get" and bool(node.args) and _is_kind(node.args[0])
        elif isinstance(node, ast.Compare):
            found += _is_kind(node.left) and any(
                isinstance(op, ast.In | ast.NotIn) for op in node.ops
            )
    return found


def _counts() -> Counter[str]:
    counts: Counter[str] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        reads = _reads(ast.parse(path.read_text(encoding="utf-8"), filename=name))
        if reads and name not in EDGE:
            counts[name] = reads
    return counts


def test_no_module_outside_the_edge_reads_a_message_by_its_keys() -> None:
    counts = _counts()
    grown = {name: n for name, n in counts.items() if n > NOT_YET_TYPED.get(name, 0)}
    assert not grown, f"read messages through conformance.suite.messages instead: {grown}"
    shrunk = {name: counts[name] for name, n in NOT_YET_TYPED.items() if counts[name] < n}
    assert not shrunk, f"lower NOT_YET_TYPED to the counts now: {shrunk}"


def test_the_check_finds_each_way_of_reading_a_kind() -> None:
    code = """
reply["result"]
reply.get("rejected")
"skipped" in reply
"errored" not in reply
counts["skipped"] += 1
reply["seq"]
"""
    assert _reads(ast.parse(code)) == 4
