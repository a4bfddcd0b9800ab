"""Talking to an engine under test: the protocol's constants and the JSON Lines client."""
