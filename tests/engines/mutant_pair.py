"""The reference engine with several catalogue misreadings at once.

``mutant_pair.py NAME [NAME ...]`` serves protocol 1 like the reference adapter, by
the rules with every named misreading at once: an engine with two misreadings.
"""

import sys

from reference_impl.adapter import ENGINE, serve
from reference_impl.commands import commands_for
from reference_impl.mutants import variant

ENGINE["name"] = "reference with " + " and ".join(sys.argv[1:])
sys.exit(serve(sys.stdin.buffer, sys.stdout, commands_for(variant(sys.argv[1:]))))
