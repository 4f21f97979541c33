"""Consolidation in the workbench as a person does it: *Consolidate…* in the Ontology pane, read the
preview, *Apply*, then *Undo*. The preview is the consolidation's own plan; applying it is one
all-or-nothing commit; undo brings back every byte."""
from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.core.formats import episodic as episodic_format
from linghun.core.transaction import JOURNAL_DIR
from tests.reliability.crashkit import entry_keys, snapshot
from tests.perf.synth import make_home
from linghun.workbench.dialogs.diff import LINE_COLOURS
from linghun.workbench.settings import Settings

SCREENSHOTS = os.environ.get("LINGHUN_SCREENSHOT_DIR")


def test_consolidate_preview_apply_and_undo_in_the_window(tmp_path, qtbot):
    from linghun.workbench.main_window import MainWindow

    home = make_home(tmp_path / "dsh", 2_000)
    originals = entry_keys(home.warm.read_text(encoding="utf-8"))
    before = snapshot(home)
    window = MainWindow(Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(window)
    try:
        assert window.open_home(home.dsh_home, remember=False)
        window.resize(1280, 800)
        window.show()
        pane = window.pane("ontology")
        pane.act_consolidate.trigger()
        qtbot.waitUntil(lambda: pane._preview is not None and pane._handle is None, timeout=60000)
        assert snapshot(home) == before  # previewing writes nothing
        summary = pane.preview_summary.text()
        assert "events to the timeline" in summary
        qtbot.waitUntil(pane.diff_view.is_complete, timeout=30000)  # a long diff is shown a slice at a time
        diff = pane.diff_view.toPlainText()
        assert "+## " in diff and "cold.md" in diff and "warm.md" in diff
        last = pane.diff_view.document().lastBlock()  # of the last slice shown
        while not (last.text().startswith(("+", "-")) and not last.text().startswith(("+++", "---"))):
            last = last.previous()
        colour = LINE_COLOURS[last.text()[0]]
        assert [f.format.foreground().color().name() for f in last.layout().formats()] == [colour]
        if SCREENSHOTS:
            window.grab().save(os.path.join(SCREENSHOTS, "consolidation-preview-2k.png"))
        assert pane.btn_apply.isEnabled()
        QTest.mouseClick(pane.btn_apply, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.ctx.memory.entries() == [], timeout=30000)
        assert not (home.root / JOURNAL_DIR).exists()
        archived = [k for paths in home.episodic_days().values() for p in paths
                    for s in episodic_format.parse_episodic(p.read_text(encoding="utf-8")).sections
                    for k in entry_keys(s.text)]
        assert sorted(archived) == sorted(originals)  # every entry archived, once
        assert window.act_undo.isEnabled()
        window.act_undo.trigger()
        qtbot.waitUntil(lambda: len(window.ctx.memory.entries()) == len(originals), timeout=30000)
        assert snapshot(home) == before  # undo: the exact bytes of every file, the archive removed
    finally:
        window.close()
