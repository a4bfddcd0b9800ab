"""Writing a run's results: the text report, JSON and JUnit XML."""
