"""Time travel: the slider opens the home as it stood at a captured moment, read-only, in every
pane; Now goes back. Nothing of the real home changes."""
from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.workbench.test_app_helpers import entries_pane, isolated, no_thread_left, settings, workbench  # noqa: F401
from tests.workbench.test_history_capture import Agent, newest_bytes, screenshot


@pytest.mark.slow
def test_the_slider_shows_the_home_as_it_stood_read_only_and_now_comes_back(workbench, qtbot, upstream_home, tmp_path):
    window = workbench.window
    home = window.ctx.home
    window.resize(1280, 800)
    window.show()
    travel = window.time_travel
    original = home.warm.read_bytes()
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == original, timeout=10000)
    agent = Agent(upstream_home)
    try:
        newer = original.decode("utf-8") + "\n## 2026-10-08 09:00 [rule] high\n\n上线前先通知值班同事。\n"
        with qtbot.waitSignal(travel.sig_states_loaded, timeout=10000,
                              check_params_cb=lambda n: n >= 2):
            agent.step(op="warm", text=newer)
    finally:
        agent.close()
    pane = entries_pane(workbench)
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 11, timeout=5000)
    assert travel.slider.maximum() == len(travel.states) and travel.slider.value() == travel.slider.maximum()
    assert travel.when.text() == "now" and not travel.btn_now.isEnabled()

    # slide back to the first captured moment, with the keyboard
    travel.slider.setFocus()
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Home)
    pane = entries_pane(workbench)
    assert window.ctx.home.root != home.root
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 10, timeout=5000)
    assert travel.banner.isVisible() and travel.banner.text().startswith("READ-ONLY · as it stood at ")
    assert "(read-only)" in window.windowTitle()
    assert window.status_home.text().startswith("Read-only: ")
    past_warm = window.ctx.home.warm
    assert past_warm.read_bytes() == original
    assert not os.access(past_warm, os.W_OK) or os.geteuid() == 0  # root ignores permission bits
    assert not os.access(past_warm.parent, os.W_OK) or os.geteuid() == 0
    assert home.warm.read_bytes() == newer.encode("utf-8")  # the home itself is untouched
    screenshot(window, "time-travel-en", tmp_path)
    # an edit is refused, and says why
    index = pane.proxy.index(0, 0)
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(index).center())
    pane.act_flip.trigger()
    assert past_warm.read_bytes() == original
    assert "read-only" in window.statusBar().currentMessage()

    with qtbot.waitSignal(travel.sig_shown, timeout=10000, check_params_cb=lambda s: s == "now"):
        QTest.mouseClick(travel.btn_now, Qt.MouseButton.LeftButton)
    assert window.ctx.home.root == home.root
    assert not travel.banner.isVisible() and "(read-only)" not in window.windowTitle()
    qtbot.waitUntil(lambda: entries_pane(workbench).proxy.rowCount() == 11, timeout=5000)
