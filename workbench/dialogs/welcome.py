"""The welcome: shown once on the first start (Help > Welcome shows it again).

It says what the open home is (the demo home, or the agent's own), how a real agent's home is
found and opened, and where the workbench keeps its own files. Its buttons act on the main window:
open a home, open the agent's ``~/.dsh`` when it exists and is not open, or start.
"""
from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QVBoxLayout, QWidget

from linghun.core import appdirs
from linghun.core.home import agent_dsh_home
from linghun.workbench.actions import on_trigger
from linghun.workbench.dialogs.about import logo_beside_text


def _code(path: Path | str) -> str:
    return f"<code>{html.escape(str(path))}</code>"


class WelcomeDialog(QDialog):
    """Attributes: ``text`` (the label read), ``open_button``, ``agent_button`` (None when the
    agent's home does not exist or is already open), ``start_button``."""

    def __init__(self, window, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.window_ = window
        self.setObjectName("welcome-dialog")
        self.setWindowTitle(self.tr("Welcome to linghun workbench"))
        row, self.text = logo_beside_text(self)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setText(self._text())
        # a fixed width lets the wrapped text ask for the height it needs (a dialog sized from
        # the label's preferred width alone cuts the text off)
        self.text.setFixedWidth(self.fontMetrics().averageCharWidth() * 78)
        buttons = QDialogButtonBox(self)
        self.open_button = buttons.addButton(self.tr("Open a Home…"), QDialogButtonBox.ButtonRole.ActionRole)
        on_trigger(self.open_button.clicked, self._open_home)
        self.agent_button: QPushButton | None = None
        agent = agent_dsh_home()
        if agent.is_dir() and not self._is_open(agent):
            self.agent_button = buttons.addButton(self.tr("Open {0}").format(self._short(agent)),
                                                  QDialogButtonBox.ButtonRole.ActionRole)
            on_trigger(self.agent_button.clicked, self._open_agent_home)
        self.start_button = buttons.addButton(self.tr("Start"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(buttons)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetFixedSize)

    # -- what it says -----------------------------------------------------------------------
    def _is_open(self, dsh_home: Path) -> bool:
        ctx = self.window_.ctx
        return ctx is not None and ctx.home.dsh_home == dsh_home.resolve()

    @staticmethod
    def _short(path: Path) -> str:
        try:
            return "~/" + str(path.relative_to(Path.home()))
        except ValueError:
            return str(path)

    def _text(self) -> str:
        ctx = self.window_.ctx
        demo = appdirs.demo_home_dir()
        parts = [self.tr("The workbench shows and edits the long-term memory an LLM agent keeps with the "
                         "linghun plugins: Markdown and JSON files the agent reads, changed here as the "
                         "agent itself would change them.")]
        if ctx is not None and ctx.home.dsh_home == demo.resolve():
            parts.append(self.tr("<b>This is the demo home</b>: eight weeks of the memory of a made-up team's "
                                 "coding assistant (entries, ontologies, journal, goals and assembler rounds), "
                                 "written by <code>linghun demo</code>. It is your own copy, in {0}: change "
                                 "anything.").format(_code(demo)))
        elif ctx is not None:
            parts.append(self.tr("<b>Open now:</b> {0}.").format(_code(ctx.home.dsh_home)))
        parts.append(self.tr("<b>A real agent's home</b> is the folder <code>$DSH_HOME</code>, {0} unless "
                             "the agent sets <code>DSH_HOME</code>. When {0} exists the workbench opens it by "
                             "itself; otherwise choose the folder with <i>Open a Home…</i> (File &gt; Open "
                             "Home…). The <code>linghun</code> command line uses the same home.")
                     .format(_code(self._short(agent_dsh_home()))))
        parts.append(self.tr("<b>Where things live:</b> the workbench's settings in {0}, the demo home and "
                             "evaluation reports in {1}, caches in {2}; a home's own settings (LLM provider, "
                             "aliases) in its <code>linghun/workbench.json</code>.")
                     .format(_code(appdirs.config_dir()), _code(appdirs.data_dir()), _code(appdirs.cache_dir())))
        return "".join(f"<p>{p}</p>" for p in parts)

    # -- what its buttons do ------------------------------------------------------------------
    def _open_home(self) -> None:
        self.accept()
        self.window_.act_open.trigger()

    def _open_agent_home(self) -> None:
        self.accept()
        self.window_.open_home(agent_dsh_home())
