"""Read fixture YAML as JSON data, refusing anything JSON cannot hold.

The reading is PyYAML's own safe loader (``CSafeLoader``, on libyaml, where PyYAML has
it; ``SafeLoader`` elsewhere), given two tables of its documented extension points:
implicit resolvers, so that plain scalars are typed as YAML 1.2's core schema types them
(``on``, ``yes`` and ``no`` stay strings, so the placement key ``on:`` is a key), and
constructors, which build JSON data and record, rather than raise, each thing JSON cannot
hold. A fixture holds mappings with string keys, lists, strings, integers,
``true``/``false`` and ``null``; everything else is refused with the line and the JSON path:

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
The loader builds each node once (an alias shares the value of its anchor) and counts
sizes per node, so the checks never expand an alias and the cost stays linear.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

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
_SEQ, _MAP, _MERGE = _CORE + "seq", _CORE + "map", _CORE + "merge"
# Given by the resolvers below to plain scalars that read as a float or a date: a tag
# cannot contain a space, so no file can write these, and ``!!float 1`` (a tag written
# out) stays apart from ``1.5`` (a value that is not an integer).
_PLAIN_FLOAT, _PLAIN_DATE = "plain float", "plain date"

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False}
_BOOLS["FALSE"] = False
_DECIMAL = re.compile(r"[-+]?[0-9]+\Z")
_OTHER_INT = re.compile(r"[-+]?0(?:x[0-9a-fA-F]+|o[0-7]+)\Z")
_FLOAT = re.compile(
    r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z"
)
_TIMESTAMP = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt ].*)?\Z")


class YamlDataError(FixtureReadError):
    """The file is YAML, but not JSON data; ``problems`` says where and why."""

    def __init__(self, problems: list[LoadProblem]) -> None:
        super().__init__("; ".join(map(str, problems)), problems)


class YamlSyntaxError(FixtureReadError):
    """The text is not YAML (or holds more than one document); the message says where,
    and ``line`` (from 1), when the parser knows it."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def _short(tag: str) -> str:
    return "!!" + tag.removeprefix(_CORE) if tag.startswith(_CORE) else tag


def _tag_message(tag: str) -> str:
    return (
        f"the tag {_short(tag)} is not allowed: fixtures hold JSON data only (mappings, "
        "lists, strings, integers, true/false, null)"
    )


_Problem = tuple[Node, str | int | None, Node, str]
"""Where a problem lies (the node whose JSON path it takes and a key or index below it,
if any), the node whose line it gives, and its message."""


class _Json:
    """The constructors' state: what was refused, and each built node's size and depth."""

    def __init__(self) -> None:
        self.problems: list[_Problem] = []
        self.size: dict[int, int] = {}
        self.depth: dict[int, int] = {}
        self.level = 0  # how deep the construction is: bounds the recursion

    def problem(
        self, node: Node, message: str, key: str | int | None = None, at: Node | None = None
    ) -> None:
        """Record a problem at ``node`` (its ``key``, if given), on the line of ``at``."""
        if len(self.problems) < _MAX_PROBLEMS:
            self.problems.append((node, key, at or node, message))


def _make_loader(base: type[Any]) -> type[Any]:
    """PyYAML's safe loader ``base`` typing plain scalars by YAML 1.2's core schema and
    building JSON data only (see the module's documentation)."""

    class Loader(base):  # type: ignore[misc]
        # Tables of its own, none of the base's: what is not added below is refused.
        yaml_implicit_resolvers: ClassVar[dict[Any, Any]] = {}
        yaml_constructors: ClassVar[dict[Any, Any]] = {}
        yaml_multi_constructors: ClassVar[dict[Any, Any]] = {}

        def __init__(self, text: str) -> None:
            super().__init__(text)
            self.json = _Json()

    resolvers: list[tuple[str, str, list[str]]] = [
        (_NULL, r"(?:~|null|Null|NULL|)\Z", ["~", "n", "N", ""]),
        (_BOOL, r"(?:true|True|TRUE|false|False|FALSE)\Z", list("tTfF")),
        (_INT, _DECIMAL.pattern, list("-+0123456789")),
        (_INT, _OTHER_INT.pattern, list("-+0")),
        (_PLAIN_FLOAT, _FLOAT.pattern, list("-+.0123456789")),
        (_PLAIN_DATE, _TIMESTAMP.pattern, list("0123456789")),
        (_MERGE, r"<<\Z", ["<"]),
    ]
    for tag, pattern, first in resolvers:
        Loader.add_implicit_resolver(tag, re.compile(pattern), first)
    for constructed, constructor in _CONSTRUCTORS.items():
        Loader.add_constructor(constructed, constructor)
    return Loader


