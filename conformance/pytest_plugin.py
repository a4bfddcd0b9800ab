"""The pytest plugin: the conformance cases as pytest items.

Registered through the package's ``pytest11`` entry point and inactive unless
``--seven-rocks-engine CMD`` is given: without it, it adds a few command-line options,
the ``seven_rocks_engine`` fixture, and nothing else (no import of the runner, no
engine, no item). With it, every case of the suite becomes one item whose node id is
the case id, so ``-k``, ``-m``, ``-x``, ``--lf``, ``--junitxml`` and ``-n`` (with
pytest-xdist: one engine per worker) work as usual.

Markers: the command (``-m table``), the rule group (``-m spinner``) and the rule ID
(``-m spinner.first-double``) of each case, and ``seed`` on the cases that reproduce the
rules text's own worked examples (so ``-k seed`` selects them along with every id
containing "seed").
"""

from __future__ import annotations

import argparse
import shutil
import warnings
from collections.abc import Generator, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from conformance.pytest_rootdir import pytest_load_initial_conftests

if TYPE_CHECKING:
    from conformance.engine.client import EngineClient
    from conformance.runner.expectfail import ExpectFail
    from conformance.runner.loop import CaseByCase
    from conformance.runner.outcomes import CaseResult
    from conformance.suite.fixtures import Case
    from conformance.suite.rules import Rule

__all__ = [
    "CaseCollector",
    "CaseItem",
    "pytest_addoption",
    "pytest_configure",
    "pytest_load_initial_conftests",
    "seven_rocks_engine",
]

