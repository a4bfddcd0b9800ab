"""Read fixture YAML as JSON data, refusing anything JSON cannot hold.

A fixture is data sent to an engine as JSON, so the loader accepts exactly the JSON data
model: mappings with string keys, lists, strings, integers, ``true``/``false`` and
``null``. Plain scalars are read as YAML 1.2's core schema reads them (``on``, ``yes`` and
``no`` stay strings, so the placement key ``on:`` is a key). Everything else is refused
with a message giving the line and the JSON path:

- floats (``1.5``, ``1e3``, ``.inf``, ``.nan``): every number of the rules is an integer,
  so a fraction in a fixture is a mistake, and NaN or infinity are not JSON;
- integers with more than `MAX_INT_DIGITS` digits, or written in hex or octal;
- dates and times, and tags other than those of the JSON types (``!!binary``, ``!!set``,
  ``!!omap``, ``!python/...``, ...); merge keys (``<<``);
- keys that are not strings, and keys repeated in one mapping;
- aliases that make a value contain itself, and values holding more than `MAX_VALUES`
  values or nesting deeper than `MAX_DEPTH` once aliases are expanded (a "billion
  laughs" file is refused this way, in time linear in its size).

Anchors and aliases are otherwise fine: the suite's own fixtures reuse deals that way.
Composing the YAML never expands aliases, so the checks run on the small node graph and
the cost stays linear in the size of the file.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from conformance.suite.files import FixtureReadError, LoadProblem
from conformance.suite.schemas import json_path

__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_VALUES",
    "YamlDataError",
    "YamlSyntaxError",
    "load_yaml",
]

MAX_INT_DIGITS = 20
"""Longest integer accepted, in digits (the protocol's numbers are small)."""
MAX_VALUES = 200_000
"""Most values one file may hold, aliases expanded (the suite's largest holds ~7,000)."""
MAX_DEPTH = 32
"""Deepest nesting of lists and mappings accepted, aliases expanded (the suite's: 10)."""
_MAX_PROBLEMS = 20

_CORE = "tag:yaml.org,2002:"
_STR, _INT, _BOOL, _NULL = _CORE + "str", _CORE + "int", _CORE + "bool", _CORE + "null"
_SEQ, _MAP = _CORE + "seq", _CORE + "map"
_JSON_TAGS = frozenset({_STR, _INT, _BOOL, _NULL, _SEQ, _MAP})
# Given by our resolver to untagged plain scalars, which are typed by `_plain` below.
# A tag cannot contain a space, so no file can write this one.
_PLAIN = "plain scalar"

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
}
_DECIMAL = re.compile(r"[-+]?[0-9]+")
_OTHER_INT = re.compile(r"[-+]?0(?:x[0-9a-fA-F]+|o[0-7]+)")
_FLOAT = re.compile(
    r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_NUMBER_START = frozenset("0123456789+-.")
_TIMESTAMP = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?")


class YamlDataError(FixtureReadError):
    """The file is YAML, but not JSON data; ``problems`` says where and why."""

    def __init__(self, problems: list[LoadProblem]) -> None:
        super().__init__("; ".join(map(str, problems)), problems)


class YamlSyntaxError(FixtureReadError):
    """The text is not YAML (or holds more than one document); the message says where."""


def _resolve(kind: type[Node], value: Any, implicit: Any) -> str:
    # Called by the composer for every untagged node; typing plain scalars ourselves
    # keeps YAML 1.1's extra booleans, sexagesimals and the like out.
    if kind is ScalarNode:
        return _PLAIN if implicit[0] else _STR
    return _SEQ if kind is SequenceNode else _MAP


class _NoPathResolution:
    """The composers call these around every node; paths play no part in our typing."""

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        """Nothing to do."""

    def ascend_resolver(self) -> None:
        """Nothing to do."""


class _PyReader(
    _NoPathResolution,
    yaml.reader.Reader,
    yaml.scanner.Scanner,
    yaml.parser.Parser,
    yaml.composer.Composer,
):
    """Pure-Python composer, used when PyYAML was built without libyaml."""

    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)

    def resolve(self, kind: type[Node], value: Any, implicit: Any) -> str:
        """Tag an untagged node (see `_resolve`)."""
        return _resolve(kind, value, implicit)


# yaml.cyaml exists only when PyYAML was built with libyaml.
_CParser: Any = getattr(yaml, "cyaml", None) and getattr(yaml.cyaml, "CParser", None)
if _CParser is not None:

    class _CReader(_NoPathResolution, _CParser):  # type: ignore[misc]
        """libyaml's composer: several times faster than the pure-Python one."""

        # Called for every node: a static method spares one call.
        resolve = staticmethod(_resolve)

    _Reader: Any = _CReader
