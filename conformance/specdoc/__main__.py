"""``python -m conformance.specdoc [--write]``: check or rewrite the generated parts of
spec/rules.md (see ``conformance.specdoc.generate``)."""

import sys

from conformance.specdoc.generate import main

sys.exit(main())
