"""Measuring the suite with mutant engines: the kill matrix and rule coverage.

Internal to the suite: no name here is a public interface (those are listed in
`conformance`'s docstring), and any of them can change in any release.
"""

__all__: list[str] = []
