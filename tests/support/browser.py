"""A small driver of headless Chromium over its DevTools protocol, through a pipe.

Chromium started with ``--remote-debugging-pipe`` reads protocol messages on file
descriptor 3 and writes them on 4, each a JSON object ended by a NUL byte: no socket and
no library is needed. The driver records what a page does (console messages, uncaught
exceptions, log entries, every request) so that tests can assert on it.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["Browser", "BrowserError", "chromium"]

_KEYS = {
    "Tab": {"key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9},
    "Enter": {"key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"},
    " ": {"key": " ", "code": "Space", "windowsVirtualKeyCode": 32, "text": " "},
}


_LOUD = ("error", "warning", "assert")


def chromium() -> str | None:
    """The Chromium executable, or None when none is installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class BrowserError(RuntimeError):
    """The browser did not answer as the protocol says, or in time."""


class Browser:
    """One headless Chromium with one page (tab) attached."""

    def __init__(self, executable: str, *, timeout: float = 60) -> None:
        self.timeout = timeout
        self.events: list[dict[str, Any]] = []
        self._session: str | None = None
        self._profile = tempfile.TemporaryDirectory()
        to_child, self._write = os.pipe()
        self._read, from_child = os.pipe()

        def fds() -> None:  # in the child, before exec: the pipe ends on 3 and 4
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self._process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--hide-scrollbars", "--remote-debugging-pipe",
             f"--user-data-dir={self._profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=fds,  # the child is exec'd right after
        )  # fmt: skip
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        self._session = attached["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")

    def close(self) -> None:
        """End the browser (and its processes), whatever state it is in."""
        try:
            self._session = None
            self.call("Browser.close", timeout=10)
        except (BrowserError, OSError):
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(timeout=10)
        for fd in (self._read, self._write):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._profile.cleanup()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("no answer from the browser in time")
            ready, _, _ = select.select([self._read], [], [], left)
            if ready:
                chunk = os.read(self._read, 1 << 20)
                if not chunk:
                    raise BrowserError("the browser closed its end of the pipe")
                self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(line)
        return message

    def call(
        self, method: str, params: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> dict[str, Any]:
        """Send one command (to the page once attached) and return its result."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if self._session is not None and not method.startswith(("Target.", "Browser.")):
            message["sessionId"] = self._session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            reply = self._message(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, event: str, *, timeout: float | None = None) -> dict[str, Any]:
        """The next event named ``event`` (earlier ones already seen are consumed)."""
        for index, seen in enumerate(self.events):
            if seen.get("method") == event:
                return self.events.pop(index)
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            message = self._message(deadline)
            if message.get("method") == event:
                return message
            if "method" in message:
                self.events.append(message)

    def open(self, url: str) -> None:
        """Load ``url`` and wait for its load event."""
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a thrown error raises)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression!r} threw: {result['exceptionDetails']}")
        return result["result"].get("value")

    def press(self, key: str, *, shift: bool = False) -> None:
        """Press and release one key (Tab, Enter or space)."""
        fields = {**_KEYS[key], "modifiers": 8 if shift else 0}
        self.call("Input.dispatchKeyEvent", {"type": "keyDown", **fields})
        fields.pop("text", None)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", **fields})

    def type_text(self, text: str) -> None:
        """Type ``text`` into the focused element."""
        self.call("Input.insertText", {"text": text})

    def viewport(self, width: int, height: int, *, mobile: bool = False) -> None:
        """Emulate a screen of ``width`` x ``height`` CSS pixels (a phone when ``mobile``)."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    def screenshot(self, path: Path, *, full: bool = True) -> None:
        """A PNG of the page (the whole page when ``full``)."""
        shot = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": full})
        path.write_bytes(base64.b64decode(shot["data"]))

    def problems(self) -> list[str]:
        """Console errors and warnings, uncaught exceptions and error log entries so far."""
        out = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                thrown = details.get("exception", {}).get("description", "")
                out.append(f"exception: {details.get('text')} {thrown}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in _LOUD:
                out.append(f"console {params['type']}: {params.get('args')}")
            elif method == "Log.entryAdded" and params["entry"].get("level") in _LOUD:
                out.append(f"log: {params['entry'].get('text')} {params['entry'].get('url', '')}")
        return out

    def requests(self, keep: Callable[[str], bool] = lambda url: True) -> list[str]:
        """The URLs the page requested so far (those ``keep`` accepts)."""
        return [
            e["params"]["request"]["url"]
            for e in self.events
            if e.get("method") == "Network.requestWillBeSent"
            and keep(e["params"]["request"]["url"])
        ]
