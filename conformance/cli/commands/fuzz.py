"""``fuzz``: differential fuzzing of an engine against the reference, with shrinking."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from conformance.cli.commands import Command
from conformance.cli.commands.common import add_engine_options, error, resolve_engine
from conformance.engine.client import EngineStartError

__all__ = ["COMMAND"]


def _shard(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise argparse.ArgumentTypeError(f"expected I/N with 1 <= I <= N, not {text!r}")
    return int(match[1]), int(match[2])


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
    return int(text)


def _configure(parser: argparse.ArgumentParser) -> None:
    add_engine_options(parser)
    parser.add_argument("--hands", type=_count, default=1000, help="hands to try (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="campaign seed (default 0)")
    parser.add_argument("--jobs", type=_count, default=1, help="engine processes (default 1)")
    parser.add_argument(
        "--shard",
        type=_shard,
        default=(1, 1),
        metavar="I/N",
        help="take hands I-1, I-1+N, I-1+2N, ... so N machines share one campaign",
    )
    parser.add_argument(
        "--save", type=Path, metavar="DIR", help="write the shrunk divergence as a fixture here"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _execute(args: argparse.Namespace) -> int:
    from conformance.fuzz.core import campaign, save_fixture, shrink, size_of

    engine = resolve_engine(args)
    if engine is None:
        return 2
    argv, env = engine
    try:
        report = campaign(
            argv,
            hands=args.hands,
            seed=args.seed,
            jobs=args.jobs,
            shard=args.shard,
            timeout=args.timeout,
            env=env,
        )
        shrunk = shrink_requests = None
        if report.divergence is not None:
            shrunk, shrink_requests = shrink(report.divergence, argv, timeout=args.timeout, env=env)
    except EngineStartError as exc:
        error(str(exc))
        return 2
    rate = report.hands / report.seconds if report.seconds else 0.0
    saved = None
    if shrunk is not None and args.save is not None:
        saved = save_fixture(shrunk, args.save)
    summary = {
        "seed": args.seed,
        "shard": f"{args.shard[0]}/{args.shard[1]}",
        "hands": report.hands,
        "requests": report.requests,
        "seconds": round(report.seconds, 3),
        "hands_per_second": round(rate, 1),
        "divergence": None,
    }
    if report.divergence is not None and shrunk is not None:
        summary["divergence"] = {
            "hand": report.divergence.index,
            "original_size": size_of(report.divergence.request),
            "shrunk_size": size_of(shrunk.request),
            "shrink_requests": shrink_requests,
            "request": shrunk.request,
            "expected": shrunk.expected,
            "actual": shrunk.actual,
            "problems": list(shrunk.problems),
            "saved": None if saved is None else str(saved),
        }
    if args.format == "json":
        sys.stdout.write(json.dumps(summary) + "\n")
        return 1 if shrunk is not None else 0
    print(
        f"{report.hands} hands, {report.requests} requests in {report.seconds:.2f} s "
        f"({rate:.0f} hands/s), seed {args.seed}, shard {summary['shard']}"
    )
    if report.divergence is None or shrunk is None:
        print("no divergence from the reference")
        return 0
    print(
        f"DIVERGENCE at hand {report.divergence.index}: shrunk from size "
        f"{size_of(report.divergence.request)} to {size_of(shrunk.request)} "
        f"in {shrink_requests} requests"
    )
    print("request: " + json.dumps(shrunk.request))
    print("expected: " + json.dumps(shrunk.expected))
    print("actual:   " + json.dumps(shrunk.actual))
    for problem in shrunk.problems:
        print(f"  - {problem}")
    if saved is not None:
        print(
            f"saved as {saved}; replay with: seven-rocks-conformance run --fixtures {saved.parent}"
        )
    return 1


COMMAND = Command(
    name="fuzz",
    help="compare an engine with the reference on random hands; shrink what differs",
    description="Deal random hands, play random legal actions with the reference engine, ask "
    "the engine under test the same hand and legal requests (and some illegal actions), and "
    "compare. The first divergence is shrunk to a minimal request and can be saved as a "
    "fixture. Exit 0: no divergence; 1: a divergence; 2: could not run.",
    configure=_configure,
    execute=_execute,
)
