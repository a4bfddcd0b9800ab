"""Check protocol messages and fixture files against the suite's JSON Schemas.

The schemas live in ``spec/schemas`` (``conformance/_data/schemas`` in a wheel);
they refer to one another by ``$id``, so all of them are loaded into one
:class:`referencing.Registry`. Every check returns a list of messages, each one
``<JSON path>: <what is wrong>``; an empty list means the instance is valid.

Every check takes one path through two validators, both dependencies of the package:
``jsonschema-rs`` (compiled) answers first whether the instance is valid, in microseconds
where ``jsonschema`` takes milliseconds (over the suite's requests and replies, 0.2 s
against 3 s); an instance it does not accept, or cannot take (nesting deeper than
``_FAST_DEPTH``, a value JSON cannot hold), is checked again by ``jsonschema``, which
then decides and writes the messages. Verdicts and messages are therefore those of
``jsonschema`` alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from conformance.suite.protocol import QUERY_CMDS
from conformance.suite.resources import schemas_dir

if TYPE_CHECKING:
    # Imported where used: jsonschema takes ~100 ms to import, and a check that the
    # compiled validator accepts never needs it.
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator
    from referencing import Registry

__all__ = [
    "BASE_URI",
    "check_fixture_file",
    "check_reply",
    "check_report",
    "check_request",
    "json_path",
    "nesting",
    "registry",
    "schema_names",
    "validator",
]

BASE_URI = "https://seven-rocks.example/schemas/"
"""Every schema's ``$id`` is this prefix followed by its file name."""

_SUFFIX = ".schema.json"
_REPLY_KINDS = ("result", "rejected", "errored", "skipped")
# The compiled validator recurses on the machine stack; deeper instances go to jsonschema,
# which fails politely. Fixtures and protocol messages nest about ten deep.
_FAST_DEPTH = 100
# Keywords whose own message would only say "not valid under ..."; a schema
# that uses them gives its reason in "description".
_COMPOUND = frozenset({"not", "anyOf", "oneOf", "allOf"})


@cache
def _load() -> dict[str, dict[str, Any]]:
    return {
        path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(schemas_dir().glob(f"*{_SUFFIX}"))
    }


def schema_names() -> list[str]:
    """The file names of all schemas, sorted (``"table.request.schema.json"``, ...)."""
    return list(_load())


@cache
def registry() -> Registry[Any]:
    """A registry holding every schema under ``BASE_URI + file name`` and under its ``$id``."""
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources: list[tuple[str, Resource[Any]]] = []
    for name, contents in _load().items():
        resource = Resource.from_contents(contents, default_specification=DRAFT202012)
        # Cross-file $refs are written relative to BASE_URI; a schema whose
        # $id says otherwise is still found by its file name.
        uris = {BASE_URI + name, contents.get("$id", BASE_URI + name)}
        resources.extend((uri, resource) for uri in uris)
    return Registry().with_resources(resources)


def validator(name: str) -> Validator:
    """The validator for one schema, by file name with or without ``.schema.json``.

    ``validator("table.request")`` and ``validator("table.request.schema.json")``
    are the same (cached) validator. Raises :class:`KeyError` for an unknown name.
    """
    return _validator(name if name.endswith(_SUFFIX) else name + _SUFFIX)


@cache
def _validator(file_name: str) -> Validator:
    schemas = _load()
    if file_name not in schemas:
        raise KeyError(f"no schema named {file_name!r}; known: {', '.join(schemas)}")
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schemas[file_name], registry=registry())


@cache
def _fast_registry() -> Any:
    import jsonschema_rs

    resources = []
    for name, contents in _load().items():
        for uri in {BASE_URI + name, contents.get("$id", BASE_URI + name)}:
            resources.append((uri, contents))
    return jsonschema_rs.Registry(resources)


@cache
def _fast(file_name: str) -> Callable[[Any], bool]:
    """The compiled validator's ``is_valid`` for one schema."""
    import jsonschema_rs

    compiled = jsonschema_rs.Draft202012Validator(_load()[file_name], registry=_fast_registry())
    is_valid: Callable[[Any], bool] = compiled.is_valid
    return is_valid


def nesting(instance: object, most: int) -> int:
    """How deeply ``instance`` nests lists and objects (0: neither), counted no further
    than ``most + 1``; walked level by level, without recursion."""
    # Only containers are kept from one level to the next: scalars, most of any
    # instance, cost one type check each.
    level: list[object] = [instance] if isinstance(instance, dict | list) else []
    found = 0
    while level and found <= most:
        found += 1
        below: list[object] = []
        for value in level:
            children = value.values() if isinstance(value, dict) else cast(list[object], value)
            below += [child for child in children if isinstance(child, dict | list)]
        level = below
    return found


def _shallow(instance: object) -> bool:
    """Whether ``instance`` nests at most ``_FAST_DEPTH`` deep."""
    return nesting(instance, _FAST_DEPTH) <= _FAST_DEPTH


