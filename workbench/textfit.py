"""Word-wrapped labels that are always as tall as their lines.

Qt gives a wrapped ``QLabel`` its height for width only in some layouts: in a ``QFormLayout``
row, beside a button in a row, or in a toolbar it gets one line whatever its text, and the rest
is cut (the settings' keyring note, a Test-connection result, a notification). ``keep_whole``
makes the label ask for the height its text needs at the width it was given, each time its text
or width changes, so the layout above it makes room.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel


class _KeepWhole(QObject):
    """Event filter on one label: on a resize, its minimum height follows its text's."""

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt override
        if isinstance(obj, QLabel) and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            fit(obj)
        return False


def fit(label: QLabel) -> None:
    """Make ``label`` at least as tall as its text wrapped at its width (call after setText)."""
    was = label.minimumHeight()
    label.setMinimumHeight(0)  # QLabel.heightForWidth never answers below the minimum size
    need = max(label.heightForWidth(label.width()), 0) if label.text() else 0
    if need == was:
        label.setMinimumHeight(was)
    else:
        label.setMinimumHeight(need)


def keep_whole(label: QLabel) -> QLabel:
    """``label`` wraps and keeps its whole text in sight (see the module docstring)."""
    label.setWordWrap(True)
    keeper = _KeepWhole(label)
    label.installEventFilter(keeper)
    label._keep_whole = keeper  # the filter lives as long as the label
    return label
