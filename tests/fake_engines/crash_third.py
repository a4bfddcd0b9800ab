"""Crashes on the third request it receives (each process counts its own)."""

import sys

from _base import serve


def transform(n, request, reply):
    if n == 3:
        sys.stderr.write("Traceback (most recent call last):\nRuntimeError: fake crash\n")
        sys.stderr.flush()
        sys.exit(70)
    return reply


serve(transform)
