"""Hostile fixture files: each is refused with a message naming file and case, never a crash.

Every input is checked through the Python API and through ``lint`` and ``run`` as
subprocesses (exit codes, no traceback, bounded by a timeout that is only a safety net).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from conformance.suite import yaml_loader
from conformance.suite.files import MAX_FILE_BYTES
from conformance.suite.fixtures import lint, load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.structure import SEED_HEADINGS, SOURCE_KINDS, file_structure
from conformance.suite.yaml_loader import YamlDataError, YamlSyntaxError, load_yaml
from tests.support.cli import cli

CASE = """\
title: Hostile input
cases:
  - id: hostile.case
    description: A case carrying one hostile value.
    rules: [scoring.end-sum]
    source: "derived: Punti della posa"
    cmd: table
    given: {plays: [{tile: [1, 4]}]}
    expect: {end_sum: 5}
"""


def _with(line: str) -> str:
    """The valid case above with ``line`` added to the case's mapping."""
    return CASE + f"    {line}\n"


LAUGHS = "\n".join(
    [
        "title: Hostile input",
        "cases:",
        "  - id: hostile.case",
        "    description: Nine levels of ten aliases each.",
        "    rules: [scoring.end-sum]",
        '    source: "derived: Punti della posa"',
        "    cmd: table",
        "    given:",
        "      a0: &a0 [x, x, x, x, x, x, x, x, x, x]",
        *(
            f"      a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]"
            for n in range(1, 9)  # ten to the ninth values once expanded
        ),
        "    expect: {end_sum: 5}",
        "",
    ]
)

# name -> (file contents, or a function making the file; fragment of the message; case id)
Maker = Callable[[Path], None]
HOSTILE: dict[str, tuple[str | Maker, str, str | None]] = {
    "recursive-alias": (_with("extra: &x [1, *x]"), "contain itself", "hostile.case"),
    "billion-laughs": (LAUGHS, "aliases expanded", "hostile.case"),
    "date": (_with("when: 2024-01-01"), "reads as a date", "hostile.case"),
    "binary": (_with("blob: !!binary aGVsbG8="), "!!binary is not allowed", "hostile.case"),
    "set": (_with("tiles: !!set {a, b}"), "!!set is not allowed", "hostile.case"),
    "python-tag": (_with("x: !!python/object/apply:os.getcwd []"), "not allowed", "hostile.case"),
    "huge-int": (_with("n: " + "9" * 5001), "5001 digits is too long", "hostile.case"),
    "float": (_with("n: 1.5"), "is not an integer", "hostile.case"),
    "nan": (_with("n: .nan"), "is not an integer", "hostile.case"),
    "duplicate-key": (_with("cmd: legal"), "duplicate key (first at line", "hostile.case"),
    "int-key": (_with("given2: {1: a}"), "must be a string", "hostile.case"),
    "merge-key": (_with("extra: {<<: {a: 1}}"), "merge keys", "hostile.case"),
    "deep": (_with("x: " + "[" * 40 + "]" * 40), "nest more than", "hostile.case"),
    "empty-expect": (CASE.replace("{end_sum: 5}", "{}"), "expect is empty", "hostile.case"),
    "not-yaml": ("title: [unclosed\n", "cannot read YAML", None),
    "two-documents": (CASE + "---\n" + CASE, "cannot read YAML", None),
    "non-utf8": (
        lambda p: p.write_bytes(CASE.encode().replace(b"A case", b"A \xff case")),
        "is not UTF-8 text: byte 0xff on line 4",
        None,
    ),
    "too-big": (
        # Sparse: a 50 MB file that costs no disk; it must be refused before reading.
        lambda p: _sparse(p, 50 * 1024 * 1024),
        "larger than the 2 MiB",
        None,
    ),
    "a-folder": (lambda p: p.mkdir(), "is a folder", None),
    "link-loop": (lambda p: p.symlink_to(p.name), "loop of symbolic links", None),
    "broken-link": (lambda p: p.symlink_to("nowhere.yaml"), "does not exist", None),
}


def _sparse(path: Path, size: int) -> None:
    with path.open("wb") as out:
        out.truncate(size)


def _make(folder: Path, content: str | Maker) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "hostile.yaml"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        content(path)
    return path


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEVEN_ROCKS_CACHE_DIR", str(tmp_path / "cache"))


