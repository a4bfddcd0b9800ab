"""The Go and Java kits: their examples pass the suite; the form, the loop and errors, probed.

Each toolchain builds once per test session (shared by pytest-xdist's workers); a test
whose toolchain is missing skips with the reason.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from reference_impl.adapter import handle as reference_handle
from tests.kits.test_kit import BAD, CASES, SECTION_6, WELL_FORMED, _form_verdict, _mutate
from tests.kits.test_kit_js import _plays
from tests.support.cli import ROOT, cli
from tests.support.kits import CORRUPTED, ODD_LINES, corrupted_suite, long_seq_lines
from tests.support.tools import missing

GO_KIT = ROOT / "kits" / "go"
GO_MODULE = "github.com/seven-rocks/seven-rocks/kits/go"
"""The Go kit's module path, as the Go tooling fetches a hosted module by."""
JAVA_KIT = ROOT / "kits" / "java"
PROBES = ROOT / "tests" / "kit_probes"
GSON = Path(os.environ.get("SEVEN_ROCKS_GSON_JAR", "/usr/share/java/gson.jar"))


@dataclass(frozen=True)
class Built:
    """A kit's example engine and probe engine, ready to start."""

    example: list[str]
    probe: list[str]


def _digest(paths: list[Path]) -> str:
    sha = hashlib.sha256()
    for path in sorted(paths):
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        sha.update(str(name).encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()[:16]


def _once(
    factory: pytest.TempPathFactory, name: str, sources: list[Path], build: Callable[[Path], None]
) -> Path:
    """The folder ``build`` fills, built once for these sources by whichever worker comes first."""
    # Under pytest-xdist each worker's base folder sits in the session's: build there once.
    shared = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out = shared / f"{name}-{_digest(sources)}"
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "built").exists() and not (out / "failed").exists():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            try:
                build(out)
            except AssertionError as problem:  # said once, then by every test that needs it
                (out / "failed").write_text(str(problem), encoding="utf-8")
            else:
                (out / "built").touch()
    if (out / "failed").exists():
        pytest.fail(f"the {name} build failed: {(out / 'failed').read_text(encoding='utf-8')}")
    return out


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, f"{argv}: {done.stdout}{done.stderr}"


def _go_env() -> dict[str, str]:
    # No module is fetched: the kit has no dependency and the probe replaces it by a path.
    env = {**os.environ, "GOPROXY": "off", "GOFLAGS": "-mod=mod", "GOWORK": "off"}
    if "GOCACHE" not in env and not os.access(Path.home(), os.W_OK):
        env["GOCACHE"] = str(Path("/tmp") / "seven-rocks-go-cache")
    return env


def _build_go(out: Path) -> None:
    go = shutil.which("go") or "go"
    _run([go, "build", "-o", str(out / "example"), "./example"], GO_KIT, _go_env())
    # The probe is a module of its own using the kit from its folder, as README says.
    probe = out / "probe-src"
    probe.mkdir()
    shutil.copy(PROBES / "probe.go", probe / "main.go")
    (probe / "go.mod").write_text(
        f"module probe\n\ngo 1.19\n\nrequire {GO_MODULE} v1.0.0\n\n"
        f"replace {GO_MODULE} => {GO_KIT}\n",
        encoding="utf-8",
    )
    _run([go, "build", "-o", str(out / "probe"), "."], probe, _go_env())


def _java_sources() -> list[Path]:
    """The kit's sources and its example (its JUnit tests are build.sh's)."""
    return [*(JAVA_KIT / "src").rglob("*.java"), *(JAVA_KIT / "example").rglob("*.java")]


def _build_java(out: Path) -> None:
    sources = [*_java_sources(), PROBES / "Probe.java"]
    javac = shutil.which("javac") or "javac"
    lint = ["-Xlint:all", "-Werror"]
    _run([javac, *lint, "-cp", str(GSON), "-d", str(out), *map(str, sources)], ROOT)


