"""Every committed generated file is byte for byte what ``python -m tools.regenerate``
writes: the files themselves are compared, not what a loader reads back from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.tools import missing
from tools.regenerate import COMMAND, GENERATORS, ROOT, Generator, Unavailable, main, stale


@pytest.mark.parametrize("generator", GENERATORS, ids=lambda g: g.name)
def test_the_committed_generated_files_are_what_the_command_writes(generator: Generator) -> None:
    try:
        files = generator.build()
    except Unavailable as unavailable:
        missing(unavailable.tool, str(unavailable))
    assert files, f"{generator.name} generates nothing"
    found = stale(files)
    assert found == [], f"stale: {', '.join(found)}: run {COMMAND}"


def test_a_file_that_differs_in_any_byte_is_stale(tmp_path: Path) -> None:
    # Even where a loader would read the same thing back (the key the loader ignores,
    # a trailing newline), the file is stale.
    (tmp_path / "a.json").write_bytes(b'{"regenerate": "old", "x": 1}\n')
    (tmp_path / "b.json").write_bytes(b'{"x": 1}')
    files = {"a.json": b'{"regenerate": "new", "x": 1}\n', "b.json": b'{"x": 1}\n', "c": b""}
    assert stale(files, tmp_path) == ["a.json", "b.json", "c"]
    assert stale({"b.json": b'{"x": 1}'}, tmp_path) == []


def test_the_command_names_its_generators_and_refuses_others(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--check", "nothing-of-the-kind"])
    assert "suite-json" in capsys.readouterr().err
    assert (ROOT / "tools" / "regenerate.py").is_file()
