"""Journey 1: curating the warm entries by hand, on the demo home, at 1280x800.

New entry, an edit in each structured form, confidence, flip, revive, touch, delete, a bulk
change, the diff of an unsaved edit, and undo all the way back to a byte-identical warm.md.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QComboBox, QLineEdit

from linghun.core.memory import stamp_of
from tests.journeys.conftest import (
    answer_dialog, choose_in_context_menu, click, click_cell, find_row, press, type_into, visible_width, wait_for,
)
from linghun.workbench.models.entries import COL_CONFIDENCE, COL_KIND, COL_LAST_ACCESS, COL_N, COL_TEXT

CTRL = Qt.KeyboardModifier.ControlModifier


def _row(view, text: str) -> int:
    row = find_row(view, text, COL_TEXT)
    assert row >= 0, f"no row shows {text!r}"
    return row


def _cell(view, text: str, column: int) -> str:
    return view.model().index(_row(view, text), column).data()


def _header_of(warm: str, text: str) -> str:
    """The header line of the entry whose body contains ``text``."""
    head = "\n" + warm[: warm.index(text)]
    return head[head.rindex("\n## ") + 1:].split("\n", 1)[0]


def _field(pane, name: str) -> QLineEdit:
    return pane.editor.stack.currentWidget().findChild(QLineEdit, f"field-{name}")


def _choose(combo: QComboBox, data: str) -> None:
    """Pick an item of a combo box with the keyboard, as a person tabbing through the form does."""
    combo.setFocus()
    target = combo.findData(data)
    assert target >= 0
    key = Qt.Key.Key_Down if target > combo.currentIndex() else Qt.Key.Key_Up
    while combo.currentIndex() != target:
        before = combo.currentIndex()
        from PySide6.QtTest import QTest
        QTest.keyClick(combo, key)
        assert combo.currentIndex() != before, "the combo did not move"


def test_curating_entries_by_hand(journey_window, demo_home, shots):
    warm_path = demo_home / "linghun" / "memory" / "warm.md"
    original = warm_path.read_bytes()
    window = journey_window(demo_home)
    pane = window.pane("entries")
    view = pane.view
    first_rows = view.model().rowCount()
    # the text of the entries shows at 1280x800 without scrolling sideways
    assert visible_width(view, COL_TEXT) >= 200
    shots(window, "entries-open")

    # -- a new fact, typed into its structured form --------------------------------------------
    rows = view.model().rowCount()
    press(view, "Ctrl+N")
    assert pane.editor.title.text() == "New entry"
    type_into(_field(pane, "entity"), "staging-db")
    type_into(_field(pane, "attribute"), "port")
    type_into(_field(pane, "value"), "5433")
    type_into(_field(pane, "source"), "ops runbook#12")
    click(pane.editor.save_button)
    assert view.model().rowCount() == rows + 1
    assert "staging-db | port | 5433 | ops runbook#12" in warm_path.read_text(encoding="utf-8")
    assert pane.editor.state_label.text() == "Saved"

    # -- an edit in each structured form: event, fact, rule --------------------------------------
    click_cell(view, _row(view, "Add tracing to payment callback"), COL_TEXT)
    assert pane.editor.stack.currentWidget() is pane.editor.forms["event"]
    type_into(_field(pane, "detail"), "Add tracing to payment and refund callbacks")
    press(_field(pane, "detail"), QKeySequence(QKeySequence.StandardKey.Save))
    click_cell(view, _row(view, "可用性 SLO"), COL_TEXT)
    assert pane.editor.stack.currentWidget() is pane.editor.forms["fact"]
    type_into(_field(pane, "value"), "99.9%")
    click(pane.editor.save_button)
    click_cell(view, _row(view, "Incidents get a written timeline"), COL_TEXT)
    assert pane.editor.stack.currentWidget() is pane.editor.forms["rule"]
    type_into(_field(pane, "rule"), "Incidents get a written timeline in the postmortem doc within 24 hours.")
    click(pane.editor.save_button)
    warm = warm_path.read_text(encoding="utf-8")
    assert "李想 | merged | PR #496 | checkout-api | Add tracing to payment and refund callbacks" in warm
    assert "checkout-api | 可用性 SLO | 99.9% | SLO 文档#1" in warm
    assert "within 24 hours." in warm and "within 48 hours." not in warm
    shots(window, "entries-edited")

    # -- the diff shows what a save would change; Revert drops the draft ---------------------------
    click_cell(view, _row(view, "可用性 SLO"), COL_TEXT)
    type_into(_field(pane, "value"), "99.99%")
    wait_for(lambda: "+checkout-api | 可用性 SLO | 99.99%" in pane.editor.diff.toPlainText(), what="the diff")
    assert "-checkout-api | 可用性 SLO | 99.9% " in pane.editor.diff.toPlainText()
    assert pane.editor.state_label.text() == "● Not saved"
    click(pane.editor.revert_button)
    assert "99.99%" not in warm_path.read_text(encoding="utf-8")
    assert _field(pane, "value").text() == "99.9%"

    # -- confidence from the context menu -------------------------------------------------------------
    choose_in_context_menu(view, _row(view, "可用性 SLO"), "Confidence/High", COL_TEXT)
    assert _cell(view, "可用性 SLO", COL_CONFIDENCE) == "high"
    assert _header_of(warm_path.read_text(encoding="utf-8"), "可用性 SLO").endswith("[fact] high")

    # -- flip to wrong from the toolbar, revive by its shortcut, touch from the context menu ------
    click_cell(view, _row(view, "幂等键改为 order_id+attempt"), COL_TEXT)
    assert pane.act_flip.isEnabled()
    press(view, "Alt+3")  # low: so a Revive that gave back a fixed "medium" would fail here
    was = _cell(view, "幂等键改为 order_id+attempt", COL_CONFIDENCE)
    assert was == "low"
    pane.act_flip.trigger()
    assert _cell(view, "幂等键改为 order_id+attempt", COL_CONFIDENCE) == "wrong"
    assert _header_of(warm_path.read_text(encoding="utf-8"), "幂等键改为").endswith("[event] wrong")
    press(view, "Ctrl+Shift+R")  # the confidence before the flip comes back, read from the history
    wait_for(lambda: _cell(view, "幂等键改为 order_id+attempt", COL_CONFIDENCE) == was, what="the revive")
    assert _header_of(warm_path.read_text(encoding="utf-8"), "幂等键改为").endswith(f"[event] {was}")
    choose_in_context_menu(view, _row(view, "幂等键改为 order_id+attempt"), "Touch", COL_TEXT)
    assert _cell(view, "幂等键改为 order_id+attempt", COL_LAST_ACCESS) == stamp_of()
    warm = warm_path.read_text(encoding="utf-8")
    assert f"幂等键改为 order_id+attempt\n<!-- last_access: {stamp_of()} -->" in warm
    # and flip through its shortcut too
    press(view, "Ctrl+Shift+W")
    assert _cell(view, "幂等键改为 order_id+attempt", COL_CONFIDENCE) == "wrong"

    # -- delete by the Delete key, after the diff of what goes ------------------------------------
    rows = view.model().rowCount()
    click_cell(view, _row(view, "TestLedgerReplay | web-console"), COL_TEXT)
    seen = []
    answer_dialog("Apply", seen)
    press(view, QKeySequence(QKeySequence.StandardKey.Delete))
    assert seen and seen[0].startswith("Delete")
    assert view.model().rowCount() == rows - 1 and find_row(view, "TestLedgerReplay | web-console", COL_TEXT) < 0
    assert "TestLedgerReplay | web-console" not in warm_path.read_text(encoding="utf-8")

    # -- bulk Confidence -> Low on a wrong entry, a legacy [decision] and a live fact -------------
    # only the confidence word changes: the wrong entry stays wrong (Revive brings it back), the
    # legacy kind keeps its own word
    before = warm_path.read_text(encoding="utf-8")
    click_cell(view, _row(view, "on-call rotation | current"), COL_TEXT)
    click_cell(view, _row(view, "可用性 SLO"), COL_TEXT, CTRL)
    click_cell(view, _row(view, "Postgres as the only source of truth"), COL_TEXT, CTRL)  # in the editor
    assert len(view.selectionModel().selectedRows()) == 3
    seen = []
    answer_dialog("Apply", seen)
    press(view, "Alt+3")
    assert seen and seen[0] == "Set 2 entries to low", seen
    assert "wrong entries keep their flag" in window.statusBar().currentMessage()
    warm = warm_path.read_text(encoding="utf-8")
    assert _header_of(warm, "on-call rotation | current").endswith("[fact] wrong")
    assert _header_of(warm, "Postgres as the only source of truth").endswith("[decision] low")
    assert _header_of(warm, "可用性 SLO").endswith("[fact] low")
    assert _cell(view, "Postgres as the only source of truth", COL_KIND) == "decision"
    assert _cell(view, "on-call rotation | current", COL_CONFIDENCE) == "wrong"
    changed = [(a, b) for a, b in zip(before.splitlines(), warm.splitlines()) if a != b]
    assert len(changed) == 2 and len(before.splitlines()) == len(warm.splitlines()), changed
    shots(window, "entries-bulk-low")

    # -- undo everything: warm.md is byte-identical to the start ----------------------------------
    assert window.act_undo.isEnabled()
    while window.act_undo.isEnabled():
        press(view, QKeySequence(QKeySequence.StandardKey.Undo))
    assert warm_path.read_bytes() == original
    assert view.model().rowCount() == first_rows
    assert int(view.model().index(view.model().rowCount() - 1, COL_N).data()) == first_rows
    shots(window, "entries-undone")


def test_a_new_entry_that_repeats_one_says_it_merges_before_and_after_saving(journey_window, demo_home):
    """Curate > New with the body of an existing fact: the preview says it merges into that
    entry (not "appended at the end"), Save merges and says so, and warm.md holds one entry."""
    warm_path = demo_home / "linghun" / "memory" / "warm.md"
    window = journey_window(demo_home)
    pane = window.pane("entries")
    view = pane.view
    target = next(e for e in window.ctx.memory.entries() if "可用性 SLO" in e.body and not e.is_wrong)
    entity, attribute, value, source = [part.strip() for part in target.body.split("|")]
    rows = view.model().rowCount()
    press(view, "Ctrl+N")
    _choose(pane.editor.kind, "fact")
    for name, text in (("entity", entity), ("attribute", attribute), ("value", value), ("source", source)):
        type_into(_field(pane, name), text)
    wait_for(lambda: f"merges it into [{target.n}]" in pane.editor.state_label.text(), what="the merge said")
    diff = pane.editor.diff.toPlainText()
    assert f"-{target.raw.splitlines()[0]}" in diff  # the entry itself is rewritten, in its place
    click(pane.editor.save_button)
    assert view.model().rowCount() == rows
    assert window.notifications.label.text().startswith(f"Merged into [{target.n}]")
    assert warm_path.read_text(encoding="utf-8").count(target.body) == 1


def test_two_chosen_entries_merge_into_the_earlier_one_after_the_diff_and_undo_takes_it_back(journey_window,
                                                                                           demo_home):
    """Choose two facts (click, Ctrl+click), Merge on the toolbar, Apply the diff: the earlier
    keeps both bodies and the lower confidence, the later is gone; Undo gives warm.md back byte
    for byte. Two entries of different kinds are refused with a message, nothing written."""
    warm_path = demo_home / "linghun" / "memory" / "warm.md"
    original = warm_path.read_bytes()
    window = journey_window(demo_home)
    pane = window.pane("entries")
    view = pane.view
    facts = [e for e in window.ctx.memory.entries() if e.kind == "fact" and not e.is_wrong and "|" in e.body]
    first, second = facts[0], next(e for e in facts[1:] if e.effective_confidence != facts[0].effective_confidence)
    merge_button = pane.toolbar.widgetForAction(pane.act_merge)
    click_cell(view, _row(view, first.body.split("|")[0].strip() + " | " + first.body.split("|")[1].strip()), COL_TEXT)
    assert not merge_button.isEnabled()  # one entry chosen: nothing to merge with
    click_cell(view, _row(view, second.body.split("|")[0].strip() + " | " + second.body.split("|")[1].strip()),
               COL_TEXT, CTRL)
    assert merge_button.isEnabled()
    rows = view.model().rowCount()
    seen = []
    answer_dialog("Apply", seen)
    click(merge_button)
    assert seen == [f"Merge [{second.n}] into [{first.n}]"], seen
    assert view.model().rowCount() == rows - 1
    warm = warm_path.read_text(encoding="utf-8")
    assert warm.count(second.body) == 1 and f"{first.body}\n\n{second.body}" in warm
    lower = max(first.effective_confidence, second.effective_confidence, key=("high", "medium", "low").index)
    assert _header_of(warm, first.body).endswith(f"[fact] {lower}")
    assert f"[{second.n}] merged into [{first.n}]" in window.notifications.label.text()
    assert pane.selected_ids() == [first.id]

    window.act_undo.trigger()  # Edit > Undo
    assert warm_path.read_bytes() == original
    wait_for(lambda: view.model().rowCount() == rows, what="the table after the undo")

    # an event and a fact do not merge: said, and nothing written
    event = next(e for e in window.ctx.memory.entries() if e.kind == "event" and not e.is_wrong)
    pane.select_entry(first.id)
    click_cell(view, _row(view, event.body.strip().splitlines()[0][:20]), COL_TEXT, CTRL)
    click(merge_button)
    assert "only entries of one kind merge" in window.notifications.label.text()
    assert warm_path.read_bytes() == original
