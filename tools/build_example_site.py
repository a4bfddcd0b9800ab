"""Rebuild the example conformance site, examples/site/, from fresh runs.

    python tools/build_example_site.py           # run the engines again, then build
    python tools/build_example_site.py --check   # change nothing; exit 1 if stale

The engines are the reference, three of its mutants, the published all-fives-domino
engine (the ``thirdparty`` extra) and the four releases of tools/example_engine.py.
Their JSON reports are kept in examples/site-reports/; a report is rewritten only when
the run's results changed (durations aside), so a rebuild with nothing new changes no
file. The site is then built from those reports by ``seven-rocks-conformance site``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from conformance.site.build import MANIFEST, build_site, write_site  # noqa: E402
from conformance.site.reading import read_report  # noqa: E402

__all__ = ["ENGINES", "REPORTS", "SITE", "main", "run_report", "same_run", "site_files"]

SITE = ROOT / "examples" / "site"
REPORTS = ROOT / "examples" / "site-reports"
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


def _timeless(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _timeless(v) for k, v in value.items() if k != "duration_s"}
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    return value


def same_run(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two reports say the same, durations aside."""
    return bool(_timeless(a) == _timeless(b))


def site_files(reports: Path) -> dict[str, bytes]:
    """The example site built from the reports in the folder ``reports``."""
    paths = sorted(reports.glob("*.json"))
    return build_site([read_report(p, source=p.name) for p in paths])


def _fresh(folder: Path) -> list[str]:
    """Run every engine and write its report into ``folder`` when its results changed;
    the names of the reports written."""
    written = []
    for stem, argv in ENGINES.items():
        path = folder / f"{stem}.json"
        report = run_report(argv)
        old = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
        if old is None or not same_run(old, json.loads(report)):
            path.write_text(report, encoding="utf-8")
            written.append(path.name)
    return written


def _stale_site(files: Mapping[str, bytes]) -> list[str]:
    on_disk = {
        p.relative_to(SITE).as_posix()
        for p in SITE.rglob("*")
        if p.is_file() and p.name != MANIFEST
    }
    changed = [n for n, content in files.items() if not (SITE / n).is_file()
               or (SITE / n).read_bytes() != content]  # fmt: skip
    return sorted({*changed, *(on_disk - set(files))})


def main(argv: list[str] | None = None) -> int:
    """Rebuild (or with --check, only compare) the example site."""
    parser = argparse.ArgumentParser(prog="python tools/build_example_site.py")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    options = parser.parse_args(argv)
    if options.check:
        with tempfile.TemporaryDirectory() as scratch:
            for stem in ENGINES:  # the committed reports, to compare fresh runs with
                source = REPORTS / f"{stem}.json"
                if source.is_file():
                    (Path(scratch) / source.name).write_bytes(source.read_bytes())
            stale_reports = _fresh(Path(scratch))
        stale = [f"{REPORTS.name}/{n}" for n in stale_reports]
        stale += [f"{SITE.name}/{n}" for n in _stale_site(site_files(REPORTS))]
        for name in stale:
            print(f"stale: {name}", file=sys.stderr)
        return 1 if stale else 0
    REPORTS.mkdir(parents=True, exist_ok=True)
    for name in _fresh(REPORTS):
        print(f"wrote {REPORTS.name}/{name}")
    write_site(SITE, site_files(REPORTS))
    print(f"wrote {SITE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
