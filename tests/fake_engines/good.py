"""Answers every test fixture correctly."""

from _base import serve

serve()
