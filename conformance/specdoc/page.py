"""spec/rules.md as one self-contained HTML page: rules, readings and drawn examples.

Anchors: ``rule-<ID>`` on each rule line (``#rule-spinner.first-double``),
``example-<N>`` on each worked example (``#example-7``), ``seed-s<N>`` on each sentence
of the traceability table and ``seed-f<N>`` on each figure (``#seed-s21``), the steps
of the procedures (``#after-a-placement-4``), and a slug of each heading
(``#counted-ends``). Rule IDs quoted in the text link to their rule. Examples are drawn
in SVG, the text drawing kept below each; a play example's tables are drawn from its
fixture case, so the page needs the suite's fixtures. Nothing is loaded from elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape

from markdown_it import MarkdownIt
from markdown_it.token import Token

from conformance.board import svg_plays
from conformance.specdoc.blocks import table_marks
from conformance.specdoc.examples import Example, parse_examples
from conformance.specdoc.plays import TURNS_INFO, HandView, PlayError, hand_views
from conformance.suite.fixtures import Case
from conformance.suite.rules import Rule, parse_rules

__all__ = ["rule_anchor", "spec_html", "suite_cases"]

_RULE_START = re.compile(r"^`([a-z0-9.-]+)`( \((withdrawn|reading|theorem)\))?: ")
_EXAMPLE_HEADING = re.compile(r"^Example (\d+): ")
_SENTENCE_ROW = re.compile(r"^S(\d+)$")
_FIGURE_ROW = re.compile(r"^F(\d+), ")

_STYLE = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 58rem; margin: 2rem auto;
       padding: 0 1rem; color: #1d1d1f; }
code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; }
pre { background: #f5f5f7; padding: 0.6rem; overflow-x: auto; line-height: 1.15; }
li.rule { margin: 0.4rem 0; }
li.rule > code:first-child { font-weight: bold; }
li.reading { border-left: 4px solid #d48a00; padding-left: 0.5rem; }
li.theorem { border-left: 4px solid #2a7ab0; padding-left: 0.5rem; }
li.withdrawn { color: #888; text-decoration: line-through; }
table { border-collapse: collapse; display: block; max-width: 100%; overflow-x: auto; }
td, th { border: 1px solid #ccc; padding: 0.3rem; }
figure.board { margin: 0.5rem 0; overflow-x: auto; }
pre.turns { background: #f0f4f8; }
td:first-child { white-space: nowrap; }
:target { background: #fff6d8; }
"""


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule on the page: ``rule-spinner.first-double``."""
    return f"rule-{rule_id}"


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(words) or "section"


def _html_token(content: str) -> Token:
    token = Token("html_block", "", 0)
    token.content = content
    return token


def _drawn(svg: str, fence: Token) -> Token:
    pre = f"<pre>{escape(fence.content)}</pre>"
    return _html_token(
        f'<figure class="board">{svg}</figure>\n'
        f"<details><summary>Text drawing</summary>{pre}</details>\n"
    )


class _Drawings:
    """The SVG drawings of the examples, fence by fence, in the order of the page."""

    def __init__(self, cases: Mapping[str, Case]) -> None:
        self.cases = cases
        self.hands: list[HandView] = []
        self.table: Case | None = None
        self.title = ""

    def start(self, example: Example | None) -> None:
        self.hands, self.table, self.title = [], None, ""
        case = self.cases.get(example.fixture) if example is not None else None
        if example is None or case is None:
            return
        self.title = f"Example {example.number}"
        if case.cmd == "table":
            self.table = case
            return
        try:
            self.hands = hand_views(case) if case.cmd in ("hand", "game") else []
        except PlayError:
            return  # the example check reports it; the page keeps the text drawing

    def fence(self, example: Example | None, fence: Token) -> Token:
        if fence.info.strip() == TURNS_INFO:
            return _html_token(f'<pre class="turns">{escape(fence.content)}</pre>\n')
        if self.table is not None:
            plays = self.table.given.get("plays") or []
            svg = svg_plays(plays, table_marks(self.table), title=self.title)
            self.table = None
            return _drawn(svg, fence)
        if self.hands:
            hand = self.hands.pop(0)
            title = f"{self.title}, {hand.title}" if hand.title else self.title
            return _drawn(svg_plays(hand.plays(), hand.marks(), title=title), fence)
        return _html_token(f"<pre>{escape(fence.content)}</pre>\n")


def _link_rules(inline: Token, rules: dict[str, Rule], skip_first: bool) -> None:
    """Make each quoted rule ID in ``inline`` a link to that rule; drop links that
    point outside the page, which a page read on its own cannot follow."""
    children: list[Token] = []
    kept: list[bool] = []
    for n, child in enumerate(inline.children or []):
        if child.type == "link_open":
            kept.append(str(child.attrGet("href") or "").startswith("#"))
            if kept[-1]:
                children.append(child)
            continue
        if child.type == "link_close":
            if kept.pop() if kept else True:
                children.append(child)
            continue
        # A rule ID quoted in the text links to its rule (not the ID that starts the rule).
        is_reference = child.type == "code_inline" and child.content in rules and not kept
        if is_reference and not (skip_first and n == 0):
            opening = Token("link_open", "a", 1)
            opening.attrSet("href", f"#{rule_anchor(child.content)}")
            children.extend([opening, child, Token("link_close", "a", -1)])
            continue
        children.append(child)
    inline.children = children


def _annotate(
    tokens: list[Token],
    rules: dict[str, Rule],
    examples: dict[int, Example],
    drawings: _Drawings,
) -> None:
    example: Example | None = None
    for n, token in enumerate(tokens):
        if token.type == "heading_open":
            title = tokens[n + 1].content
            match = _EXAMPLE_HEADING.match(title)
            example = examples.get(int(match[1])) if match else None
            drawings.start(example)
            token.attrSet("id", _slug(title))
        elif token.type == "list_item_open" and n + 2 < len(tokens):
            content = tokens[n + 2].content
            match = _RULE_START.match(content)
            if match and match[1] in rules:
                token.attrSet("id", rule_anchor(match[1]))
                token.attrSet("class", f"rule {match[3] or 'rule'}")
            elif figure := _FIGURE_ROW.match(content):
                token.attrSet("id", f"seed-f{figure[1]}")
        elif token.type == "tr_open" and n + 2 < len(tokens):
            if sentence := _SENTENCE_ROW.match(tokens[n + 2].content):
                token.attrSet("id", f"seed-s{sentence[1]}")
        elif token.type == "fence" and example is not None:
            tokens[n] = drawings.fence(example, token)
        elif token.type == "inline":
            starts_rule = n >= 2 and tokens[n - 2].type == "list_item_open"
            _link_rules(token, rules, skip_first=starts_rule)


def suite_cases() -> dict[str, Case]:
    """The suite's own fixture cases, by id: those the rules' examples show."""
    from conformance.suite.fixtures import load_cases
    from conformance.suite.resources import fixtures_dir
    from conformance.suite.rules import load_rules

    return {case.id: case for case in load_cases([fixtures_dir()], rules=load_rules())}


def spec_html(text: str, cases: Mapping[str, Case] | None = None) -> str:
    """The rules.md ``text`` as a complete, self-contained HTML page; ``cases`` are the
    fixture cases by id that the play examples show (by default the suite's own)."""
    if cases is None:
        cases = suite_cases()
    rules = parse_rules(text)
    examples = {e.number: e for e in parse_examples(text)}
    md = MarkdownIt("commonmark", {"html": True, "xhtmlOut": True}).enable("table")
    tokens = md.parse(text)
    _annotate(tokens, rules, examples, _Drawings(cases))
    body = md.renderer.render(tokens, md.options, {})
    title = next((t.content for t in tokens if t.type == "inline"), "Seven Rocks rules")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8" />\n'
        # Laid out at the screen's width: without it, a phone shows a shrunken desktop page.
        '<meta name="viewport" content="width=device-width, initial-scale=1" />\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f"<body>\n{body}</body>\n</html>\n"
    )