def test_the_valid_case_loads(tmp_path: Path) -> None:
    # The hostile files differ from this one by one line: this proves the line matters.
    _make(tmp_path / "f", CASE)
    assert [c.id for c in load_cases([tmp_path / "f"])] == ["hostile.case"]


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_named_in_lint(name: str, tmp_path: Path) -> None:
    content, fragment, case = HOSTILE[name]
    _make(tmp_path / "f", content)
    problems = lint([tmp_path / "f"]).problems
    assert problems, f"{name} was accepted"
    matching = [p for p in problems if fragment in p.message]
    assert matching, [str(p) for p in problems]
    assert all(p.file.endswith("hostile.yaml") for p in matching)
    if case is not None:
        assert {p.case for p in matching} == {case}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_refused_by_the_command_line(name: str, tmp_path: Path) -> None:
    content, fragment, _ = HOSTILE[name]
    _make(tmp_path / "f", content)
    cache = str(tmp_path / "cache")
    linted = cli(
        "lint", "--format", "json", str(tmp_path / "f"), timeout=60, SEVEN_ROCKS_CACHE_DIR=cache
    )
    assert linted.returncode == 1, linted.stdout + linted.stderr
    problems = json.loads(linted.stdout)["problems"]
    assert any(
        Path(p["file"]).name == "hostile.yaml" and fragment in p["message"] for p in problems
    ), problems
    ran = cli(
        "run", "--no-suite", "--fixtures", str(tmp_path / "f"), timeout=60,
        SEVEN_ROCKS_CACHE_DIR=cache,
    )  # fmt: skip
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert "hostile.yaml" in ran.stderr and fragment in ran.stderr
    for done in (linted, ran):
        assert "Traceback" not in done.stdout + done.stderr


def test_a_folder_of_link_loops_ends(tmp_path: Path) -> None:
    # A linked folder pointing at its parent is not followed: the walk ends.
    folder = tmp_path / "f"
    _make(folder, CASE)
    (folder / "again").symlink_to(".", target_is_directory=True)
    assert [c.id for c in load_cases([folder])] == ["hostile.case"]


def test_size_limit_is_what_the_message_says(tmp_path: Path) -> None:
    # Just under the limit is read (and then fails as YAML: it is all spaces and x).
    path = _make(tmp_path / "f", "x" * (MAX_FILE_BYTES - 1))
    assert os.path.getsize(path) < MAX_FILE_BYTES
    problems = lint([tmp_path / "f"]).problems
    assert not any("larger than" in p.message for p in problems)


# The loader alone: YAML 1.2 core typing, anchors, and the messages' locations, on
# libyaml and on PyYAML's pure-Python loader (used where PyYAML was built without it).


@pytest.fixture(params=["libyaml", "python"])
def each_loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.param == "python":
        monkeypatch.setattr(yaml_loader, "_LOADER", yaml_loader._make_loader(yaml.SafeLoader))
    elif not yaml.__with_libyaml__:
        pytest.skip("PyYAML was built without libyaml")


@pytest.mark.usefixtures("each_loader")
def test_yaml_12_scalars() -> None:
    data = load_yaml(
        "on: {yes: no, off: y}\n"
        "n: [0, -3, +5, 007, '12', !!str 12, !!int '12', 12:30, 1_000, 0b11, ~, null, '']\n"
        "b: [true, False, TRUE, 'true']\n"
    )
    assert data == {
        "on": {"yes": "no", "off": "y"},
        "n": [0, -3, 5, 7, "12", "12", 12, "12:30", "1_000", "0b11", None, None, ""],
        "b": [True, False, True, "true"],
    }


@pytest.mark.usefixtures("each_loader")
def test_anchors_are_fine_and_expand_to_equal_values() -> None:
    data = load_yaml("a: &deal [[1, 2], [3, 4]]\nb: *deal\nc: {x: &n 5, y: *n}\n")
    assert data == {"a": [[1, 2], [3, 4]], "b": [[1, 2], [3, 4]], "c": {"x": 5, "y": 5}}


