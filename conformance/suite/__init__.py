"""The suite's data: rules, fixture files (loading and lint) and the JSON Schemas."""
