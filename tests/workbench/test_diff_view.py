"""A long diff is shown a slice at a time, so the GUI thread never lays out 100k lines at once."""
from __future__ import annotations

from linghun.workbench.dialogs.diff import DiffView


def test_a_long_diff_arrives_in_slices_and_ends_complete(qtbot):
    view = DiffView()
    qtbot.addWidget(view)
    text = "\n".join(f"+ line {i}" for i in range(10_000))
    view.show_text(text)
    assert view.blockCount() == DiffView.SLICE_LINES  # the first slice at once
    assert not view.is_complete()
    qtbot.waitUntil(view.is_complete, timeout=30000)
    assert view.toPlainText() == text
    view.show_text("+ short")
    view.clear()  # a new preview starts: nothing of the old one arrives after
    qtbot.wait(50)
    assert view.toPlainText() == "" and view.is_complete()