def _scalar(loader: Any, node: Node) -> str | None:
    """The text of a scalar node, or None (the tag refused) for a list or a mapping."""
    if isinstance(node, ScalarNode):
        return str(node.value)
    loader.json.problem(node, _tag_message(node.tag))
    return None


def _str(loader: Any, node: Node) -> str | None:
    return _scalar(loader, node)


def _null(loader: Any, node: Node) -> None:
    value = _scalar(loader, node)
    if value is not None and value not in _NULLS:
        loader.json.problem(node, f"{value!r} is not a valid !!null")


def _bool(loader: Any, node: Node) -> bool | None:
    value = _scalar(loader, node)
    if value is not None and value not in _BOOLS:
        loader.json.problem(node, f"{value!r} is not a valid !!bool")
    return _BOOLS.get(value or "")


def _int(loader: Any, node: Node) -> int | None:
    value = _scalar(loader, node)
    if value is None:
        return None
    if _DECIMAL.match(value):
        digits = len(value.lstrip("+-"))
        if digits <= MAX_INT_DIGITS:
            return int(value, 10)
        loader.json.problem(
            node,
            f"an integer of {digits} digits is too long (at most {MAX_INT_DIGITS}); "
            "quote it if it is text",
        )
    elif _OTHER_INT.match(value):
        loader.json.problem(node, f"write the integer {value} in decimal")
    else:
        loader.json.problem(node, f"{value!r} is not a valid !!int")
    return None


def _float(loader: Any, node: Node) -> None:
    loader.json.problem(
        node,
        f"{node.value} is not an integer: fixtures hold no fractions, infinities or NaN "
        "(quote it if it is text)",
    )


def _date(loader: Any, node: Node) -> None:
    loader.json.problem(node, f"{node.value} reads as a date, which JSON cannot hold; quote it")


def _refused(loader: Any, node: Node) -> None:
    # Every tag without a constructor of its own: !!float, !!binary, !!set, !python/...
    loader.json.problem(node, _tag_message(node.tag))


def _child(loader: Any, node: Node, key: str | int, child: Node) -> tuple[Any, int, int]:
    """A child's value, size and depth; a child that contains its parent is refused."""
    if type(child) is ScalarNode:
        # Most nodes: built by the same constructor, without construct_object's
        # bookkeeping of aliases and recursion (a scalar can hold neither).
        return loader.yaml_constructors.get(child.tag, _refused)(loader, child), 1, 0
    json: _Json = loader.json
    if child in loader.recursive_objects:
        json.problem(node, "an alias makes this value contain itself", key, child)
        return None, 1, 0
    value = loader.construct_object(child, deep=True)
    key = id(child)
    return value, json.size.get(key, 1), json.depth.get(key, 0)


def _container(loader: Any, node: Node, kind: type[Node]) -> bool:
    """Whether ``node`` is a ``kind`` that may be entered (else it is refused)."""
    json: _Json = loader.json
    if not isinstance(node, kind):
        json.problem(node, _tag_message(node.tag))
        return False
    if json.level >= MAX_DEPTH:
        json.problem(node, f"values nest more than {MAX_DEPTH} deep")
        return False
    return True


def _measured(loader: Any, node: Node, value: Any, size: int, depth: int) -> Any:
    """``value`` once its size and depth (aliases expanded) are within the bounds."""
    json: _Json = loader.json
    if size > MAX_VALUES:
        json.problem(node, f"this value holds more than {MAX_VALUES:,} values, aliases expanded")
        return None  # counted as one value from here on: its parents are not refused again
    if depth > MAX_DEPTH:
        json.problem(node, f"values nest more than {MAX_DEPTH} deep")
        return None
    json.size[id(node)], json.depth[id(node)] = size, depth
    return value


def _seq(loader: Any, node: Node) -> list[Any] | None:
    if not _container(loader, node, SequenceNode):
        return None
    loader.json.level += 1
    values, size, depth = [], 1, 0
    for index, child in enumerate(node.value):
        value, child_size, child_depth = _child(loader, node, index, child)
        values.append(value)
        size += child_size
        depth = max(depth, child_depth)
    loader.json.level -= 1
    return _measured(loader, node, values, size, depth + 1)  # type: ignore[no-any-return]


def _map(loader: Any, node: Node) -> dict[str, Any] | None:
    if not _container(loader, node, MappingNode):
        return None
    json: _Json = loader.json
    json.level += 1
    values: dict[str, Any] = {}
    lines: dict[str, int] = {}
    size, depth = 1, 0
    for key_node, value_node in node.value:
        name = _key(loader, node, key_node)
        if name is None:
            continue
        if name in lines:
            json.problem(node, f"duplicate key (first at line {lines[name]})", name, key_node)
            continue
        lines[name] = key_node.start_mark.line + 1
        values[name], child_size, child_depth = _child(loader, node, name, value_node)
        size += child_size
        depth = max(depth, child_depth)
    json.level -= 1
    return _measured(loader, node, values, size, depth + 1)  # type: ignore[no-any-return]


