"""Checks of the HTML pages shared by the tests: structure, self-containment, ids."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

VOID = frozenset(
    "area base br col embed hr img input link meta source track wbr".split()  # noqa: SIM905
)


class _Checker(HTMLParser):
    """Collects problems of structure: unclosed or misnested elements, and ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.tags: dict[str, int] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        for name in ("href", "src", "action", "srcset", "poster", "data"):
            if values.get(name):
                self.links.append(str(values[name]))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1  # self-closed SVG elements

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()


def check_page(page: str) -> _Checker:
    """Parse `page`; fail on any structural problem or anything fetched from elsewhere."""
    assert page.startswith("<!DOCTYPE html>")
    checker = _Checker()
    checker.feed(page)
    checker.close()
    assert checker.problems == []
    assert checker.stack == []
    assert len(checker.ids) == len(set(checker.ids)), "duplicate ids"
    # Self-contained: every link is an anchor within the page.
    assert all(link.startswith("#") for link in checker.links), checker.links
    assert checker.tags.get("link", 0) == 0
    assert not re.search(r"url\(|@import|https?://(?!www\.w3\.org/2000/svg)", page)
    for target in (link[1:] for link in checker.links):
        assert target in checker.ids, f"link to #{target}, which the page does not have"
    # Well-formed as XML too (polyglot markup), so each inline drawing is as well.
    ET.fromstring(page.removeprefix("<!DOCTYPE html>"))
    return checker
