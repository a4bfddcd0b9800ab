"""Tools the mutants patch the engine with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import commands, hand, settle

__all__ = ["rebind", "set_everywhere", "wrap"]


def wrap(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace ``owner.name`` by ``make(original)``."""
    setattr(owner, name, make(getattr(owner, name)))


def rebind(module: Any, name: str, value: Any) -> None:
    """Rebind a name in a module (mypy cannot follow such a patch; it is the point here)."""
    setattr(module, name, value)


def set_everywhere(name: str, value: Any) -> None:
    """Rebind a module-level engine function in every module that calls it."""
    for module in (hand, commands, settle):
        if hasattr(module, name):
            setattr(module, name, value)
