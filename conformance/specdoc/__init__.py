"""The rules as a document: its worked examples checked against the fixtures, and its HTML page."""
