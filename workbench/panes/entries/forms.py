"""Structured body editors: one form per kind (SPEC 3), plus free text for everything else.

event: subject | action | object | related entities | detail
fact:  entity | attribute | value | source
rule:  one sentence
Bodies that do not fit their kind's structure (more fields than the kind has, several lines) and
legacy kinds are edited as free text, so no text is ever dropped by a form.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import QFormLayout, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

from linghun.core.formats.warm import KIND_FIELDS, LEGACY_KINDS, join_fields

FIELD_LABELS = {
    "subject": QT_TRANSLATE_NOOP("EntryForms", "Subject"),
    "action": QT_TRANSLATE_NOOP("EntryForms", "Action"),
    "object": QT_TRANSLATE_NOOP("EntryForms", "Object"),
    "related": QT_TRANSLATE_NOOP("EntryForms", "Related entities"),
    "detail": QT_TRANSLATE_NOOP("EntryForms", "Detail"),
    "entity": QT_TRANSLATE_NOOP("EntryForms", "Entity"),
    "attribute": QT_TRANSLATE_NOOP("EntryForms", "Attribute"),
    "value": QT_TRANSLATE_NOOP("EntryForms", "Value"),
    "source": QT_TRANSLATE_NOOP("EntryForms", "Source #"),
    "rule": QT_TRANSLATE_NOOP("EntryForms", "Rule (one sentence)"),
}


def structured_kind(kind: str) -> str | None:
    """The kind whose form edits ``kind``'s body: event, fact, rule; None for legacy kinds."""
    return kind if kind in KIND_FIELDS else None


def split_body(kind: str, body: str) -> list[str] | None:
    """The body as the kind's fields, or None when it does not fit them (edit it as free text)."""
    names = KIND_FIELDS.get(kind)
    if names is None or "\n" in body.strip():
        return None
    if len(names) == 1:
        return [body.strip()]
    if body.strip() and "|" not in body:  # prose, not fields: putting it all in the first field would mislead
        return None
    parts = [p.strip() for p in body.strip().split("|")]
    if len(parts) > len(names):
        return None
    return parts + [""] * (len(names) - len(parts))


def join_body(kind: str, values: list[str]) -> str:
    return join_fields(kind, values)


class BodyForm(QWidget):
    """Edits a body; ``body()`` gives the text to save.

    Signals:
        sig_edited(): the user changed the text.
    """

    sig_edited = Signal()

    def set_body(self, body: str) -> None:
        raise NotImplementedError

    def body(self) -> str:
        raise NotImplementedError

    def retranslate_ui(self) -> None:
        pass


class StructuredForm(BodyForm):
    """One line edit per field of ``kind``."""

    def __init__(self, kind: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.names = KIND_FIELDS[kind]
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.edits: dict[str, QLineEdit] = {}
        for name in self.names:
            edit = QLineEdit(self)
            edit.setObjectName(f"field-{name}")
            edit.textEdited.connect(self.sig_edited)
            layout.addRow(name, edit)
            self.edits[name] = edit
        self._layout = layout
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        for row, name in enumerate(self.names):
            label = self._layout.itemAt(row, QFormLayout.ItemRole.LabelRole).widget()
            label.setText(QCoreApplication.translate("EntryForms", FIELD_LABELS[name]) + ":")

    def set_body(self, body: str) -> None:
        values = split_body(self.kind, body) or [""] * len(self.names)
        for name, value in zip(self.names, values):
            self.edits[name].setText(value)

    def values(self) -> list[str]:
        return [self.edits[n].text() for n in self.names]

    def body(self) -> str:
        return join_body(self.kind, self.values())

    def fits(self, body: str) -> bool:
        return split_body(self.kind, body) is not None


class FreeForm(BodyForm):
    """The body as free Markdown text (legacy kinds, bodies that do not fit a structure)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.edit = QPlainTextEdit(self)
        self.edit.setObjectName("field-body")
        self.edit.textChanged.connect(self._changed)
        layout.addWidget(self.edit)
        self._loading = False

    def _changed(self) -> None:
        if not self._loading:
            self.sig_edited.emit()

    def set_body(self, body: str) -> None:
        self._loading = True
        try:
            self.edit.setPlainText(body)
        finally:
            self._loading = False

    def body(self) -> str:
        return self.edit.toPlainText().strip("\n")


__all__ = ["BodyForm", "StructuredForm", "FreeForm", "split_body", "join_body", "structured_kind",
           "LEGACY_KINDS"]
