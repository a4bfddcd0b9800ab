"""A user's own script, typed, using only the public API (kept checked by mypy --strict)."""

from __future__ import annotations

import io
import sys

from conformance.api import (
    Case,
    CaseResult,
    Outcome,
    RejectedReply,
    Rejection,
    RunResult,
    load_suite,
    run,
    select,
    start_engine,
    write_json_report,
    write_text_report,
)


def spinner_cases() -> list[Case]:
    """The cases citing a spinner rule."""
    return select(load_suite(), rules=["spinner"])


def failures(result: RunResult) -> list[CaseResult]:
    """The cases that did not pass."""
    return [r for r in result.results if r.outcome in (Outcome.FAILED, Outcome.ERRORED)]


def refused_as_expected(result: RunResult) -> int:
    """How many cases the engine refused with the code the case expects."""
    count = 0
    for r in result.results:
        match r.answer, r.case.expected:
            case RejectedReply(code=code), Rejection(code=wanted) if code == wanted:
                count += 1
            case _:
                pass
    return count


def main(engine: str | None = None) -> int:
    """Run the spinner cases and print a one-line verdict and the reports' sizes."""
    with start_engine(engine) as client:
        assert client.info is not None
        name: str = client.info.name
    result = run(engine, spinner_cases())
    text = io.StringIO()
    write_text_report(result, text)
    data = io.StringIO()
    write_json_report(result, data)
    totals: dict[str, int] = result.totals()
    print(f"{name}: {totals['passed']}/{totals['total']} passed, {len(failures(result))} not")
    print(f"{refused_as_expected(result)} refused as the cases expect")
    return result.exit_code()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
