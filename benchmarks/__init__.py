"""Benchmarks: scripts that print numbers, run as ``python -m benchmarks.NAME``.

They live outside the packages the wheel ships; no test asserts on their numbers.
"""
