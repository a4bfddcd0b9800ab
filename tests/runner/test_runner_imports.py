"""What the command line imports: only what the chosen command and output need.

Each check runs the command in a fresh interpreter and lists the modules it loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.support.cli import ROOT, env

_LOADED = """
import json, sys
from conformance.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def _modules(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _LOADED, *args],
        capture_output=True,
        text=True,
        env=env(),
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    line = done.stderr.rsplit("\nMODULES ", 1)[-1]
    loaded: list[str] = json.loads(line)
    return set(loaded)


def _under(modules: set[str], *tops: str) -> set[str]:
    return {m for m in modules if m.split(".")[0] in tops or m in tops}


def test_run_help_loads_no_runner_no_report_and_no_other_command() -> None:
    loaded = _modules("run", "--help")
    assert "conformance.cli.commands.run" in loaded
    unwanted = {
        "conformance.runner.loop",
        "conformance.engine.client",
        "conformance.suite.fixtures",
        "conformance.cli.commands.fuzz",
        "conformance.cli.commands.site",
        "seven_rocks_kit.serve",
    }
    assert not loaded & unwanted
    assert not _under(loaded, "rich", "yaml", "jsonschema", "jinja2")


def test_a_json_run_loads_no_terminal_library_and_no_yaml() -> None:
    loaded = _modules("run", "--format", "json", "--cmd", "settle")
    assert "conformance.runner.loop" in loaded  # it did run
    assert not _under(loaded, "rich", "yaml", "jsonschema", "jinja2")
    assert "conformance.reports.text" not in loaded


def test_a_passing_json_run_loads_no_diagnosis_machinery_and_no_psutil() -> None:
    loaded = _modules("run", "--format", "json", "--cmd", "settle")
    assert "conformance.mutants.diagnosis" in loaded  # the report has its section
    assert not loaded & {
        "conformance.mutants.reproduce",
        "conformance.mutants.signatures",
        "conformance.mutants.fields",
    }
    assert not _under(loaded, "psutil", "tempfile")


def test_a_text_run_still_draws_with_rich() -> None:
    loaded = _modules("run", "--cmd", "settle", "--color", "never")
    assert "rich.console" in loaded and "conformance.reports.text" in loaded
