"""The pytest plugin's guard against a rootdir chosen from one of its options' values.

pytest picks its rootdir and config file from the command line's paths before it loads
plugins, so the value of a space-separated ``--seven-rocks-engine /abs/engine`` (or
``--seven-rocks-fixtures /abs/dir``) counts as a path to test: that folder can become
the rootdir, node ids become relative to it, and the user's own pytest.ini goes unread.
The ``=`` form is read as one argument.
"""

from __future__ import annotations

import itertools
import shlex
from pathlib import Path

import pytest

__all__ = ["pytest_load_initial_conftests"]

_VALUED_OPTIONS = frozenset(
    f"--seven-rocks-{name}"
    for name in ("engine", "fixtures", "expect-fail", "skip-feature", "timeout")
)
"""The plugin's options that take a value."""


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, args: list[str]) -> None:
    """Refuse a rootdir that pytest chose from the value of one of the plugin's options
    given as a separate argument (a usage error naming the ``=`` form)."""
    apart = _options_given_apart(args)
    if not apart:
        return
    meant = _setup_as_meant(early_config)
    if meant is None or meant == (early_config.rootpath, early_config.inipath):
        return
    joined = " ".join(shlex.quote(f"{option}={value}") for option, value in apart)
    raise pytest.UsageError(
        f"pytest took {early_config.rootpath} as its rootdir (config file: "
        f"{early_config.inipath or 'none'}) instead of {meant[0]} (config file: "
        f"{meant[1] or 'none'}): it chooses them before it knows this plugin's options, "
        "and so read an option's value given as a separate argument as a path to test; "
        f"write each as one argument: {joined}"
    )


def _options_given_apart(args: list[str]) -> list[tuple[str, str]]:
    """The plugin's options given with their value as the next argument."""
    apart = []
    for option, value in itertools.pairwise(args):
        if option == "--":
            break
        if option in _VALUED_OPTIONS:
            apart.append((option, value))
    return apart


def _setup_as_meant(config: pytest.Config) -> tuple[Path, Path | None] | None:
    """The rootdir and config file pytest would choose from the command line read with
    the plugin's options known; None if this pytest cannot tell."""
    try:
        from _pytest.config.findpaths import determine_setup

        known = config.known_args_namespace
        found = determine_setup(
            inifile=known.inifilename,
            override_ini=known.override_ini,
            args=known.file_or_dir,
            rootdir_cmd_arg=known.rootdir or None,
            invocation_dir=config.invocation_params.dir,
        )
    except (ImportError, TypeError, AttributeError):  # a pytest that works otherwise
        return None
    return found[0], found[1]
