"""JUnit XML for CI systems: one test suite per command, one test case per fixture case."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

from conformance.reports.sanitize import xml_text
from conformance.reports.text import format_case
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.rules import Rule

__all__ = ["junit_tree", "write_junit"]


def _case_element(r: CaseResult, rules: Mapping[str, Rule]) -> ET.Element:
    stem = Path(r.case.file).stem
    element = ET.Element(
        "testcase",
        name=xml_text(r.case.id),
        classname=xml_text(f"{r.case.cmd}.{stem}"),
        time=f"{r.duration:.6f}",
    )
    kind = {
        Outcome.FAILED: "failure",
        Outcome.XPASSED: "failure",
        Outcome.ERRORED: "error",
        Outcome.SKIPPED: "skipped",
        Outcome.XFAILED: "skipped",
        Outcome.NOT_RUN: "skipped",  # the run stopped before sending it: "not executed"
    }.get(r.outcome)
    if kind is not None:
        message = (
            r.message if r.outcome is not Outcome.XFAILED else f"expected failure: {r.message}"
        )
        # Engine text may hold NUL, ESC or lone surrogates: none of them may reach the XML.
        child = ET.SubElement(element, kind, message=xml_text(message))
        if kind != "skipped":
            child.text = xml_text(format_case(r, rules))
    return element


def junit_tree(result: RunResult, rules: Mapping[str, Rule]) -> ET.ElementTree[ET.Element]:
    """The JUnit XML document of a run."""
    root = ET.Element("testsuites", name="seven-rocks-conformance")
    suites: dict[str, ET.Element] = {}
    counts: dict[str, dict[str, float]] = {}
    for r in result.results:
        suite = suites.get(r.case.cmd)
        if suite is None:
            suite = suites[r.case.cmd] = ET.SubElement(root, "testsuite", name=r.case.cmd)
            counts[r.case.cmd] = dict.fromkeys(
                ("tests", "failures", "errors", "skipped", "time"), 0
            )
        suite.append(_case_element(r, rules))
        c = counts[r.case.cmd]
        c["tests"] += 1
        c["time"] += r.duration
        c["failures"] += r.outcome in (Outcome.FAILED, Outcome.XPASSED)
        c["errors"] += r.outcome is Outcome.ERRORED
        c["skipped"] += r.outcome in (Outcome.SKIPPED, Outcome.XFAILED, Outcome.NOT_RUN)
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped", "time"), 0.0)
    for name, suite in suites.items():
        for key, value in counts[name].items():
            suite.set(key, f"{value:.6f}" if key == "time" else str(int(value)))
            totals[key] += value
    for key, value in totals.items():
        root.set(key, f"{result.duration:.6f}" if key == "time" else str(int(value)))
    return ET.ElementTree(root)


def write_junit(path: Path, result: RunResult, rules: Mapping[str, Rule]) -> None:
    """Write the JUnit XML of a run to ``path`` (well-formed whatever the engine said).

    Raises ``OSError`` when ``path`` cannot be written.
    """
    tree = junit_tree(result, rules)
    ET.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)
