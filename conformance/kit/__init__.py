"""The Python kit, `seven_rocks_kit`, under the suite's name: the same module objects.

The kit is its own distribution (``pip install kits/python``); the suite's wheel carries
it too, so that ``from conformance import kit`` keeps working where the suite is
installed.
"""

from seven_rocks_kit import *  # noqa: F403
from seven_rocks_kit import __all__ as __all__
