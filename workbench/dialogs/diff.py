"""Show what a save will change: a unified diff, coloured, in a read-only text view."""
from __future__ import annotations

import difflib

from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QFont, QFontDatabase, QTextBlock, QTextCharFormat, QTextLayout
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget
from linghun.workbench import tones
from linghun.workbench.plaintext import plain


def unified_diff(before: str, after: str, name: str = "warm.md", context: int = 2) -> str:
    """The change from ``before`` to ``after`` as a unified diff ("" when they are equal)."""
    if before == after:
        return ""
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 f"a/{name}", f"b/{name}", n=context)
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def diff_slices(text: str, size: int | None = None) -> list[str]:
    """``text`` in pieces of ``size`` lines (``DiffView.SLICE_LINES``) for ``DiffView.show_slices``;
    touches no Qt object, so a worker can cut a long diff."""
    size = size or DiffView.SLICE_LINES
    lines = text.splitlines()
    return ["\n".join(lines[i:i + size]) for i in range(0, len(lines), size)]


#: the tone of a diff line by its first character; the file lines (``+++``, ``---``) stay plain
LINE_TONES = {"+": "added", "-": "removed", "@": "hunk"}
#: the colours of those lines on a light window (``line_colours()`` gives them for the palette now)
LINE_COLOURS = {prefix: tones.TEXT[tone][0] for prefix, tone in LINE_TONES.items()}


def line_colours() -> dict[str, QColor]:
    """The colour of a diff line by its first character, for the application's palette now."""
    return {prefix: tones.text(tone) for prefix, tone in LINE_TONES.items()}


def _line_formats() -> dict[str, QTextCharFormat]:
    formats = {}
    for prefix, colour in line_colours().items():
        fmt = QTextCharFormat()
        fmt.setForeground(colour)
        formats[prefix] = fmt
    return formats


class DiffView(QPlainTextEdit):
    """A read-only, monospaced, coloured unified diff."""

    #: lines shown at once by ``show_text``; the rest follow a slice per event-loop turn. A slice
    #: of 1500 coloured lines took 17 ms of the GUI thread (more while workers hold the GIL);
    #: 500 keep each turn near 6 ms
    SLICE_LINES = 500

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._slices: list[str] = []
        self._slice_timer = QTimer(self)
        self._slice_timer.setInterval(0)
        self._slice_timer.timeout.connect(self._append_slice)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.setFont(font)
        self._formats = _line_formats()

    def show_text(self, text: str) -> None:
        """Show ``text`` a slice at a time: laying out and colouring a 10k-entry consolidation's
        115k-line diff in one ``setPlainText`` held the GUI thread for about two seconds."""
        self.show_slices(diff_slices(text))

    def show_slices(self, slices: list[str]) -> None:
        """Show text cut by ``diff_slices`` (on a worker: cutting a 115k-line diff took 20-40 ms)."""
        self._slices = list(slices[1:])
        self.setPlainText(slices[0] if slices else "")
        self._colour(self.document().firstBlock())
        if self._slices:
            self._slice_timer.start()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # a theme switch: the lines shown so far are coloured again in the new palette's tones
        if tones.follows_palette(event):
            formats = _line_formats()
            if formats["+"].foreground() != self._formats["+"].foreground():
                self._formats = formats
                self._colour(self.document().firstBlock())
        super().changeEvent(event)

    def is_complete(self) -> bool:
        """Whether every slice of the last ``show_text`` is shown."""
        return not self._slices

    def clear(self) -> None:
        self._slices = []
        self._slice_timer.stop()
        super().clear()

    def _append_slice(self) -> None:
        if not self._slices:
            self._slice_timer.stop()
            return
        last = self.document().lastBlock()
        self.appendPlainText(self._slices.pop(0))
        self._colour(last.next())

    def show_change(self, before: str, after: str, name: str = "warm.md") -> str:
        text = unified_diff(before, after, name)
        self.setPlainText(text or self.tr("No change."))
        if text:
            self._colour(self.document().firstBlock())
        return text

    def _colour(self, block: QTextBlock) -> None:
        """Colour the lines from ``block`` to the end. The formats are set on the blocks' layouts
        here, in one Python call, as a ``QSyntaxHighlighter`` does it (and keeps them): one would
        call Python for every line instead, 28k calls for a 10k-entry consolidation's diff, each
        taking the GIL anew and waiting for it while a worker computes."""
        first = block.position() if block.isValid() else 0
        while block.isValid():
            line = block.text()
            fmt = None if line.startswith(("+++", "---")) else self._formats.get(line[:1])
            if fmt is not None:
                whole = QTextLayout.FormatRange()
                whole.start, whole.length, whole.format = 0, block.length() - 1, fmt
                block.layout().setFormats([whole])
            block = block.next()
        self.document().markContentsDirty(first, self.document().characterCount() - first)


class DiffDialog(QDialog):
    """Preview a change before it is made: OK applies, Cancel does not."""

    def __init__(self, title: str, message: str, before: str, after: str, name: str = "warm.md",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(760, 480)
        layout = QVBoxLayout(self)
        label = plain(QLabel(message))
        label.setWordWrap(True)
        layout.addWidget(label)
        self.view = DiffView(self)
        self.view.show_change(before, after, name)
        layout.addWidget(self.view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Apply"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    @classmethod
    def confirm(cls, title: str, message: str, before: str, after: str, parent: QWidget | None = None) -> bool:
        """Show the preview modally; True when the user chose to apply (tests patch this)."""
        return cls(title, message, before, after, parent=parent).exec() == QDialog.DialogCode.Accepted
