"""Reports combined: across suite versions, selections, formats, and engine versions."""

from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from conformance.engine.handshake import MAX_ENGINE_TEXT
from conformance.site.changes import changes
from conformance.site.model import Status, combine, slug, version_key
from conformance.site.reading import Report, ReportError, read_report, report_from
from tests.support.site import load, older_suite

CASES = 355


def _report(data: dict[str, Any], name: str) -> Report:
    return report_from(json.loads(json.dumps(data)), source=name)


@pytest.fixture(scope="module")
def reference(site_reports: dict[str, Path]) -> dict[str, Any]:
    return load(site_reports["reference"])


@pytest.fixture(scope="module")
def mutant(site_reports: dict[str, Path]) -> dict[str, Any]:
    return load(site_reports["mutant-every-double-spinner"])


def test_the_reports_are_of_the_whole_suite(reference: dict[str, Any]) -> None:
    assert len(reference["suite"]["cases"]) == len(reference["cases"]) >= CASES


def test_cases_added_later_are_not_run_for_an_older_report(reference: dict[str, Any]) -> None:
    old = older_suite(reference, "0.0.9", 5)
    old["engine"]["name"] = "older-engine"
    added = reference["suite"]["cases"][-5:]
    combined = combine([_report(reference, "new.json"), _report(old, "old.json")])
    assert combined.suite_version == reference["suite"]["version"]
    assert len(combined.cases) == len(reference["suite"]["cases"])
    by_name = {e.name: e for e in combined.engines}
    run = by_name["older-engine"].latest
    assert [run.status(c) for c in added] == [Status.NOT_RUN] * 5
    score = run.score(combined.cases)
    # Not run, and not counted against it: the older engine passes all it could run.
    assert (score.newer, score.failed, score.errored, score.not_run) == (5, 0, 0, 0)
    assert score.counted == len(combined.cases) - 5 and score.rate == 1.0
    assert run.own_score().fraction == f"{score.counted}/{score.counted}"
    # In every group too.
    for group in combined.groups:
        in_group = run.score(combined.in_group(group))
        assert in_group.rate in (1.0, None)


def test_a_case_added_later_is_new_in_the_history_not_newly_passing(
    reference: dict[str, Any],
) -> None:
    old = older_suite(reference, "0.0.9", 3)
    old["engine"]["version"] = "0.0.1"
    combined = combine([_report(reference, "new.json"), _report(old, "old.json")])
    [engine] = combined.engines
    assert [r.version for r in engine.runs] == ["0.0.1", reference["engine"]["version"]]
    [change] = changes(engine)
    assert [c for c, _ in change.added] == reference["suite"]["cases"][-3:]
    assert change.newly_failing == change.newly_passing == change.no_longer_run == ()


def test_what_changed_between_versions(site_reports: dict[str, Path]) -> None:
    names = [f"example-engine-{v}" for v in ("0.1", "0.2", "0.3", "1.0")]
    data = [load(site_reports[n]) for n in names]
    combined = combine([_report(d, n) for d, n in zip(data, names, strict=True)])
    [engine] = combined.engines
    assert [r.version for r in engine.runs] == ["0.1", "0.2", "0.3", "1.0"]
    steps = changes(engine)
    assert len(steps) == 3
    for step, (before, after) in zip(steps, itertools.pairwise(data), strict=True):
        was = {c["id"]: c["outcome"] for c in before["cases"]}
        now = {c["id"]: c["outcome"] for c in after["cases"]}
        failing = {i for i in now if was[i] == "passed" and now[i] in ("failed", "errored")}
        passing = {i for i in now if was[i] != "passed" and now[i] == "passed"}
        assert {c for c, _ in step.newly_failing} == failing
        assert set(step.newly_passing) == passing
    # 0.2 fixed one misreading and brought in another: both show.
    assert steps[0].newly_failing and steps[0].newly_passing
    assert not steps[2].newly_failing and steps[2].newly_passing
    assert engine.latest.own_score().rate == 1.0


def test_a_selection_counts_the_cases_it_left_out(reference: dict[str, Any]) -> None:
    partial = copy.deepcopy(reference)
    partial["cases"] = [c for c in partial["cases"] if c["id"].startswith("table.")]
    score = _report(partial, "p.json")
    combined = combine([score])
    run = combined.engines[0].latest
    own = run.own_score()
    assert own.passed == len(partial["cases"]) and own.counted == len(reference["cases"])
    assert own.not_run == own.counted - own.passed and own.newer == 0


def test_cases_of_the_users_own_fixtures_are_not_counted(reference: dict[str, Any]) -> None:
    extra = copy.deepcopy(reference)
    extra["cases"].append(
        {**extra["cases"][0], "id": "mine.extra", "outcome": "failed", "rules": ["x.y"]}
    )
    combined = combine([_report(extra, "e.json")])
    run = combined.engines[0].latest
    assert run.extra == ("mine.extra",)
    assert run.own_score().rate == 1.0 and "mine.extra" not in combined.catalogue


