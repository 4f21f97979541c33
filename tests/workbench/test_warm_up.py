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
    said: list[str] = []  # every message, in order: the meaning channel's encoding may say one after
    shown = window.notifications.show_message
    window.notifications.show_message = lambda message, *a: (said.append(message), shown(message, *a))
    aside = window.notifications.show_aside  # what background work says
    window.notifications.show_aside = lambda message, *a: (said.append(message), aside(message, *a))
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
    assert any(m.startswith("Search index ready") for m in said)
    window._may_close_home = lambda: True
    window.close()