def _key(loader: Any, mapping: Node, node: Node) -> str | None:
    json: _Json = loader.json
    if not isinstance(node, ScalarNode):
        json.problem(mapping, "a key must be a string, not a list or a mapping", at=node)
    elif node.tag == _MERGE:
        json.problem(mapping, "merge keys (<<) are not supported; write the keys out", at=node)
    elif node.tag == _STR:
        return str(node.value)
    else:
        json.problem(mapping, f"the key {node.value!r} must be a string; quote it", at=node)
    return None


_CONSTRUCTORS: dict[str | None, Any] = {
    _STR: _str,
    _NULL: _null,
    _BOOL: _bool,
    _INT: _int,
    _SEQ: _seq,
    _MAP: _map,
    _PLAIN_FLOAT: _float,
    _PLAIN_DATE: _date,
    # Merge keys are refused as keys (`_key`); a << anywhere else is a string.
    _MERGE: _str,
    None: _refused,
}

_LOADER: type[Any] = _make_loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
"""The loader in use: on libyaml where PyYAML was built with it, several times faster."""


def _paths(root: Node) -> dict[int, tuple[str | int, ...]]:
    """The JSON path of every node reachable from ``root`` (an aliased node: its first)."""
    found: dict[int, tuple[str | int, ...]] = {id(root): ()}
    stack = [root]
    while stack:
        node = stack.pop()
        path = found[id(node)]
        children: list[tuple[str | int, Node]]
        if isinstance(node, SequenceNode):
            children = list(enumerate(node.value))
        elif isinstance(node, MappingNode):
            children = [(str(key.value), value) for key, value in node.value]
        else:
            continue
        for part, child in children:
            if id(child) not in found:
                found[id(child)] = (*path, part)
                stack.append(child)
    return found


def _value_of(node: Node | None, key: str) -> Node | None:
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == key:
                return value_node  # type: ignore[no-any-return]
    return None


def _case_id(root: Node, path: tuple[str | int, ...]) -> str | None:
    # The id of the case a problem lies in, read from the nodes (the data was refused).
    if len(path) < 2 or path[0] != "cases" or not isinstance(path[1], int):
        return None
    cases = _value_of(root, "cases")
    if not isinstance(cases, SequenceNode) or path[1] >= len(cases.value):
        return None
    case_id = _value_of(cases.value[path[1]], "id")
    if isinstance(case_id, ScalarNode) and case_id.value:
        return str(case_id.value)
    return f"case #{path[1] + 1}"


def _located(root: Node, problems: list[_Problem]) -> list[LoadProblem]:
    paths = _paths(root)
    out = []
    for node, key, at, message in problems:
        path = paths.get(id(node), ())
        if key is not None:
            path = (*path, key)
        line = at.start_mark.line + 1
        out.append(LoadProblem(json_path(path), line, message, _case_id(root, path)))
    return sorted(out, key=lambda problem: problem.line)


def _syntax_error(exc: yaml.YAMLError) -> YamlSyntaxError:
    # PyYAML's own message names the text "<unicode string>": the file's name is the
    # caller's to give, so the message is built from the marks (lines from 1).
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None)
    if not isinstance(exc, yaml.MarkedYAMLError) or mark is None or not problem:
        words = " ".join(str(exc).replace('in "<unicode string>", ', "").split())
        return YamlSyntaxError(f"cannot read YAML: {words}")
    where = f"line {mark.line + 1}, column {mark.column + 1}"
    text = f"{where}: {problem}"
    if exc.context:
        started = exc.context_mark
        text += f" ({exc.context}"
        if started is not None and (started.line, started.column) != (mark.line, mark.column):
            text += f" at line {started.line + 1}, column {started.column + 1}"
        text += ")"
    return YamlSyntaxError(f"cannot read YAML: {text}", mark.line + 1)


def load_yaml(text: str) -> Any:
    """Parse one YAML document into JSON data.

    Raises `YamlSyntaxError` for text that is not YAML, and `YamlDataError` for YAML
    that is not JSON data (see the module's documentation).
    """
    loader = _LOADER(text)
    try:
        root = loader.get_single_node()
        data = None if root is None else loader.construct_document(root)
    except yaml.YAMLError as exc:
        raise _syntax_error(exc) from None
    except RecursionError:
        # Only the pure-Python composer recurses this deep; libyaml caps nesting itself.
        raise YamlDataError(
            [LoadProblem("$", 1, f"values nest more than {MAX_DEPTH} deep")]
        ) from None
    finally:
        loader.dispose()
    if root is not None and loader.json.problems:
        raise YamlDataError(_located(root, loader.json.problems))
    return data
