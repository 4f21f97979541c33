"""The application exits cleanly: PySide6 6.12 leaks references to None on every call of a Qt
method that returns nothing (and to True / False on every emit); without the reserve of
``workbench.pyside_fixes`` a long session ends in "Fatal Python error: none_dealloc".

Both tests run the application in a subprocess (offscreen), as a person starts it."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# PySide6 6.12 drops a reference to None on every call of a method that returns nothing
# (``QLabel.setText``, ``QTimer.start``, ``processEvents``, a highlighter's ``setFormat``...): a
# session makes more such calls than None has references (about 120k in the workbench).
VOID_CALLS = textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QLabel
    from linghun.workbench.app import create_application

    calls = sys.getrefcount(None) + 20_000  # counted before the reserve is added
    app = create_application()
    label = QLabel()
    for i in range(calls):
        label.setText("status")
    print("calls done", calls, flush=True)
""")

# Open the demo home, preview a consolidation through the toolbar action, quit through File > Quit.
PREVIEW_AND_QUIT = textwrap.dedent("""
    import shutil, sys, tempfile
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest
    from linghun.resources import DEMO_HOME_DIR
    from linghun.workbench.app import Workbench, create_application

    tmp = Path(tempfile.mkdtemp())
    shutil.copytree(DEMO_HOME_DIR, tmp / "dsh")
    app = create_application()
    bench = Workbench(app)
    bench.window.show()
    bench.window.open_home(tmp / "dsh", remember=False)
    pane = bench.window.pane("ontology")  # built when asked for: its tab is behind the entries
    pane.act_consolidate.trigger()
    for _ in range(1200):
        QTest.qWait(50)
        if not pane.btn_cancel.isEnabled():
            break
    assert pane.diff_view.blockCount() > 100, pane.preview_summary.text()
    QTimer.singleShot(0, bench.window.act_quit.trigger)
    sys.exit(app.exec())
""")


def _run(code: str, tmp_path: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "LINGHUN_CONFIG_DIR": str(tmp_path / "config"),
           "LINGHUN_DATA_DIR": str(tmp_path / "data"), "LINGHUN_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12")
def test_calls_that_return_nothing_do_not_use_up_none(tmp_path):
    done = _run(VOID_CALLS, tmp_path)
    assert "none_dealloc" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0 and "calls done" in done.stdout, done.stderr[-2000:]


@pytest.mark.slow
def test_start_preview_consolidation_and_quit_twenty_times(tmp_path):
    for run in range(20):
        done = _run(PREVIEW_AND_QUIT, tmp_path / str(run))
        assert done.returncode == 0, (run, done.returncode, done.stderr[-2000:])
        assert "Fatal Python error" not in done.stderr, done.stderr[-2000:]