def _java(out: Path, main: str) -> list[str]:
    return [shutil.which("java") or "java", "-cp", f"{out}{os.pathsep}{GSON}", main]


@pytest.fixture(scope="session", params=["go", "java"])
def kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Each compiled kit's engines; skips when the toolchain is missing."""
    if request.param == "go":
        if shutil.which("go") is None:
            missing("go", "not installed (Debian: golang-go): the Go kit needs it")
        sources = [*GO_KIT.rglob("*.go"), GO_KIT / "go.mod", PROBES / "probe.go"]
        out = _once(tmp_path_factory, "go-kit", sources, _build_go)
        return Built([str(out / "example")], [str(out / "probe")])
    if shutil.which("javac") is None or shutil.which("java") is None:
        missing("javac", "not installed (Java 17): the Java kit needs it")
    if not GSON.is_file():
        missing("gson", f"not at {GSON} (Debian: libgoogle-gson-java)")
    sources = [*_java_sources(), PROBES / "Probe.java", GSON]
    out = _once(tmp_path_factory, "java-kit", sources, _build_java)
    return Built(_java(out, "KitExample"), _java(out, "Probe"))


def _exchange(argv: list[str], lines: Sequence[str | bytes]) -> list[str]:
    """The reply lines an engine writes for these input lines; it must exit with 0."""
    data = b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines)
    done = subprocess.run(argv, input=data, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return done.stdout.decode().splitlines()


def _replies(argv: list[str], lines: Sequence[str | bytes]) -> list[Any]:
    return [json.loads(line) for line in _exchange(argv, lines)]


# ------------------------------------------------------------ the examples


def test_the_example_passes_the_suite_with_no_failure(kit: Built) -> None:
    done = cli("run", "--engine", subprocess.list2cmdline(kit.example), "--check-messages")
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    served = sum(case.cmd in ("table", "legal", "settle") for case in CASES)
    expected = f"{len(CASES)} cases: {served} passed, {len(CASES) - served} skipped"
    assert last.startswith(expected), last


# ------------------------------------------------------------ the request form


def test_every_fixture_gets_the_form_verdict_of_its_case(kit: Built) -> None:
    replies = _replies(kit.probe, [json.dumps(case.request(n)) for n, case in enumerate(CASES)])
    by_case = dict(zip((c.id for c in CASES), replies, strict=True))
    for case in BAD:
        rejected = by_case[case.id]["rejected"]
        expected = ("bad_request", case.expect_rejected["index"])  # type: ignore[index]
        assert (rejected["code"], rejected["index"]) == expected, case.id
    for case in WELL_FORMED:
        assert by_case[case.id]["rejected"]["code"] == "no_match", case.id  # reached, mapped


def test_corrupted_requests_get_the_reference_form_verdict(kit: Built) -> None:
    rng = random.Random(23)
    requests = [_mutate(case.request(1), rng) for _ in range(4) for case in CASES]
    requests += [{"seq": 3, **request} for _, request, _ in SECTION_6]
    replies = _replies(kit.probe, [json.dumps(r) for r in requests])
    assert len(replies) == len(requests)
    for request, reply in zip(requests, replies, strict=True):
        assert _form_verdict(reply) == _form_verdict(reference_handle(request)), request


# ------------------------------------------------------------ the loop


_SETTLE = '{"cmd": "settle", "seq": 5, "hands": [[], [], [], []]}'
BIG = "123456789012345678901234567890"


def test_seq_is_echoed_exactly_and_refused_unless_an_exact_integer(kit: Built) -> None:
    seqs = [BIG, "-" + BIG, "0", "7", "2.5", "1.0", "1e2", '"s"', "true", "null", "[1]", "{}"]
    lines = [f'{{"cmd": "settle", "seq": {seq}, "hands": [[], [], [], []]}}' for seq in seqs]
    lines.append('{"cmd": "settle", "hands": [[], [], [], []]}')
    raw = _exchange(kit.probe, lines)
    for seq, line in zip(seqs[:4], raw, strict=False):
        assert line.startswith(f'{{"seq":{seq},') or f'"seq":{seq}}}' in line, line
        assert json.loads(line)["rejected"]["code"] == "no_match"  # reached the command
    for line in raw[4:]:
        reply = json.loads(line)
        assert reply["seq"] is None and reply["rejected"]["code"] == "bad_request", line
        assert reply["rejected"]["index"] is None
    assert len(raw) == len(lines)


@pytest.mark.parametrize("digits", [1000, 1100, 4301, 100_000])
def test_a_seq_of_any_length_is_echoed_exactly(kit: Built, digits: int) -> None:
    # The Java kit read no number past about 1,000 digits (gson's buffer), the Python
    # kit none past 4,300 (Python's limit on converting text to int).
    lines, expected = long_seq_lines(digits)
    raw = _exchange(kit.probe, lines)[1:]
    assert len(raw) == len(lines) - 1
    for seq, line in zip(expected, raw, strict=False):
        assert line.startswith(f'{{"seq":{seq},') or line.endswith(f'"seq":{seq}}}'), line[:80]
    # Anywhere but seq, such an integer is out of range: refused with its place.
    assert [json.loads(line)["rejected"]["index"] for line in raw[2:]] == [0, None]


def test_the_kit_reads_json_as_the_reference_does(kit: Built) -> None:
    replies = _replies(kit.probe, ODD_LINES)
    reference = _replies([sys.executable, "-m", "reference_impl.adapter"], ODD_LINES)
    assert len(replies) == len(reference) == len(ODD_LINES)
    for line, reply, expected in zip(ODD_LINES, replies, reference, strict=True):
        assert _form_verdict(reply) == _form_verdict(expected), line[:80]
        assert reply["seq"] == expected["seq"], line[:80]


@pytest.mark.parametrize("protocol", ["1.0", "true", '"1"', "2", "10e-1"])
def test_only_the_integer_1_is_protocol_1(kit: Built, protocol: str) -> None:
    start = f'{{"cmd": "start", "protocol": {protocol}}}'
    assert _replies(kit.probe, [start, _SETTLE]) == [{"ready": False, "protocol": 1}]


def test_the_handshake_stop_and_end_of_input(kit: Built) -> None:
    start, stop = '{"cmd": "start", "protocol": 1}', '{"cmd": "stop"}'
    replies = _replies(kit.probe, [start, _SETTLE, stop, _SETTLE])
    assert replies[0] == {
        "ready": True,
        "protocol": 1,
        "engine": {"name": "probe", "version": "0", "language": replies[0]["engine"]["language"]},
        "cmds": ["table", "legal", "settle", "hand", "game", "perft"],
    }
    assert replies[0]["engine"]["language"] in ("go", "java")
    assert len(replies) == 2  # nothing after stop
    assert _exchange(kit.probe, []) == []


def test_bad_lines_never_stop_the_loop(kit: Built) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    lines: list[str | bytes] = [
        "", "not json", "NaN", '{"seq": 1, "cmd": "settle", "x": Infinity}', b"\xff\xfe{}",
        deep, '{"a": 1} {"b": 2}', "[1, 2]", '"settle"', "{'cmd': 'settle'}",
        '{"cmd": "sttle", "seq": 3}', '{"seq": 4}', "{\"cmd\": \"settle\",\r \"seq\": 6}",
        _SETTLE,
    ]  # fmt: skip
    replies = _replies(kit.probe, lines)
    assert len(replies) == len(lines)
    for reply in replies[:-1]:
        assert reply["rejected"]["code"] == "bad_request", reply
    assert [r["seq"] for r in replies[10:]] == [3, 4, 6, 5]
    assert replies[-1]["rejected"]["code"] == "no_match"


def test_a_line_of_24_mib_is_answered(kit: Built) -> None:
    # Read in time linear in its length: a reader that copied what it had so far at every
    # chunk of the pipe would take minutes here; the timeout of the exchange is a guard.
    padding = " " * (24 << 20)
    long_line = '{"cmd": "settle", "seq": 9, "hands": [[], [], [], []]' + padding + "}"
    replies = _replies(kit.probe, [long_line, _SETTLE])
    assert [r["seq"] for r in replies] == [9, 5]


# ------------------------------------------------------------ rejections, errors, results


def _hand(**extra: Any) -> str:
    deal = [[[a, b] for a in range(7) for b in range(a, 7)][i : i + 7] for i in range(0, 28, 7)]
    return json.dumps({"cmd": "hand", "seq": 2, "deal": deal, "opener": 1, "actions": [], **extra})


def test_rejections_errors_and_results(kit: Built) -> None:
    lines = [
        _plays((0, 0), (0, 1), (2, 2)),
        _plays((0, 0), (0, 1), (3, 3)),
        _plays((0, 0), (0, 1), (4, 4)),
        _plays((0, 0), (5, 5), (4, 4)),
        _plays((0, 0), (6, 6)),
        _plays((0, 0), (0, 1)),
        '{"cmd": "legal", "seq": 2, "plays": [], "hand": []}',
        '{"cmd": "game", "seq": 3, "hands": []}',
        _SETTLE,
    ]
    replies = _replies([*kit.probe, "--behaviours"], lines)
    codes = [(r["rejected"]["code"], r["rejected"]["index"]) for r in replies[:3]]
    assert codes == [("no_match", 2), ("no_match", 2), ("branch_closed", 0)]
    assert replies[0]["rejected"]["message"] == "no 1 on [2|2]"
    assert "oops" in replies[3]["errored"]["message"]
    assert "could not be read" in replies[4]["errored"]["message"]
    result = {"last": {"tile": [0, 1]}, "on": None, "pass": "pass"}
    assert replies[5] == {"seq": 1, "result": result}
    for reply in replies[6:8]:  # a result JSON cannot carry; a panic or a stack overflow
        assert set(reply) == {"seq", "errored"}, reply
    assert set(replies[8]) == {"seq", "skipped"}  # a known command it does not implement


def test_integers_beyond_64_bits(kit: Built) -> None:
    huge = 10**30
    lines = [
        _hand(scores=[huge, 3]),
        _hand(scores=[-huge, 3]),
        _hand(scores=[-huge, 3], actions="pass"),
        _hand(cmd="perft", depth=huge),
        _hand(cmd="perft", depth=-huge),
    ]
    replies = _replies([*kit.probe, "--behaviours"], lines)
    assert replies[0]["result"] == {"opener": 1, "scores": [2**63 - 1, 3]}  # still 250 or more
    assert "skipped" in replies[1]  # below the range the kit holds
    assert replies[2]["rejected"]["code"] == "bad_request"  # the form comes first
    assert replies[3]["result"] == {"depth": 2**63 - 1}  # no hand is that long
    assert replies[4]["rejected"]["code"] == "bad_request"


# ------------------------------------------------------------ Go's own tests


def _go_test(*env: tuple[str, str]) -> subprocess.CompletedProcess[str]:
    go = shutil.which("go") or "go"
    return subprocess.run(
        [go, "test", "-v", "./..."], cwd=GO_KIT, capture_output=True, text=True,
        timeout=300, env={**_go_env(), **dict(env)},
    )  # fmt: skip


@pytest.fixture(scope="module")
def go_tests() -> Iterator[None]:
    if shutil.which("go") is None:
        missing("go", "not installed (Debian: golang-go): the Go kit needs it")
    yield


@pytest.mark.usefixtures("go_tests")
def test_go_test_runs_the_kit_tests_and_the_suite_file_in_process(tmp_path: Path) -> None:
    done = _go_test()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    assert "--- PASS: TestLongLinesAreReadInLinearTime" in done.stdout
    passed = re.findall(r"^    --- PASS: TestSuite/(\S+)", done.stdout, re.M)
    skipped = re.findall(r"^    --- SKIP: TestSuite/(\S+)", done.stdout, re.M)
    served = sum(case.cmd in ("table", "legal", "settle") for case in CASES)
    assert (len(passed), len(skipped)) == (served, len(CASES) - served)
    # The harness can fail: one expected credit changed, that case fails.
    failed = _go_test(("SEVEN_ROCKS_SUITE", str(corrupted_suite(tmp_path))))
    assert failed.returncode != 0
    assert re.findall(r"^    --- FAIL: TestSuite/(\S+)", failed.stdout, re.M) == [CORRUPTED]


@pytest.mark.usefixtures("go_tests")
def test_the_go_kit_is_gofmt_clean_and_vet_clean() -> None:
    gofmt = shutil.which("gofmt") or str(Path(shutil.which("go") or "go").parent / "gofmt")
    unformatted = subprocess.run(
        [gofmt, "-l", str(GO_KIT), str(PROBES)], capture_output=True, text=True, timeout=60
    )
    assert unformatted.returncode == 0 and unformatted.stdout == "", unformatted.stdout
    go = shutil.which("go") or "go"
    vet = subprocess.run(
        [go, "vet", "./..."], cwd=GO_KIT, capture_output=True, text=True, timeout=120, env=_go_env()
    )
    assert vet.returncode == 0, vet.stdout + vet.stderr


def test_the_java_build_makes_a_versioned_jar_and_passes_the_kits_junit_tests(
    tmp_path: Path,
) -> None:
    for tool in ("javac", "jar", "java"):
        if shutil.which(tool) is None:
            missing(tool, "not installed (Java 17): the Java kit's build needs it")
    junit = Path("/usr/share/java/junit-platform-console-standalone.jar")
    if not junit.is_file():
        missing("junit5", f"not at {junit} (Debian: junit5)")
    done = subprocess.run(
        [str(JAVA_KIT / "build.sh")], capture_output=True, text=True, timeout=600,
        env={**os.environ, "OUT": str(tmp_path), "GSON": str(GSON), "JUNIT": str(junit)},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    version = re.search(
        r'VERSION = "([^"]+)"', (JAVA_KIT / "src/sevenrocks/kit/Kit.java").read_text()
    )
    assert version is not None
    assert (tmp_path / f"seven-rocks-kit-{version.group(1)}.jar").is_file()
    found = re.search(r"(\d+) tests successful", done.stdout)
    assert found is not None and int(found.group(1)) >= 6, done.stdout
    assert re.search(r"\b0 tests failed", done.stdout), done.stdout


def test_the_java_readme_builds_the_jar_and_an_engine_against_it(tmp_path: Path) -> None:
    # As the README's quick start: JAR=$(build.sh --no-test), javac against it, run.
    for tool in ("javac", "jar", "java"):
        if shutil.which(tool) is None:
            missing(tool, "not installed (Java 17): the Java kit's build needs it")
    if not GSON.is_file():
        missing("gson", f"not at {GSON} (Debian: libgoogle-gson-java)")
    readme = (JAVA_KIT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"```java\n(.*?)```", readme, re.S)
    assert found is not None
    (tmp_path / "MyEngine.java").write_text(found.group(1), encoding="utf-8")
    built = subprocess.run(
        [str(JAVA_KIT / "build.sh"), "--no-test"], capture_output=True, text=True, timeout=600,
        cwd=tmp_path, env={**os.environ, "OUT": str(tmp_path / "kit"), "GSON": str(GSON)},
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    jar = built.stdout.strip().splitlines()[-1]
    assert Path(jar).is_absolute() and Path(jar).is_file()
    classes = os.pathsep.join([str(GSON), jar])
    _run(["javac", "-cp", classes, "-d", str(tmp_path / "out"), "MyEngine.java"], tmp_path)
    engine = f"java -cp {tmp_path / 'out'}{os.pathsep}{classes} MyEngine"
    done = cli("run", "--engine", engine, "--cmd", "settle", "--format", "json")
    totals = json.loads(done.stdout)["totals"]
    assert done.returncode == 0 and totals["passed"] == totals["total"] > 0, done.stderr
