"""The Python kit's names load on first use: the constants alone cost no more than they are."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import seven_rocks_kit

from tests.support.cli import ROOT, env


def test_the_protocol_constants_load_no_other_module_of_the_kit() -> None:
    probe = (
        "import json, sys; import seven_rocks_kit.protocol; "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('seven_rocks_kit'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=env(),
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == ["seven_rocks_kit", "seven_rocks_kit.protocol"]


@pytest.mark.parametrize("name", seven_rocks_kit.__all__)
def test_every_public_name_resolves_to_its_module_value(name: str) -> None:
    value = getattr(seven_rocks_kit, name)
    assert value is not None
    assert name in dir(seven_rocks_kit)


def test_a_name_the_kit_does_not_export_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="dataclass"):
        seven_rocks_kit.dataclass  # noqa: B018 (a module of the kit imports this name)


def test_star_import_gives_every_public_name() -> None:
    space: dict[str, object] = {}
    exec("from seven_rocks_kit import *", space)
    assert set(seven_rocks_kit.__all__) <= set(space)
