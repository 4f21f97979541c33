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

from core import turn as core_turn
from core.context import PART_KEYS
from core.memory import Memory
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures
from workbench.models.context import ContextPartsModel

FIRST = "How was the vault migration decided?"  # typed: QTest.keyClicks takes ASCII only
SECOND = "What is the latest version of checkout-api?"


def _open_pane(window, name):
    toggle = window.docks[name].toggleViewAction()
    if toggle.isChecked():  # shown as a tab: close it, then open it the way the View menu does
        toggle.trigger()
    toggle.trigger()
    assert toggle.isChecked() and window.docks[name].isVisibleTo(window)
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
    assert "judge" in started and "retriever" in started  # the roles fired, live on the bus
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
