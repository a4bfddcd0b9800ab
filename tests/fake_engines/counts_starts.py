"""Serves correctly and leaves one file per process start in the folder named by
$FAKE_START_DIR, so that a test can count how many engines the runner started."""

import os
import tempfile

from _base import serve

tempfile.mkstemp(dir=os.environ["FAKE_START_DIR"])
serve()
