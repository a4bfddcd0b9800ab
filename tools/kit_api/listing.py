"""Each kit's public API as sorted lines, read by its own language's tools.

- Python: the names in ``seven_rocks_kit.__all__``, read with ``inspect``: classes with
  their bases, constructor and public members, functions with their signatures.
- JavaScript: the declared types (``seven-rocks-kit.d.mts``, which tsc generates from
  the kit's TypeScript), read with the TypeScript compiler's API
  (``kits/javascript/tools/api.mjs``).
- Go: the exported identifiers with their types, read with ``go/types``
  (``go_api.go``); a struct's fields one a line, since adding one breaks no caller.
- Java: the public signatures of the built jar, as ``javap -public`` prints them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import importlib
import inspect
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["LISTERS", "ToolMissing"]

_ROOT = Path(__file__).resolve().parents[2]


class ToolMissing(RuntimeError):
    """The tool that reads a kit's API is not installed, or failed."""


def _run(argv: list[str], cwd: Path, tool: str) -> str:
    if shutil.which(argv[0]) is None:
        raise ToolMissing(f"{tool} is not installed")
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise ToolMissing(f"{' '.join(argv[:3])} failed: {done.stderr.strip()[-2000:]}")
    return done.stdout


def _member(owner: str, name: str, member: object) -> str:
    if isinstance(member, property):
        return f"{owner}.{name}: property"
    if isinstance(member, (classmethod, staticmethod)):
        kind = type(member).__name__
        return f"{owner}.{name}{inspect.signature(member.__func__)} ({kind})"
    if inspect.isfunction(member):
        return f"{owner}.{name}{inspect.signature(member)}"
    return f"{owner}.{name}: {type(member).__name__}"


def _python_class(name: str, cls: type) -> list[str]:
    bases = ", ".join(base.__name__ for base in cls.__bases__)
    lines = [f"class {name}({bases})"]
    if not issubclass(cls, enum.Enum):
        with contextlib.suppress(ValueError):  # a builtin's constructor may have none to read
            lines.append(f"{name}{inspect.signature(cls)}")
    fields: set[str] = set()
    if dataclasses.is_dataclass(cls):
        fields = {field.name for field in dataclasses.fields(cls)}
    lines += [f"{name}.{field}: field" for field in sorted(fields)]
    for attr, member in vars(cls).items():
        # A field's default and its slot are the field, listed once above.
        if not attr.startswith("_") and attr not in fields:
            lines.append(_member(name, attr, member))
    return lines


def python_api(root: Path = _ROOT) -> list[str]:
    """``seven_rocks_kit``'s public names, read from kits/python."""
    sys.path.insert(0, str(root / "kits" / "python"))
    try:
        kit = importlib.import_module("seven_rocks_kit")
    finally:
        sys.path.pop(0)
    lines: list[str] = []
    for name in sorted(kit.__all__):
        value = getattr(kit, name)
        if inspect.isclass(value):
            lines += _python_class(name, value)
        elif inspect.isfunction(value):
            lines.append(f"def {name}{inspect.signature(value)}")
        else:
            lines.append(f"{name}: {type(value).__name__}")
    return sorted(lines)


def javascript_api(root: Path = _ROOT) -> list[str]:
    """The JavaScript kit's declared types, as the TypeScript compiler reads them."""
    kit = root / "kits" / "javascript"
    if not (kit / "node_modules" / "typescript").is_dir():
        raise ToolMissing("typescript is not installed in kits/javascript: run npm ci there")
    return sorted(_run(["node", "tools/api.mjs"], kit, "node").splitlines())


def go_api(root: Path = _ROOT) -> list[str]:
    """The Go kit's exported identifiers."""
    program = Path(__file__).with_name("go_api.go")
    out = _run(["go", "run", str(program), str(root / "kits" / "go")], root, "go")
    return sorted(out.splitlines())


def _class_name(header: str) -> str:
    """``public final class a.B extends C`` -> ``a.B``."""
    words = header.split()
    kinds = [i for i, word in enumerate(words) if word in ("class", "interface", "enum")]
    return words[kinds[0] + 1] if kinds else header


def java_api(root: Path = _ROOT) -> list[str]:
    """The Java kit's public signatures, from the jar its build script makes."""
    if shutil.which("javap") is None:
        raise ToolMissing("javap (a JDK) is not installed")
    with tempfile.TemporaryDirectory() as out:
        env = {**os.environ, "OUT": out}
        script = root / "kits" / "java" / "build.sh"
        done = subprocess.run(
            [str(script), "--no-test"], capture_output=True, text=True, timeout=600, env=env
        )
        if done.returncode != 0:
            raise ToolMissing(f"kits/java/build.sh failed: {done.stderr.strip()[-2000:]}")
        jar = Path(done.stdout.strip().splitlines()[-1])
        with zipfile.ZipFile(jar) as archive:
            classes = sorted(
                name.removesuffix(".class").replace("/", ".")
                for name in archive.namelist()
                if name.endswith(".class")
            )
        printed = _run(["javap", "-public", "-cp", str(jar), *classes], root, "javap")
    lines: list[str] = []
    owner = ""
    for line in printed.splitlines():
        if line.startswith("Compiled from") or line.strip() in ("", "}"):
            continue
        if not line.startswith(" "):
            owner = line.removesuffix(" {")
            if owner.startswith("public "):  # javap prints a package-private class's header
                lines.append(owner)
        elif owner.startswith("public "):
            lines.append(f"{_class_name(owner)}: {line.strip()}")
    return sorted(lines)


LISTERS: dict[str, Callable[..., list[str]]] = {
    "python": python_api,
    "javascript": javascript_api,
    "go": go_api,
    "java": java_api,
}
"""Each kit's lister, by the kit's folder name; each takes the checkout's root."""