_PLUGIN_NAME = "seven-rocks-conformance-session"
_COLLECTOR = "seven-rocks"
_RAN = "seven_rocks_ran"  # a user property of each case item: whether it was run
_EXIT_EMPTY = 5  # conformance.runner.outcomes.EXIT_EMPTY, not imported until needed
_SEED_SOURCES = ("transcribes:", "implied:")
"""Sources of the cases that reproduce the rules text's own worked examples."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """The plugin's options, all prefixed ``--seven-rocks-``."""
    group = parser.getgroup("seven-rocks", "Seven Rocks conformance suite")
    group.addoption(
        "--seven-rocks-engine",
        metavar="CMD",
        help="run the Seven Rocks conformance cases against the engine this command starts "
        "(split like a shell would split it, run without a shell); 'reference' is the "
        "built-in reference engine",
    )
    group.addoption(
        "--seven-rocks-fixtures",
        action="append",
        default=[],
        metavar="DIR",
        help="also run the fixture files under DIR (checked like the suite's own)",
    )
    group.addoption(
        "--seven-rocks-no-suite",
        action="store_true",
        help="leave out the suite's own cases (only those of --seven-rocks-fixtures)",
    )
    group.addoption(
        "--seven-rocks-expect-fail",
        metavar="FILE",
        help="case ids expected to fail (the runner's --expect-fail format): strict xfails",
    )
    group.addoption(
        "--seven-rocks-skip-feature",
        action="append",
        default=[],
        metavar="NAME",
        help="the engine does not claim this feature (e.g. input-validation): its cases are "
        "skips, not failures",
    )
    group.addoption(
        "--seven-rocks-sandbox",
        action="store_true",
        help="run the engine under bubblewrap, as 'seven-rocks-conformance run --sandbox' "
        "does (a usage error when bwrap is missing)",
    )
    group.addoption(
        "--seven-rocks-sandbox-env",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="with --seven-rocks-sandbox: pass this variable to the engine (repeatable)",
    )
    group.addoption(
        "--seven-rocks-sandbox-path",
        action="append",
        default=[],
        metavar="PATH",
        help="with --seven-rocks-sandbox: show this path to the engine, read-only (repeatable)",
    )
    group.addoption(
        "--seven-rocks-allow-empty",
        action="store_true",
        help="a session in which every case was skipped (the engine claims none of their "
        "commands or features) exits 0; without it, 5",
    )
    group.addoption(
        "--seven-rocks-timeout",
        default="5",
        metavar="SECONDS",
        help="longest wait for one reply, more than 0 and at most 3600 (default 5)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Activate the plugin when ``--seven-rocks-engine`` is given."""
    engine = config.getoption("seven_rocks_engine")
    if engine is None:
        return
    from conformance.cli.commands.common import positive_float
    from conformance.suite.features import FEATURES
    from conformance.suite.protocol import QUERY_CMDS
    from conformance.suite.rules import load_rules, rule_group

    unknown = sorted(set(config.getoption("seven_rocks_skip_feature")) - set(FEATURES))
    if unknown:
        raise pytest.UsageError(
            f"--seven-rocks-skip-feature {unknown[0]!r} is not a feature: known are "
            + ", ".join(FEATURES)
        )
    try:
        # Checked as the command line's --timeout is.
        timeout = positive_float(config.getoption("seven_rocks_timeout"))
    except argparse.ArgumentTypeError as exc:
        raise pytest.UsageError(f"--seven-rocks-timeout {exc}") from None
    from conformance.engine.signals import end_engines_on_signals

    # pytest would take SystemExit in a test for that test's failure and go on.
    end_engines_on_signals()
    if config.getoption("seven_rocks_sandbox") and shutil.which("bwrap") is None:
        raise pytest.UsageError("--seven-rocks-sandbox needs bubblewrap (bwrap): not installed")
    rules = load_rules()
    config.addinivalue_line(
        "markers", "seed: Seven Rocks cases transcribing or implied by the rules text's examples"
    )
    for cmd in QUERY_CMDS:
        config.addinivalue_line("markers", f"{cmd}: Seven Rocks cases of the {cmd} command")
    for group in dict.fromkeys(rule_group(rule_id) for rule_id in rules):
        config.addinivalue_line("markers", f"{group}: Seven Rocks cases citing a {group}.* rule")
    for rule_id in rules:
        config.addinivalue_line("markers", f"{rule_id}: Seven Rocks cases citing {rule_id}")
    config.pluginmanager.register(_Session(config, engine, rules, timeout), _PLUGIN_NAME)


def _one_line(text: str) -> str:
    """Engine text made safe for a terminal (no ESC, OSC, bidirectional overrides, lone
    surrogates, which pytest-xdist could not even send) and kept to one line."""
    from conformance.reports.sanitize import terminal_text

    return terminal_text(text).replace("\r", "\\r").replace("\n", "\\n")


class CaseFailed(Exception):
    """The engine's answer departs from the rules (``failed`` in the runner's terms)."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(_one_line(result.message))
        self.result = result


class CaseErrored(CaseFailed):
    """No usable answer (crash, timeout, protocol violation): ``errored`` in the runner."""


class CaseItem(pytest.Item):
    """One conformance case run against the engine."""

    def __init__(self, *, case: Case, session_plugin: _Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.session_plugin = session_plugin

    def runtest(self) -> None:
        """Send the case to the engine and judge the reply."""
        from conformance.runner.outcomes import Outcome

        result = self.session_plugin.run_case(self.case)
        # Read back from the report (by pytest-xdist's controller too): see _Session.
        self.user_properties.append((_RAN, result.outcome is not Outcome.SKIPPED))
        if result.outcome is Outcome.SKIPPED:
            pytest.skip(_one_line(result.message))
        if result.outcome is Outcome.XFAILED:
            pytest.xfail(
                f"expected to fail ({self.session_plugin.expect_source}): "
                + _one_line(result.message)
            )
        if result.outcome in (Outcome.FAILED, Outcome.XPASSED):
            raise CaseFailed(result)
        if result.outcome in (Outcome.ERRORED, Outcome.NOT_RUN):
            # A case the engine never got to answer is no pass: pytest reports an error.
            raise CaseErrored(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """The runner's own explanation of the failure."""
        if isinstance(excinfo.value, CaseFailed):
            from conformance.reports.text import format_case

            result = excinfo.value.result
            # The first line is what pytest's short summary shows: the problem itself.
            first = _one_line(result.message)
            return f"{first}\n\n{format_case(result, self.session_plugin.rules)}"
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """Where the case comes from: its fixture file and id."""
        return self.path, None, f"{self.case.id} ({self.case.file})"


class CaseCollector(pytest.Collector):
    """The suite's cases (and those of ``--seven-rocks-fixtures``), one item each."""

    def __init__(self, *, session_plugin: _Session, cases: list[Case], **kwargs: Any) -> None:
        # Its items carry the case ids as node ids: the collector adds no prefix.
        super().__init__(nodeid="", **kwargs)
        self.session_plugin = session_plugin
        self.cases = cases

    def collect(self) -> Iterator[CaseItem]:
        """The items, made when pytest collects."""
        return self.session_plugin.items(self, self.cases)


class _Session:
    """The active plugin: the cases, the expected failures, the engine of this process."""

    def __init__(
        self, config: pytest.Config, engine: str, rules: dict[str, Rule], timeout: float
    ) -> None:
        self.config = config
        self.engine = engine
        self.rules = rules
        self.timeout = timeout
        self.expect_source = ""
        self.runner: CaseByCase | None = None
        self.ran = 0
        self.skipped = 0

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Count the cases run and skipped, for an empty session's exit status."""
        for name, ran in report.user_properties:
            if name == _RAN and report.when == "call":
                if ran:
                    self.ran += 1
                else:
                    self.skipped += 1

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """A session whose cases were all skipped is not a pass (unless allowed)."""
        if self.config.getoption("seven_rocks_allow_empty"):
            return
        if exitstatus == 0 and self.skipped and not self.ran:
            session.exitstatus = _EXIT_EMPTY

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        """Say why an empty session fails, and when containment is partial."""
        from conformance.cli.commands.common import PARTIAL_CONTAINMENT
        from conformance.engine import cgroups

        if not self.config.getoption("seven_rocks_sandbox") and not cgroups.available():
            terminalreporter.write_line(f"seven-rocks: {PARTIAL_CONTAINMENT}")
        if self.skipped and not self.ran and not self.config.getoption("seven_rocks_allow_empty"):
            terminalreporter.write_line(
                f"seven-rocks: no case was run: all {self.skipped} were skipped (commands or "
                f"features the engine does not claim); that is not a pass (exit {_EXIT_EMPTY}; "
                "--seven-rocks-allow-empty accepts it)"
            )

    def _cases(self) -> list[Case]:
        from conformance.suite.fixtures import FixtureError, load_cases
        from conformance.suite.resources import fixtures_dir

        extra = [Path(d) for d in self.config.getoption("seven_rocks_fixtures")]
        no_suite = self.config.getoption("seven_rocks_no_suite")
        if no_suite and not extra:
            raise pytest.UsageError("--seven-rocks-no-suite needs --seven-rocks-fixtures DIR")
        dirs = ([] if no_suite else [fixtures_dir()]) + extra
        try:
            return load_cases(dirs, rules=self.rules, schema_dirs=extra)
        except (FixtureError, OSError, ValueError) as exc:
            raise pytest.UsageError(f"seven-rocks: {exc}") from None

    def _expected_failures(self) -> tuple[ExpectFail, str]:
        from conformance.runner.expectfail import ExpectFail, read_expect_fail

        path = self.config.getoption("seven_rocks_expect_fail")
        if path is None:
            return ExpectFail(), ""
        try:
            listed = read_expect_fail(Path(path))
        except (OSError, UnicodeDecodeError) as exc:
            raise pytest.UsageError(f"seven-rocks: cannot read {path}: {exc}") from None
        if listed.mutants:
            raise pytest.UsageError(
                f"seven-rocks: {path} lists mutant: entries ({', '.join(sorted(listed.mutants))}); "
                "they apply to fuzz only: list case ids or rule: entries"
            )
        return listed, str(path)

    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(
        self, collector: pytest.Collector
    ) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
        """Add the cases' collector beside what the session collects from its paths.

        Collected like any node, the cases are counted by the terminal report
        (``-k``'s "selected", ``--co``) and selected by ``-k``, ``-m`` and ``--lf``.
        """
        if not isinstance(collector, pytest.Session):
            return (yield)
        # Read before the session's report is made, so that a broken fixture folder or
        # expect-fail file is a usage error, as it is for the command line.
        cases = self._prepare()
        report = yield
        if report.passed:
            report.result.append(
                CaseCollector.from_parent(
                    collector, name=_COLLECTOR, session_plugin=self, cases=cases
                )
            )
        return report

    def _prepare(self) -> list[Case]:
        """The cases, with the run loop that will run them (its engine not yet started)."""
        from conformance.runner.loop import CaseByCase, RunOptions

        expect_fail, self.expect_source = self._expected_failures()
        options = RunOptions(
            timeout=self.timeout,
            expect_fail=expect_fail.cases,
            expect_fail_rules=expect_fail.rules,
            skip_features=frozenset(self.config.getoption("seven_rocks_skip_feature")),
        )
        try:
            argv, env = self.engine_command()
        except ValueError as exc:  # as the command line says of a bad --engine
            raise pytest.UsageError(f"bad --seven-rocks-engine: {exc}") from None
        self.runner = CaseByCase(argv, env, options)
        cases = self._cases()
        unknown = expect_fail.unknown({case.id for case in cases})
        if unknown:  # as the command line warns
            warnings.warn(
                pytest.PytestWarning(
                    f"seven-rocks: {self.expect_source} lists unknown case ids: "
                    + ", ".join(unknown)
                ),
                stacklevel=1,
            )
        return cases

    def items(self, parent: pytest.Collector, cases: list[Case]) -> Iterator[CaseItem]:
        """One item per case, children of ``parent``."""
        from conformance.suite.rules import rule_group

        for case in cases:
            item = CaseItem.from_parent(
                parent, name=case.id, nodeid=case.id, case=case, session_plugin=self
            )
            item.add_marker(case.cmd)
            if case.source.startswith(_SEED_SOURCES):
                item.add_marker("seed")
            for rule_id in dict.fromkeys(case.rules):
                item.add_marker(rule_id)
            for group in dict.fromkeys(rule_group(rule_id) for rule_id in case.rules):
                item.add_marker(group)
            yield item

    def engine_command(self) -> tuple[list[str], Mapping[str, str] | None]:
        """The argv and environment of ``--seven-rocks-engine``."""
        from conformance.api import engine_command
        from conformance.engine.sandbox import passed_variables, sandboxed

        argv, env = engine_command(None if self.engine == "reference" else self.engine)
        if self.config.getoption("seven_rocks_sandbox"):
            passed = passed_variables(self.config.getoption("seven_rocks_sandbox_env"), env)
            argv = sandboxed(
                argv, env=passed, paths=self.config.getoption("seven_rocks_sandbox_path")
            )
        return argv, env

    def run_case(self, case: Case) -> CaseResult:
        """The run loop's verdict on one case (the runner's restarts, expected failures
        and perft location); the engine is started on first use."""
        assert self.runner is not None  # made when the items are collected
        return self.runner.run(case)

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        """Stop this process's engine."""
        if self.runner is not None:
            self.runner.close()
            self.runner = None


@pytest.fixture(scope="session")
def seven_rocks_engine(request: pytest.FixtureRequest) -> Iterator[EngineClient]:
    """A started engine client for your own tests: ``--seven-rocks-engine`` (required)."""
    from conformance.api import start_engine

    engine = request.config.getoption("seven_rocks_engine")
    if engine is None:
        pytest.fail(
            "the seven_rocks_engine fixture needs --seven-rocks-engine CMD "
            "('reference' for the built-in engine)",
            pytrace=False,
        )
    session = request.config.pluginmanager.get_plugin(_PLUGIN_NAME)
    assert isinstance(session, _Session)  # registered whenever --seven-rocks-engine is given
    client = start_engine(
        None if engine == "reference" else engine,
        timeout=session.timeout,
        sandbox=request.config.getoption("seven_rocks_sandbox"),
        sandbox_env=request.config.getoption("seven_rocks_sandbox_env"),
        sandbox_paths=request.config.getoption("seven_rocks_sandbox_path"),
    )
    try:
        yield client
    finally:
        client.close()
