"""Running cases against an engine: selection, verdicts, outcomes, expected failures.

Internal to the suite: no name here is a public interface (those are listed in
`conformance`'s docstring), and any of them can change in any release.
"""

__all__: list[str] = []