@pytest.mark.usefixtures("each_loader")
@pytest.mark.parametrize(
    ("text", "located"),
    [
        ("a:\n  b: [1, 2.5]\n", "line 2, $.a.b[1]"),
        ("cases:\n  - id: x.y\n    z: 2024-01-01\n", "line 3, $.cases[0].z"),
        ("a: 1\nb: {c: 1, c: 2}\n", "line 2, $.b.c: duplicate key (first at line 2)"),
        ("x: !!int yes\n", "line 1, $.x: 'yes' is not a valid !!int"),
        ("x: !!float 1\n", "line 1, $.x: the tag !!float is not allowed"),
        ("x: !custom 1\n", "line 1, $.x: the tag !custom is not allowed"),
        ("x: 0x1F\n", "line 1, $.x: write the integer 0x1F in decimal"),
        ("[" * 33 + "]" * 33, "nest more than 32 deep"),
    ],
)
def test_loader_messages_locate_the_value(text: str, located: str) -> None:
    with pytest.raises(YamlDataError) as caught:
        load_yaml(text)
    assert any(located in str(p) for p in caught.value.problems), caught.value.problems


@pytest.mark.usefixtures("each_loader")
def test_problems_name_the_case_and_come_in_line_order() -> None:
    text = CASE.replace("cmd: table", "cmd: table\n    x: 1.5\n    y: !!set {}") + (
        "  - {description: no id, z: 2.5}\n"
    )
    with pytest.raises(YamlDataError) as caught:
        load_yaml(text)
    problems = caught.value.problems
    assert [p.case for p in problems] == ["hostile.case", "hostile.case", "case #2"]
    assert [p.line for p in problems] == sorted(p.line for p in problems)


@pytest.mark.usefixtures("each_loader")
def test_not_yaml_and_several_documents() -> None:
    for text in ("a: [1\n", "a: 1\n---\nb: 2\n", "\t- x\n"):
        with pytest.raises(YamlSyntaxError, match="cannot read YAML"):
            load_yaml(text)
    assert load_yaml("") is None and load_yaml("# only a comment\n") is None


@pytest.mark.usefixtures("each_loader")
@pytest.mark.parametrize(
    ("text", "line"), [("a: [1\n", 2), ("a: 1\n---\nb: 2\n", 2), ("a: 1\n\t- x\n", 2)]
)
def test_not_yaml_says_the_line_and_not_the_parsers_name_for_the_text(text: str, line: int) -> None:
    with pytest.raises(YamlSyntaxError) as caught:
        load_yaml(text)
    assert caught.value.line == line
    assert "<unicode string>" not in str(caught.value)
    assert f"line {line}, column " in str(caught.value)


def test_a_file_not_yaml_is_named_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("title: t\ncases: [\n  {id: a\n", encoding="utf-8")
    done = cli("lint", "--format", "json", str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr  # problems found
    [problem] = json.loads(done.stdout)["problems"]
    assert (problem["kind"], Path(problem["file"]).name, problem["line"]) == (
        "read",
        "broken.yaml",
        4,
    )
    assert "<unicode string>" not in problem["message"]


def test_both_loaders_give_the_same_data(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (fixtures_dir() / "game" / "carry.yaml").read_text(encoding="utf-8")
    fast = load_yaml(text)
    monkeypatch.setattr(yaml_loader, "_LOADER", yaml_loader._make_loader(yaml.SafeLoader))
    assert load_yaml(text) == fast
    with pytest.raises(YamlDataError, match="contain itself"):
        load_yaml("a: &x [*x]\n")


@pytest.mark.parametrize(
    ("source", "listed", "meant"),
    [
        ("derived: Punti della posta", SEED_HEADINGS, "Punti della posa"),
        ("guessed: Punti della posa", SOURCE_KINDS, None),
    ],
)
def test_a_wrong_source_lists_the_valid_ones(
    source: str, listed: tuple[str, ...], meant: str | None
) -> None:
    case = {
        "id": "x.y", "description": "d", "rules": ["material.pip-value"], "source": source,
        "cmd": "settle", "given": {"hands": [[], [], [], []]}, "expect": {"pips": [0, 0, 0, 0]},
    }  # fmt: skip
    _, [(_, problems)] = file_structure({"title": "t", "cases": [case]})
    [problem] = problems
    assert all(repr(name) in problem or name in problem for name in listed), problem
    if meant is not None:
        assert f"did you mean {meant!r}?" in problem
