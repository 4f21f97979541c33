"""Colours that mean something (an error, a success, a warning), taken from the palette.

A fixed ``color: #c0392b`` on a label was chosen on a light window: on the dark theme it reads
poorly, and it does not follow the desktop's scheme when it changes. ``mark`` and ``banner`` give
a widget palette colours picked for the window's current lightness, and pick them again whenever
the palette changes (a theme switch, the system turning dark).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

#: (on a light window, on a dark window) for each meaning
TEXT = {
    "error": ("#b03a2e", "#ff8a80"),
    "ok": ("#1e7b45", "#7ddc9c"),
    "warning": ("#8a5a00", "#ffd27f"),
}
BACKGROUND = {
    "error": ("#fdecea", "#4a2323"),
    "warning": ("#fff3cd", "#4a3d1a"),
}


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def colour(palette: QPalette, table: dict, tone: str) -> QColor:
    light, dark = table[tone]
    return QColor(dark if is_dark(palette) else light)


class _Follow(QObject):
    """Re-applies a widget's tone when its palette changes."""

    def __init__(self, widget: QWidget, tone: str, background: bool) -> None:
        super().__init__(widget)
        self.tone, self.background = tone, background
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.PaletteChange and isinstance(obj, QWidget):
            _apply(obj, self.tone, self.background)
        return False


def _apply(widget: QWidget, tone: str, background: bool) -> None:
    # the application's palette, not the widget's own (which this sets): the theme decides
    base = QApplication.palette()
    palette = widget.palette()
    text = colour(base, TEXT, tone) if tone in TEXT else base.color(QPalette.ColorRole.WindowText)
    if palette.color(QPalette.ColorRole.WindowText) != text:
        palette.setColor(QPalette.ColorRole.WindowText, text)
        palette.setColor(QPalette.ColorRole.Text, text)
    if background:
        palette.setColor(QPalette.ColorRole.Window, colour(base, BACKGROUND, tone))
    widget.blockSignals(True)
    widget.setPalette(palette)
    widget.blockSignals(False)


def mark(widget: QWidget, tone: str) -> QWidget:
    """Draw ``widget``'s text in the colour of ``tone`` ("error", "ok", "warning"; "" for plain)."""
    follower = widget.findChild(_Follow)
    if follower is None:
        _Follow(widget, tone, False)
    else:
        follower.tone = tone
    if tone:
        _apply(widget, tone, False)
    else:
        widget.setPalette(QPalette())
    return widget


def banner(widget: QWidget, tone: str) -> QWidget:
    """A strip with the background and text colours of ``tone`` ("error", "warning")."""
    widget.setAutoFillBackground(True)
    _Follow(widget, tone, True)
    _apply(widget, tone, True)
    return widget
