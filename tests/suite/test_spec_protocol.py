"""spec/protocol.md as a document: BCP 14 key words, each party's duties in its own
section, anchored examples, and the limits of the schemas stated truly.

The examples' validity against the schemas is checked in test_schemas.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conformance.engine.handshake import HandshakeError, parse_handshake
from conformance.runner.compare import matches
from conformance.suite import schemas

PROTOCOL = (Path(__file__).resolve().parents[2] / "spec" / "protocol.md").read_text(
    encoding="utf-8"
)
_KEYWORD = re.compile(r"\b(MUST NOT|MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|MAY|OPTIONAL)\b")
_LOWER = re.compile(r"\b(must|shall|should|may)\b")


def _sections() -> dict[str, str]:
    """The text under each second-level heading, by heading."""
    parts = re.split(r"^## (.+)$", PROTOCOL, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _prose(text: str) -> str:
    """``text`` without code spans and fenced blocks, where key words are names."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`]*`", "", text)


def test_the_bcp14_boilerplate_opens_the_document() -> None:
    conventions = _sections()["Conventions"]
    assert "described in BCP 14 (RFC 2119, RFC 8174)" in conventions
    assert "when, and only when, they appear in all capitals" in conventions


def test_key_words_stand_only_in_the_duties_of_the_engine_and_the_runner() -> None:
    sections = _sections()
    assert {"7. The engine's duties", "8. The runner's duties"} <= set(sections)
    for heading, text in sections.items():
        body = _prose(text)
        assert _LOWER.search(body) is None, (heading, _LOWER.search(body))
        if heading in ("7. The engine's duties", "8. The runner's duties"):
            continue
        if heading == "Conventions":
            body = body.split("when, and only when", 1)[1]
            body = re.sub(r"MUST, SHOULD or MAY", "", body)
        assert _KEYWORD.search(body) is None, (heading, _KEYWORD.search(body))


def test_each_duty_has_its_party_as_subject() -> None:
    sections = _sections()
    engine, runner = sections["7. The engine's duties"], sections["8. The runner's duties"]
    assert engine.strip().startswith("The engine:") and runner.strip().startswith("The runner:")
    for text in (engine, runner):
        # "The engine:" then items, each a predicate of it: its first sentence holds a
        # key word before any other subject could be named.
        items = re.split(r"^\d+\. ", text, flags=re.M)[1:]
        assert len(items) >= 6
        for item in items:
            first = " ".join(item.split()).split(". ")[0]
            assert _KEYWORD.search(first), first
            assert not re.match(r"(The|An?) \w+ (MUST|MAY|SHOULD)", first), first


def test_the_examples_are_numbered_and_anchored() -> None:
    # "P" keeps them apart from the worked examples of rules.md: "Example P9" is not "Example 9".
    anchors = [int(n) for n in re.findall(r'^<a id="example-p(\d+)"></a>$', PROTOCOL, flags=re.M)]
    assert anchors == list(range(1, len(anchors) + 1)) and len(anchors) >= 15
    labels = [int(n) for n in re.findall(r"^\*\*Example P(\d+)\.\*\*", PROTOCOL, flags=re.M)]
    assert labels == anchors
    # Every example block of JSON follows an anchored label of its own.
    blocks = [m.start() for m in re.finditer(r"<!-- example: ", PROTOCOL)]
    starts = [m.start() for m in re.finditer(r'^<a id="example-p', PROTOCOL, flags=re.M)]
    assert blocks and all(any(s < b for s in starts) for b in blocks)
    assert PROTOCOL.index('<a id="example-p1"></a>') < blocks[0]
    assert re.search(r"\bExample \d", PROTOCOL) is None


def test_the_limits_of_the_schemas_are_what_section_9_says() -> None:
    section = _sections()["9. What the schemas cannot check"]
    for subject in ("1.0", "uniqueItems", "28 tiles", "multisets", "seq"):
        assert subject in section
    # The schemas accept an integer written 1.0, in the handshake and in a tile...
    reply = {
        "ready": True,
        "protocol": 1.0,
        "engine": {"name": "x", "version": "1", "language": "c"},
        "cmds": ["table"],
    }
    assert schemas.check_reply("start", reply) == []
    assert schemas.check_request({"cmd": "table", "seq": 1, "plays": [{"tile": [1.0, 4]}]}) == []
    # ... and a tile twice across the hands of a deal; they refuse true for an integer.
    twice = [[[0, i] for i in range(7)] for _ in range(4)]
    assert (
        schemas.check_request({"cmd": "hand", "seq": 1, "deal": twice, "opener": 0, "actions": []})
        == []
    )
    assert schemas.check_request({"cmd": "table", "seq": 1, "plays": [{"tile": [True, 4]}]})
    # Where the runner checks instead: the handshake to the letter, values by type.
    with pytest.raises(HandshakeError, match="protocol"):
        parse_handshake(reply)
    assert not matches(10, 10.0) and not matches({"credit": 10}, {"credit": 10.0})


def test_the_ends_follow_the_procedures_of_the_rules() -> None:
    hand = PROTOCOL.split("### 5.4", 1)[1].split("### 5.5", 1)[0]
    target, domino = hand.index('- `"target"`'), hand.index('- `"domino"`')
    assert target < domino
    assert "step 4 comes before step 5" in hand