else:  # pragma: no cover - depends on how PyYAML was built
    _Reader = _PyReader


def _compose(text: str) -> Node | None:
    reader = _Reader(text)
    try:
        node: Node | None = reader.get_single_node()
    finally:
        reader.dispose()
    return node


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_CORE) if tag.startswith(_CORE) else tag


_Link = tuple[Any, "str | int"] | None
"""A JSON path as a linked list, (parent, key): built per node, turned into a tuple only
for a problem (copying tuples at every node would cost more than the rest of the walk)."""


def _unlink(path: _Link) -> tuple[str | int, ...]:
    parts: list[str | int] = []
    while path is not None:
        path, part = path
        parts.append(part)
    return tuple(reversed(parts))


class _Builder:
    """Checks a composed node graph and builds the data (a walk without recursion)."""

    def __init__(self) -> None:
        self.problems: list[tuple[tuple[str | int, ...], Node, str]] = []
        self.built: dict[int, Any] = {}
        self.size: dict[int, int] = {}
        self.depth: dict[int, int] = {}
        self.refused: set[int] = set()

    def problem(self, path: _Link, node: Node, message: str) -> None:
        self.problems.append((_unlink(path), node, message))

    def scalar(self, node: ScalarNode, path: _Link) -> Any:
        tag, value = node.tag, node.value
        if tag == _PLAIN:
            if value[:1] not in _NUMBER_START:
                # Neither a number nor a date: a string, null or a boolean.
                return _BOOLS.get(value, value) if value not in _NULLS else None
            return self._plain(node, path)
        if tag == _STR:
            return value
        if tag not in _JSON_TAGS or tag in (_SEQ, _MAP):
            self.problem(path, node, _tag_message(tag))
            return None
        # An explicit !!int, !!bool or !!null: the value must read as that type.
        typed = self._plain(node, path)
        if {_INT: int, _BOOL: bool, _NULL: type(None)}[tag] is not type(typed):
            self.problem(path, node, f"{value!r} is not a valid {_short(tag)}")
        return typed

    def _plain(self, node: ScalarNode, path: _Link) -> Any:
        value: str = node.value
        if value[:1] not in _NUMBER_START:
            # Neither a number nor a date: a string, null or a boolean.
            return _BOOLS.get(value, value) if value not in _NULLS else None
        if value in _NULLS:
            return None
        if value in _BOOLS:
            return _BOOLS[value]
        if _DECIMAL.fullmatch(value):
            if len(value.lstrip("+-")) > MAX_INT_DIGITS:
                self.problem(
                    path,
                    node,
                    f"an integer of {len(value.lstrip('+-'))} digits is too long "
                    f"(at most {MAX_INT_DIGITS}); quote it if it is text",
                )
                return 0
            return int(value, 10)
        if _OTHER_INT.fullmatch(value):
            self.problem(path, node, f"write the integer {value} in decimal")
        elif _FLOAT.fullmatch(value):
            self.problem(
                path,
                node,
                f"{value} is not an integer: fixtures hold no fractions, "
                "infinities or NaN (quote it if it is text)",
            )
        elif _TIMESTAMP.fullmatch(value):
            self.problem(path, node, f"{value} reads as a date, which JSON cannot hold; quote it")
        return value

    def build(self, root: Node) -> Any:
        """The data of ``root``, or None after recording problems."""
        # Iterative depth-first walk: a node is entered, its children walked, then
        # it is built. A node met again while entered is a cycle; met again after
        # being built, a shared (aliased) value, built once and measured once.
        built, refused = self.built, self.refused
        entered: dict[int, list[tuple[str | int, Node]]] = {}
        stack: list[tuple[Node, _Link, bool]] = [(root, None, False)]
        while stack and len(self.problems) < _MAX_PROBLEMS:
            node, path, children_done = stack.pop()
            key = id(node)
            if children_done:
                self._finish(node, path, entered.pop(key))
                continue
            if key in built or key in refused:
                continue
            if key in entered:
                self.problem(path, node, "an alias makes this value contain itself")
                refused.add(key)
                continue
            if isinstance(node, ScalarNode):
                built[key] = self.scalar(node, path)
                continue
            if node.tag not in (_SEQ, _MAP):
                self.problem(path, node, _tag_message(node.tag))
                refused.add(key)
                continue
            children = self._children(node, path)
            entered[key] = children
            stack.append((node, path, True))
            # Scalars (most nodes) are built at once; containers wait their turn.
            containers = []
            for index, child in children:
                if type(child) is not ScalarNode:
                    containers.append((child, (path, index), False))
                elif id(child) not in built:
                    built[id(child)] = self.scalar(child, (path, index))
            containers.reverse()
            stack.extend(containers)
        if self.problems:
            return None
        return built[id(root)]

    def _children(self, node: Node, path: _Link) -> list[tuple[str | int, Node]]:
        if type(node) is SequenceNode:
            return list(enumerate(node.value))
        out: list[tuple[str | int, Node]] = []
        first: dict[str, Node] = {}
        for key_node, value_node in node.value:
            name = key_node.value
            # Most keys are plain words: anything else is typed and checked by _key.
            if not (
                type(key_node) is ScalarNode
                and key_node.tag == _PLAIN
                and name[:1] not in _NUMBER_START
                and name not in _NULLS
                and name not in _BOOLS
                and name != "<<"
            ):
                name = self._key(key_node, path)
                if name is None:
                    continue
            if name in first:
                line = first[name].start_mark.line + 1
                self.problem((path, name), key_node, f"duplicate key (first at line {line})")
                continue
            first[name] = key_node
            out.append((name, value_node))
        return out

    def _key(self, node: Node, path: _Link) -> str | None:
        if not isinstance(node, ScalarNode):
            self.problem(path, node, "a key must be a string, not a list or a mapping")
            return None
        if node.tag == _CORE + "merge" or (node.tag == _PLAIN and node.value == "<<"):
            self.problem(path, node, "merge keys (<<) are not supported; write the keys out")
            return None
        value = self.scalar(node, path)
        if isinstance(value, str):
            return value
        self.problem(path, node, f"the key {node.value!r} must be a string; quote it")
        return None

    def _finish(self, node: Node, path: _Link, children: list[tuple[str | int, Node]]) -> None:
        key = id(node)
        built, sizes, depths = self.built, self.size, self.depth
        values = []
        size, depth = 1, 0
        for _, child in children:
            child_key = id(child)
            if child_key not in built:
                self.refused.add(key)  # a child was refused and its problem recorded
                return
            values.append(built[child_key])
            # Scalars have no entry: they count one value, no depth.
            size += sizes.get(child_key, 1)
            depth = max(depth, depths.get(child_key, 0))
        depth += 1
        if size > MAX_VALUES:
            self.refused.add(key)
            self.problem(
                path, node, f"this value holds more than {MAX_VALUES:,} values, aliases expanded"
            )
        elif depth > MAX_DEPTH:
            self.refused.add(key)
            self.problem(path, node, f"values nest more than {MAX_DEPTH} deep")
        else:
            if isinstance(node, MappingNode):
                built[key] = dict(zip((name for name, _ in children), values, strict=True))
            else:
                built[key] = values
            sizes[key], depths[key] = size, depth


