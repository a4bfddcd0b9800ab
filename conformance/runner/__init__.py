"""Running cases against an engine: selection, verdicts, outcomes, expected failures."""
