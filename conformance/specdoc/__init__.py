"""The rules as a document: its worked examples checked against the fixtures, and its HTML page.

Internal to the suite: no name here is a public interface (those are listed in
`conformance`'s docstring), and any of them can change in any release.
"""

__all__: list[str] = []
