"""Where the suite's data lives: inside the wheel, or at the root of a checkout."""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "DataNotFoundError",
    "compiled_suite_path",
    "fixtures_dir",
    "rules_path",
    "schemas_dir",
]

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent
_PACKAGE_DATA = _PACKAGE_ROOT / "_data"
_CHECKOUT_ROOT = _PACKAGE_ROOT.parent


class DataNotFoundError(RuntimeError):
    """The suite's own data files are missing: the installation is broken."""


def _locate(in_wheel: str, in_checkout: str) -> Path:
    # An installed wheel carries the data under conformance/_data; an editable
    # install or a plain checkout reads it from the repository root.
    for candidate in (_PACKAGE_DATA / in_wheel, _CHECKOUT_ROOT / in_checkout):
        if candidate.exists():
            return candidate
    raise DataNotFoundError(
        f"cannot find the suite's {in_checkout!r}: looked in {_PACKAGE_DATA / in_wheel} "
        f"and {_CHECKOUT_ROOT / in_checkout}; reinstall the package"
    )


def fixtures_dir() -> Path:
    """The folder holding the suite's own fixture files."""
    return _locate("fixtures", "fixtures")


def schemas_dir() -> Path:
    """The folder holding the JSON Schemas (fixtures, protocol messages, reports)."""
    return _locate("schemas", "spec/schemas")


def rules_path() -> Path:
    """The normative rules text, spec/rules.md."""
    return _locate("rules.md", "spec/rules.md")


def compiled_suite_path() -> Path:
    """The suite's own cases as one JSON document (kits/seven-rocks-suite.json)."""
    return _locate("seven-rocks-suite.json", "kits/seven-rocks-suite.json")
