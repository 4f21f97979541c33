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


def test_slices_cut_on_a_worker_show_the_same_text(qtbot):
    import threading

    from linghun.workbench.dialogs.diff import diff_slices

    text = "\n".join(f"{'+-@ '[i % 4]} line {i}" for i in range(1234))
    cut: list = []
    worker = threading.Thread(target=lambda: cut.append(diff_slices(text, 100)))
    worker.start()
    worker.join()
    assert len(cut[0]) == 13 and all(s.count("\n") == 99 for s in cut[0][:-1])
    view = DiffView()
    qtbot.addWidget(view)
    view.show_slices(cut[0])
    qtbot.waitUntil(view.is_complete, timeout=10000)
    assert view.toPlainText() == text
    view.show_slices([])
    assert view.toPlainText() == "" and view.is_complete()


def test_every_line_is_coloured_by_its_mark_in_every_slice(qtbot):
    from PySide6.QtGui import QColor

    from linghun.workbench.dialogs.diff import LINE_COLOURS

    view = DiffView()
    qtbot.addWidget(view)
    lines = ["--- a/warm.md", "+++ b/warm.md", "@@ -1,3 +1,3 @@", " 上下文", "-旧的 | 值 | 1", "+新的 | 值 | 2 😀"] * 300
    view.show_text("\n".join(lines))
    qtbot.waitUntil(view.is_complete, timeout=30000)
    block, seen = view.document().firstBlock(), 0
    while block.isValid():
        line, formats = block.text(), block.layout().formats()
        colour = None if line.startswith(("+++", "---")) else LINE_COLOURS.get(line[:1])
        if colour is None:
            assert formats == []
        else:  # the whole line, the emoji's two UTF-16 units included
            assert len(formats) == 1 and formats[0].format.foreground().color() == QColor(colour)
            assert formats[0].start == 0 and formats[0].length == block.length() - 1
        seen += 1
        block = block.next()
    assert seen == len(lines) > DiffView.SLICE_LINES  # the slices after the first are coloured too
