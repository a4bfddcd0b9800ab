"""The published engine the tests run when the ``thirdparty`` extra is installed."""

from __future__ import annotations

import importlib.util
from importlib.metadata import PackageNotFoundError, version

__all__ = ["all_fives_version"]


def all_fives_version() -> str | None:
    """The installed version of all-fives-domino, or None when it cannot be imported."""
    try:
        found = version("all-fives-domino")
    except PackageNotFoundError:
        return None
    try:
        # Its modules are the package "src": find_spec imports the parents, and raises
        # when even "src" is missing (a distribution left without its files).
        return found if importlib.util.find_spec("src.main.game.Board") else None
    except ModuleNotFoundError:
        return None
