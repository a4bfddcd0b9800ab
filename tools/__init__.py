"""Generators and helpers that live beside the runtime packages, not inside them."""
