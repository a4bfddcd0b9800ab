"""Features: what a case needs beyond the rules themselves.

A case lists the features it needs in its ``features`` key; an engine that does not
claim a feature (``run --skip-feature NAME``, or ``skip_features`` in its handshake)
has those cases reported as skipped, not failed.
"""

from __future__ import annotations

__all__ = ["FEATURES"]

FEATURES: dict[str, str] = {
    "input-validation": "refuses malformed requests with bad_request and the right index "
    "(request form, not game rules)",
}
"""Every feature a case may need, with what claiming it means."""
