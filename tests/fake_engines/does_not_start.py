"""Dies before the handshake, explaining why on stderr."""

import sys

sys.stderr.write("fake engine: cannot load the rules library\n")
sys.exit(3)
