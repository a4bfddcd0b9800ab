"""Test-wide settings."""

from hypothesis import settings

# The machines running the tests are shared and noisy: a per-example deadline would
# turn a slow moment into a failure that says nothing about the code.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
