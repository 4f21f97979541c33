"""Settings turns the sentence-meaning channel on for the open home, as a person does it: File >
Settings…, the box clicked, OK; the home's workbench.json then asks for it (every other setting
kept), the entries are encoded in the background, and the next round's trace has meaning scores."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from linghun.core import embeddings, installed_models
from linghun.core.home_config import config_section
from linghun.core.home_lock import update_section
from linghun.workbench.dialogs.settings_dialog import SettingsDialog
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures


def _toggle_meaning(window, qtbot) -> list[str]:
    seen: list[str] = []

    def answer() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, SettingsDialog) and w.isVisible())
        box = dialog.meaning
        seen.append(f"{box.isEnabled()} {box.isChecked()} {box.text()}")
        # on the indicator, at the box's left end (a click on its middle may miss a short label)
        QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().topLeft() + box.rect().center() / 4)
        buttons = dialog.findChild(QDialogButtonBox)
        QTest.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

    QTimer.singleShot(200, answer)
    window.act_settings.trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=10000)
    return seen


def test_settings_turn_the_meaning_channel_off_and_on(workbench, qtbot, monkeypatch):
    # as on a machine without the optional English embeddings: the meaning model alone is encoded
    monkeypatch.setattr(embeddings, "available", lambda: False)
    window = workbench.window
    home = window.ctx.home
    update_section(home, "assembler", lambda _: {"retrieval": {"topK": 7}})
    seen = _toggle_meaning(window, qtbot)  # on by default: the box is ticked although the file says nothing
    assert seen == ["True True Search by meaning, in Chinese and English"]
    assert config_section(home, "assembler") == {"retrieval": {"topK": 7, "meaning": False}}
    seen = _toggle_meaning(window, qtbot)  # and on again: the box shows what the file holds
    assert seen == ["True False Search by meaning, in Chinese and English"]
    assert config_section(home, "assembler") == {"retrieval": {"topK": 7, "meaning": True}}


def test_the_status_bar_says_when_the_meaning_model_is_missing(workbench, qtbot, monkeypatch):
    """A home that asks for meaning on an installation without the model: said in the status bar
    in words (the rounds search by words only), the whole message in its tooltip; a home that
    turned the channel off says nothing."""
    window = workbench.window
    monkeypatch.setattr(installed_models, "meaning_files", lambda: None)
    window._refresh_status()
    problems = window.status_problems
    assert problems.text() == "Searching by words only: the meaning model is missing"
    assert installed_models.MEANING_PACKAGE in problems.toolTip()
    update_section(window.ctx.home, "assembler", lambda _: {"retrieval": {"meaning": False}})
    window._refresh_status()
    assert problems.text() == ""
