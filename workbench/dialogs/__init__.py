"""Dialogs of the workbench: settings, about, conflict (reload / keep / merge), diff preview."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget


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


#: labels of Qt's own file dialog whose source text changed in Qt 6 (a mnemonic was added) while
#: Qt's Chinese catalogue still has them without it: they stayed English in a Chinese dialog
_FILE_DIALOG_LABELS = {
    QFileDialog.DialogLabel.LookIn: "Look in:",
    QFileDialog.DialogLabel.FileType: "Files of type:",
}


def folder_dialog(parent: QWidget | None, title: str, start: str, language: str) -> QFileDialog:
    """A dialog choosing a folder, all in the workbench's language.

    With a language chosen in the workbench (not "system"), Qt's own dialog is used: the
    desktop's would speak the desktop's language. Its labels come from Qt's catalogue."""
    dialog = QFileDialog(parent, title, start)
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    if language != "system":
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        for label, source in _FILE_DIALOG_LABELS.items():
            dialog.setLabelText(label, QCoreApplication.translate("QFileDialog", source))
    return dialog


def choose_folder(parent: QWidget | None, title: str, start: str, language: str) -> str:
    """The folder chosen in a ``folder_dialog`` ("" when cancelled)."""
    dialog = folder_dialog(parent, title, start, language)
    dialog.setObjectName("folder-dialog")
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return ""
    return dialog.selectedFiles()[0]
