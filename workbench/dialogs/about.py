"""The About box: name, version, license, and the Qt it runs on."""
from __future__ import annotations

import html

import PySide6
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from linghun.core.home import MemoryHome
from linghun.core.settings import team_workspace
from linghun.workbench import icons
from linghun.workbench.dialogs import fit_wrapped_text


def logo_beside_text(dialog: QDialog) -> tuple[QHBoxLayout, QLabel]:
    """The application logo beside a word-wrapped rich-text label (About, Welcome)."""
    row = QHBoxLayout()
    logo = QLabel(dialog)
    logo.setPixmap(icons.icon("linghun").pixmap(64, 64))
    logo.setAlignment(Qt.AlignmentFlag.AlignTop)
    row.addWidget(logo)
    text = QLabel(dialog)
    text.setTextFormat(Qt.TextFormat.RichText)
    text.setWordWrap(True)
    row.addWidget(text, 1)
    return row, text


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, home: MemoryHome | None = None) -> None:
        """``home``: the open memory home, whose folder and team workspace (``team.cycleDir``) the
        box names, as the assembler seed's ``ready`` does."""
        from linghun.workbench.app import LICENSE, version

        super().__init__(parent)
        self.setWindowTitle(self.tr("About linghun workbench"))
        row, self.text = logo_beside_text(self)
        self.text.setOpenExternalLinks(True)
        where = ""
        if home is not None:  # paths are text from the file system: escaped, never read as markup
            where = "<p>{0} {1}<br>{2} {3}</p>".format(
                self.tr("Memory home:"), html.escape(str(home.root)),
                self.tr("Team workspace:"), html.escape(str(team_workspace(home))))
        self.text.setText(
            "<h3>linghun workbench {0}</h3><p>{1}</p>{5}<p>{2}</p><p><small>PySide6 {3}, Qt {4}</small></p>".format(
                version(),
                self.tr("A desktop workbench for seeing, curating and debugging an LLM agent's "
                        "long-term memory."),
                self.tr("License: {0}. You may share and change it under the terms of the GNU Affero "
                        "General Public License, version 3 or later.").format(LICENSE),
                PySide6.__version__, qVersion(), where))
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(460)
        self.adjustSize()
        fit_wrapped_text(self)
