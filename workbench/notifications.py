"""Where the window says things: messages shown whole, and the panes' lasting notes.

The status bar's message area is one line, shared with its permanent widgets: "…then re-run th",
"…read-only. Press Now t" were instructions cut in half. A message goes to the notification bar
instead, a strip at the bottom of the window that wraps the text, so it is read whole, and goes
away after its time or when dismissed.

A pane's lasting note (e.g. how many of the agent's changes are unreviewed) is a button in the
status bar, one per pane that has something to say (``Pane.sig_status_note``); clicking it shows
the pane.
"""
from __future__ import annotations

from functools import partial

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QToolBar, QToolButton, QWidget

from linghun.workbench.actions import on_trigger
from linghun.workbench.plaintext import plain


class NotificationBar(QToolBar):
    """One message at a time, word-wrapped, with a dismiss button; hidden when there is none.

    Attributes:
        label: the message shown.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolbar-notifications")
        self.setMovable(False)
        self.setFloatable(False)
        self.label = plain(QLabel(self))
        self.label.setObjectName("notification-text")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setContentsMargins(6, 2, 6, 2)
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(self.label)
        self.dismiss = QToolButton(self)
        self.dismiss.setObjectName("notification-dismiss")
        self.dismiss.setAutoRaise(True)
        on_trigger(self.dismiss.clicked, self.clear)
        self.addWidget(self.dismiss)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clear)
        self._aside = False  # the message shown is background work's, which any other replaces
        self.retranslate_ui()
        self.hide()

    def show_message(self, message: str, timeout_ms: int = 8000) -> None:
        """Show ``message`` whole for ``timeout_ms`` (0: until dismissed or replaced)."""
        self._show(message, timeout_ms, aside=False)

    def show_aside(self, message: str, timeout_ms: int = 8000) -> None:
        """Show what background work has to say ("Search index ready…") only when the bar is free
        or says another such thing: an encoding that finished a second after Save had replaced
        "Merged into [6]", the answer to what the person just did."""
        if self.message() and not self._aside:
            return
        self._show(message, timeout_ms, aside=True)

    def _show(self, message: str, timeout_ms: int, aside: bool) -> None:
        if not message:
            self.clear()
            return
        self._aside = aside
        self.label.setText(message)
        self.show()
        self._fit()
        if timeout_ms > 0:
            self._timer.start(timeout_ms)
        else:
            self._timer.stop()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """A toolbar's layout gives a label one line whatever its text: as tall as its lines."""
        room = self.width() - self.dismiss.sizeHint().width() - 2 * self.layout().contentsMargins().left() - 16
        if room > 0 and self.label.text():
            self.label.setFixedHeight(self.label.heightForWidth(room))

    def message(self) -> str:
        return self.label.text() if self.isVisibleTo(self.parentWidget()) else ""

    def clear(self) -> None:
        self._timer.stop()
        self.label.clear()
        self.hide()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Notifications"))
        self.dismiss.setText("×")
        self.dismiss.setToolTip(self.tr("Dismiss"))
        self.dismiss.setAccessibleName(self.tr("Dismiss the message"))


class PaneNotes(QObject):
    """The panes' lasting notes in the status bar: one flat button per pane with a note.

    Signals:
        sig_show_pane(str): the note of the pane NAME was clicked.
    """

    sig_show_pane = Signal(str)

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__(bar)
        self.bar = bar
        self.buttons: dict[str, QToolButton] = {}

    def set_note(self, name: str, note: str) -> None:
        """The pane ``name`` says ``note`` ("" takes its note away)."""
        button = self.buttons.get(name)
        if button is None:
            if not note:
                return
            button = QToolButton(self.bar)
            button.setObjectName(f"note-{name}")
            button.setAutoRaise(True)
            on_trigger(button.clicked, partial(self.sig_show_pane.emit, name))
            self.bar.addPermanentWidget(button)
            self.buttons[name] = button
        button.setText(note.replace("&", "&&"))
        button.setAccessibleName(note)
        button.setVisible(bool(note))

    def note(self, name: str) -> str:
        button = self.buttons.get(name)
        return button.accessibleName() if button is not None and not button.isHidden() else ""

    def clear(self) -> None:
        for button in self.buttons.values():
            button.hide()


class MessageStatusBar(QStatusBar):
    """A status bar whose messages are shown whole by a ``NotificationBar``: ``showMessage`` and
    ``currentMessage`` called from Python go there (Qt's own status tips, short, stay here)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.notifications: NotificationBar | None = None

    def showMessage(self, message: str, timeout: int = 0) -> None:  # noqa: N802 - Qt override
        if self.notifications is None:
            super().showMessage(message, timeout)
        else:
            self.notifications.show_message(message, timeout)

    def currentMessage(self) -> str:  # noqa: N802 - Qt override
        if self.notifications is not None and self.notifications.message():
            return self.notifications.message()
        return super().currentMessage()


class ElidingLabel(QLabel):
    """A one-line label that gives way: it asks for little width and, when squeezed, shows its
    text cut in the middle with "…" (the whole text is its tooltip). For facts like a folder's
    path, never for an instruction (those go to the ``NotificationBar``): a long path asked for
    its whole width and pushed the window wider than a laptop's screen."""

    def minimumSizeHint(self):  # noqa: N802 - Qt override
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), self.fontMetrics().horizontalAdvance("M" * 12)))
        return hint

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        super().setText(text)
        self.setToolTip(text)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideMiddle, rect.width())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(self.alignment()), text)
