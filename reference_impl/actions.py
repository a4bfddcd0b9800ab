"""Value objects for what players do: end points, placements and passes.

They are the kit's (`seven_rocks_kit.values`), the one model of each protocol value:
the engine takes them from the adapter and gives them back in its answers as they are.
"""

from __future__ import annotations

from seven_rocks_kit.values import PASS, Action, EndPoint, Pass, Placement

__all__ = ["PASS", "Action", "EndPoint", "Pass", "Placement"]