def _fast_accepts(file_name: str, instance: object, *, shallow: bool = False) -> bool:
    if not (shallow or _shallow(instance)):
        return False
    try:
        return _fast(file_name)(instance)
    except Exception:  # a value it cannot take (a key that is not a string...): ask jsonschema
        return False


def json_path(path: Iterable[str | int]) -> str:
    """A place in JSON data as problems name it: ``$.cases[3].given``."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f"[{json.dumps(part, ensure_ascii=False)}]"
    return text


def _describe(error: ValidationError) -> str:
    from jsonschema.exceptions import best_match

    schema = error.schema
    if error.validator in _COMPOUND:
        if isinstance(schema, Mapping) and isinstance(schema.get("description"), str):
            return f"{json_path(error.absolute_path)}: {schema['description']}"
        if error.context:
            # Report the branch that came closest instead of "not valid under any".
            return _describe(best_match(error.context))
    return f"{json_path(error.absolute_path)}: {error.message}"


def _errors(
    name: str, instance: object, *, shallow: bool = False, limit: int | None = None
) -> list[str]:
    # Only an acceptance is taken from the compiled validator: any doubt goes to
    # jsonschema, whose verdict and messages are the reference.
    file_name = name if name.endswith(_SUFFIX) else name + _SUFFIX
    if _fast_accepts(file_name, instance, shallow=shallow):
        return []
    # Parsed JSON or YAML is any Python object; the schema decides what is valid.
    errors = validator(name).iter_errors(cast(Any, instance))
    messages: set[str] = set()
    for error in errors:
        messages.add(_describe(error))
        if limit is not None and len(messages) >= limit:
            break  # an engine's reply may hold a million wrong items: a few say it
    return sorted(messages)


def _not_object(instance: object, what: str) -> list[str]:
    return [f"$: {what} must be a JSON object, got {type(instance).__name__} {instance!r:.60}"]


def check_request(obj: object) -> list[str]:
    """Check one request line (already parsed) against the schema of its ``cmd``.

    ``start`` and ``stop`` are checked as well as the six queries. A request
    without a known ``cmd`` gives one message naming the commands there are.
    """
    if not isinstance(obj, dict):
        return _not_object(obj, "a request")
    if "cmd" not in obj:
        return ["$: 'cmd' is a required property"]
    cmd = obj["cmd"]
    known = ("start", "stop", *QUERY_CMDS)
    if not isinstance(cmd, str) or cmd not in known:
        return [f"$.cmd: unknown command {cmd!r}; expected one of {', '.join(known)}"]
    return _errors(f"{cmd}.request", obj)


def check_reply(
    cmd: str, obj: object, *, shallow: bool = False, limit: int | None = None
) -> list[str]:
    """Check one reply line (already parsed) to a request whose command was ``cmd``.

    For ``start`` the reply is the handshake. For a query, the reply kind is
    chosen by the first of ``result``, ``rejected``, ``errored``, ``skipped``
    present in it; any other of those keys is then reported as unexpected.
    ``shallow``, as for `check_fixture_file`: the caller has bounded the nesting.
    ``limit``: at most that many messages (the first found), for a reply that may be
    huge.
    """
    if cmd == "stop":
        return ["$: stop has no reply, yet one was read"]
    if cmd == "start":
        if not isinstance(obj, dict):
            return _not_object(obj, "the handshake reply")
        return _errors("start.reply", obj)
    if cmd not in QUERY_CMDS:
        return [f"$: no reply schema for unknown command {cmd!r}"]
    if not isinstance(obj, dict):
        return _not_object(obj, "a reply")
    for kind in _REPLY_KINDS:
        if kind in obj:
            name = f"{cmd}.result" if kind == "result" else kind
            return _errors(name, obj, shallow=shallow, limit=limit)
    return [f"$: a reply needs one of the keys {', '.join(_REPLY_KINDS)}; got {sorted(obj)}"]


def check_fixture_file(data: object, *, shallow: bool = False) -> list[str]:
    """Check one parsed fixture file: its shape, and that no case id repeats in it.

    Uniqueness across files and whether each cited rule exists in
    ``spec/rules.md`` need the whole suite, so the caller checks those.
    ``shallow`` says the caller knows that ``data`` nests at most a few hundred deep
    (the fixture loader refuses more than 32), which spares a walk over it.
    """
    messages = _errors("fixture", data, shallow=shallow)
    if isinstance(data, dict) and isinstance(data.get("cases"), list):
        seen: dict[str, int] = {}
        for position, case in enumerate(data["cases"]):
            case_id = case.get("id") if isinstance(case, dict) else None
            if not isinstance(case_id, str):
                continue
            if case_id in seen:
                first = seen[case_id]
                messages.append(f"$.cases[{position}].id: {case_id!r} repeats $.cases[{first}].id")
            else:
                seen[case_id] = position
    return messages


def check_report(data: object) -> list[str]:
    """Check one parsed JSON report (``run --format json``) against the report schema.

    ``data`` is what a JSON parser returned, so its nesting is bounded by that parser.
    """
    if not isinstance(data, dict):
        return _not_object(data, "a report")
    return _errors("report", data)
