"""The colours that mean something read on the dark theme as on the light one.

The main window is switched through the View menu's theme actions; for a sample of views (the
entries' confidence, the review queue's contradiction, a diff's lines, the conversation's
transcript, the rounds strip) the colour used must keep a WCAG contrast ratio of at least 3 with
the window's base, in both themes, without the view being built again by hand.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from linghun.core.review.contradictions import Contradiction
from linghun.core.review.queue import ReviewItem
from linghun.workbench import tones
from linghun.workbench.dialogs.diff import DiffDialog
from linghun.workbench.models.entries import COL_CONFIDENCE
from linghun.workbench.models.review import ReviewModel
from tests.workbench.test_app_helpers import (  # noqa: F401 - fixtures
    isolated, no_thread_left, settings, workbench,
)

WORKBENCH = Path(__file__).resolve().parents[2] / "workbench"
MIN_CONTRAST = 3.0
HEX = re.compile(r"#[0-9a-fA-F]{6}\b")
#: files that may keep a ``#rrggbb`` literal, and why
ALLOWED_HEX = {
    # the tables of every colour the workbench uses, each light value with its dark one
    "tones.py",
    # the stroke colour the SVG files are drawn with, replaced by the palette's text colour
    # before rendering (the application logo keeps its own)
    "icons.py",
}


def _base() -> QColor:
    return QApplication.palette().color(QPalette.ColorRole.Base)


def _readable(colour: QColor, on: QColor | None = None) -> bool:
    return tones.contrast(colour, on or _base()) >= MIN_CONTRAST


def _switch(window, qtbot, theme: str) -> None:
    window.theme_actions[theme].trigger()
    qtbot.wait(50)
    assert tones.is_dark(QApplication.palette()) == (theme == "dark")


def _diff_colours(dialog) -> dict[str, QColor]:
    colours, block = {}, dialog.view.document().firstBlock()
    while block.isValid():
        formats = block.layout().formats()
        if formats and not block.text().startswith(("+++", "---")):
            colours[block.text()[:1]] = formats[0].format.foreground().color()
        block = block.next()
    return colours


def _html_colours(html: str) -> set[str]:
    return {m.lower() for m in re.findall(r"color:\s*(#[0-9a-fA-F]{6})", html)}


def _strip_rule(sheet: str, status: str) -> tuple[QColor, QColor]:
    m = re.search(r'\[status="%s"\] \{ background: (#[0-9a-f]{6}); color: (#[0-9a-f]{6}); \}' % status, sheet)
    assert m, sheet
    return QColor(m.group(1)), QColor(m.group(2))


def _check_views(window, entries, review, dialog, chat, strip) -> dict[str, QColor]:
    """The sampled colours, each asserted readable on the palette's base; returned to compare themes."""
    low_row = next(r for r in range(entries.rowCount()) if entries.data(entries.index(r, COL_CONFIDENCE)) == "low")
    low = QColor(entries.data(entries.index(low_row, COL_CONFIDENCE), Qt.ItemDataRole.ForegroundRole))
    assert _readable(low), low.name()
    for row in range(entries.rowCount()):  # every coloured row (a low entry, a wrong one set aside)
        colour = entries.data(entries.index(row, COL_CONFIDENCE), Qt.ItemDataRole.ForegroundRole)
        assert colour is None or _readable(QColor(colour)), (row, QColor(colour).name())
    contradiction = review.data(review.index(0, 4), Qt.ItemDataRole.ForegroundRole).color()
    assert _readable(contradiction), contradiction.name()
    diff = _diff_colours(dialog)
    assert set(diff) == {"+", "-", "@"}
    for mark, colour in diff.items():
        assert _readable(colour), (mark, colour.name())
    transcript = _html_colours(chat.transcript.toHtml())
    assert transcript  # the turn's link line and the failure are coloured
    for name in transcript:
        assert _readable(QColor(name)), name
    for status in ("ok", "failed", "running"):
        fill, ink = _strip_rule(strip.styleSheet(), status)
        assert _readable(ink, fill), (status, fill.name(), ink.name())
    label = window.time_travel.banner  # the past's read-only banner: drawn in the error tone's fill
    banner = label.palette()
    assert banner.color(QPalette.ColorRole.Window) == tones.background("error")
    assert label.grab().toImage().pixelColor(1, 1) == tones.background("error")
    assert _readable(banner.color(QPalette.ColorRole.WindowText), banner.color(QPalette.ColorRole.Window))
    return {"low": low, "contradiction": contradiction, "removed": diff["-"],
            "strip": _strip_rule(strip.styleSheet(), "ok")[0], "banner": banner.color(QPalette.ColorRole.Window)}