def test_a_format_1_report_counts_the_cases_it_lists(mutant: dict[str, Any]) -> None:
    old = copy.deepcopy(mutant)
    old["format"] = "seven-rocks-conformance-report/1"
    del old["suite"]["cases"]
    for case in old["cases"]:
        case.pop("expected", None)
    report = _report(old, "old.json")
    assert report.format == 1 and report.suite_cases is None
    run = combine([report]).engines[0].latest
    assert run.own_score().counted == len(old["cases"])
    failed = [r for r in report.result.results if r.outcome.value == "failed"]
    assert failed and all(r.case.expect is None and r.case.expect_rejected is None for r in failed)


def test_expected_failures_count_by_their_answers(mutant: dict[str, Any]) -> None:
    listed = copy.deepcopy(mutant)
    for case in listed["cases"]:
        case["outcome"] = {"failed": "xfailed", "passed": "xpassed"}.get(case["outcome"], "x")
    for case in listed["cases"]:
        assert case["outcome"] in ("xfailed", "xpassed"), case["outcome"]
    before = combine([_report(mutant, "m.json")]).engines[0].latest.own_score()
    after = combine([_report(listed, "l.json")]).engines[0].latest.own_score()
    assert (before.passed, before.failed) == (after.passed, after.failed)


def test_two_runs_of_one_version_on_one_suite_are_refused(reference: dict[str, Any]) -> None:
    with pytest.raises(ReportError) as caught:
        combine([_report(reference, "a.json"), _report(reference, "b.json")])
    assert str(caught.value).startswith("b.json: ") and "a.json" in str(caught.value)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{", "not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        (b'{"format": 1}', "not valid against the report schema"),
        (b"[]", "not valid against the report schema: $: a report must be a JSON object"),
        (b'{"a": NaN}', "not JSON: NaN is not JSON"),
        (b'{"a": 1, "a": 2}', "repeats"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ],
)
def test_a_file_that_is_no_report_is_refused_by_name(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ReportError) as caught:
        read_report(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and problem in message and "\n" not in message


def test_a_report_of_no_suite_is_refused(reference: dict[str, Any]) -> None:
    alone = copy.deepcopy(reference)
    alone["suite"]["cases"] = None
    with pytest.raises(ReportError, match="--no-suite"):
        _report(alone, "alone.json")


def test_versions_sort_naturally() -> None:
    versions = ["1.10", "1.9", "0.2.0", "1.0", "2.0-beta", "1.9.1"]
    assert sorted(versions, key=version_key) == ["0.2.0", "1.0", "1.9", "1.9.1", "1.10", "2.0-beta"]


def test_slugs_are_file_names() -> None:
    assert slug("seven-rocks-reference mutant x") == "seven-rocks-reference-mutant-x"
    assert slug("../../etc/passwd") == "etc-passwd"
    assert slug("\u202e<script>") == "script" and slug("!!!") == "engine"


@pytest.mark.parametrize("other", ["My-Engine", "my engine", "MY_ENGINE!", "my-engine\u202e"])
def test_names_sharing_a_page_are_refused(reference: dict[str, Any], other: str) -> None:
    # Each name keeps its own page and badge: a name that slugs alike is refused, it
    # never moves the first engine to my-engine-2 and takes badges/my-engine.svg.
    first, second = copy.deepcopy(reference), copy.deepcopy(reference)
    first["engine"]["name"], second["engine"]["name"] = "my-engine", other
    alone = combine([_report(first, "mine.json")])
    assert [e.slug for e in alone.engines] == ["my-engine"]
    for order in itertools.permutations([_report(first, "mine.json"), _report(second, "x.json")]):
        with pytest.raises(ReportError, match="would share the page and badge name 'my-engine'"):
            combine(order)


def test_a_huge_colliding_name_is_shown_cut(reference: dict[str, Any]) -> None:
    first, second = copy.deepcopy(reference), copy.deepcopy(reference)
    first["engine"]["name"], second["engine"]["name"] = "e" * MAX_ENGINE_TEXT, "E" * MAX_ENGINE_TEXT
    reports = [_report(first, "a.json"), _report(second, "b.json")]
    with pytest.raises(ReportError, match="would share") as refused:
        combine(reports)
    assert len(str(refused.value)) < 400  # both names in full: over 450


@pytest.mark.parametrize("where", ["name", "version", "language", "suite"])
def test_a_text_longer_than_a_runner_writes_is_refused(
    reference: dict[str, Any], where: str
) -> None:
    # A name of a megabyte, shown on every rule page, made a site of a gigabyte.
    def with_text(text: str) -> dict[str, Any]:
        data = copy.deepcopy(reference)
        if where == "suite":
            data["suite"]["version"] = text
        else:
            data["engine"][where] = text
        return data

    _report(with_text("x" * MAX_ENGINE_TEXT), "longest.json")
    with pytest.raises(ReportError, match=f"{MAX_ENGINE_TEXT + 1} characters long"):
        _report(with_text("x" * (MAX_ENGINE_TEXT + 1)), "longer.json")


def test_a_case_listed_twice_is_refused(reference: dict[str, Any]) -> None:
    # A failed case listed again as passed made the badge read one more case passed.
    doubled = copy.deepcopy(reference)
    first = doubled["cases"][0]
    doubled["cases"][0] = {**first, "outcome": "failed"}
    doubled["cases"].append({**first, "outcome": "passed"})
    with pytest.raises(ReportError, match=rf"\$\.cases\[{len(doubled['cases']) - 1}\].*twice"):
        _report(doubled, "doubled.json")
