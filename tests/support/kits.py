"""Helpers for the kits' tests: the suite file with one case made wrong on purpose, and
request lines at the edges of JSON and of integers."""

from __future__ import annotations

import json
from pathlib import Path

from tools.export_suite import SUITE_FILE

ODD_LINES = [
    '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []], }',
    '{"cmd": "settle", "seq": 05, "hands": [[], [], [], []]}',
    '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []]} x',
    '{"cmd": "settle", "seq": 5, "seq": 6, "hands": [[], [], [], []]}',
    '{"cmd": "settle", "seq": -0, "hands": [[], [], [], []]}',
    '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []], "__proto__": {}}',
    '{"cmd": "set\\u0074le", "seq": 5, "hands": [[], [], [], []]}',
    '{"cmd": "settle", "seq": 5, "hands": "\x01"}',
    '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []], "x": "\\q"}',
    '{"cmd": "settle", "seq": 5, "hands": [[[1,2]], [], [], []]}',
    '{"cmd": "settle", "seq": 5, "hands": [[[1,2.5]], [], [], []]}',
    '{"cmd": "settle", "seq": 5, "hands": [[[1,2e0]], [], [], []]}',
    '{"cmd": "settle", "seq": 5, "hands": ' + "[" * 500 + "]" * 500 + "}",
    '  {"cmd":"settle","seq":1e2,"hands":[[],[],[],[]]}\r',
    "",
    "{",
    '"seq"',
    '{"cmd": "settle", "seq": "\\u0000integer:7", "hands": [[], [], [], []]}',
    '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []], "x\\"\\\\": 1}',
]
"""Lines at the edges of JSON (a trailing comma, a leading zero, a repeated key, escapes,
a control character, depth): a kit reads each as the reference adapter does."""

CORRUPTED = "table.seed-a.step-9"
"""The case `corrupted_suite` makes wrong."""


def corrupted_suite(folder: Path) -> Path:
    """A copy of the suite file in ``folder`` in which `CORRUPTED` expects a wrong credit:
    a harness that runs it must fail that case, and only that one."""
    suite = json.loads(SUITE_FILE.read_text(encoding="utf-8"))
    [case] = [c for c in suite["cases"] if c["id"] == CORRUPTED]
    case["expect"]["result"]["credit"] += 5
    path = folder / "corrupted-suite.json"
    path.write_text(json.dumps(suite), encoding="utf-8")
    return path


def long_seq_lines(digits: int) -> tuple[list[str], list[str]]:
    """Requests whose ``seq`` has `digits` digits (and its negative), each to be echoed
    exactly (spec/protocol.md section 4), then two whose tile has a half of that many
    digits, to be refused with ``bad_request`` and index 0, then null; and the two seqs.
    The handshake comes first."""
    big = "9" * digits
    lines = [
        '{"cmd": "start", "protocol": 1}',
        f'{{"cmd": "settle", "seq": {big}, "hands": [[], [], [], []]}}',
        f'{{"cmd": "settle", "seq": -{big}, "hands": [[], [], [], []]}}',
        f'{{"cmd": "table", "seq": 3, "plays": [{{"tile": [1, {big}]}}]}}',
        f'{{"cmd": "settle", "seq": 4, "hands": [[[1, {big}]], [], [], []]}}',
    ]
    return lines, [big, "-" + big]
