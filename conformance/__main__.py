"""``python -m conformance``: the same as the ``seven-rocks-conformance`` command."""

import sys

from conformance.cli import main

if __name__ == "__main__":
    sys.exit(main())
