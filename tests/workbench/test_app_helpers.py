"""Fixtures shared by the workbench tests (imported by the test modules that use them).

- ``isolated``: the workbench's settings and data folders in a temporary directory.
- ``no_thread_left``: fails a test that leaves a Python thread running.
- ``workbench``: the application wired as ``main()`` wires it, on a writable copy of the upstream
  fixture home; closed (and every background thread joined) at the end.
"""
from __future__ import annotations

import threading
import time

import pytest


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGHUN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LINGHUN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("DSH_HOME", raising=False)
    return tmp_path


@pytest.fixture
def no_thread_left():
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        extra = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        if not extra:
            return
        time.sleep(0.02)
    pytest.fail(f"threads left running: {[t.name for t in extra]}")


@pytest.fixture
def settings(isolated, qapp):
    from linghun.workbench.settings import Settings
    s = Settings()
    s.language = "en"
    s.theme = "light"
    return s


@pytest.fixture
def workbench(qtbot, settings, upstream_home, no_thread_left):
    from linghun.workbench.app import Workbench
    wb = Workbench(qtbot_app(qtbot), settings)
    wb.window.open_home(upstream_home)
    yield wb
    wb.window._may_close_home = lambda: True  # a test may leave a draft: no modal question
    wb.window.close()
    wb.window.deleteLater()
    wb.translations.apply("en")


def qtbot_app(qtbot):
    from PySide6.QtWidgets import QApplication
    return QApplication.instance()


def entries_pane(wb):
    return wb.window.pane("entries")


def warm_bytes(wb) -> bytes:
    return wb.window.ctx.home.warm.read_bytes()


def external_write(path, data: bytes) -> None:
    """Write as another process would, atomically (temp file + rename), with a new mtime."""
    from linghun.core.fsio import atomic_write
    time.sleep(0.01)
    atomic_write(path, data)
