"""The Rounds pane against a real local model (llama-cpp-python's server with Gemma 3 270M on
127.0.0.1, tests/llamaserver.py), driven as a person drives it: the home streams the editor's
reply, Run is clicked with the configured LLM chosen, and the reply grows in the LLM tab while the
model writes; the round then ends ok or degraded (never broken), the editor's call in its trace.
The model's wisdom is not asserted."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.workbench.settings import LlmSettings
from tests.llamaserver import MODEL
from tests.workbench.test_rounds_pane import ctx, pane  # noqa: F401 - fixtures

pytestmark = pytest.mark.slow

QUESTION = "What is the availability SLO of checkout-api?"  # typed: QTest.keyClicks takes ASCII only
#: what the editor may write (a base model writes until it is stopped)
ANSWER_TOKENS = 64


def test_a_round_streams_the_local_models_reply_into_the_llm_tab(pane, ctx, qtbot, llama_server):
    ctx.settings.llm = LlmSettings("llamacpp", llama_server.base_url, MODEL)
    ctx.home.config.write_text(json.dumps({
        "llm": {"preset": "llamacpp", "baseUrl": llama_server.base_url, "contextWindow": llama_server.context},
        "assembler": {"debounceMs": 0, "assemble": {"stream": True, "maxTokens": ANSWER_TOKENS}}}),
        encoding="utf-8")
    seen: list[str] = []
    pane.llm_view.textChanged.connect(lambda: seen.append(pane.llm_view.toPlainText()))
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Down)  # Offline -> Configured LLM
    assert pane.llm_choice.currentData() == "llm"
    QTest.keyClicks(pane.question, QUESTION)
    with qtbot.waitSignal(pane.sig_round_finished, timeout=300_000):
        QTest.mouseClick(pane.btn_run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=30_000)
    live = pane.live
    assert live.result["status"] in ("ok", "degraded")
    streamed = [t for t in seen if "streaming" in t]
    assert len(streamed) >= 2, seen[-3:]  # the reply grew on screen while the model wrote
    calls = (live.roles["editor"].span or {}).get("llm") or []
    print("editor call:", calls[-1] if calls else None)
    assert calls and calls[-1]["error"] is None and calls[-1]["latency_ms"] > 0
