"""The reference adapter against requests that are not JSON in disguise, a second
handshake, and form errors in several places; and what it imports at start-up."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from reference_impl.adapter import handle

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "reference_impl.adapter"]
START = b'{"cmd": "start", "protocol": 1}\n'
FOLLOW_UP = b'{"cmd": "table", "seq": 99, "plays": []}\n'


def _refuse(constant: str) -> None:
    raise ValueError(f"{constant} in a reply")


def converse(*lines: bytes) -> list[Any]:
    """The replies of a fresh adapter to a handshake and ``lines``, each strict JSON."""
    done = subprocess.run(
        COMMAND,
        input=START + b"".join(lines),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    text = done.stdout.decode("utf-8")
    return [json.loads(line, parse_constant=_refuse) for line in text.splitlines()][1:]


@pytest.mark.parametrize("seq", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"])
def test_seq_that_json_cannot_echo(seq: str) -> None:
    line = b'{"cmd": "table", "seq": ' + seq.encode() + b', "plays": []}\n'
    refused, after = converse(line, FOLLOW_UP)
    assert refused["seq"] is None
    assert refused["rejected"]["code"] == "bad_request"
    assert refused["rejected"]["index"] is None
    assert after["seq"] == 99 and "result" in after  # still serving


@pytest.mark.parametrize(
    ("line", "seq"),
    [(START, None), (b'{"cmd": "start", "protocol": 1, "seq": 7}\n', 7)],
    ids=["without-seq", "with-seq"],
)
def test_start_after_the_handshake_is_a_bad_request(line: bytes, seq: Any) -> None:
    refused, after = converse(line, FOLLOW_UP)
    assert refused == {
        "seq": seq,
        "rejected": {
            "code": "bad_request",
            "index": None,
            "message": refused["rejected"]["message"],
        },
    }
    assert after["seq"] == 99 and "result" in after


DEAL = [
    [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]],
    [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]],
    [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]],
]


@pytest.mark.parametrize(
    ("extra", "index"),
    [
        ({"actions": [{"tile": [0, 5]}, "pass", {"tile": [9, 9]}], "depth": -1}, 2),
        ({"actions": [{"tile": [0, 5]}, "pass", "pass"], "depth": -1}, None),
        ({"scores": [250, 0], "depth": -1}, None),
        ({"scores": "x", "actions": ["fold"], "depth": 1}, None),
        ({"actions": ["fold"], "depth": "deep"}, 0),
    ],
)
def test_perft_form_errors_in_document_order(extra: dict[str, Any], index: int | None) -> None:
    reply = handle({"cmd": "perft", "seq": 1, "deal": DEAL, "opener": 0, **extra})
    assert reply["rejected"]["code"] == "bad_request"
    assert reply["rejected"]["index"] == index


def test_mutant_catalogue_is_not_imported_for_an_ordinary_start() -> None:
    probe = (
        "import sys, io\n"
        "from reference_impl import adapter\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b''))\n"
        "adapter.main([])\n"
        "print('reference_impl.mutants' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.stdout.strip() == "False", done.stderr
    listed = subprocess.run(
        [*COMMAND, "--list-mutants"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert listed.returncode == 0 and listed.stdout.count("\n") >= 30
