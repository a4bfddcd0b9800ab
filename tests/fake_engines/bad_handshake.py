"""Answers the handshake in a way protocol 1 forbids, chosen by its first argument
(see MODES), then serves correctly, so that only the handshake is at fault."""

import json
import sys

from _base import CMDS, serve

ENGINE = {"name": "fake", "version": "0", "language": "python"}
GOOD = {"ready": True, "protocol": 1, "engine": ENGINE, "cmds": CMDS}
MODES = {
    "misspelt-cmd": {**GOOD, "cmds": ["table", "sttle"]},
    "repeated-cmd": {**GOOD, "cmds": ["table", "table"]},
    "cmds-not-list": {**GOOD, "cmds": "table"},
    "cmd-not-string": {**GOOD, "cmds": ["table", 5]},
    "protocol-true": {**GOOD, "protocol": True},
    "protocol-float": {**GOOD, "protocol": 1.0},
    "protocol-string": {**GOOD, "protocol": "1"},
    "no-engine": {k: v for k, v in GOOD.items() if k != "engine"},
    "engine-not-object": {**GOOD, "engine": "fake 0"},
    "engine-missing-language": {**GOOD, "engine": {"name": "fake", "version": "0"}},
    "engine-extra-key": {**GOOD, "engine": {**ENGINE, "url": "http://x"}},
    "engine-empty-name": {**GOOD, "engine": {**ENGINE, "name": ""}},
    "engine-version-number": {**GOOD, "engine": {**ENGINE, "version": 2}},
    "extra-key": {**GOOD, "author": "me"},
    "ready-string": {**GOOD, "ready": "yes"},
    "unknown-feature": {**GOOD, "skip_features": ["telepathy"]},
    "features-not-list": {**GOOD, "skip_features": "input-validation"},
    "not-object": [GOOD],
}
"""Mode name -> handshake reply; the test names the field each one breaks."""

mode = sys.argv[1]
sys.stdin.readline()
print(json.dumps(MODES[mode]), flush=True)
serve(skip_handshake=True)
