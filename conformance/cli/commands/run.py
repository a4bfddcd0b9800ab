"""``run``: the whole suite (or a selection) against an engine."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from conformance.cli.commands import Command
from conformance.cli.commands.common import (
    add_engine_options,
    add_selection_options,
    error,
    expect_fail_from_args,
    resolve_engine,
    write_file,
    write_stdout,
)
from conformance.engine.client import EngineClient, EngineStartError
from conformance.reports.terminal import COLOR_CHOICES
from conformance.reports.text import ProgressBar, render_report
from conformance.runner.execute import (
    DEFAULT_MAX_RESTARTS,
    MAX_JOBS,
    RunOptions,
    run_suite,
    select_cases,
)
from conformance.runner.expectfail import ExpectFail
from conformance.runner.expectfail import write_expect_fail as _expect
from conformance.runner.outcomes import EXIT_EMPTY, RunResult
from conformance.suite.features import FEATURES
from conformance.suite.fixtures import Case, FixtureError, load_cases
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import Rule, load_rules

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    add_engine_options(parser)
    select = parser.add_argument_group("selection (kinds combine with AND, repeats with OR)")
    add_selection_options(select)
    select.add_argument(
        "--fixtures",
        dest="fixture_dirs",
        action="append",
        default=[],
        type=Path,
        metavar="DIR",
        help="add the fixture files under DIR (checked like the suite's own)",
    )
    select.add_argument(
        "--no-suite",
        action="store_true",
        help="leave out the suite's own fixtures (run only those given with --fixtures)",
    )
    out = parser.add_argument_group("output")
    out.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="report on stdout as text (default) or one JSON object",
    )
    out.add_argument("--junit", type=Path, metavar="FILE", help="also write JUnit XML to FILE")
    out.add_argument(
        "--html",
        type=Path,
        metavar="FILE",
        help="also write a self-contained HTML report to FILE (boards drawn, filters)",
    )
    out.add_argument(
        "--spec-url",
        default="",
        metavar="URL",
        help="with --html: link each rule to its statement in the rules page written by "
        "'seven-rocks-conformance spec --html' (e.g. rules.html)",
    )
    out.add_argument(
        "--badge",
        type=Path,
        metavar="FILE",
        help="also write the run's conformance badge (SVG, as the site draws it) to FILE",
    )
    out.add_argument(
        "-v", "--verbose", action="store_true", help="also list skipped cases and expected failures"
    )
    # Text report flags: compact mode, colour, early stop.
    out.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="text report in one line per case not passing, then the totals and the failing ids",
    )
    out.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="auto",
        help="colour the text report: auto (default: on a terminal, honouring NO_COLOR and "
        "FORCE_COLOR), always or never",
    )
    out.add_argument(
        "--max-fail",
        type=int,
        default=0,
        metavar="N",
        help="stop the run after N cases failed or errored; the rest are reported as not run",
    )
    fails = parser.add_argument_group("expected failures")
    fails.add_argument(
        "--expect-fail",
        type=Path,
        metavar="FILE",
        help="case ids, rule:RULE.ID lines (cases citing the rule may fail) and '#' comments, "
        "one a line: failures expected",
    )
    fails.add_argument(
        "--write-expect-fail",
        type=Path,
        metavar="FILE",
        help="write the ids of the cases failing now to FILE",
    )
    run = parser.add_argument_group("run")
    run.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help="run N engine processes in parallel (default 1)",
    )
    run.add_argument("--strict", action="store_true", help="skipped cases make the run fail")
    run.add_argument(
        "--allow-empty",
        action="store_true",
        help=f"a run in which no case was run (all skipped) exits 0, not {EXIT_EMPTY}",
    )
    run.add_argument(
        "--skip-feature",
        dest="skip_features",
        action="append",
        default=[],
        metavar="NAME",
        help="the engine does not claim this feature: its cases are skipped "
        f"(known: {', '.join(FEATURES)})",
    )
    run.add_argument(
        "--check-messages",
        action="store_true",
        help="validate every request and the handshake against the protocol schemas too "
        "(replies are validated on every run), and take a reply that breaks its schema "
        "for an error of the engine rather than a failure",
    )
    run.add_argument(
        "--max-restarts",
        type=int,
        default=DEFAULT_MAX_RESTARTS,
        metavar="N",
        help="stop the run after restarting a failing engine N times "
        f"(default {DEFAULT_MAX_RESTARTS})",
    )


def _execute(args: argparse.Namespace) -> int:
    if not 1 <= args.jobs <= MAX_JOBS or args.max_restarts < 0:
        error(f"--jobs must be from 1 to {MAX_JOBS} and --max-restarts at least 0")
        return 2
    unknown_features = sorted(set(args.skip_features) - set(FEATURES))
    if unknown_features:
        error(
            f"--skip-feature {unknown_features[0]!r} is not a feature: "
            f"known are {', '.join(FEATURES)}"
        )
        return 2
    if args.max_fail < 0:
        error("--max-fail must be at least 0 (0: no limit)")
        return 2
    if args.no_suite and not args.fixture_dirs:
        error("--no-suite needs at least one --fixtures DIR")
        return 2
    if args.badge is not None and args.no_suite:
        error("--badge measures the suite's cases: it cannot go with --no-suite")
        return 2
    expect_fail = expect_fail_from_args(args)
    if expect_fail is None:
        return 2
    if expect_fail.mutants:
        listed = ", ".join(sorted(expect_fail.mutants))
        error(
            f"the expected-failure file lists mutant: lines ({listed}); they apply to "
            "fuzz only: run needs case ids or rule: lines"
        )
        return 2
    engine = resolve_engine(args)
    if engine is None:
        return 2
    argv, env = engine
    # Start one engine first: its start-up overlaps with reading the fixtures. The others
    # wait until the selection is known, so that no engine is started for nothing.
    clients = [EngineClient(argv, timeout=args.timeout, env=env)]
    try:
        for client in clients:
            client.spawn()
        return _run(args, argv, env, clients, expect_fail)
    except EngineStartError as exc:
        error(str(exc))
        return 2
    finally:
        for client in clients:
            client.close()


def _run(
    args: argparse.Namespace,
    argv: list[str],
    env: Mapping[str, str] | None,
    clients: list[EngineClient],
    expect_fail: ExpectFail,
) -> int:
    try:
        rules = load_rules()
        dirs = [] if args.no_suite else [fixtures_dir()]
        cases = load_cases(
            [*dirs, *args.fixture_dirs], rules=rules, schema_dirs=args.fixture_dirs, freeze=True
        )
    except (FixtureError, DataNotFoundError, ValueError, OSError) as exc:
        error(str(exc))
        return 2
    unknown = expect_fail.unknown({c.id for c in cases})
    if unknown:
        error(f"warning: the expected-failure file lists unknown case ids: {', '.join(unknown)}")
    selected = select_cases(cases, keywords=args.keywords, rules=args.rules, cmds=args.cmds)
    if not selected:
        error(f"no case matches the selection ({len(cases)} cases loaded)")
        return 2
    progress = ProgressBar(len(selected), sys.stderr, color=args.color)
    options = RunOptions(
        timeout=args.timeout,
        max_restarts=args.max_restarts,
        check_messages=args.check_messages,
        expect_fail=expect_fail.cases,
        expect_fail_rules=expect_fail.rules,
        skip_features=frozenset(args.skip_features),
        max_fail=args.max_fail,
    )
    try:
        result = run_suite(
            argv,
            selected,
            options=options,
            jobs=args.jobs,
            env=env,
            progress=progress,
            clients=clients,
        )
    finally:
        progress.finish()
    result.suite_cases = _suite_case_ids(args, cases, rules)
    if not _output(args, result, rules):
        return 2
    return result.exit_code(strict=args.strict, allow_empty=args.allow_empty)


def _suite_case_ids(
    args: argparse.Namespace, cases: list[Case], rules: Mapping[str, Rule]
) -> tuple[str, ...] | None:
    """The ids of all the suite's own cases (None with --no-suite), for the JSON report."""
    if args.no_suite:
        return None
    if not args.fixture_dirs:
        return tuple(c.id for c in cases)
    # Read again alone (from the cache): the cases loaded mix in those of --fixtures.
    return tuple(c.id for c in load_cases([fixtures_dir()], rules=rules))


