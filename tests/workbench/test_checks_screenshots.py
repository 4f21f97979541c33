"""The Checks and Health panes through the real window on the demo home, rendered at 1280x800,
in English and in Chinese (the app started in that language, as the settings choose it).

With ``LINGHUN_SCREENSHOTS_DIR`` set, the PNGs are written there under their published names::

    LINGHUN_SCREENSHOTS_DIR=resources/screenshots \\
        .venv/bin/python -m pytest tests/workbench/test_checks_screenshots.py -q
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from tests.journeys.conftest import click_cell, demo_home, find_row, journey_window, show_pane, wait_for  # noqa: F401
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401
from tests.workbench.test_history_capture import screenshot
from tests.workbench.test_ontology_pane_screenshots import CJK_FONT

QUESTIONS = ("Who merged PR #496?", "How soon must an incident get a written timeline?",
             "Do we keep Postgres as the only source of truth?")
PR_496 = "李想 | merged | PR #496 | checkout-api | Add tracing to payment callback"


@pytest.fixture
def short_home(demo_home):
    """The demo home at a short path: the status bar names it, and a long one widens the window."""
    folder = Path(tempfile.mkdtemp(prefix="lh-"))
    shutil.copytree(demo_home, folder / "dsh")
    yield folder / "dsh"
    shutil.rmtree(folder, ignore_errors=True)


#: what the Chinese shots must show translated: the docks' titles, a button of each pane
ZH = {"Checks": "检查", "Health": "健康", "Run now": "立即运行", "Refresh": "刷新"}


@pytest.fixture(params=["en", "zh"])
def language(request, settings, qapp):
    """The app's language for the whole test (set before the window opens, as a restart in the
    chosen language does), with a font that has the Chinese glyphs."""
    old_font = qapp.font()
    if request.param == "zh":
        if CJK_FONT in QFontDatabase.families():
            qapp.setFont(QFont(CJK_FONT, 10))
        settings.language = "zh_CN"
    yield request.param
    settings.language = "en"
    qapp.setFont(old_font)
    QApplication.processEvents()


def _t(language: str, text: str) -> str:
    return ZH[text] if language == "zh" else text


def _pinned_home(window, qtbot):
    """The agent asked three questions; each round is pinned from the list; then the entry
    saying who merged PR #496 is flipped: that check turns red."""
    home = window.ctx.home
    for n, question in enumerate(QUESTIONS):
        Assembler(home, debouncer=Debouncer()).run(question, session=f"agent-{n}")
    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    pane.load_rounds()
    wait_for(lambda: pane.rounds.count() >= 3, 20000, "the rounds listed")
    for question in QUESTIONS:
        pane.rounds.setCurrentIndex(next(i for i in range(pane.rounds.count()) if question in pane.rounds.itemText(i)))
        with qtbot.waitSignal(pane.sig_pinned, timeout=30000):
            pane.act_pin_chosen.trigger()
        wait_for(lambda: pane._pin_handle is None, 20000)
    wait_for(lambda: pane.model.rowCount() == 3 and len(pane.model.failing()) == 0
             and all(pane.model.result(c.id) for c in pane.model.checks()), 30000, "three green checks")
    window.switch_workspace("curate")
    entries = show_pane(window, "entries")
    click_cell(entries.view, find_row(entries.view, PR_496), 0)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30000, check_params_cb=lambda p, f: f >= 1):
        entries.act_flip.trigger()
    return pane


def test_the_checks_pane_at_1280x800(journey_window, short_home, qtbot, tmp_path, language):
    window = journey_window(short_home)
    _pinned_home(window, qtbot)
    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    click_cell(pane.view, find_row(pane.view, QUESTIONS[0], column=1), 1)
    assert "flipped to wrong" in pane.detail.toPlainText(), pane.detail.toPlainText()
    assert window.size().width() == 1280
    assert window.docks["checks"].windowTitle() == _t(language, "Checks")
    assert pane.act_run.text() == _t(language, "Run now")
    screenshot(window, f"checks-{language}", tmp_path)


def test_the_health_pane_at_1280x800(journey_window, short_home, qtbot, tmp_path, language):
    window = journey_window(short_home)
    _pinned_home(window, qtbot)
    window.switch_workspace("evaluate")
    pane = show_pane(window, "health")
    with qtbot.waitSignal(pane.sig_loaded, timeout=30000):
        pane.act_refresh.trigger()
    failing = len(window.pane("checks").model.failing())
    assert failing >= 1 and f": {failing} / 3</b>" in pane.cards["checks"].text()
    assert ": 3</b>" in pane.cards["rounds"].text()
    if language == "en":
        assert f"Checks failing: {failing} / 3" in pane.cards["checks"].text()
        assert "Rounds: 3</b>" in pane.cards["rounds"].text()
    assert window.size().width() == 1280
    assert window.docks["health"].windowTitle() == _t(language, "Health")
    assert pane.act_refresh.text() == _t(language, "Refresh")
    screenshot(window, f"health-{language}", tmp_path)