def _tag_message(tag: str) -> str:
    return (
        f"the tag {_short(tag)} is not allowed: fixtures hold JSON data only (mappings, "
        "lists, strings, integers, true/false, null)"
    )


def _value_of(node: Node | None, key: str) -> Node | None:
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == key:
                return value_node  # type: ignore[no-any-return]
    return None


def _case_id(root: Node, path: tuple[str | int, ...]) -> str | None:
    # The id of the case a problem lies in, read from the nodes (there is no data yet).
    if len(path) < 2 or path[0] != "cases" or not isinstance(path[1], int):
        return None
    cases = _value_of(root, "cases")
    if not isinstance(cases, SequenceNode) or path[1] >= len(cases.value):
        return None
    case_id = _value_of(cases.value[path[1]], "id")
    if isinstance(case_id, ScalarNode) and case_id.value:
        return str(case_id.value)
    return f"case #{path[1] + 1}"


def load_yaml(text: str) -> Any:
    """Parse one YAML document into JSON data.

    Raises `YamlSyntaxError` for text that is not YAML, and `YamlDataError` for YAML
    that is not JSON data (see the module's documentation).
    """
    try:
        root = _compose(text)
    except yaml.YAMLError as exc:
        raise YamlSyntaxError("cannot read YAML: " + " ".join(str(exc).split())) from None
    except RecursionError:
        # Only the pure-Python composer recurses; libyaml caps nesting itself.
        raise YamlDataError(
            [LoadProblem("$", 1, f"values nest more than {MAX_DEPTH} deep")]
        ) from None
    if root is None:
        return None
    builder = _Builder()
    data = builder.build(root)
    if builder.problems:
        located = [
            LoadProblem(json_path(path), node.start_mark.line + 1, message, _case_id(root, path))
            for path, node, message in builder.problems
        ]
        raise YamlDataError(sorted(located, key=lambda problem: problem.line))
    return data
