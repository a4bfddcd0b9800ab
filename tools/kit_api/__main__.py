"""``python -m tools.kit_api [--record] [KIT ...]``: see tools.kit_api."""

from __future__ import annotations

import argparse
import sys

from tools.kit_api import KITS, ToolMissing, compare, record
from tools.kit_api.listing import LISTERS


def main(argv: list[str] | None = None) -> int:
    """Compare (or record) each kit's API; 1 when one breaks or its record is stale."""
    parser = argparse.ArgumentParser(prog="python -m tools.kit_api", description=__doc__)
    parser.add_argument("--record", action="store_true", help="write each kit's api.txt")
    parser.add_argument("kits", nargs="*", metavar="KIT", help=f"one of {', '.join(KITS)}")
    args = parser.parse_args(argv)
    for kit in args.kits:
        if kit not in KITS:
            parser.error(f"no kit {kit!r}: one of {', '.join(KITS)}")
    status = 0
    for kit in args.kits or KITS:
        try:
            done = record(kit) if args.record else compare(kit, LISTERS[kit]())
        except ToolMissing as missing:
            print(f"{kit}: {missing}", file=sys.stderr)
            status = 1
            continue
        for problem in done.problems() if not args.record or done.breaks else []:
            print(problem, file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
