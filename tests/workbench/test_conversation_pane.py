"""The conversation and context panes, driven as a person does on the real main window.

Two messages typed and sent (Enter, then the Send button) each run a turn: the round's roles light
up in the rounds pane, the transcript shows the offline note with the parts the agent would get,
each turn is recorded and journaled on disk, and the context pane shows the selected turn's parts
in the seed's order within their budgets, with the difference from the previous turn.
"""
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar

from linghun.core import turn as core_turn
from linghun.core.context import PART_KEYS
from linghun.core.memory import Memory
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures
from linghun.workbench.models.context import ContextPartsModel

FIRST = "How was the vault migration decided?"  # typed: QTest.keyClicks takes ASCII only
SECOND = "What is the latest version of checkout-api?"


def _open_pane(window, name):
    """View > the pane (closed first when it starts as a tab), then its tab clicked to the front."""
    dock = window.docks[name]
    toggle = dock.toggleViewAction()
    if toggle.isChecked():
        toggle.trigger()
    toggle.trigger()
    assert toggle.isChecked() and dock.isVisibleTo(window)
    for bar in window.findChildren(QTabBar):
        for i in range(bar.count()):
            if bar.tabText(i) == dock.windowTitle() and bar.isVisible():
                QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    return window.pane(name)


def _send(pane, qtbot, text, *, click):
    QTest.keyClicks(pane.message, text)
    with qtbot.waitSignal(pane.sig_turn_finished, timeout=60000) as finished:
        if click:
            assert pane.btn_send.isEnabled()
            QTest.mouseClick(pane.btn_send, Qt.MouseButton.LeftButton)
        else:
            QTest.keyClick(pane.message, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=10000)
    return finished.args[0]


def test_two_messages_run_two_turns_shown_in_the_context_pane(workbench, qtbot, qtmodeltester):
    window = workbench.window
    home = window.ctx.home
    # the seed's debounce would skip the second message's round within 5 s; this test wants both rounds
    (home.root / "workbench.json").write_text(json.dumps({"assembler": {"debounceMs": 0}}), encoding="utf-8")
    journal_before = len(Memory(home).journal_turns())
    pane = _open_pane(window, "conversation")
    context = _open_pane(window, "context")
    rounds = window.pane("rounds")
    started = []
    window.ctx.bridge.sig_event.connect(lambda topic, payload: started.append(payload.get("role"))
                                        if topic == "trace.span" and payload.get("phase") == "start" else None)

    first = _send(pane, qtbot, FIRST, click=False)
    assert pane.message.text() == ""
    # the roles fired, live on the bus: their events reach the GUI thread queued, and the task's
    # end (found by the task manager's poll) may be seen before the last of them
    qtbot.waitUntil(lambda: "judge" in started and "retriever" in started, timeout=5000)
    qtbot.waitUntil(lambda: rounds.live is not None and rounds.live.finished, timeout=10000)
    assert rounds.live.header.get("session") == "workbench-chat"  # the rounds pane followed the turn's round
    second = _send(pane, qtbot, SECOND, click=True)
    assert first != second

    text = pane.transcript_text()
    assert FIRST in text and SECOND in text
    assert text.count("No LLM is configured") == 2
    assert "Memory discipline" in text or "记忆使用纪律" in text

    # on disk: a recorded turn and a journal entry per message
    recorded = [t for t in core_turn.turns(home) if t["session"] == "workbench-chat"]
    assert [t["message"] for t in recorded] == [FIRST, SECOND]
    assert all(t["journaled"] and t["round"]["status"] not in ("debounced", "failed") for t in recorded)
    journal = Memory(home).journal_turns()
    assert len(journal) == journal_before + 2
    assert FIRST in journal[-2].user and SECOND in journal[-1].user

    # the context pane shows the last turn, selected for it, with the diff against the first
    qtbot.waitUntil(lambda: context.current_turn() is not None and context.current_turn()["id"] == second
                    and context.diff_text.toPlainText() != "", timeout=10000)
    qtmodeltester.check(context.model)
    model = context.model
    keys = [model.index(r, 0).data(ContextPartsModel.KeyRole) for r in range(model.rowCount())]
    assert keys == [k for k in PART_KEYS if k in keys] and keys[:3] == ["identity", "judgment", "discipline"]
    assert "bundle" in keys
    shown = recorded[1]["context"]["parts"]
    for row, part in enumerate(shown):
        chars = int(model.index(row, 1).data())
        assert chars == part["chars"] == len(part["text"])
        fraction = model.index(row, ContextPartsModel.USE_COLUMN).data(ContextPartsModel.FractionRole)
        assert fraction is None or fraction <= 1.0, part["key"]
        assert model.index(row, 0).data(ContextPartsModel.TruncatedRole) == part["truncated"]
    # choosing a part shows its text as the agent got it
    bundle_row = keys.index("bundle")
    view = context.view
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(model.index(bundle_row, 0)).center())
    assert context.part_text.toPlainText() == shown[bundle_row]["text"]
    diff = context.diff_text.toPlainText()
    assert f"Compared with turn {first}" in diff
    titles = {p["key"]: p["title"] for p in shown}
    # the first turn's journal entry is in the map the second turn was shown; the disciplines stay
    assert f"== {titles['map']}: changed" in diff and "+- " in diff
    assert f"== {titles['discipline']}: same" in diff

    # the first turn, chosen in the turn list: nothing before it in its session
    with qtbot.waitSignal(context.sig_turn_shown, timeout=10000):
        context.turn_choice.setCurrentIndex(context.turn_choice.findData(first))
    assert "nothing to compare" in context.diff_text.toPlainText()


