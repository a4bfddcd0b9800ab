"""spec/rules.md as one self-contained HTML page: rules, readings and drawn examples.

Anchors: ``rule-<ID>`` on each rule line (``#rule-spinner.first-double``),
``example-<N>`` on each worked example (``#example-7``), and a slug of each heading
(``#counted-ends``). Rule IDs quoted in the text link to their rule. Examples are drawn
in SVG, the text drawing kept below each. Nothing is loaded from elsewhere.
"""

from __future__ import annotations

import re
from html import escape

from markdown_it import MarkdownIt
from markdown_it.token import Token

from conformance.board import svg_plays
from conformance.specdoc.examples import Example, parse_examples
from conformance.suite.rules import Rule, parse_rules

__all__ = ["rule_anchor", "spec_html"]

_RULE_START = re.compile(r"^`([a-z0-9.-]+)`( \((withdrawn|reading|theorem)\))?: ")
_EXAMPLE_HEADING = re.compile(r"^Example (\d+): ")

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
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.3rem; }
figure.board { margin: 0.5rem 0; overflow-x: auto; }
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


def _figure(example: Example, fence: Token) -> Token:
    pre = f"<pre>{escape(fence.content)}</pre>"
    if example.plays is None:
        return _html_token(pre + "\n")
    svg = svg_plays(example.plays, example.result(), title=f"Example {example.number}")
    return _html_token(
        f'<figure class="board">{svg}</figure>\n'
        f"<details><summary>Text drawing</summary>{pre}</details>\n"
    )


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


def _annotate(tokens: list[Token], rules: dict[str, Rule], examples: dict[int, Example]) -> None:
    example: Example | None = None
    for n, token in enumerate(tokens):
        if token.type == "heading_open":
            title = tokens[n + 1].content
            match = _EXAMPLE_HEADING.match(title)
            example = examples.get(int(match[1])) if match else None
            token.attrSet("id", _slug(title))
        elif token.type == "list_item_open" and n + 2 < len(tokens):
            match = _RULE_START.match(tokens[n + 2].content)
            if match and match[1] in rules:
                token.attrSet("id", rule_anchor(match[1]))
                token.attrSet("class", f"rule {match[3] or 'rule'}")
        elif token.type == "fence" and example is not None:
            tokens[n] = _figure(example, token)
        elif token.type == "inline":
            starts_rule = n >= 2 and tokens[n - 2].type == "list_item_open"
            _link_rules(token, rules, skip_first=starts_rule)


def spec_html(text: str) -> str:
    """The rules.md ``text`` as a complete, self-contained HTML page."""
    rules = parse_rules(text)
    examples = {e.number: e for e in parse_examples(text)}
    md = MarkdownIt("commonmark", {"html": True, "xhtmlOut": True}).enable("table")
    tokens = md.parse(text)
    _annotate(tokens, rules, examples)
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
