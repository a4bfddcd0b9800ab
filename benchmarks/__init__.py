"""Benchmarks: scripts that print numbers, run as ``python -m benchmarks.NAME``.

They live outside the installed packages: no test asserts on what they measure.
"""