def _output(args: argparse.Namespace, result: RunResult, rules: Mapping[str, Rule]) -> bool:
    """Write every output asked for; False if one could not be written (said on stderr)."""
    if args.format == "json":
        from conformance.reports.json_report import report_object

        # report_object makes engine values strict JSON: no NaN may reach the report.
        report = report_object(result, strict=args.strict, allow_empty=args.allow_empty)
        text = json.dumps(report, allow_nan=False) + "\n"
    else:
        text = render_report(
            result,
            rules,
            sys.stdout,
            color=args.color,
            verbose=args.verbose,
            quiet=args.quiet,
        )
    written = write_stdout(text)
    if args.junit is not None:
        from conformance.reports.junit import write_junit

        junit = args.junit
        written &= write_file("the JUnit report", junit, lambda: write_junit(junit, result, rules))
    if args.html is not None:
        from conformance.reports.html import write_html

        page = args.html
        written &= write_file(
            "the HTML report", page, lambda: write_html(page, result, rules, spec_url=args.spec_url)
        )
    if args.badge is not None:
        from conformance.site.build import run_badge

        badge = args.badge
        svg = run_badge(result).svg()
        written &= write_file("the badge", badge, lambda: badge.write_text(svg, encoding="utf-8"))
    if args.write_expect_fail is not None:
        path = args.write_expect_fail
        counts: list[int] = []
        if write_file("the expected failures", path, lambda: counts.append(_expect(path, result))):
            error(f"wrote {counts[0]} expected failure(s) to {path}")
        else:
            written = False
    if result.aborted:
        error(f"run stopped: {result.aborted}")
    if result.empty():
        skipped = len(result.results)
        error(
            f"no case was run: all {skipped} selected cases were skipped (commands or "
            "features the engine does not claim); that is not a pass"
            + ("" if args.allow_empty else f" (exit {EXIT_EMPTY}; --allow-empty accepts it)")
        )
    if args.format == "json":
        for warning in result.warnings:
            error(f"warning: {warning}")
    return written


COMMAND = Command(
    name="run",
    help="run the conformance suite against an engine",
    description="Run the suite's cases against an engine over protocol 1 and report, rule by "
    "rule, where it departs from the rules. Exit 0: nothing failed or errored; 1: something "
    f"did; 2: the run could not happen; {EXIT_EMPTY}: no case was run (every one skipped).",
    configure=_configure,
    execute=_execute,
)
