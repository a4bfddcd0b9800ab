"""Peak memory of the runner on a full run against an engine whose every reply holds a
result with 1.3 million ``open`` entries (tests/fake_engines/huge_open.py): the text
report, then JSON with the HTML and JUnit reports.

    python benchmarks/hostile_memory.py [ENTRIES]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "tests" / "fake_engines" / "huge_open.py"
# The runner in a process of its own that prints its own peak RSS (not the engine's).
PROBE = """
import resource, sys
from conformance.cli import main
code = 2
try:
    code = main(sys.argv[1:])
finally:
    print("PEAK", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
sys.exit(code)
"""


def peak(args: list[str]) -> tuple[float, float, int]:
    """(peak RSS in MB, seconds, exit status) of ``run ARGS`` against the engine."""
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "run", *args],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    elapsed = time.perf_counter() - began
    line = next(x for x in done.stderr.splitlines() if x.startswith("PEAK"))
    return int(line.split()[1]) / 1024, elapsed, done.returncode


def main() -> None:
    """Print one line per output kind."""
    entries = sys.argv[1] if len(sys.argv) > 1 else "1300000"
    engine = ["--engine", f"{sys.executable} {ENGINE} {entries}", "--timeout", "120"]
    with tempfile.TemporaryDirectory() as scratch:
        html, junit = str(Path(scratch) / "r.html"), str(Path(scratch) / "r.xml")
        for label, extra in (
            ("text report", []),
            ("JSON, HTML and JUnit", ["--format", "json", "--html", html, "--junit", junit]),
        ):
            mb, seconds, code = peak([*engine, *extra])
            print(f"{label}: peak RSS {mb:.0f} MB, {seconds:.0f} s, exit {code}")


if __name__ == "__main__":
    main()
