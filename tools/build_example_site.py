"""Build the example conformance site from fresh runs of the example engines.

    python tools/build_example_site.py OUT                 # the site, into the folder OUT
    python tools/build_example_site.py OUT --reports DIR   # and keep the runs' reports in DIR

The engines are the reference, three of its mutants, the published all-fives-domino
engine (when the ``thirdparty`` extra is installed) and the four releases of
tools/example_engine.py. The site is built from their JSON reports by
``seven-rocks-conformance site``. It is not committed (5 MB that no user of the suite
needs in a checkout): CI builds it, and a project publishes its own.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from conformance.site.build import build_site, write_site  # noqa: E402
from conformance.site.reading import read_report  # noqa: E402

__all__ = ["ENGINES", "THIRD_PARTY", "main", "run_report", "site_files"]

THIRD_PARTY = "all-fives-domino"
"""The published engine among them, which needs the thirdparty extra."""
_PY = "python"  # found on PATH, which run_report heads with this interpreter's folder

ENGINES: dict[str, list[str]] = {
    "reference": [_PY, "-m", "reference_impl.adapter"],
    **{
        f"mutant-{name}": [_PY, "-m", "reference_impl.adapter", "--mutant", name]
        for name in ("every-double-spinner", "highest-double-spinner", "tile-fits-once")
    },
    "all-fives-domino": [_PY, "examples/third_party/all_fives_adapter.py"],
    **{
        f"example-engine-{release}": [_PY, "tools/example_engine.py", "--release", release]
        for release in ("0.1", "0.2", "0.3", "1.0")
    },
}
"""Report file stem -> the engine's command line (run from the checkout)."""


def run_report(argv: Sequence[str], *, timeout: float = 300) -> str:
    """The JSON report (as ``run`` writes it) of the whole suite run against ``argv``."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--engine", shlex.join(argv),
         "--format", "json"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{shlex.join(argv)}: the run could not happen: {done.stderr.strip()}")
    return done.stdout


def _third_party_installed() -> bool:
    try:
        return importlib.util.find_spec("src.main.game.Board") is not None
    except ModuleNotFoundError:
        return False


def site_files(reports: Path) -> dict[str, bytes]:
    """The example site built from the reports in the folder ``reports``."""
    paths = sorted(reports.glob("*.json"))
    return build_site([read_report(p, source=p.name) for p in paths])


def main(argv: list[str] | None = None) -> int:
    """Run every example engine, then write the site; 2 when an engine cannot run."""
    parser = argparse.ArgumentParser(prog="python tools/build_example_site.py")
    parser.add_argument("out", type=Path, help="the folder to write the site into")
    parser.add_argument("--reports", type=Path, help="keep the JSON reports in this folder")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        reports = options.reports or Path(scratch)
        reports.mkdir(parents=True, exist_ok=True)
        for stem, engine in ENGINES.items():
            if stem == THIRD_PARTY and not _third_party_installed():
                print(f"skipped {stem}: python -m pip install ./kits/python '.[thirdparty]'")
                continue
            try:
                (reports / f"{stem}.json").write_text(run_report(engine), encoding="utf-8")
            except (RuntimeError, OSError, subprocess.SubprocessError) as problem:
                print(f"{stem}: {problem}", file=sys.stderr)
                return 2
        write_site(options.out, site_files(reports))
    print(f"wrote {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
