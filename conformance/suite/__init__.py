"""The suite's data: rules, fixture files (loading and lint) and the JSON Schemas.

Internal to the suite: no name here is a public interface (those are listed in
`conformance`'s docstring), and any of them can change in any release.
"""

__all__: list[str] = []
