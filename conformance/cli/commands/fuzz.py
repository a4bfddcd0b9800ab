"""``fuzz``: differential fuzzing of an engine against the reference, with shrinking."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conformance.cli.commands import Command
from conformance.cli.commands.common import (
    add_engine_options,
    error,
    expect_fail_from_args,
    resolve_engine,
)
from conformance.engine.client import EngineStartError
from conformance.reports.sanitize import strict_json, terminal_text
from conformance.runner.execute import MAX_JOBS
from conformance.runner.expectfail import ExpectFail
from conformance.runner.outcomes import EXIT_EMPTY

if TYPE_CHECKING:
    from conformance.fuzz import Divergence, Finding, FuzzReport

__all__ = ["COMMAND"]


def _shard(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise argparse.ArgumentTypeError(f"expected I/N with 1 <= I <= N, not {json.dumps(text)}")
    return int(match[1]), int(match[2])


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {json.dumps(text)}")
    return int(text)


def _jobs(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_JOBS:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {MAX_JOBS}, not {json.dumps(text)}"
        )
    return int(text)


def _configure(parser: argparse.ArgumentParser) -> None:
    add_engine_options(parser)
    parser.add_argument("--hands", type=_count, default=1000, help="hands to try (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="campaign seed (default 0)")
    parser.add_argument("--jobs", type=_jobs, default=1, help="engine processes (default 1)")
    parser.add_argument(
        "--shard",
        type=_shard,
        default=(1, 1),
        metavar="I/N",
        help="take hands I-1, I-1+N, I-1+2N, ... so N machines share one campaign",
    )
    parser.add_argument(
        "--keep-going",
        action="store_true",
        help="do not stop at the first divergence: collect them all, one finding per kind",
    )
    parser.add_argument(
        "--expect-fail",
        type=Path,
        metavar="FILE",
        help="leave out divergences explained by the rule:RULE.ID and mutant:NAME lines of "
        "FILE (the format of run --expect-fail; case ids are not used here)",
    )
    parser.add_argument(
        "--save",
        type=Path,
        metavar="DIR",
        help="write each shrunk divergence as a fixture in DIR (never over an existing file)",
    )
    parser.add_argument(
        "--allow-empty",
        action="store_true",
        help=f"a campaign that compared no reply (the engine lists none of the commands "
        f"asked, or declines every request) exits 0, not {EXIT_EMPTY}",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _known(expect: ExpectFail) -> list[str]:
    """The mutants that explain what `expect` lists (named, or breaking a listed rule)."""
    from reference_impl.mutants import MUTANTS

    return [
        name
        for name, mutant in MUTANTS.items()
        if name in expect.mutants or expect.rules.intersection(mutant.rules)
    ]


def _execute(args: argparse.Namespace) -> int:
    from conformance.fuzz import FUZZED, CauseSearch, ProgressLine, campaign, findings, rules_of

    expect = expect_fail_from_args(args)
    if expect is None:
        return 2
    engine = resolve_engine(args)
    if engine is None:
        return 2
    argv, env = engine
    known = _known(expect)
    known_search = CauseSearch(names=known)
    progress = ProgressLine(sys.stderr, args.hands)

    def is_known(divergence: Divergence) -> bool:
        return bool(known_search.cause(divergence.request, divergence.actual).sets)

    try:
        report = campaign(
            argv,
            hands=args.hands,
            seed=args.seed,
            jobs=args.jobs,
            shard=args.shard,
            timeout=args.timeout,
            env=env,
            keep_going=args.keep_going,
            ignore=is_known if known else None,
            progress=progress,
        )
        progress.clear()
        found, shrink_requests, left_out = findings(
            report,
            argv,
            CauseSearch(),
            timeout=args.timeout,
            env=env,
            explained=lambda mutants: expect.explains(mutants, rules_of(mutants)),
            known=is_known if known else None,
            every=args.keep_going,
        )
    except EngineStartError as exc:
        progress.clear()
        error(str(exc))
        return 2
    report.ignored += left_out
    saved: list[Path | None] = [None] * len(found)
    problem = None
    if args.save is not None:
        problem = _save(found, args.save, saved)
    _print(args, report, found, shrink_requests, saved)
    if problem is not None:
        error(problem)
        return 2
    if found:
        return 1
    if report.compared == 0:
        # Nothing compared is not "no divergence": an engine that answers nothing passes nothing.
        error(
            f"no reply was compared: the engine's handshake lists none of {', '.join(FUZZED)}, "
            f"or it declined all {report.requests} requests; that is not a pass"
            + ("" if args.allow_empty else f" (exit {EXIT_EMPTY}; --allow-empty accepts it)")
        )
        return 0 if args.allow_empty else EXIT_EMPTY
    return 0


def _save(found: list[Finding], directory: Path, saved: list[Path | None]) -> str | None:
    """Save each finding; a message saying what could not be written, or None."""
    from conformance.fuzz import SaveError, save_fixture

    for number, finding in enumerate(found):
        try:
            saved[number] = save_fixture(finding.shrunk, directory, cause=finding.reproduced)
        except SaveError as exc:
            return f"--save: {exc}"
    return None


def _finding_json(
    finding: Finding, shrink_requests: int | None, saved: Path | None
) -> dict[str, Any]:
    from conformance.fuzz import size_of
    from conformance.fuzz.probes import problem_text

    shrunk = finding.shrunk
    out: dict[str, Any] = {
        "hand": min(finding.hands),
        "count": finding.count,
        "cmd": shrunk.request["cmd"],
        "fields": list(shrunk.signature[1]),
        "mutants": list(finding.mutants),
        "variants": [list(names) for names in finding.reproduced.sets],
        "mirrored": finding.reproduced.mirrored,
        "rules": finding.rules,
        "cause": finding.cause,
        "original_size": size_of(finding.found.request),
        "shrunk_size": size_of(shrunk.request),
        "request": shrunk.request,
        "expected": shrunk.expected,
        "actual": shrunk.actual,
        "problems": [problem_text(m) for m in shrunk.problems],
        "differences": [{"path": m.path, "message": m.message} for m in shrunk.problems],
        "saved": None if saved is None else str(saved),
    }
    if shrink_requests is not None:
        out["shrink_requests"] = shrink_requests
    return out


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _print(
    args: argparse.Namespace,
    report: FuzzReport,
    found: list[Finding],
    shrink_requests: int,
    saved: list[Path | None],
) -> None:
    rate = report.hands / report.seconds if report.seconds else 0.0
    shard = f"{args.shard[0]}/{args.shard[1]}"
    items = [
        _finding_json(f, shrink_requests if n == 0 else None, saved[n]) for n, f in enumerate(found)
    ]
    if args.format == "json":
        summary = {
            "seed": args.seed,
            "shard": shard,
            "hands": report.hands,
            "requests": report.requests,
            "skipped": report.skipped,
            "compared": report.compared,
            "ignored": report.ignored,
            "seconds": round(report.seconds, 3),
            "hands_per_second": round(rate, 1),
            "shrink_requests": shrink_requests,
            "divergence": items[0] if items else None,
            "findings": items,
        }
        # Engine replies may hold NaN or lone surrogates: the output is strict JSON anyway.
        sys.stdout.write(json.dumps(strict_json(summary), allow_nan=False) + "\n")
        return
    print(
        f"{report.hands} hands, {report.requests} requests in {report.seconds:.2f} s "
        f"({rate:.0f} hands/s), seed {args.seed}, shard {shard}"
    )
    if report.skipped:
        print(f"{report.skipped} requests skipped by the engine (not counted as divergences)")
    if report.ignored:
        print(f"{report.ignored} divergences left out: explained by --expect-fail")
    if not found:
        print("no divergence from the reference")
        return
    print(f"{len(found)} distinct divergence(s), shrunk in {shrink_requests} requests")
    for number, (finding, item) in enumerate(zip(found, items, strict=True), start=1):
        print(
            f"DIVERGENCE {number} at hand {item['hand']} (seen {_times(finding.count)}): "
            f"{item['cmd']}, shrunk from size {item['original_size']} to {item['shrunk_size']}; "
            f"{finding.cause}"
        )
        print("  request:  " + json.dumps(item["request"]))
        print("  expected: " + json.dumps(item["expected"]))
        print("  actual:   " + json.dumps(strict_json(item["actual"]), allow_nan=False))
        for problem in item["problems"]:
            print(f"    - {terminal_text(str(problem))}")
        if item["saved"] is not None:
            print(f"  saved as {item['saved']}")
    if any(path is not None for path in saved):
        print(f"replay with: seven-rocks-conformance run --fixtures {args.save}")


COMMAND = Command(
    name="fuzz",
    help="compare an engine with the reference on random hands; shrink what differs",
    description="Deal random hands, play random legal actions with the reference engine, ask "
    "the engine under test the same requests (only the commands its handshake lists, some "
    "with illegal actions), and compare. Each divergence is shrunk to a minimal request, "
    "given a cause (the catalogue mutants that reproduce it) and can be saved as a fixture. "
    "Exit 0: no divergence; 1: a divergence; 2: could not run or could not save; "
    f"{EXIT_EMPTY}: no reply compared (no command asked is listed, or every request declined).",
    configure=_configure,
    execute=_execute,
)
