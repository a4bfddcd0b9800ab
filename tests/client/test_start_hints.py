"""An engine that fails the handshake in a common way is told the likely cause."""

from __future__ import annotations

import sys

import pytest

from conformance.engine.client import MIN_START_SECONDS, EngineClient, EngineStartError
from tests.support.cli import FAKES


def _start(name: str, start_timeout: float | None = None) -> EngineStartError:
    argv = [sys.executable, str(FAKES / f"{name}.py")]
    client = EngineClient(argv, start_timeout=start_timeout)
    with pytest.raises(EngineStartError) as raised:
        client.start()
    return raised.value


def test_a_banner_on_stdout_is_told_that_logs_go_to_stderr() -> None:
    error = _start("banner")
    assert error.reply.startswith("my-engine 1.0 starting")
    assert "write banners and logs to stderr" in error.reason


def test_a_reply_never_flushed_is_told_to_flush() -> None:
    error = _start("never_flushes", start_timeout=0.5)
    assert "no handshake reply within 0.5 s" in error.reason
    assert "flush stdout after every line" in error.reason


def test_the_handshake_wait_follows_the_reply_timeout_above_its_floor() -> None:
    argv = [sys.executable, "-c", "pass"]
    assert EngineClient(argv, timeout=1).start_timeout == MIN_START_SECONDS == 10
    assert EngineClient(argv, timeout=30).start_timeout == 30
