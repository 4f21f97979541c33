"""The rounds pane with a real LLM client against the local OpenAI-compatible server: the home's
``"stream": true`` streams the editor's reply into the LLM tab as it arrives (a few repaints, not
one per token), the client is built on the worker thread, and an outage gives a *degraded* round
that kept the last bundle."""
from __future__ import annotations

import json
import threading

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.workbench.test_rounds_pane import ctx, pane  # noqa: F401 - fixtures
from linghun.workbench.panes.rounds.pane import TAB_LLM
from linghun.workbench import tones
from linghun.workbench.settings import LlmSettings

QUESTION = "What is the availability SLO of checkout-api?"  # typed: QTest.keyClicks takes ASCII only
BUNDLE = "素材：\n- [6] 2026-09-28 11:16 checkout-api | 可用性 SLO | 99.95% | SLO 文档#1\n" + "细节原样保留。" * 12


def _use_server(ctx, server, **home_llm) -> None:
    ctx.settings.llm = LlmSettings("openai", server.base_url, "fake-model")
    ctx.settings.api_key.set("sk-test-rounds")
    config = {"llm": {"maxRetries": 0, "timeout": 5, **home_llm}}
    ctx.home.config.write_text(json.dumps(config), encoding="utf-8")


def _run_with_the_llm(pane, qtbot, question: str = QUESTION):
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Down)  # Offline -> Configured LLM
    assert pane.llm_choice.currentData() == "llm"
    QTest.keyClicks(pane.question, question)
    with qtbot.waitSignal(pane.sig_round_finished, timeout=30000):
        QTest.mouseClick(pane.btn_run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=30000)
    return pane.live


def test_stream_in_the_home_settings_shows_tokens_live_in_the_llm_tab(pane, ctx, qtbot, openai_server):
    _use_server(ctx, openai_server, stream=True)
    openai_server.reply(BUNDLE, chunk_delay=0.03)  # ~20 pieces over ~0.6 s
    pieces = -(-len(BUNDLE) // 7)
    seen: list[str] = []
    pane.llm_view.textChanged.connect(lambda: seen.append(pane.llm_view.toPlainText()))
    live = _run_with_the_llm(pane, qtbot)

    assert openai_server.requests[-1]["stream"] is True
    # the LLM's bundle leads; what it dropped that the offline editor keeps follows (the evidence floor)
    assert live.result["status"] == "ok" and live.bundle.startswith(BUNDLE.strip())
    # the text grew in the LLM tab while the editor was still writing, in a few coalesced repaints
    partial = [t for t in seen if "streaming" in t and 0 < len(t.split("──\n", 1)[-1]) < len(BUNDLE)]
    assert len(partial) >= 2, seen
    streamed = [t for t in seen if "streaming" in t]
    assert len(streamed) <= pieces // 2, len(streamed)
    QTest.mouseClick(pane.strip.buttons["editor"], Qt.MouseButton.LeftButton)
    pane.tabs.setCurrentIndex(TAB_LLM)
    assert pane.tabs.tabText(TAB_LLM) == "LLM (1)" and BUNDLE[:20] in pane.llm_view.toPlainText()


def test_the_llm_tab_says_the_tokens_were_estimated_when_the_server_sent_no_usage(pane, ctx, qtbot,
                                                                                  openai_server):
    _use_server(ctx, openai_server, stream=True)
    openai_server.usage = False  # as llama.cpp's server in a stream; this one has no tokenizer
    openai_server.reply(BUNDLE)
    live = _run_with_the_llm(pane, qtbot)
    assert live.result["status"] == "ok"
    QTest.mouseClick(pane.strip.buttons["editor"], Qt.MouseButton.LeftButton)
    pane.tabs.setCurrentIndex(TAB_LLM)
    assert " ms (tokens estimated)  " in pane.llm_view.toPlainText()


def test_the_client_is_built_by_the_task_and_does_not_stream_unasked(pane, ctx, qtbot, openai_server,
                                                                    client_threads):
    built_on = client_threads
    _use_server(ctx, openai_server)
    openai_server.reply(BUNDLE)
    live = _run_with_the_llm(pane, qtbot)
    assert live.result["status"] == "ok" and not openai_server.requests[-1].get("stream")
    # the client (and its TLS context) was built by the task, not in the click's slot
    assert built_on and all(name != threading.main_thread().name for name in built_on)


def test_an_outage_is_a_degraded_round_that_kept_the_last_bundle(pane, ctx, qtbot, openai_server):
    _use_server(ctx, openai_server, stream=True)
    before = ctx.home.assembled.read_bytes()
    openai_server.stop()
    live = _run_with_the_llm(pane, qtbot)
    result = live.result
    assert result["status"] == "degraded"
    assert "cannot connect" in result["error"] and "the last bundle was kept" in result["error"]
    assert ctx.home.assembled.read_bytes() == before
    summary = pane.summary.text()
    # amber (the theme's warning tone), not the error red: the round fell back as promised
    assert "<b>degraded</b>" in summary and "the last bundle was kept" in summary
    assert tones.css("warning") in summary and tones.css("error") not in summary
    assert pane.bundle_view.toPlainText().startswith("No new bundle: the LLM failed")
    assert pane.strip.status("editor") == "failed" and pane.strip.status("judge") == "ok"
    row = pane.model.row_of(live.round_id)
    statuses = [pane.model.index(row, c).data() for c in range(pane.model.columnCount())]
    assert "degraded" in statuses


def test_cancel_stops_a_streamed_request_and_the_server_stops_writing(pane, ctx, qtbot, openai_server):
    """Cancel while the editor streams: the round stops at the next piece, the connection is
    closed (the server's next write fails: it wrote a fraction of the reply), nothing is written."""
    _use_server(ctx, openai_server, stream=True)
    slow = BUNDLE * 4                          # ~70 pieces, one every 0.1 s: ~7 s in all
    openai_server.reply(slow, chunk_delay=0.1)
    before = ctx.home.assembled.read_bytes()
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Down)
    QTest.keyClicks(pane.question, QUESTION)
    QTest.mouseClick(pane.btn_run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "streaming" in pane.llm_view.toPlainText(), timeout=30000)
    QTest.mouseClick(pane.btn_cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    qtbot.waitUntil(lambda: bool(openai_server.streams), timeout=5000)
    written, total = openai_server.streams[-1]
    assert written < total // 2, openai_server.streams
    assert "Cancelled" in pane.summary.text()
    assert ctx.home.assembled.read_bytes() == before
