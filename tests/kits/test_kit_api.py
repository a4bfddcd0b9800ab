"""One version for the four kits, a changelog each, and each kit's public API held to
the record of its last release: a removal or a changed signature fails until the major
version and the changelog say so."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.support.tools import missing
from tools.kit_api import KITS, ROOT, ToolMissing, changelog_versions, compare, kit_version, record
from tools.kit_api.listing import LISTERS

# The program each kit's lister needs; .ci/run installs them.
_TOOLS = {"python": None, "javascript": "node", "go": "go", "java": "javap"}


def test_the_four_kits_carry_one_version_of_1_0_or_above() -> None:
    versions = {kit: kit_version(kit) for kit in KITS}
    assert len(set(versions.values())) == 1, versions
    [version] = set(versions.values())
    assert re.fullmatch(r"[1-9]\d*\.\d+\.\d+", version), version


def test_the_python_kit_reports_the_version_of_its_distribution() -> None:
    import seven_rocks_kit

    assert seven_rocks_kit.__version__ == kit_version("python")


@pytest.mark.parametrize("kit", KITS)
def test_each_kit_has_a_changelog_with_a_section_for_its_version(kit: str) -> None:
    assert kit_version(kit) in changelog_versions(kit)
    assert "## Unreleased" in (ROOT / "kits" / kit / "CHANGELOG.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("kit", KITS)
def test_each_kits_api_is_its_record(kit: str) -> None:
    tool = _TOOLS[kit]
    if tool is not None and shutil.which(tool) is None:
        missing(tool, f"not installed: it reads the {kit} kit's API")
    if kit == "javascript" and not (ROOT / "kits" / "javascript" / "node_modules").is_dir():
        missing("npm", "kits/javascript/node_modules is missing: run npm ci there (.ci/run does)")
    try:
        comparison = compare(kit, LISTERS[kit]())
    except ToolMissing as failed:
        pytest.fail(str(failed))
    assert comparison.problems() == [], "\n".join(comparison.problems())


def _fake_kit(root: Path, version: str, recorded: str, lines: list[str], sections: str) -> None:
    folder = root / "kits" / "javascript"
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps({"version": version}), encoding="utf-8")
    (folder / "api.txt").write_text(
        f"# The public API of the javascript kit {recorded}: python -m tools.kit_api --record\n"
        + "".join(f"{line}\n" for line in lines),
        encoding="utf-8",
    )
    (folder / "CHANGELOG.md").write_text(f"# Changelog\n\n## Unreleased\n{sections}", "utf-8")


OLD = ["EndPoint toOpenPoint: () => OpenPoint", "EndPoint toString: () => string"]


def test_a_removal_fails_until_the_major_version_and_the_changelog_say_so(tmp_path: Path) -> None:
    now = ["EndPoint toString: () => string"]
    for version, sections, breaks in [
        ("1.0.0", "\n## 1.0.0\n", True),  # the same version
        ("1.1.0", "\n## 1.1.0\n", True),  # a minor version
        ("2.0.0", "\n## 1.0.0\n", True),  # a major version the changelog does not have
        ("2.0.0", "\n## 2.0.0\n- `toOpenPoint` is gone.\n", False),
    ]:
        root = tmp_path / version / str(breaks)
        _fake_kit(root, version, "1.0.0", OLD, sections)
        found = compare("javascript", now, root)
        assert found.removed == ("EndPoint toOpenPoint: () => OpenPoint",)
        assert found.breaks is breaks, (version, sections)
        assert bool(found.problems()) is True  # a break, or else a record to write again


def test_a_changed_signature_is_a_removal_and_an_addition_only_asks_to_record(
    tmp_path: Path,
) -> None:
    _fake_kit(tmp_path, "1.0.0", "1.0.0", OLD, "\n## 1.0.0\n")
    changed = compare("javascript", [OLD[0].replace("()", "(value: number)"), OLD[1]], tmp_path)
    assert changed.breaks and changed.removed == (OLD[0],)
    added = compare("javascript", [*OLD, "EndPoint toKey: () => string"], tmp_path)
    assert not added.breaks and added.added == ("EndPoint toKey: () => string",)
    assert "--record" in added.problems()[0]
    assert compare("javascript", OLD, tmp_path).problems() == []


def test_recording_refuses_to_hide_a_break(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_kit(tmp_path, "1.0.0", "1.0.0", OLD, "\n## 1.0.0\n")
    monkeypatch.setitem(LISTERS, "javascript", lambda root: OLD[1:])
    before = (tmp_path / "kits" / "javascript" / "api.txt").read_text(encoding="utf-8")
    assert record("javascript", tmp_path).breaks
    assert (tmp_path / "kits" / "javascript" / "api.txt").read_text(encoding="utf-8") == before
