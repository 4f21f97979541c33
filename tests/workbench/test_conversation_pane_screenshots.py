"""The main window with the conversation and context panes on a copy of the demo home, at
1280x800, in English and Chinese: one message answered by the configured LLM (the local test
server) with a tool call, one offline. With ``LINGHUN_SCREENSHOTS_DIR`` set, the PNGs are written
there under their published names::

    TZ=Asia/Shanghai LINGHUN_SCREENSHOTS_DIR=resources/screenshots \\
        .venv/bin/python -m pytest tests/workbench/test_conversation_pane_screenshots.py -q
"""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from linghun import resources
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures
from tests.workbench.test_conversation_pane import _chat_server, _open_pane, _send
from tests.workbench.test_ontology_pane_screenshots import CJK_FONT
from linghun.workbench.settings import LlmSettings


def _grab(window, name: str, tmp_path: Path) -> None:
    window.resize(1280, 800)
    QApplication.processEvents()
    image = window.grab().toImage()
    out_dir = Path(os.environ.get("LINGHUN_SCREENSHOTS_DIR") or tmp_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    assert image.save(str(out_dir / f"{name}.png"))
    assert (image.width(), image.height()) == (1280, 800)
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 17)}
    assert len(colours) > 8


def test_conversation_and_context_panes(workbench, qtbot, openai_server, tmp_path, qapp):
    window = workbench.window
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "demo")
    assert window.open_home(tmp_path / "demo")
    ctx = window.ctx
    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "fake-model")
    ctx.settings.api_key.set("sk-test-chat")
    config = json.loads(ctx.home.config.read_text(encoding="utf-8")) if ctx.home.config.exists() else {}
    config["llm"] = {"maxRetries": 0, "timeout": 5}
    ctx.home.config.write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
    _chat_server(openai_server, "vault 迁移 | 决定于 | 平台组周会 | 会议纪要#3",
                 "The vault migration was decided at the platform team's weekly meeting; I noted it as a fact.")
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.docks["entries"].toggleViewAction().trigger()  # the person closes the entries to make room
    pane = _open_pane(window, "conversation")
    context = _open_pane(window, "context")
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Down)  # Configured LLM
    _send(pane, qtbot, "How was the vault migration decided?", click=True)
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Up)  # Offline
    second = _send(pane, qtbot, "What is the latest version of checkout-api?", click=False)
    qtbot.waitUntil(lambda: (context.current_turn() or {}).get("id") == second
                    and context.diff_text.toPlainText() != "", timeout=10000)
    context.tabs.setCurrentIndex(1)  # the diff against the turn before
    _grab(window, "conversation-en", tmp_path)

    old_font = qapp.font()
    if CJK_FONT in QFontDatabase.families():
        qapp.setFont(QFont(CJK_FONT, 10))
    workbench.settings.language = "zh_CN"
    QApplication.processEvents()
    try:
        assert window.docks["conversation"].windowTitle() == "对话"
        assert pane.btn_send.text() == "发送" and "未配置 LLM" in pane.transcript_text()
        assert context.tabs.tabText(1) == "与上一回合的差异" and context.turn_label.text() == "回合"
        assert context.diff_text.toPlainText().startswith("与回合 ")  # drawn again in Chinese
        _grab(window, "conversation-zh", tmp_path)
        assert context.diff_text.toPlainText().startswith("与回合 ")
    finally:
        workbench.settings.language = "en"
        qapp.setFont(old_font)
        QApplication.processEvents()
