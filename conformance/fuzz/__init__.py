"""Differential fuzzing against the reference engine, with shrinking."""
