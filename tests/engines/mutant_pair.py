"""The reference engine with several catalogue misreadings at once.

``mutant_pair.py NAME [NAME ...]`` applies each named mutant's patch in turn, then
serves protocol 1 like the reference adapter: an engine with two misreadings.
"""

import sys

from reference_impl.adapter import ENGINE, serve
from reference_impl.mutants import apply_mutant

for name in sys.argv[1:]:
    apply_mutant(name)
ENGINE["name"] = "reference with " + " and ".join(sys.argv[1:])
sys.exit(serve(sys.stdin.buffer, sys.stdout))
