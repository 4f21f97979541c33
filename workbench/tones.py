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
    # a unified diff's lines
    "added": ("#1a7f37", "#7ddc9c"),
    "removed": ("#cf222e", "#ff8a80"),
    "hunk": ("#0b5fbf", "#8cbcf0"),
    # an entry's confidence
    "high": ("#1e7b45", "#7ddc9c"),
    "medium": ("#0b5fbf", "#8cbcf0"),
    "low": ("#9a5b00", "#ffc266"),
    # a goal's state
    "active": ("#1e7b45", "#7ddc9c"),
    "paused": ("#8a5a00", "#ffd27f"),
    "achieved": ("#2f6fb5", "#8cbcf0"),
    # what the machine did rather than said (a tool call in the transcript)
    "machine": ("#6f42c1", "#c5a3ff"),
}
BACKGROUND = {
    "error": ("#fdecea", "#4a2323"),
    "warning": ("#fff3cd", "#4a3d1a"),
    # a role's button in the rounds strip, by status
    "running": ("#ffe08a", "#5a4a12"),
    "ok": ("#c8ecd0", "#1f4a2b"),
    "skipped": ("#e4e6ea", "#3a3f47"),
    "fallback": ("#fff0c2", "#4a3d1a"),
    "failed": ("#f6c6cb", "#5a2a2e"),
}

#: colours of chart series and graph nodes: mid-lightness, so each reads on a light and a dark plot
SERIES = {
    "blue": "#4c78a8", "orange": "#f58518", "red": "#e45756", "green": "#54a24b", "purple": "#b279a2",
    "brown": "#9d755d", "gray": "#8a8f98", "light gray": "#b8b8b8", "teal": "#2e9d4a", "gold": "#d4a017",
    "navy": "#2f6fb5", "plum": "#8e6c8a", "violet": "#8e44ad", "sky": "#5dade2", "amber": "#f5b041",
    "ochre": "#af601a", "steel": "#2471a3", "emerald": "#229954", "silver": "#95a5a6", "crimson": "#d0453b",
}

#: the dark theme's palette, by role name (``QPalette.ColorRole``); Disabled text in ``DARK_DISABLED``
DARK_PALETTE = {
    "Window": "#2a2e35", "WindowText": "#e6e6e6", "Base": "#1e2126", "AlternateBase": "#262a30",
    "ToolTipBase": "#2a2e35", "ToolTipText": "#e6e6e6", "Text": "#e6e6e6", "Button": "#2a2e35",
    "ButtonText": "#e6e6e6", "BrightText": "#ff6b6b", "Highlight": "#3d6fa3", "HighlightedText": "#ffffff",
    "Link": "#7fb3ea", "PlaceholderText": "#8a8f98", "Mid": "#3a3f47", "Dark": "#17191d", "Light": "#3f444c",
}
DARK_DISABLED = "#7a7f88"


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def colour(palette: QPalette, table: dict, tone: str) -> QColor:
    light, dark = table[tone]
    return QColor(dark if is_dark(palette) else light)


def text(tone: str) -> QColor:
    """The text colour of ``tone`` for the application's palette now: item models call it from
    ``data()``, so a theme switch repaints their views right."""
    return colour(QApplication.palette(), TEXT, tone)


def background(tone: str) -> QColor:
    return colour(QApplication.palette(), BACKGROUND, tone)


def muted() -> QColor:
    """Gray text for a note, a thing of less weight: the palette's placeholder colour, made opaque
    over the base (Fusion's light one is the text colour at half alpha, which HTML cannot say)."""
    palette = QApplication.palette()
    gray, base = palette.color(QPalette.ColorRole.PlaceholderText), palette.color(QPalette.ColorRole.Base)
    a = gray.alphaF()
    return QColor.fromRgbF(*(a * g + (1 - a) * b for g, b in zip(gray.getRgbF()[:3], base.getRgbF()[:3])))


def css(tone: str) -> str:
    """``text(tone)`` for HTML (``"muted"`` is the placeholder gray); HTML built with it is built
    again when the palette changes."""
    return (muted() if tone == "muted" else text(tone)).name()


def luminance(c: QColor) -> float:
    """WCAG relative luminance."""
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def follows_palette(event: QEvent) -> bool:
    """Whether ``event`` (in a ``changeEvent``) means colours taken from the palette are stale."""
    return event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)


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
    # the roles this sets: a label in a tool bar is drawn in the button's roles otherwise
    widget.setBackgroundRole(QPalette.ColorRole.Window)
    widget.setForegroundRole(QPalette.ColorRole.WindowText)
    _Follow(widget, tone, True)
    _apply(widget, tone, True)
    return widget
