"""spec/fixtures.md states its requirements in BCP 14 key words, and says whom they bind."""

from __future__ import annotations

import re

from tests.support.cli import ROOT

GUIDE = (ROOT / "spec" / "fixtures.md").read_text(encoding="utf-8")


def _prose(text: str) -> str:
    # Code, quoted identifiers and quotations are not requirements.
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`]*`", "", text)


def test_the_guide_says_whom_its_key_words_bind() -> None:
    assert "BCP 14 (RFC 2119, RFC 8174)" in GUIDE
    assert "binds its author" in GUIDE and "binds the runner" in GUIDE


def test_a_requirement_of_the_guide_is_a_key_word_in_capitals() -> None:
    lower = re.findall(r".{20}\b(?:must|should|shall|may|required)\b.{10}", _prose(GUIDE))
    assert lower == []
    for requirement in ("MUST describe plain JSON data", "MUST list `input-validation`"):
        assert requirement in GUIDE
    # The check finds a lower-case key word where one is written.
    assert re.search(r"\bmust\b", _prose("The YAML must describe plain JSON data."))
