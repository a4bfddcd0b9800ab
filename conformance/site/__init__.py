"""The published results: a static site and badges from any number of JSON reports.

``seven-rocks-conformance site --out DIR REPORT.json...`` writes an index of engines by
rule group, a page per engine (its latest report, claims, badge and history over its
versions) and a page per rule, all self-contained (nothing is fetched, at build or view
time). The modules follow the data: ``reading`` (a report file as typed data),
``model`` (reports combined across engines and suite versions), ``changes``,
``badge``, ``charts``, ``pages`` and ``engine_page`` (the pages), ``build`` (the files).

Internal to the suite: no name here is a public interface (those are listed in
`conformance`'s docstring), and any of them can change in any release.
"""

__all__: list[str] = []