def test_the_sampled_views_read_in_dark_then_light(workbench, qtbot):
    window = workbench.window
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    entries = window.pane("entries")
    qtbot.waitUntil(lambda: entries.model.rowCount() > 0, timeout=30000)
    # an entry made low as a person does: selected, Alt+3
    entries.view.setFocus()
    entries.view.selectRow(0)
    QTest.keyClick(entries.view, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: any(e.effective_confidence == "low" for e in window.ctx.memory.entries()), timeout=5000)
    review = ReviewModel()
    review.set_items([ReviewItem(
        id="0123456789ab", kind="update", writer="agent", when=datetime(2026, 1, 2, tzinfo=timezone.utc),
        file="warm.md", commit="c0ffee", consequences=["changes [1]"], diff="",
        contradictions=[Contradiction("supersedes", "supersedes [1]?", "端口 8443", 1, "k")])])
    dialog = DiffDialog("Preview", "A change", "旧的 | 值 | 1\n共同\n", "新的 | 值 | 2\n共同\n", parent=window)
    chat = window.pane("conversation")
    chat.exchanges.append({"message": "hello", "state": "failed", "error": "the model is gone"})
    chat._render()
    window.workspace_actions["rounds"].trigger()
    strip = window.pane("rounds").strip

    light = _check_views(window, entries.model, review, dialog, chat, strip)
    _switch(window, qtbot, "dark")
    dark = _check_views(window, entries.model, review, dialog, chat, strip)
    assert all(dark[k] != light[k] for k in light), {k: (light[k].name(), dark[k].name()) for k in light}
    _switch(window, qtbot, "light")
    again = _check_views(window, entries.model, review, dialog, chat, strip)
    assert {k: c.name() for k, c in again.items()} == {k: c.name() for k, c in light.items()}
    dialog.deleteLater()


def test_every_tone_reads_on_its_window():
    light_base, dark_base = QColor("#ffffff"), QColor(tones.DARK_PALETTE["Base"])
    for tone, (light, dark) in tones.TEXT.items():
        assert tones.contrast(QColor(light), light_base) >= 4.5, tone
        assert tones.contrast(QColor(dark), dark_base) >= 4.5, tone
    dark_text = QColor(tones.DARK_PALETTE["Text"])
    for tone, (light, dark) in tones.BACKGROUND.items():
        assert tones.contrast(QColor(light), QColor("#000000")) >= 7, tone
        assert tones.contrast(QColor(dark), dark_text) >= 4.5, tone


def test_the_checks_series_colours_read_as_text_on_both_themes():
    from linghun.workbench.panes.checks.model import FAIL_COLOUR, PASS_COLOUR

    # one colour for the plot and the verdict's words, whichever the theme
    for colour in (PASS_COLOUR, FAIL_COLOUR):
        for base in (QColor("#ffffff"), QColor(tones.DARK_PALETTE["Base"])):
            assert tones.contrast(colour, base) >= MIN_CONTRAST, (colour.name(), base.name())


def test_no_fixed_colour_is_left_outside_the_tones():
    found = [f"{path.relative_to(WORKBENCH)}:{n}: {line.strip()}"
             for path in sorted(WORKBENCH.rglob("*.py")) if path.relative_to(WORKBENCH).as_posix() not in ALLOWED_HEX
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if HEX.search(line)]
    assert found == []
