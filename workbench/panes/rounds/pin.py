"""Pin this round, from the rounds pane: the round shown, or one chosen in the home's list, made a
memory check — its question, and the entries its bundle delivered as the expectation (editable
afterwards in the checks pane).

The check is made by the checks pane's own task (``core.checks.make.from_round`` on a worker) and
written to ``checks.json`` as one undo step, as the checks pane's Pin does; the notice that says
so offers the checks pane (``SHOW_PANE_TOPIC``), which runs the new check after the write.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from linghun.core.events import bus
from linghun.workbench import tones
from linghun.workbench.actions import on_trigger
from linghun.workbench.icons import icon
from linghun.workbench.panes.checks.background import NewChecks, pin_task
from linghun.workbench.panes.ontology.commands import WriteFiles
from linghun.workbench.plaintext import plain
from linghun.workbench.workspaces import SHOW_PANE_TOPIC


class RoundPinner(QObject):
    """Makes a check of a round in the background and writes it as one undo step.

    Signals:
        sig_pinned(str, str): a check was written (its id, its question).
        sig_busy_changed(): a pin started or ended (the pane enables its actions again).
    """

    sig_pinned = Signal(str, str)
    sig_busy_changed = Signal()

    def __init__(self, ctx, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._handle = None

    @property
    def busy(self) -> bool:
        return self._handle is not None

    def pin(self, round_id: str | None):
        """Pin ``round_id`` (a trace id); the task's handle, or None when refused."""
        if not round_id or self._handle is not None or self.ctx.refuse_if_read_only():
            return None
        self._handle = self.ctx.tasks.submit(self.tr("Pinning a round"), pin_task, self.ctx.home, round_id)
        self._handle.sig_finished.connect(self._on_ready)
        self._handle.sig_failed.connect(self._on_failed)
        self._handle.sig_done.connect(self._on_done)
        self.sig_busy_changed.emit()
        return self._handle

    @Slot(object)
    def _on_ready(self, new: NewChecks) -> None:
        op = WriteFiles(after={new.path: new.after}, before={new.path: new.before})
        if not self.ctx.undo.push(op, self.tr("Pin a check")):
            self.ctx.show_message(self.tr("Nothing was written: checks.json changed meanwhile. Pin again."))
            return
        self.ctx.show_message(self.tr("Check pinned: %1").replace("%1", new.checks[0].question))
        self.sig_pinned.emit(new.checks[0].id, new.checks[0].question)

    @Slot(object)
    def _on_failed(self, exc: object) -> None:
        self.ctx.show_message(self.tr("Could not pin: %1").replace("%1", str(exc)))

    @Slot()
    def _on_done(self) -> None:
        self._handle = None
        self.sig_busy_changed.emit()

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()


class PinnedBanner(QFrame):
    """"Check pinned: <question>", with a button that brings the checks pane forward."""

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.question = ""
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = plain(QLabel(self))
        self.text.setWordWrap(True)
        tones.mark(self.text, "ok")
        self.btn_show = QPushButton(icon("confidence"), "", self)
        on_trigger(self.btn_show.clicked, self.show_checks)
        self.btn_close = QPushButton(icon("cancel"), "", self)
        on_trigger(self.btn_close.clicked, self.hide)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 3, 6, 3)
        row.addWidget(self.text, 1)
        row.addWidget(self.btn_show)
        row.addWidget(self.btn_close)
        self.retranslate_ui()
        self.hide()

    def retranslate_ui(self) -> None:
        self.text.setText(self.tr("Check pinned: %1").replace("%1", self.question))
        self.btn_show.setText(self.tr("Show in the Checks pane"))
        self.btn_show.setToolTip(self.tr("Bring the Checks pane forward: the new check is run there and can be "
                                         "edited"))
        self.btn_close.setToolTip(self.tr("Dismiss"))

    def say(self, question: str) -> None:
        self.question = question
        self.retranslate_ui()
        self.show()

    @Slot()
    def show_checks(self) -> None:
        bus.publish(SHOW_PANE_TOPIC, home=str(self.ctx.home.root), pane="checks")
