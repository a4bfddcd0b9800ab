"""`conformance.engine.procfs` reads what psutil reads: a parent, a start, a live pid."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import psutil
import pytest

from conformance.engine import procfs


def test_parent_and_start_agree_with_psutil() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        assert procfs.parent_of(child.pid) == os.getpid()
        started, own = procfs.started_at(child.pid), procfs.started_at(os.getpid())
        assert started is not None and own is not None
        gap = psutil.Process(child.pid).create_time() - psutil.Process(os.getpid()).create_time()
        assert started - own == pytest.approx(gap, abs=1e-6)
    finally:
        child.communicate(b"")
    assert procfs.parent_of(child.pid) is None  # reaped: gone
    assert procfs.started_at(child.pid) is None


def test_a_thread_is_no_process_and_a_reaped_child_is_gone() -> None:
    held = threading.Event()
    thread = threading.Thread(target=held.wait)
    thread.start()
    try:
        assert thread.native_id is not None and thread.native_id != os.getpid()
        for pid in (os.getpid(), os.getppid(), thread.native_id, 0):
            assert procfs.exists(pid) == psutil.pid_exists(pid)
        assert procfs.exists(os.getpid()) and not procfs.exists(thread.native_id)
    finally:
        held.set()
        thread.join()
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not procfs.exists(child.pid)
