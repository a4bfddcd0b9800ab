"""The Python kit, `seven_rocks_kit`, under the suite's name: the same module objects.

The kit is its own distribution (``pip install kits/python``), on which the suite
depends, so that ``from conformance import kit`` works wherever the suite is installed.
"""

from seven_rocks_kit import *  # noqa: F403
from seven_rocks_kit import __all__ as __all__
