"""The pytest plugin, used as a user would: ``pytest --seven-rocks-engine CMD`` in a folder
of their own, in a separate process."""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from conformance.api import RunOptions, load_suite, read_expect_fail, run, select
from conformance.runner.outcomes import Outcome
from tests.support.cli import ROOT, TEST_FIXTURES, env
from tests.support.tools import missing_reason

MUTANT = "every-double-spinner"
REFERENCE = shlex.join([sys.executable, "-m", "reference_impl.adapter"])
MUTANT_ENGINE = f"{REFERENCE} --mutant {MUTANT}"
MINIMAL = shlex.join([sys.executable, str(ROOT / "examples" / "minimal_adapter.py")])
_OUTCOME_LINE = re.compile(r"^(?P<outcome>PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR) (?P<id>\S+)")


def pytest_run(folder: Path, *args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """``python -m pytest ARGS`` in ``folder``, a user's folder without our conftest."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env(),
    )


def outcomes(output: str) -> dict[str, str]:
    """Case id -> outcome, from ``-rA`` summary lines."""
    found = {}
    for line in output.splitlines():
        match = _OUTCOME_LINE.match(line)
        if match:
            found[match["id"]] = match["outcome"]
    return found


def verdicts(folder: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    """``pytest ARGS`` in ``folder``, and each test's outcome from its JUnit XML file
    (passed, failed, error, skipped, xfailed): what ran, read as data, not pytest's words.
    Deselected tests are not in it."""
    junit = folder / "verdicts.xml"
    junit.unlink(missing_ok=True)
    done = pytest_run(folder, *args, f"--junitxml={junit}")
    found: dict[str, str] = {}
    if junit.exists():
        for case in ET.parse(junit).getroot().iter("testcase"):
            tags = {child.tag: child.get("type", "") for child in case}
            outcome = "passed"
            if "failure" in tags:
                outcome = "failed"
            elif "error" in tags:
                outcome = "error"
            elif "skipped" in tags:
                outcome = "xfailed" if tags["skipped"] == "pytest.xfail" else "skipped"
            found[case.get("name", "")] = outcome
    return done, found


def tally(found: dict[str, str]) -> dict[str, int]:
    """How many tests had each outcome."""
    return dict(Counter(found.values()))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """An empty folder with nothing but a pytest.ini, as a user's project might be."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    return tmp_path


def test_reference_engine_passes_every_case(folder: Path) -> None:
    cases = load_suite()
    done, found = verdicts(folder, "-q", "--seven-rocks-engine=reference")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert found == dict.fromkeys((c.id for c in cases), "passed")
    assert len(cases) >= 339


def test_the_failing_items_are_the_cases_the_runner_fails(folder: Path) -> None:
    expected = {
        r.case.id
        for r in run(MUTANT_ENGINE).results
        if r.outcome in (Outcome.FAILED, Outcome.ERRORED)
    }
    assert expected, "the mutant must fail some cases for this test to mean anything"
    done = pytest_run(folder, "-q", "-rA", "--seven-rocks-engine", MUTANT_ENGINE)
    assert done.returncode == 1
    seen = outcomes(done.stdout)
    assert {cid for cid, o in seen.items() if o == "FAILED"} == expected
    # The failure message is the runner's own: the rules and the differences.
    assert "Differences (expected vs actual):" in done.stdout
    assert "  Rules:" in done.stdout


def test_keyword_and_marker_selection(folder: Path) -> None:
    cases = load_suite()
    # -k matches ids and markers: ids naming the seed, and the `seed` marker of the
    # cases that reproduce the rules text's own examples.
    seed = [c for c in cases if "seed" in c.id or c.source.startswith(("transcribes:", "implied:"))]
    done, found = verdicts(folder, "-q", "--seven-rocks-engine=reference", "-k", "seed")
    assert done.returncode == 0, done.stdout[-2000:]
    assert found == dict.fromkeys((c.id for c in seed), "passed")

    examples = [c for c in cases if c.source.startswith(("transcribes:", "implied:"))]
    done, found = verdicts(folder, "-q", "--seven-rocks-engine=reference", "-m", "seed")
    assert found == dict.fromkeys((c.id for c in examples), "passed")

    spinner = select(cases, rules=["spinner"])
    done, found = verdicts(folder, "-q", "--seven-rocks-engine=reference", "-m", "spinner")
    assert found == dict.fromkeys((c.id for c in spinner), "passed")

    one_rule = select(cases, rules=["settle.no-pooling"])
    done, found = verdicts(
        folder, "-q", "--seven-rocks-engine=reference", "-m", "settle.no-pooling"
    )
    assert found == dict.fromkeys((c.id for c in one_rule), "passed")

    settle = select(cases, cmds=["settle"])
    done, found = verdicts(folder, "-q", "--seven-rocks-engine=reference", "-m", "settle")
    # 'settle' is both a command and a rule group: cases of either are selected.
    both = {c.id for c in settle} | {c.id for c in select(cases, rules=["settle."])}
    assert found == dict.fromkeys(both, "passed")


def test_unclaimed_features_are_skips(folder: Path) -> None:
    cases = load_suite()
    validation = [c for c in cases if "input-validation" in c.features]
    assert validation
    done, found = verdicts(
        folder,
        "-q",
        "--seven-rocks-engine=reference",
        "--seven-rocks-skip-feature",
        "input-validation",
    )
    assert done.returncode == 0, done.stdout[-2000:]
    skipped = {c.id for c in validation}
    assert found == {c.id: "skipped" if c.id in skipped else "passed" for c in cases}
    done = pytest_run(
        folder, "-q", "--seven-rocks-engine", "reference", "--seven-rocks-skip-feature", "nope"
    )
    assert done.returncode == 4
    assert "'nope' is not a feature" in done.stderr


def test_last_failed_reruns_only_the_failures(folder: Path) -> None:
    _, first = verdicts(folder, "-q", f"--seven-rocks-engine={MUTANT_ENGINE}")
    failed = {cid for cid, outcome in first.items() if outcome == "failed"}
    assert failed
    _, again = verdicts(folder, "-q", "--lf", f"--seven-rocks-engine={MUTANT_ENGINE}")
    assert again == dict.fromkeys(failed, "failed")


def test_exit_first_stops_at_the_first_failure(folder: Path) -> None:
    done, found = verdicts(folder, "-q", "-x", f"--seven-rocks-engine={MUTANT_ENGINE}")
    assert done.returncode == 1
    assert tally(found).get("failed") == 1


def test_commands_the_engine_lacks_are_skips_with_the_reason(folder: Path) -> None:
    done, found = verdicts(folder, "-q", "-rs", "--seven-rocks-engine", MINIMAL)
    assert done.returncode == 0, done.stdout[-2000:]
    # The reason is what the user reads: its words are the point here.
    assert "the engine does not implement 'table'" in done.stdout
    settle = {c.id for c in select(load_suite(), cmds=["settle"])}
    assert {cid for cid, outcome in found.items() if outcome == "passed"} == settle
    assert tally(found) == {"passed": len(settle), "skipped": len(found) - len(settle)}


def test_expected_failures_become_strict_xfails(folder: Path) -> None:
    failing = sorted(r.case.id for r in run(MUTANT_ENGINE).results if r.outcome is Outcome.FAILED)
    listed = folder / "known.txt"
    listed.write_text("# known\n" + "\n".join(failing) + "\n", encoding="utf-8")
    done, found = verdicts(
        folder,
        "-q",
        f"--seven-rocks-engine={MUTANT_ENGINE}",
        f"--seven-rocks-expect-fail={listed}",
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert {cid for cid, outcome in found.items() if outcome == "xfailed"} == set(failing)

    # Listed but passing: strict, so the run fails and says so.
    listed.write_text("table.seed-a.step-1\n", encoding="utf-8")
    done, found = verdicts(
        folder,
        "-q",
        "--seven-rocks-engine=reference",
        f"--seven-rocks-expect-fail={listed}",
    )
    assert done.returncode == 1
    assert found["table.seed-a.step-1"] == "failed"  # strict: an XPASS fails
    assert tally(found)["failed"] == 1


def test_unknown_ids_in_the_expected_failures_are_warned_of(folder: Path) -> None:
    listed = folder / "known.txt"
    listed.write_text("table.seed-a.step-1\nno-such.case\n", encoding="utf-8")
    done = pytest_run(
        folder,
        "-q",
        "-k",
        "seed-a",
        "--seven-rocks-engine",
        "reference",
        f"--seven-rocks-expect-fail={listed}",
    )
    assert "lists unknown case ids: no-such.case" in done.stdout, done.stdout[-3000:]
    assert "table.seed-a.step-1" not in done.stdout.split("unknown case ids:")[1].splitlines()[0]


def test_own_fixtures_and_junit_xml(folder: Path) -> None:
    junit = folder / "junit.xml"
    done = pytest_run(
        folder,
        "-q",
        "--seven-rocks-engine",
        "reference",
        "--seven-rocks-no-suite",
        f"--seven-rocks-fixtures={TEST_FIXTURES}",
        f"--junitxml={junit}",
    )
    assert done.returncode == 0, done.stdout[-3000:]
    names = {case.get("name") for case in ET.parse(junit).getroot().iter("testcase")}
    own = load_suite([TEST_FIXTURES], builtin=False)
    assert names == {c.id for c in own}


def test_a_broken_fixture_folder_is_a_usage_error(folder: Path) -> None:
    bad = folder / "bad"
    bad.mkdir()
    (bad / "x.yaml").write_text("title: t\ncases: [{id: Bad Id}]\n", encoding="utf-8")
    done = pytest_run(
        folder, "-q", "--seven-rocks-engine", "reference", f"--seven-rocks-fixtures={bad}"
    )
    assert done.returncode == 4  # pytest's usage error
    assert "x.yaml" in done.stderr + done.stdout


def test_an_engine_that_cannot_start_errors_every_case_without_hanging(folder: Path) -> None:
    done = pytest_run(folder, "-q", "--seven-rocks-engine", "/nonexistent/engine", "-k", "seed-a")
    assert done.returncode == 1
    _, found = verdicts(folder, "-q", "--seven-rocks-engine=/nonexistent/engine", "-k", "seed-a")
    seed_a = select(load_suite(), keywords=["seed-a"])
    # JUnit records an item that raised as a failure: every case, none passed or skipped.
    assert found == dict.fromkeys((c.id for c in seed_a), "failed")
    assert "did not start" in done.stdout  # why, in the user's words: the point here


@pytest.mark.skipif(
    importlib.util.find_spec("xdist") is None,
    reason=missing_reason("pytest-xdist", "not installed (the test extra)"),
)
def test_parallel_workers_each_with_their_own_engine(folder: Path) -> None:
    cases = load_suite()
    done, found = verdicts(folder, "-q", "-n", "2", "--seven-rocks-engine=reference")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert found == dict.fromkeys((c.id for c in cases), "passed")
    done, found = verdicts(folder, "-q", "-n", "2", f"--seven-rocks-engine={MUTANT_ENGINE}")
    assert done.returncode == 1
    assert tally(found).get("failed", 0) > 0 and tally(found).get("passed", 0) > 0


def test_the_engine_fixture_in_a_users_own_test(folder: Path) -> None:
    (folder / "test_mine.py").write_text(
        "def test_handshake(seven_rocks_engine):\n"
        "    assert 'settle' in seven_rocks_engine.info.cmds\n"
        "    assert seven_rocks_engine.timeout == 7.5  # the plugin's option\n"
        "    [exchange] = seven_rocks_engine.exchange(\n"
        "        [{'cmd': 'settle', 'seq': 1, 'hands': [[[1, 2]], [], [], []]}]\n"
        "    )\n"
        "    assert exchange.reply['result']['penalties'] == [5, 0, 0, 0]\n",
        encoding="utf-8",
    )
    done, found = verdicts(
        folder,
        "-q",
        "test_mine.py",
        "--seven-rocks-engine=reference",
        "--seven-rocks-timeout",
        "7.5",
        "-k",
        "mine",
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert found == {"test_handshake": "passed"}
    # Without an engine the fixture says what it needs instead of guessing one.
    done = pytest_run(folder, "-q", "test_mine.py")
    assert done.returncode == 1
    assert "needs --seven-rocks-engine" in done.stdout


def test_inactive_without_its_option(folder: Path) -> None:
    (folder / "test_plain.py").write_text(
        "import sys\n"
        "def test_nothing_loaded():\n"
        "    assert 'conformance.runner.execute' not in sys.modules\n"
        "    assert 'conformance.suite.fixtures' not in sys.modules\n",
        encoding="utf-8",
    )
    done, found = verdicts(folder, "-q")
    assert done.returncode == 0, done.stdout[-2000:]
    assert found == {"test_nothing_loaded": "passed"}


USER_SCRIPT = ROOT / "tests" / "data" / "api_user" / "check_spinner.py"


def test_a_typed_user_script_passes_mypy_strict_and_runs() -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(USER_SCRIPT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    done = subprocess.run(
        [sys.executable, str(USER_SCRIPT)], capture_output=True, text=True, timeout=120, env=env()
    )
    assert done.returncode == 0, done.stderr
    spinner = select(load_suite(), rules=["spinner"])
    assert f"{len(spinner)}/{len(spinner)} passed, 0 not" in done.stdout
    refusals = sum(1 for case in spinner if case.expect_rejected is not None)
    assert refusals and f"\n{refusals} refused as the cases expect" in done.stdout


def test_readme_python_examples_use_only_the_public_api() -> None:
    import ast

    import conformance.api as api

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    using = [b for b in blocks if "conformance.api" in b]
    assert using, "README shows the API"
    for block in using:
        for node in ast.walk(ast.parse(block)):
            if isinstance(node, ast.ImportFrom) and node.module == "conformance.api":
                names = {alias.name for alias in node.names}
                assert names <= set(api.__all__), names - set(api.__all__)


def test_the_fixture_guide_examples_lint_and_pass(tmp_path: Path) -> None:
    guide = (ROOT / "spec" / "fixtures.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", guide, flags=re.S)
    assert len(blocks) >= 2
    for number, block in enumerate(blocks):
        text = block if block.startswith("title:") else f"title: guide\ncases:\n{block}"
        (tmp_path / f"guide-{number}.yaml").write_text(text, encoding="utf-8")
    cases = load_suite([tmp_path], builtin=False)
    result = run(None, cases)
    assert [r.outcome for r in result.results] == [Outcome.PASSED] * len(cases)


@pytest.mark.parametrize("timeout", ["-1", "0", "nan", "5000", "soon"])
def test_a_timeout_out_of_range_is_a_usage_error(folder: Path, timeout: str) -> None:
    done = pytest_run(
        folder, "-q", "--seven-rocks-engine", "reference", "--seven-rocks-timeout", timeout
    )
    assert done.returncode == 4, done.stdout[-2000:]  # pytest's usage error, no case run
    assert "--seven-rocks-timeout" in done.stderr and timeout in done.stderr


def test_the_plugin_gives_the_verdicts_of_the_runner_with_expected_failures(
    folder: Path,
) -> None:
    rule = "spinner.first-double"
    cases = select(load_suite(), rules=[rule])
    plain = run(MUTANT_ENGINE, cases).results
    passing = [r.case.id for r in plain if r.outcome is Outcome.PASSED]
    assert passing and any(r.outcome is Outcome.FAILED for r in plain), "nothing to tell apart"
    # The rule's cases may fail; one of them, listed by id, passes: that fails the session.
    listed = folder / "known.txt"
    listed.write_text(f"rule:{rule}\n{passing[0]}\n", encoding="utf-8")
    expect = read_expect_fail(listed)
    options = RunOptions(expect_fail=expect.cases, expect_fail_rules=expect.rules)
    wanted = {r.case.id: r.outcome for r in run(MUTANT_ENGINE, cases, options=options).results}
    assert wanted[passing[0]] is Outcome.XPASSED
    done = pytest_run(
        folder,
        "-q",
        "-rA",
        "--seven-rocks-engine",
        MUTANT_ENGINE,
        f"--seven-rocks-expect-fail={listed}",
        "-m",
        rule,
    )
    assert done.returncode == 1, done.stdout[-2000:]
    as_pytest = {
        Outcome.PASSED: "PASSED",
        Outcome.XFAILED: "XFAIL",
        Outcome.XPASSED: "FAILED",
        Outcome.SKIPPED: "SKIPPED",
    }
    assert outcomes(done.stdout) == {cid: as_pytest[o] for cid, o in wanted.items()}
    assert "unexpectedly passed: remove it from the list" in done.stdout


def test_selection_and_listing_count_the_cases(folder: Path) -> None:
    cases = load_suite()
    done = pytest_run(folder, "--seven-rocks-engine=reference", "-k", "remainder-1")
    assert done.returncode == 0, done.stdout[-2000:]
    # pytest's own count: every case collected, one selected (not "0 items / -N selected").
    assert f"collected {len(cases)} items / {len(cases) - 1} deselected / 1 selected" in (
        done.stdout
    )
    listed = pytest_run(folder, "--seven-rocks-engine=reference", "--co", "-q")
    assert listed.returncode == 0, listed.stdout[-2000:]
    assert listed.stdout.splitlines()[: len(cases)] == [c.id for c in cases]
    assert f"{len(cases)} tests collected" in listed.stdout


def test_the_engine_path_given_apart_does_not_become_the_rootdir(folder: Path) -> None:
    engine = str(ROOT / "examples" / "minimal_adapter.py")
    # As one argument, pytest reads the user's own folder and pytest.ini.
    joined = pytest_run(folder, f"--seven-rocks-engine={engine}", "--co")
    assert joined.returncode == 0, joined.stdout[-2000:]
    assert f"rootdir: {folder}" in joined.stdout
    # As two, pytest took the engine's folder for the rootdir before it knew the option:
    # a usage error that names the form that works, never a run in the wrong rootdir.
    apart = pytest_run(folder, "--seven-rocks-engine", engine, "--co")
    assert apart.returncode == 4, apart.stdout[-2000:]
    assert f"--seven-rocks-engine={engine}" in apart.stderr
    # So with a fixture folder outside it.
    apart = pytest_run(
        folder, "--seven-rocks-engine=reference", "--seven-rocks-fixtures", str(TEST_FIXTURES)
    )
    assert apart.returncode == 4, apart.stdout[-2000:]
    assert f"--seven-rocks-fixtures={TEST_FIXTURES}" in apart.stderr
    # An engine inside the user's folder changes nothing: the two-argument form works.
    inside = folder / "engine.py"
    inside.write_text("", encoding="utf-8")
    near = pytest_run(folder, "--seven-rocks-engine", "./engine.py", "--co", "-q")
    assert near.returncode == 0, near.stdout[-2000:] + near.stderr[-2000:]
