"""How long each adapter takes to answer one long request line (time should grow
linearly with the length): the Python kit, the JavaScript kit and the reference adapter.

    python benchmarks/long_lines.py [MIB ...]     # default: 10 40 80
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = {
    "python kit": [sys.executable, str(ROOT / "examples" / "kit_adapter.py")],
    "javascript kit": ["node", str(ROOT / "kits" / "javascript" / "example" / "kit_adapter.mjs")],
    "reference": [sys.executable, "-m", "reference_impl.adapter"],
}
START = b'{"cmd": "start", "protocol": 1}\n'
SETTLE = b'{"cmd": "settle", "seq": 5, "hands": [[], [], [], []]'


def seconds(argv: list[str], mib: int) -> float:
    """Wall-clock seconds to start, answer one line of ``mib`` MiB, and exit."""
    data = START + SETTLE + b" " * (mib << 20) + b"}\n"
    began = time.perf_counter()
    done = subprocess.run(argv, input=data, capture_output=True, cwd=ROOT, check=False)
    elapsed = time.perf_counter() - began
    if done.returncode != 0 or done.stdout.count(b"\n") != 2:
        raise SystemExit(f"{argv}: no answer ({done.stderr[-500:]!r})")
    return elapsed


def main() -> None:
    """Print one line per adapter and size."""
    sizes = [int(a) for a in sys.argv[1:]] or [10, 40, 80]
    for name, argv in ADAPTERS.items():
        if shutil.which(argv[0]) is None:
            print(f"{name}: skipped ({argv[0]} not found)")
            continue
        for mib in sizes:
            print(f"{name}: {mib} MiB line answered in {seconds(argv, mib):.2f} s")


if __name__ == "__main__":
    main()
