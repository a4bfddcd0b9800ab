"""Each kit's public API, one declaration a line, against the record of its last release.

A kit's ``api.txt`` records its public API at the version it names. A declaration of
the record that the kit no longer has (removed, or its signature changed) is a breaking
change: allowed only when the kit's major version is above the record's and the kit's
CHANGELOG.md has a section for that version. Additions are recorded as they come.

    python -m tools.kit_api           # compare every kit with its record; 1 on a problem
    python -m tools.kit_api --record  # record the kits' APIs (refused on a break)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from tools.kit_api.listing import LISTERS, ToolMissing

__all__ = [
    "KITS",
    "ROOT",
    "Comparison",
    "ToolMissing",
    "changelog_versions",
    "compare",
    "kit_version",
    "record",
]

ROOT = Path(__file__).resolve().parents[2]
KITS = ("python", "javascript", "go", "java")
"""The kits, by their folders under kits/."""

_VERSION_IN_SOURCE = {
    "go": ("serve.go", re.compile(r'^const Version = "([^"]+)"', re.M)),
    "java": ("src/sevenrocks/kit/Kit.java", re.compile(r'String VERSION = "([^"]+)";')),
    "python": ("pyproject.toml", re.compile(r'^version = "([^"]+)"', re.M)),
}
_HEADER = "# The public API of the {kit} kit {version}: python -m tools.kit_api --record\n"
_HEADING = re.compile(r"^## \[?(\d+\.\d+\.\d+)\]?", re.M)


def kit_version(kit: str, root: Path = ROOT) -> str:
    """The version the kit declares (package.json, pyproject.toml, Version, VERSION)."""
    folder = root / "kits" / kit
    if kit == "javascript":
        return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])
    name, pattern = _VERSION_IN_SOURCE[kit]
    found = pattern.search((folder / name).read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"kits/{kit}/{name} declares no version")
    return found.group(1)


def changelog_versions(kit: str, root: Path = ROOT) -> list[str]:
    """The versions the kit's CHANGELOG.md has a section for, newest first."""
    text = (root / "kits" / kit / "CHANGELOG.md").read_text(encoding="utf-8")
    return _HEADING.findall(text)


def _major(version: str) -> int:
    return int(version.split(".")[0])


@dataclass(frozen=True)
class Comparison:
    """A kit's API now against its record."""

    kit: str
    version: str
    recorded_version: str
    removed: tuple[str, ...]
    """Declarations of the record the kit no longer has: removed or changed."""
    added: tuple[str, ...]
    """Declarations the record lacks."""
    major_announced: bool
    """The major version is above the record's and CHANGELOG.md has its section."""

    @property
    def breaks(self) -> bool:
        """A removal or a changed signature that the version and changelog do not announce."""
        return bool(self.removed) and not self.major_announced

    def problems(self) -> list[str]:
        """What is wrong, in words; empty when the record is up to date and nothing breaks."""
        out = []
        if self.breaks:
            lines = "".join(f"\n    - {line}" for line in self.removed)
            out.append(
                f"the {self.kit} kit {self.version} removes or changes what "
                f"{self.recorded_version} published: {lines}\n  keep it (deprecate it "
                "first), or raise the major version and give it a section in "
                f"kits/{self.kit}/CHANGELOG.md"
            )
        elif self.removed or self.added or self.version != self.recorded_version:
            out.append(
                f"kits/{self.kit}/api.txt is not the {self.kit} kit's API "
                f"({len(self.added)} added, {len(self.removed)} removed): "
                "run python -m tools.kit_api --record"
            )
        return out


def recorded(kit: str, root: Path = ROOT) -> tuple[str, list[str]]:
    """The recorded version and declarations of a kit."""
    text = (root / "kits" / kit / "api.txt").read_text(encoding="utf-8")
    head, _, body = text.partition("\n")
    found = re.search(r"kit (\d+\.\d+\.\d+\S*):", head)
    if found is None:
        raise ValueError(f"kits/{kit}/api.txt: no version in its first line")
    return found.group(1), [line for line in body.splitlines() if line]


def compare(kit: str, current: list[str], root: Path = ROOT) -> Comparison:
    """The kit's API ``current`` against its record."""
    recorded_version, lines = recorded(kit, root)
    version = kit_version(kit, root)
    now, then = set(current), set(lines)
    announced = _major(version) > _major(recorded_version) and version in changelog_versions(
        kit, root
    )
    return Comparison(
        kit, version, recorded_version,
        tuple(sorted(then - now)), tuple(sorted(now - then)), announced,
    )  # fmt: skip


def render(kit: str, current: list[str], root: Path = ROOT) -> str:
    """The text of ``api.txt`` for the kit's API ``current``."""
    return _HEADER.format(kit=kit, version=kit_version(kit, root)) + "".join(
        line + "\n" for line in sorted(set(current))
    )


def record(kit: str, root: Path = ROOT) -> Comparison:
    """Write the kit's API to its record, unless that hides an unannounced break."""
    current = LISTERS[kit](root)
    path = root / "kits" / kit / "api.txt"
    comparison = compare(kit, current, root) if path.exists() else None
    if comparison is None or not comparison.breaks:
        path.write_text(render(kit, current, root), encoding="utf-8")
    return comparison or Comparison(kit, kit_version(kit, root), "", (), tuple(current), True)
