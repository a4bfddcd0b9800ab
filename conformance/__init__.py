"""Seven Rocks conformance suite: run the fixtures against any engine over protocol 1.

What is public, under semantic versioning (README, "Stability"):

- `conformance.api`: run the suite, start an engine, write reports, from Python;
- `conformance.strategies`: Hypothesis strategies and `agrees`, for property tests of a
  Python engine;
- `conformance.kit`: the Python kit (`seven_rocks_kit`) under the suite's name;
- `conformance.pytest_plugin`: the pytest plugin (its options and markers);
- the command line, `seven-rocks-conformance` (`conformance.cli`: its subcommands,
  options and exit codes, not its modules);
- `SUITE_VERSION`, below.

Every other module and package (`board`, `engine`, `export`, `fuzz`, `mutants`,
`reports`, `runner`, `site`, `specdoc`, `suite`) is the suite's own machinery: its names
can change in any release, whatever their spelling. Each package's ``__init__`` says the
same.
"""

__all__ = ["SUITE_VERSION"]

SUITE_VERSION = "0.1.0"
