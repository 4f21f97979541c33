"""A key the provider echoes reaches no pane: the workbench's LLM paths, driven as a person drives
them on the real main window against a provider whose every error repeats the key it was sent.

The rounds pane runs a round with the configured LLM, the conversation pane sends a message with
it; then every text a person can see (labels, buttons, fields, text views, combo boxes, every cell
and tooltip of every item view, the status bar, the window title) and every file of the home but
its settings are searched for the key. The error itself must have reached the window (its words
without the key), or the search proves nothing.
"""
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QComboBox, QLabel, QLineEdit, QPlainTextEdit,
                               QTextEdit, QWidget)

from linghun.workbench.settings import LlmSettings
from tests.fakeopenai import Reply
from tests.reliability.hostilekit import Family
from tests.reliability.test_hostile_provider import ECHO, KEY, _stored
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures
from tests.workbench.test_conversation_pane import _open_pane

QUESTION = "What is the availability SLO of checkout-api?"  # typed: QTest.keyClicks takes ASCII only
#: the echo's own words, which the window shows once the key is masked
SHOWN = "Incorrect API key provided"


def _model_texts(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    out = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(index, role)
                if value is not None:
                    out.append(str(value))
    return out


def visible_texts(window) -> list[str]:
    """Every text of the window a person can read (the key field itself, masked, excepted)."""
    texts = [window.windowTitle(), window.statusBar().currentMessage()]
    for widget in window.findChildren(QWidget):
        texts.append(widget.toolTip())
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit) and widget.echoMode() == QLineEdit.EchoMode.Normal:
            texts.append(widget.text())
        elif isinstance(widget, (QPlainTextEdit, QTextEdit)):
            texts.append(widget.toPlainText())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QAbstractItemView):
            texts += _model_texts(widget)
    return texts


def test_a_key_the_provider_echoes_reaches_no_pane(workbench, qtbot, openai_server):
    window = workbench.window
    ctx = window.ctx
    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "fake-model")
    ctx.settings.api_key.set(KEY)
    ctx.home.config.write_text(json.dumps({"llm": {"maxRetries": 0, "timeout": 5},
                                           "assembler": {"debounceMs": 0}}), encoding="utf-8")
    openai_server.respond_with(lambda body: Reply(status=401, message=ECHO))
    family = Family("workbench, key-echoing provider")

    family.start()
    rounds = _open_pane(window, "rounds")
    QTest.keyClick(rounds.llm_choice, Qt.Key.Key_Down)  # Offline -> Configured LLM
    assert rounds.llm_choice.currentData() == "llm"
    QTest.keyClicks(rounds.question, QUESTION)
    with qtbot.waitSignal(rounds.sig_round_finished, timeout=60000):
        QTest.mouseClick(rounds.btn_run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: rounds._handle is None, timeout=30000)
    texts = visible_texts(window)
    family.record("a round with the LLM (rounds pane)", held=any(SHOWN in t for t in texts),
                  keys=sum(t.count(KEY) for t in texts), why=rounds.summary.text()[:200])

    family.start()
    conversation = _open_pane(window, "conversation")
    QTest.keyClick(conversation.llm_choice, Qt.Key.Key_Down)
    assert conversation.llm_choice.currentData() == "llm"
    QTest.keyClicks(conversation.message, QUESTION)
    with qtbot.waitSignal(conversation.sig_turn_finished, timeout=60000):
        QTest.mouseClick(conversation.btn_send, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: conversation._handle is None, timeout=30000)
    texts = visible_texts(window)
    family.record("a message with the LLM (conversation pane)",
                  held=SHOWN in conversation.transcript_text(), keys=sum(t.count(KEY) for t in texts),
                  why=conversation.transcript_text()[-300:])

    family.start()
    family.record("the home's files", held=bool(openai_server.requests),
                  keys=_stored(ctx.home).count(KEY.encode()))
    family.report()
