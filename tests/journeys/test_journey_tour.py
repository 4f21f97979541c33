"""Journey: a tour of the window on a laptop screen, at 1280x800 then 1280x720, in English and Chinese.

The window fits (its minimum size is below 1280x720, no dock is drawn over another, the status
bar shows), the map rebuilds and the journal fits its marks by their pane's keys, Settings opens
and is cancelled, Help > Keyboard shortcuts lists the keys read from the actions, and quitting
with an unsaved entry offers Save, which writes it.
"""
from __future__ import annotations

import itertools

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QTableWidget

from tests.journeys.conftest import answer_dialog, press, show_pane, type_into, visible_width, wait_for
from linghun.workbench import panes
from linghun.workbench.models.entries import COL_TEXT


def _no_overlap(window) -> None:
    docks = [d for d in window.docks.values() if d.isVisible() and not d.visibleRegion().isEmpty()]
    for a, b in itertools.combinations(docks, 2):
        assert not a.geometry().intersects(b.geometry()), f"{a.objectName()} overlaps {b.objectName()}"
    bar = window.statusBar()
    assert bar.isVisible() and window.rect().contains(bar.geometry())


def _read_shortcuts(rows: list) -> None:
    """Read the shortcuts table of the dialog about to open, then close it with its button."""
    def attempt() -> None:
        dialog = QApplication.activeModalWidget()
        table = dialog.findChild(QTableWidget, "shortcuts-table") if dialog is not None else None
        if table is None:
            QTimer.singleShot(20, attempt)
            return
        rows.extend(tuple(table.item(r, c).text() for c in range(3)) for r in range(table.rowCount()))
        close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
        QTest.mouseClick(close, Qt.MouseButton.LeftButton)
    QTimer.singleShot(0, attempt)


def test_a_tour_on_a_laptop_screen(journey_window, demo_home, shots):
    window = journey_window(demo_home)
    assert window.minimumSizeHint().width() <= 1280 and window.minimumSizeHint().height() <= 720
    _no_overlap(window)

    # -- the map rebuilds by its key, the journal fits all its marks by its key -------------------
    map_pane = show_pane(window, "map")
    press(map_pane.toolbar, "Ctrl+R")
    wait_for(lambda: map_pane.snapshot is not None and not map_pane.is_building(), 60000, "the map")
    assert map_pane.act_rebuild.shortcut().toString() == "Ctrl+R"
    shots(window, "tour-map")
    journal = show_pane(window, "journal")
    press(journal.plot, "Ctrl+0")
    assert journal.act_fit.shortcut().toString() == "Ctrl+0"

    # -- Settings opens and is cancelled ----------------------------------------------------------
    seen: list[str] = []
    answer_dialog("Cancel", seen)
    window.act_settings.trigger()
    assert seen and seen[0]

    # -- Help > Keyboard shortcuts: generated from the actions, every pane has its keys -----------
    rows: list[tuple[str, str, str]] = []
    _read_shortcuts(rows)
    window.act_shortcuts.trigger()
    assert ("Everywhere", "Open Home", "Ctrl+O") in rows
    assert ("Entries", "Flip to Wrong", "Ctrl+Shift+W") in rows and ("Gaps", "Fill", "Ctrl+N") in rows
    assert ("Goals", "New goal", "Ctrl+N") in rows and ("Map", "Rebuild", "Ctrl+R") in rows
    assert {where for where, _, _ in rows} == {"Everywhere", *(cls.title() for cls in panes.registered_panes())}

    # -- 1280x720, in Chinese: still fits, the entry text still shows ------------------------------
    window.resize(1280, 720)
    window.language_actions["zh_CN"].trigger()
    QApplication.processEvents()
    entries = show_pane(window, "entries")
    _no_overlap(window)
    assert visible_width(entries.view, COL_TEXT) >= 200
    assert entries.act_flip.text() != "Flip to Wrong"  # translated
    shots(window, "tour-720-zh")
    window.language_actions["en"].trigger()
    QApplication.processEvents()

    # -- quitting with an unsaved entry offers Save, which writes it -------------------------------
    press(entries.view, "Ctrl+N")
    type_into(entries.editor.stack.currentWidget().edits["entity"], "release-train")
    type_into(entries.editor.stack.currentWidget().edits["attribute"], "cadence")
    type_into(entries.editor.stack.currentWidget().edits["value"], "every second Tuesday")
    seen.clear()
    answer_dialog("Save", seen)
    window.act_quit.trigger()
    assert "Save them?" in seen[0]
    wait_for(lambda: not window.isVisible(), what="the window to close")
    assert "release-train | cadence | every second Tuesday" in \
        (demo_home / "linghun" / "memory" / "warm.md").read_text(encoding="utf-8")
