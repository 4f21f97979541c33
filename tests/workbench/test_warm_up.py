"""Opening a home warms up the tokenizer and the search index in the background, and says so;
a round asked meanwhile says it is preparing the index, then runs."""
from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.core import home_index
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures


def test_opening_a_home_warms_up_and_a_round_meanwhile_says_it_prepares_the_index(
        qtbot, settings, upstream_home, no_thread_left):  # noqa: F811
    from linghun.workbench.app import Workbench
    from linghun.workbench.panes.rounds.pane import RoundsPane
    from PySide6.QtWidgets import QApplication

    bench = Workbench(QApplication.instance(), settings)
    window = bench.window
    qtbot.addWidget(window)
    window.show()
    # hold the index as a long warm-up would (a 100k-entry home read for the first time)
    gate = threading.Event()
    original = home_index.token_cache

    def slow_cache(root):
        gate.wait(10)
        return original(root)

    home_index.token_cache = slow_cache
    try:
        home_index.forget()
        window.open_home(upstream_home, remember=False)
        assert window.status_warmup.text() == "Warming up: tokenizer and search index…"
        rounds = window.pane(RoundsPane.NAME)
        QTest.keyClicks(rounds.question, "what port does the order service use")
        QTest.mouseClick(rounds.btn_run, Qt.MouseButton.LeftButton)
        assert rounds.summary.text() == "Preparing the index…, then running the round"
    finally:
        gate.set()
        home_index.token_cache = original
    qtbot.waitUntil(lambda: rounds._handle is None and not window.ctx.warming, timeout=60_000)
    assert window.status_warmup.text() == ""
    assert rounds.summary.text() != "Preparing the index…, then running the round"
    assert "Search index ready" in window.statusBar().currentMessage()
    window._may_close_home = lambda: True
    window.close()


_OPEN_AND_REPORT = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtTest import QTest
from linghun.workbench.app import Workbench, create_application
from linghun.workbench.settings import LlmSettings
app = create_application()
bench = Workbench(app)
bench.settings.llm = LlmSettings(provider="openai" if sys.argv[2] == "model" else "offline",
                                 base_url="http://127.0.0.1:9/v1", model="m")
bench.window.open_home(sys.argv[1], remember=False)
for _ in range(3000):
    if not bench.window.ctx.warming:
        break
    QTest.qWait(10)
print("openai" in sys.modules)
bench.window._may_close_home = lambda: True
bench.window.close()
"""


def test_opening_a_home_with_a_model_configured_loads_the_client_library_ahead(tmp_path, upstream_home):
    """The first round with the model does not wait for ``import openai`` (over a second)."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, LINGHUN_CONFIG_DIR=str(tmp_path / "config"), LINGHUN_DATA_DIR=str(tmp_path / "data"),
               LINGHUN_CACHE_DIR=str(tmp_path / "cache"), LINGHUN_API_KEY="sk-test")
    loaded = {}
    for mode in ("model", "offline"):
        done = subprocess.run([sys.executable, "-c", _OPEN_AND_REPORT, str(upstream_home), mode], env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        loaded[mode] = done.stdout.strip().splitlines()[-1]
    assert loaded == {"model": "True", "offline": "False"}


def test_the_warm_up_starts_once_the_window_has_painted(qtbot, settings, upstream_home, no_thread_left):  # noqa: F811
    """The workers that warm up compete with the GUI thread: they wait for the first paint."""
    from linghun.workbench.app import Workbench
    from PySide6.QtWidgets import QApplication

    window = Workbench(QApplication.instance(), settings).window
    qtbot.addWidget(window)
    window.show()
    window.open_home(upstream_home, remember=False)
    titles = [h.title for h in window.ctx.tasks.running()]
    assert "Warming up the search index" not in titles and window.ctx.warming  # not yet, but said
    assert window.status_warmup.text() == "Warming up: tokenizer and search index…"
    window.repaint()
    qtbot.waitUntil(lambda: not window.ctx.warming, timeout=60_000)
    assert "Search index ready" in window.statusBar().currentMessage()
    window._may_close_home = lambda: True
    window.close()


def test_a_window_not_shown_warms_up_at_once(qtbot, settings, upstream_home, no_thread_left):  # noqa: F811
    from linghun.workbench.app import Workbench
    from PySide6.QtWidgets import QApplication

    window = Workbench(QApplication.instance(), settings).window
    qtbot.addWidget(window)
    window.open_home(upstream_home, remember=False)
    assert "Warming up the search index" in [h.title for h in window.ctx.tasks.running()]
    qtbot.waitUntil(lambda: not window.ctx.warming, timeout=60_000)
    window._may_close_home = lambda: True
    window.close()
