"""The role strip: one button per assembler role, lit as the role fires, with status and duration."""
from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QButtonGroup, QHBoxLayout, QSizePolicy, QToolButton, QWidget

from linghun.workbench import tones
from linghun.workbench.models.rounds import ROLES, RoleState, role_title, status_title
from linghun.workbench.plaintext import tooltip
from linghun.workbench.actions import on_trigger

#: the statuses whose button is filled (with ``tones.BACKGROUND[status]``)
FILLED_STATUSES = ("running", "ok", "skipped", "fallback", "failed")


def strip_style() -> str:
    """The strip's sheet in the palette's colours now: a status's fill for the window's lightness,
    the palette's text on it, gray for a role not run (built again on a theme switch)."""
    palette = QApplication.palette()
    ink = palette.color(QPalette.ColorRole.ButtonText).name()
    border = palette.color(QPalette.ColorRole.Mid).name()
    checked = palette.color(QPalette.ColorRole.Highlight).name()
    return "\n".join(
        [f"QToolButton {{ border: 1px solid {border}; border-radius: 4px; padding: 2px 6px; }}",
         f'QToolButton[status="waiting"], QToolButton[status="not run"] {{ color: {tones.muted().name()}; }}']
        + [f'QToolButton[status="{status}"] {{ background: {tones.background(status).name()}; color: {ink}; }}'
           for status in FILLED_STATUSES]
        + [f"QToolButton:checked {{ border: 2px solid {checked}; }}"])


class RoleStrip(QWidget):
    """Eight checkable buttons, feedback to scribe.

    Signals:
        sig_role_clicked(str): the user chose a role.
    """

    sig_role_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons: dict[str, QToolButton] = {}
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(4)
        for role in ROLES:
            button = QToolButton(self)
            button.setCheckable(True)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            button.setMinimumHeight(44)
            # a width that does not follow the text: a round changes every button's status and
            # duration a dozen times, and each change of the strip's width laid the whole Rounds
            # pane out again (its text views re-flow: tens of ms per round at 10k entries)
            button.setMinimumWidth(self._widest_text(button))
            button.setProperty("role", role)
            on_trigger(button.clicked, partial(self.sig_role_clicked.emit, role))
            self._group.addButton(button)
            layout.addWidget(button)
            self.buttons[role] = button
        self.setStyleSheet(strip_style())  # one sheet; a button's status property picks its colours
        self.clear()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if tones.follows_palette(event):
            self.follow_palette()
        super().changeEvent(event)

    def follow_palette(self) -> None:
        """Take the palette's colours now. A widget with a sheet of its own is not always sent the
        palette's change (in the main window it is not), so the pane calls this on its own."""
        sheet = strip_style()
        if sheet != self.styleSheet():  # setting a sheet re-polishes: only when the colours differ
            self.setStyleSheet(sheet)

    @staticmethod
    def _widest_text(button: QToolButton) -> int:
        metrics = button.fontMetrics()
        return max(metrics.horizontalAdvance(t) for t in (
            f"{status_title('fallback')} · 999.9 ms", f"{status_title('running')} · 9999…",
            *(role_title(r) for r in ROLES))) + 16

    def clear(self) -> None:
        for role in ROLES:
            self.set_state(RoleState(role))

    def set_state(self, state: RoleState) -> None:
        """Show ``state`` on its role's button."""
        button = self.buttons.get(state.role)
        if button is None:
            return
        detail = status_title(state.status)
        if state.duration_ms is not None:
            detail += f" · {_duration(state.duration_ms)}"
        if state.status == "running" and state.streamed:
            detail += f" · {len(state.streamed)}…"
        button.setText(f"{role_title(state.role)}\n{detail}")
        span = state.span or {}
        button.setToolTip(tooltip(str(span.get("error") or "") or f"{state.role}: {state.status}"))
        if button.property("status") != state.status:
            button.setProperty("status", state.status)
            button.style().unpolish(button)  # the sheet's [status=...] rules apply to the new value
            button.style().polish(button)

    def select(self, role: str) -> None:
        button = self.buttons.get(role)
        if button is not None:
            button.setChecked(True)

    def selected(self) -> str | None:
        button = self._group.checkedButton()
        return button.property("role") if button is not None else None

    def status(self, role: str) -> str:
        return str(self.buttons[role].property("status") or "")


def _duration(ms: float) -> str:
    return f"{ms:.1f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"