def _chat_server(server, entry: str, answer: str) -> None:
    """The agent's requests (they offer the memory tools) get one ``memory_append`` call, then the
    answer; the round's own LLM calls (no tools) get a short bundle."""
    from tests.fakeopenai import Reply

    def respond(request):
        if not request.get("tools"):
            return "素材：\n- vault 迁移由平台组在周会上决定。"
        if request["messages"][-1]["role"] == "tool":
            return answer
        call = {"id": "call_append", "type": "function", "function": {
            "name": "memory_append", "arguments": json.dumps({"kind": "fact", "content": entry}, ensure_ascii=False)}}
        return Reply("", tool_calls=[call])

    server.respond_with(respond)


def test_with_the_configured_llm_a_tool_call_shows_inline_and_its_entry_can_be_undone(
        workbench, qtbot, openai_server):
    from linghun.workbench.settings import LlmSettings

    window = workbench.window
    ctx = window.ctx
    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "fake-model")
    ctx.settings.api_key.set("sk-test-chat")
    ctx.home.config.write_text(json.dumps({"llm": {"maxRetries": 0, "timeout": 5}}), encoding="utf-8")
    entry = "vault migration | decided by | platform team weekly | meeting notes#3"
    _chat_server(openai_server, entry, "The platform team decided it at their weekly meeting.")
    warm_before = ctx.home.warm.read_bytes()
    entries = window.pane("entries")
    rows_before = entries.model.rowCount()
    pane = _open_pane(window, "conversation")
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Down)  # Offline -> Configured LLM
    assert pane.llm_choice.currentData() == "llm"

    _send(pane, qtbot, FIRST, click=True)
    text = pane.transcript_text()
    assert "memory_append" in text and "platform team weekly" in text  # the tool call, inline
    assert "The platform team decided it at their weekly meeting." in text
    assert "No LLM is configured" not in text
    assert entry in ctx.home.warm.read_text(encoding="utf-8")
    qtbot.waitUntil(lambda: entries.model.rowCount() == rows_before + 1, timeout=5000)  # the bridge reloaded it
    recorded = core_turn.turns(ctx.home)[-1]
    assert recorded["tool_calls"][0]["name"] == "memory_append" and recorded["answer"].startswith("The platform")

    # Edit > Undo takes the agent's entry back out
    assert window.ctx.undo_stack.undoText().startswith("Agent appended [")
    window.act_undo.trigger()
    assert entry not in ctx.home.warm.read_text(encoding="utf-8")
    qtbot.waitUntil(lambda: entries.model.rowCount() == rows_before, timeout=5000)
    assert ctx.home.warm.read_bytes() == warm_before


def test_the_reply_streams_into_the_transcript_and_stop_closes_the_request(workbench, qtbot, openai_server):
    """A slow model's reply grows in the transcript as it is written; Stop ends it at the next
    piece: the connection is closed (the server wrote under half of the reply), the pane says so."""
    from linghun.workbench.settings import LlmSettings

    window = workbench.window
    ctx = window.ctx
    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "fake-model")
    ctx.settings.api_key.set("sk-test-chat")
    ctx.home.config.write_text(json.dumps({"llm": {"maxRetries": 0, "timeout": 5}}), encoding="utf-8")
    answer = "The platform team decided it at their weekly meeting, after two rounds of review. " * 6

    def respond(request):
        from tests.fakeopenai import Reply

        if not request.get("tools"):
            return "素材：\n- vault 迁移由平台组在周会上决定。"  # the round's own LLM calls
        return Reply(answer, chunk_delay=0.08)  # ~70 pieces: ~6 s in all

    openai_server.respond_with(respond)
    pane = _open_pane(window, "conversation")
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Down)  # Offline -> Configured LLM
    QTest.keyClicks(pane.message, FIRST)
    QTest.mouseClick(pane.btn_send, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "The platform team decided" in pane.transcript_text(), timeout=30000)
    assert pane.transcript_text().count("after two rounds of review") < 6  # part of it, still coming
    assert pane.btn_stop.isEnabled()
    QTest.mouseClick(pane.btn_stop, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=10000)
    # the server learns of the closed connection at its next write
    qtbot.waitUntil(lambda: any(total > 40 for _written, total in openai_server.streams), timeout=5000)
    written, total = next(s for s in openai_server.streams if s[1] > 40)
    assert written < total // 2, openai_server.streams
    assert "Stopped" in pane.transcript_text() and not pane.btn_stop.isEnabled()


def test_what_was_given_up_for_the_model_is_said_under_its_reply(workbench, qtbot, openai_server):
    """A model that answers in plain text although the tools were offered (a small local model):
    the reply is shown, and under it the note that it called no tool."""
    from linghun.core.chat import NO_TOOL_CALL
    from linghun.workbench.settings import LlmSettings

    window = workbench.window
    ctx = window.ctx
    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "fake-model")
    ctx.settings.api_key.set("sk-test-chat")
    ctx.home.config.write_text(json.dumps({"llm": {"maxRetries": 0, "timeout": 5}}), encoding="utf-8")
    openai_server.respond_with(lambda request: "The platform team decided it." if request.get("tools")
                               else "素材：\n- vault 迁移由平台组在周会上决定。")
    pane = _open_pane(window, "conversation")
    QTest.keyClick(pane.llm_choice, Qt.Key.Key_Down)
    _send(pane, qtbot, FIRST, click=True)
    text = pane.transcript_text()
    assert "The platform team decided it." in text and f"Notes: {NO_TOOL_CALL}" in text
