"""Dialogs of the workbench: settings, about, conflict (reload / keep / merge), diff preview."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog


def fit_wrapped_text(dialog: QDialog) -> None:
    """Make ``dialog`` as tall as its word-wrapped labels need at its width.

    A dialog's size is fixed from its layout's minimum, which counts a wrapped label as one line:
    a note of two lines, or a result set after it opened, was cut at the bottom."""
    layout = dialog.layout()
    if layout is None or not layout.hasHeightForWidth():
        return
    layout.activate()
    need = layout.heightForWidth(dialog.width())
    if need > dialog.height():
        dialog.resize(dialog.width(), need)
