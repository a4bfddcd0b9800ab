"""Seven Rocks conformance suite: run the fixtures against any engine over protocol 1."""

__all__ = ["SUITE_VERSION"]

SUITE_VERSION = "0.1.0"
