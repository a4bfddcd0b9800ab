"""Build the compiled engine: the core of `reference_impl` compiled by mypyc from its source.

    python tools/build_compiled.py build/compiled                # compile into that folder
    cd build/compiled && python -m benchmarks.engine              # the benchmarks, compiled
    cd build/compiled && python -m reference_impl.adapter         # the adapter, compiled

The folder gets a copy of `reference_impl`, `seven_rocks_kit` and `benchmarks`, and the
modules of `COMPILED` are compiled there: each becomes a C extension beside its source,
which Python imports in its place (``reference_impl.BUILD`` then says ``"compiled"``). The
source is the same, so no rule is written twice; the checkout is left as it is, the
pure-Python build stays the default, and it is what the tests run, but for
tests/engine/test_compiled_build.py, which runs the fixture suite against this build.

It needs a C compiler, setuptools and mypy (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["COMPILED", "PACKAGES", "CompileError", "build", "main"]

ROOT = Path(__file__).resolve().parent.parent

COMPILED = (
    "tiles",
    "points",
    "rules",
    "layout",
    "checks",
    "counted",
    "table",
    "keyed",
    "hand",
    "playout",
    "perft",
)
"""The modules of `reference_impl` compiled: the hot path of play, perft and playouts."""

PACKAGES = {
    "reference_impl": ROOT / "reference_impl",
    "seven_rocks_kit": ROOT / "kits" / "python" / "seven_rocks_kit",
    "benchmarks": ROOT / "benchmarks",
}
"""The packages copied into the build folder, by name: the engine, the kit it imports, and
the benchmarks (so that ``python -m benchmarks.engine`` there measures the compiled engine)."""


class CompileError(RuntimeError):
    """mypyc failed; the message holds what it printed."""


def build(dest: Path, opt_level: int = 3) -> list[Path]:
    """Copy the packages into `dest` and compile `COMPILED` there; return the extensions.

    `opt_level` is the C compiler's optimisation, 0 to 3 (mypyc's ``MYPYC_OPT_LEVEL``):
    it changes how fast the build runs and how long it takes to make, not what it does.
    """
    dest = dest.resolve()
    for source in PACKAGES.values():
        # The copies replace what `dest` holds by those names: never the sources themselves.
        if dest == source.parent or dest == source or source in dest.parents:
            raise ValueError(f"{dest}: build into a folder of its own, not the source's")
    dest.mkdir(parents=True, exist_ok=True)
    for name, source in PACKAGES.items():
        target = dest / name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    sources = [f"reference_impl/{module}.py" for module in COMPILED]
    environment = {**os.environ, "MYPYPATH": str(dest), "MYPYC_OPT_LEVEL": str(opt_level)}
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *sources],
        cwd=dest,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise CompileError(done.stdout + done.stderr)
    built = sorted((dest / "reference_impl").glob("*.so")) + sorted(dest.glob("*__mypyc*.so"))
    if len(built) < len(COMPILED):
        raise CompileError(f"mypyc made {len(built)} extensions, not {len(COMPILED)}")
    return built


def main(argv: list[str] | None = None) -> int:
    """Build into the folder given; 1 when mypyc fails, 2 on a bad folder."""
    parser = argparse.ArgumentParser(
        prog="python tools/build_compiled.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("dest", type=Path, help="the folder to build in (made if missing)")
    options = parser.parse_args(argv)
    try:
        built = build(options.dest)
    except ValueError as error:
        print(f"build_compiled: {error}", file=sys.stderr)
        return 2
    except CompileError as error:
        print(f"build_compiled: mypyc failed:\n{error}", file=sys.stderr)
        return 1
    print(f"{len(built)} extensions in {options.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
