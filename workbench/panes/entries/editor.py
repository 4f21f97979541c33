"""The entry editor: header fields, a structured body form per kind, and a live diff of the save.

The editor holds a *draft* of one entry (or of a new entry) and never writes; the pane saves the
draft through the undo service. ``base`` is the entry as it was when the draft started, so the
pane can tell a change on disk from the user's own edit and offer reload / keep / merge.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton,
    QStackedWidget, QVBoxLayout, QWidget,
)

from linghun.core.formats.warm import KIND_FIELDS, KINDS, LEGACY_KINDS, WarmEntry, new_entry
from linghun.core.memory import stamp_of
from linghun.workbench import icons
from linghun.workbench.dialogs.diff import DiffView, unified_diff
from linghun.workbench.models.entries import word
from linghun.workbench.panes.entries.forms import FreeForm, StructuredForm, split_body
from linghun.workbench.plaintext import plain
from linghun.workbench.actions import on_trigger

FIELDS = ("stamp", "kind", "confidence", "body")
CONFIDENCE_CHOICES = ("high", "medium", "low", "wrong")


def merge_drafts(base: dict, mine: dict, theirs: dict) -> tuple[dict, list[str]]:
    """Three-way merge of two drafts of one entry; returns (merged, names of clashing fields).

    A field only one side changed takes that side's value. For the body of a structured kind
    the same rule applies per field (subject, action...), so the user's new detail and the agent's
    new value both survive. Where both sides changed the same thing differently, the user's
    version is kept and the field is reported.
    """
    merged, clashes = {}, []
    for name in FIELDS:
        b, m, t = base.get(name), mine.get(name), theirs.get(name)
        if name == "body" and b != m and b != t and m != t:
            kind = merged.get("kind") or m
            parts = [split_body(kind, x) for x in (b, m, t)]
            if kind in KIND_FIELDS and all(p is not None for p in parts):
                values = []
                for fb, fm, ft in zip(*parts):
                    if fm == fb:
                        values.append(ft)
                    else:
                        values.append(fm)
                        if ft != fb and ft != fm:
                            clashes.append(f"body.{KIND_FIELDS[kind][len(values) - 1]}")
                merged[name] = " | ".join(values).rstrip(" |") if len(values) > 1 else values[0]
                continue
        if m == b:
            merged[name] = t
        else:
            merged[name] = m
            if t != b and t != m:
                clashes.append(name)
    return merged, clashes


class EntryEditor(QWidget):
    """Edits one warm entry as a draft.

    Attributes:
        base: the entry the draft started from (None for a new entry or when empty).
        orphaned: the entry was removed on disk while the user kept the draft.
        read_only: why the entry cannot be edited ("" when it can): its fields and buttons are
            disabled and the state line says why (the home shown is the past).

    Signals:
        sig_draft_changed(): the draft changed (typing, a combo, loading another entry).
        sig_save_requested(): the user asked to save (button or Ctrl+S).
        sig_revert_requested(): the user asked to drop the draft.
    """

    sig_draft_changed = Signal()
    sig_save_requested = Signal()
    sig_revert_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.base: WarmEntry | None = None
        self.is_new = False
        self.orphaned = False
        self.base_index = -1  # where the entry was, to put an orphaned draft back
        self.read_only = ""
        #: warm.md as it is now (set by the pane): a new entry's diff shows where it lands in it
        self.warm_text = lambda: ""
        #: what saving this new draft would merge (set by the pane): ``(entry, merged)`` when its
        #: body is a near duplicate of a live entry (the agent's append rule), else None
        self.merge_preview = lambda draft: None
        self._loading = False
        self._loaded_draft: dict | None = None

        self.title = plain(QLabel(self))
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.stamp = QLineEdit(self)
        self.stamp.setObjectName("field-stamp")
        self.kind = QComboBox(self)
        self.kind.setObjectName("field-kind")
        self.confidence = QComboBox(self)
        self.confidence.setObjectName("field-confidence")
        self.free_text = QCheckBox(self)
        self.forms = {k: StructuredForm(k, self) for k in KINDS}
        self.free_form = FreeForm(self)
        self.stack = QStackedWidget(self)
        for form in (*self.forms.values(), self.free_form):
            self.stack.addWidget(form)
            form.sig_edited.connect(self._edited)
        self.save_button = QPushButton(icons.icon("save"), "", self)
        self.save_button.setObjectName("button-save")
        self.revert_button = QPushButton(icons.icon("undo"), "", self)
        on_trigger(self.save_button.clicked, self.sig_save_requested.emit)
        on_trigger(self.revert_button.clicked, self.sig_revert_requested.emit)
        self.state_label = plain(QLabel(self))
        self.state_label.setWordWrap(True)  # wraps rather than widening a narrow editor
        self.diff = DiffView(self)
        self.diff.setMinimumHeight(90)
        self.diff_box = QGroupBox(self)
        box = QVBoxLayout(self.diff_box)
        box.setContentsMargins(4, 4, 4, 4)
        box.addWidget(self.diff)

        header = QFormLayout()
        # a narrow editor (a laptop screen) puts labels above their fields rather than widening
        header.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        for combo in (self.kind, self.confidence):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(6)
        self._header = header
        header.addRow("", self.stamp)
        row = QHBoxLayout()
        row.addWidget(self.kind, 1)
        row.addWidget(self.confidence, 1)
        header.addRow("", row)
        header.addRow("", self.free_text)
        buttons = QHBoxLayout()
        buttons.addWidget(self.state_label, 1)
        buttons.addWidget(self.revert_button, 0, Qt.AlignmentFlag.AlignTop)
        buttons.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignTop)
        # the state line has room for two lines from the start: "● Not saved…" wrapping to a
        # second one grew the row and moved Save 20 px from under the pointer, so first clicks missed
        self.state_label.setMinimumHeight(2 * self.state_label.fontMetrics().lineSpacing())
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(header)
        layout.addWidget(self.stack, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.diff_box, 1)

        self.stamp.textEdited.connect(self._edited)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.confidence.currentIndexChanged.connect(self._edited)
        self.free_text.toggled.connect(self._free_toggled)
        self._diff_timer = QTimer(self)
        self._diff_timer.setSingleShot(True)
        self._diff_timer.setInterval(120)
        self._diff_timer.timeout.connect(self._update_diff)
        self.retranslate_ui()
        self.load(None)

    def set_read_only(self, reason: str) -> None:
        """Show entries without letting them be edited: every field and button disabled, and the
        state line says why (``reason``). For a home read-only from its opening (the past)."""
        self.read_only = reason
        for field in (self.stamp, self.kind, self.confidence, self.free_text, self.stack):
            field.setEnabled(not reason)
        self._refresh_state()

    # -- loading ------------------------------------------------------------------------------
    def load(self, entry: WarmEntry | None) -> None:
        """Show ``entry`` (None: nothing) and drop any draft."""
        self.base, self.is_new, self.orphaned = entry, False, False
        self.base_index = entry.n - 1 if entry is not None else -1
        if entry is None:
            self._set_values({"stamp": "", "kind": "fact", "confidence": "medium", "body": ""})
        else:
            self._set_values(self.values_of(entry))
        self.setEnabled(entry is not None)
        self._after_load()

    def start_new(self, kind: str = "fact", body: str = "", confidence: str = "medium") -> None:
        """Begin a new entry (saved by the pane as an insertion at the end of warm.md)."""
        self.base, self.is_new, self.orphaned = None, True, False
        self._set_values({"stamp": stamp_of(), "kind": kind, "confidence": confidence, "body": ""})
        self.setEnabled(True)
        self._after_load()
        if body:  # a pre-filled body is a change the user has not saved yet
            self.apply_values({"body": body})

    def rebase(self, entry: WarmEntry | None) -> None:
        """Keep the draft but compare it with ``entry`` from now on (the "keep my edit" choice)."""
        draft = self.draft()
        self.base = entry
        self.orphaned = entry is None and not self.is_new
        if entry is not None:
            self._loaded_draft = self.normalised(self.values_of(entry))
        self._set_values(draft)
        self._refresh_state()

    def mark_saved(self, entry: WarmEntry) -> None:
        """The draft was saved as ``entry``: it is the new base; the widgets stay as they are
        (typing goes on without the cursor jumping)."""
        self.base, self.is_new, self.orphaned = entry, False, False
        self.base_index = entry.n - 1
        self._loaded_draft = self.draft()
        self._refresh_state()

    def loaded_values(self) -> dict:
        """The draft as it was loaded (the common ancestor of a three-way merge)."""
        return dict(self._loaded_draft or (self.values_of(self.base) if self.base else {}))

    def normalised(self, values: dict) -> dict:
        """``values`` as the editor would show them (the form's view of the body)."""
        keep = self.draft()
        self._set_values(values)
        shown = self.draft()
        self._set_values(keep)
        return shown

    def apply_values(self, values: dict) -> None:
        """Put values into the draft as if typed (the merged result of a conflict)."""
        current = self.draft()
        current.update(values)
        self._set_values(current)
        self._refresh_state()
        self.sig_draft_changed.emit()

    def _after_load(self) -> None:
        self._loaded_draft = self.draft()
        self._refresh_state()
        self.sig_draft_changed.emit()

    @staticmethod
    def values_of(entry: WarmEntry) -> dict:
        return {"stamp": entry.stamp, "kind": entry.kind, "confidence": entry.confidence, "body": entry.body}

    def _set_values(self, values: dict) -> None:
        self._loading = True
        try:
            self.stamp.setText(values["stamp"])
            self._fill_kinds(values["kind"])
            self._fill_confidences(values["confidence"])
            self._show_body(values["kind"], values["body"], prefer_free=None)
        finally:
            self._loading = False

    def _fill_kinds(self, current: str) -> None:
        self.kind.clear()
        for k in (*KINDS, *LEGACY_KINDS):
            self.kind.addItem(icons.icon(LEGACY_KINDS.get(k, k)), word(k), k)
        if self.kind.findData(current) < 0:
            self.kind.addItem(current, current)
        self.kind.setCurrentIndex(self.kind.findData(current))

    def _fill_confidences(self, current: str | None) -> None:
        self.confidence.clear()
        for c in CONFIDENCE_CHOICES:
            self.confidence.addItem(word(c), c)
        if current not in CONFIDENCE_CHOICES:
            # keep what the file says (nothing, or an unknown word) unless the user picks another
            label = self.tr("(not written: medium)") if current is None else current
            self.confidence.addItem(label, current)
        self.confidence.setCurrentIndex(self.confidence.findData(current))

    def _show_body(self, kind: str, body: str, prefer_free: bool | None) -> None:
        form = self.forms.get(kind)
        fits = form is not None and form.fits(body)
        use_free = not fits or bool(prefer_free)
        self.free_text.blockSignals(True)
        self.free_text.setChecked(use_free)
        self.free_text.setEnabled(fits and not self.read_only)
        self.free_text.blockSignals(False)
        if use_free:
            self.free_form.set_body(body)
            self.stack.setCurrentWidget(self.free_form)
        else:
            form.set_body(body)
            self.stack.setCurrentWidget(form)

    # -- the draft ------------------------------------------------------------------------------
    def current_body(self) -> str:
        return self.stack.currentWidget().body()

    def draft(self) -> dict:
        return {"stamp": self.stamp.text().strip(), "kind": self.kind.currentData(),
                "confidence": self.confidence.currentData(), "body": self.current_body()}

    def changes(self) -> dict:
        """The fields the draft changes (all of them for a new or orphaned entry).

        The draft is compared with what the editor showed right after loading, not with the raw
        entry, so a body the form merely normalises ("a|b" shown as "a | b") is not a change.
        """
        draft = self.draft()
        if self.is_new or self.orphaned:
            return draft
        if self.base is None:
            return {}
        loaded = self._loaded_draft or self.values_of(self.base)
        return {k: v for k, v in draft.items() if v != loaded.get(k)}

    def is_dirty(self) -> bool:
        return bool(self.changes())

    def draft_raw(self) -> str:
        """The entry's text after a save of the draft."""
        changes = self.changes()
        if self.base is not None and not self.orphaned:
            return self.base.with_changes(**changes).raw if changes else self.base.raw
        d = self.draft()
        if not d["body"].strip():
            return ""
        return new_entry(d["stamp"] or stamp_of(), d["kind"], d["confidence"] or "medium", d["body"]).raw

    # -- reacting ---------------------------------------------------------------------------------
    def _edited(self, *_args) -> None:
        if self._loading:
            return
        self._refresh_state()
        self.sig_draft_changed.emit()

    def _kind_changed(self, *_args) -> None:
        if self._loading:
            return
        body = self.free_form.body() if self.stack.currentWidget() is self.free_form else self.current_body()
        self._loading = True
        try:
            self._show_body(self.kind.currentData(), body, prefer_free=None)
        finally:
            self._loading = False
        self._edited()

    def _free_toggled(self, free: bool) -> None:
        if self._loading:
            return
        body = self.current_body()
        self._loading = True
        try:
            self._show_body(self.kind.currentData(), body, prefer_free=free)
        finally:
            self._loading = False
        self._edited()

    def _refresh_state(self) -> None:
        dirty = self.is_dirty()
        self.save_button.setEnabled(dirty and bool(self.draft()["body"].strip()) and not self.read_only)
        self.revert_button.setEnabled(dirty and not self.read_only)
        if self.read_only:
            text = self.read_only
            self.title.setText(self.tr("Entry [{0}]").format(self.base.n) if self.base is not None
                               else self.tr("No entry selected"))
        elif self.base is None and not self.is_new:
            text = self.tr("Select an entry to edit it.")
            self.title.setText(self.tr("No entry selected"))
        else:
            if self.is_new:
                self.title.setText(self.tr("New entry"))
            else:
                self.title.setText(self.tr("Entry [{0}]").format(self.base.n if self.base else "?"))
            if self.orphaned:
                text = self.tr("Removed on disk; saving puts your version back.")
            elif dirty:
                text = self.tr("● Not saved")
            else:
                text = self.tr("Saved")
        self.state_label.setText(text)
        self._diff_timer.start()

    def _update_diff(self) -> None:
        before = self.base.raw if self.base is not None and not self.orphaned else ""
        after = self.draft_raw() if self.is_dirty() else before
        merge = self.merge_preview(self.draft()) if self.is_new and after else None
        if self.is_new and after:
            # against the file it is appended to: "@@ -0,0 +1,1 @@" said nothing of where it goes
            warm = self.warm_text()
            if merge is not None:  # the append rewrites the entry it nearly repeats, in its place
                old, merged = merge
                before, after = (warm, warm.replace(old.raw, merged.raw, 1)) if old.raw in warm else (old.raw, merged.raw)
                self.state_label.setText(self.tr("● Not saved: saving merges it into [%1], a near duplicate")
                                         .replace("%1", str(old.n)))
            elif warm:
                before = warm
                after = warm.rstrip("\n") + "\n" + after.rstrip("\n") + "\n"
        self.diff.setPlainText(unified_diff(before, after, "warm.md") or self.tr("Saving changes nothing."))

    def retranslate_ui(self) -> None:
        self.kind.setAccessibleName(self.tr("Kind"))
        self.confidence.setAccessibleName(self.tr("Confidence"))
        self.stamp.setAccessibleName(self.tr("Stamp"))
        labels = (self.tr("Stamp:"), self.tr("Kind / confidence:"), "")
        for row, text in enumerate(labels):
            item = self._header.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if item is not None and item.widget() is not None:
                item.widget().setText(text)
        self.stamp.setPlaceholderText("YYYY-MM-DD HH:MM")
        self.free_text.setText(self.tr("Edit the body as free text"))
        self.save_button.setText(self.tr("Save"))
        self.save_button.setToolTip(self.tr("Save this entry to warm.md (Ctrl+S)"))
        self.revert_button.setText(self.tr("Revert"))
        self.diff_box.setTitle(self.tr("What saving will change"))
        for form in self.forms.values():
            form.retranslate_ui()
        if self.kind.count() or self.confidence.count():  # also when the editor shows no entry now
            loading, self._loading = self._loading, True
            try:
                kind, conf = self.kind.currentData(), self.confidence.currentData()
                self._fill_kinds(kind)
                self._fill_confidences(conf)
            finally:
                self._loading = loading
        self._refresh_state()
        self._update_diff()
