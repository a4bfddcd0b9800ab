"""Stops answering at its second request (or at every request with --always)."""

import sys
import time

from _base import serve

ALWAYS = "--always" in sys.argv


def transform(n, request, reply):
    if n == 2 or ALWAYS:
        while True:
            time.sleep(60)
    return reply


serve(transform)
