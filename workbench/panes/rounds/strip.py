"""The role strip: one button per assembler role, lit as the role fires, with status and duration."""
from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QSizePolicy, QToolButton, QWidget

from linghun.workbench.models.rounds import ROLES, RoleState, role_title, status_title
from linghun.workbench.plaintext import tooltip
from linghun.workbench.actions import on_trigger

#: background of a role's button per status; text stays dark on these light fills in both themes
STATUS_COLOURS = {
    "running": "#ffe08a",
    "ok": "#c8ecd0",
    "skipped": "#e4e6ea",
    "fallback": "#fff0c2",
    "failed": "#f6c6cb",
}


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
            button.setProperty("role", role)
            on_trigger(button.clicked, partial(self.sig_role_clicked.emit, role))
            self._group.addButton(button)
            layout.addWidget(button)
            self.buttons[role] = button
        self.clear()

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
        colour = STATUS_COLOURS.get(state.status)
        faded = state.status in ("waiting", "not run")
        style = ["QToolButton { border: 1px solid #9aa0a6; border-radius: 4px; padding: 2px 6px; }",
                 "QToolButton:checked { border: 2px solid #1a73e8; }"]
        if colour:
            style.append(f"QToolButton {{ background: {colour}; color: #1f2328; }}")
        elif faded:
            style.append("QToolButton { color: #8a8f98; }")
        button.setStyleSheet("\n".join(style))
        button.setProperty("status", state.status)

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
