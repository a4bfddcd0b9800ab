"""Every generated file the repository commits, rebuilt by one command.

    python -m tools.regenerate              # rewrite each generated file that changed
    python -m tools.regenerate --check      # change nothing; exit 1 naming the stale files
    python -m tools.regenerate suite-json   # only the files of the generators named

A test (tests/project/test_generated_files.py) fails, naming this command, when a
committed file differs byte for byte from what this would write. The files, and why
each is committed rather than built where it is used:

- ``kits/seven-rocks-suite.json`` (``suite-json``): read without Python by the harnesses
  of other languages (the JavaScript and Go examples, projects that vendor the suite);
- ``conformance/mutants/signatures.json`` (``signatures``): diagnosis reads it at every
  run, and computing it runs the suite against every catalogue mutant;
- ``spec/rules.md``, its drawings, play tables and rule-line tails (``spec``): the spec
  is read as a page, on a forge or in an editor, where nothing runs;
- the JavaScript kit's ES modules, CommonJS file and type declarations, built from its
  TypeScript (``kits/javascript/src``) by ``npm run build``, tsc then rollup (``js-kit``):
  ``npm install`` of the kit's folder runs no build, and the suite's wheel carries them;
- ``examples/report-example.html`` (``example-report``): the example page README links
  to, opened without installing anything (its duration is written as 0).

The example site is not committed: ``python tools/build_example_site.py OUT`` builds it
from fresh runs, and CI builds it for publication.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["COMMAND", "GENERATORS", "ROOT", "Generator", "Unavailable", "main", "stale"]

ROOT = Path(__file__).resolve().parent.parent
COMMAND = "python -m tools.regenerate"
"""The command that rewrites the generated files."""


@dataclass(frozen=True)
class Generator:
    """A set of generated files and the function that makes their contents."""

    name: str
    build: Callable[[], Mapping[str, bytes]]
    """Path relative to the checkout -> the file's contents."""


def _suite_json() -> Mapping[str, bytes]:
    from tools.export_suite import SUITE_FILE, suite_text

    return {SUITE_FILE.relative_to(ROOT).as_posix(): suite_text().encode()}


def _signatures() -> Mapping[str, bytes]:
    from conformance.mutants.signatures import SIGNATURES_PATH, compute_signatures
    from conformance.suite.fixtures import load_cases
    from conformance.suite.resources import fixtures_dir
    from conformance.suite.rules import load_rules

    fresh = compute_signatures(load_cases([fixtures_dir()], rules=load_rules()))
    text = json.dumps(fresh.as_json(), indent=1) + "\n"
    return {SIGNATURES_PATH.relative_to(ROOT).as_posix(): text.encode()}


def _spec() -> Mapping[str, bytes]:
    from conformance.specdoc.page import suite_cases
    from tools.spec_examples import regenerate

    path = ROOT / "spec" / "rules.md"
    fresh = regenerate(path.read_text(encoding="utf-8"), suite_cases())
    return {"spec/rules.md": fresh.encode()}


class Unavailable(RuntimeError):
    """A generator needs a tool that is not installed (its name in ``tool``)."""

    def __init__(self, tool: str, message: str) -> None:
        super().__init__(message)
        self.tool = tool


JS_KIT = ROOT / "kits" / "javascript"
_JS_BUILD_INPUTS = ("src", "package.json", "tsconfig.json", "rollup.config.mjs")


def _js_kit() -> Mapping[str, bytes]:
    # npm run build (tsc, then rollup) in a copy of the kit's sources, so that a check
    # changes nothing; the files built are those package.json publishes.
    if shutil.which("npm") is None:
        raise Unavailable("npm", "npm is not installed: it builds the JavaScript kit")
    modules = JS_KIT / "node_modules"
    if not modules.is_dir():
        raise Unavailable("npm", f"{modules} is missing: run npm ci in {JS_KIT}")
    package = json.loads((JS_KIT / "package.json").read_text(encoding="utf-8"))
    built = [n for n in package["files"] if n.endswith((".mjs", ".cjs", ".d.mts", ".d.cts"))]
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch)
        for name in _JS_BUILD_INPUTS:
            source = JS_KIT / name
            if source.is_dir():
                shutil.copytree(source, copy / name)
            else:
                shutil.copy(source, copy / name)
        (copy / "node_modules").symlink_to(modules, target_is_directory=True)
        done = subprocess.run(
            ["npm", "run", "--silent", "build"], cwd=copy, capture_output=True, text=True,
            timeout=600,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"npm run build failed: {done.stdout[-2000:]}{done.stderr[-2000:]}")
        folder = JS_KIT.relative_to(ROOT).as_posix()
        return {f"{folder}/{name}": (copy / name).read_bytes() for name in built}


EXAMPLE_MUTANT = "every-double-spinner"
"""The mutant whose run the example report shows."""


def _example_report() -> Mapping[str, bytes]:
    from conformance.api import run
    from conformance.reports.html import render_report
    from conformance.suite.rules import load_rules

    # "python" as a reader would type it (the page shows the command), found first in
    # this interpreter's folder, and the checkout importable, as tools/build_example_site
    # runs its engines.
    saved = {key: os.environ.get(key) for key in ("PATH", "PYTHONPATH")}
    os.environ["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), saved["PATH"] or ""])
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), saved["PYTHONPATH"]) if p)
    try:
        result = run(f"python -m reference_impl.adapter --mutant {EXAMPLE_MUTANT}")
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    result.duration = 0.0  # the one value of the page that changes from run to run
    page = render_report(result, load_rules())
    return {"examples/report-example.html": page.encode()}


GENERATORS = (
    Generator("suite-json", _suite_json),
    Generator("signatures", _signatures),
    Generator("spec", _spec),
    Generator("js-kit", _js_kit),
    Generator("example-report", _example_report),
)
"""Every generator, by name."""


def stale(files: Mapping[str, bytes], root: Path = ROOT) -> list[str]:
    """The paths among ``files`` whose committed file is missing or differs."""
    return [
        name
        for name, content in files.items()
        if not (root / name).is_file() or (root / name).read_bytes() != content
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite (or with --check, only compare) the generated files; 1 when some are stale."""
    names = [generator.name for generator in GENERATORS]
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    parser.add_argument("only", nargs="*", metavar="NAME", help=f"one of {', '.join(names)}")
    args = parser.parse_args(argv)
    for name in args.only:
        if name not in names:
            parser.error(f"no generator {name!r}: one of {', '.join(names)}")
    found = []
    for generator in GENERATORS:
        if args.only and generator.name not in args.only:
            continue
        try:
            files = generator.build()
        except Unavailable as missing:
            print(f"{generator.name}: {missing}", file=sys.stderr)
            return 2
        for name in stale(files):
            found.append(name)
            if args.check:
                print(f"stale: {name} (run {COMMAND})", file=sys.stderr)
            else:
                (ROOT / name).write_bytes(files[name])
                print(f"wrote {name}")
    return 1 if args.check and found else 0


if __name__ == "__main__":
    sys.exit(main())
