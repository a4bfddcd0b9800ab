"""Measuring the suite with mutant engines: the kill matrix and rule coverage."""
