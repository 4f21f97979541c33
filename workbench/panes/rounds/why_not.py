"""The rounds pane's "Why not [n]?": for a question and one entry, why it was delivered or not
(``core.assembler.why_not.explain``), and what a single change would do. Runs on the task pool.
"""
from __future__ import annotations

import html

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from linghun.core.assembler.why_not import WhyNot, explain
from linghun.workbench import tones
from linghun.workbench.actions import on_trigger
from linghun.workbench.icons import icon


class WhyNotPanel(QWidget):
    """Signals:
        sig_explained(int): an explanation is shown (the entry's number).
    """

    sig_explained = Signal(int)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._shown: WhyNot | None = None
        self.ctx = ctx
        self._closed = False
        self.question = QLineEdit(self)
        self.question.setClearButtonEnabled(True)
        self.entry = QLineEdit(self)
        self.entry.setMaximumWidth(90)
        self.entry.returnPressed.connect(self.explain)
        self.btn_explain = QPushButton(icon("rounds"), "", self)
        on_trigger(self.btn_explain.clicked, self.explain)
        self.note = QLabel(self)
        self.report = QTextBrowser(self)
        self.report.setOpenLinks(False)
        row = QHBoxLayout()
        row.addWidget(self.question, 1)
        row.addWidget(self.entry)
        row.addWidget(self.btn_explain)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(self.report, 1)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.question.setPlaceholderText(self.tr("The question of the round"))
        self.entry.setPlaceholderText("[n]")
        self.btn_explain.setText(self.tr("Why (not)?"))
        self.btn_explain.setToolTip(self.tr("Run the round as a dry run and explain why this entry was delivered "
                                            "or not, then try single changes"))

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        if tones.follows_palette(event) and self._shown is not None:
            self.report.setHtml(self._html(self._shown))
        super().changeEvent(event)

    def shutdown(self) -> None:
        self._closed = True

    def set_question(self, text: str) -> None:
        if text:
            self.question.setText(text)

    @Slot()
    def explain(self) -> None:
        query = self.question.text().strip()
        try:
            n = int(self.entry.text().strip().strip("[]"))
        except ValueError:
            self.note.setText(self.tr("Type the entry's number, e.g. [8]"))
            return
        if not query:
            self.note.setText(self.tr("Type the question (or open a round)"))
            return
        if self._closed:
            return
        home = self.ctx.home
        self.btn_explain.setEnabled(False)
        self.note.setText(self.tr("Running the round and its variants…"))

        def work(_state):
            from linghun.core.assembler.config import load_home_settings

            config, _llm = load_home_settings(home)
            return explain(home, query, n, config)

        handle = self.ctx.tasks.submit(self.tr("Why not [%1]?").replace("%1", str(n)), work)
        handle.sig_finished.connect(self._show)
        handle.sig_failed.connect(self._failed)

    def _failed(self, exc) -> None:
        self.btn_explain.setEnabled(True)
        self.note.setText(str(exc))

    def _show(self, w: WhyNot) -> None:
        self.btn_explain.setEnabled(True)
        self.note.setText(self.tr("[%1] was delivered").replace("%1", str(w.n)) if w.delivered
                          else self.tr("[%1] was not delivered").replace("%1", str(w.n)))
        self.report.setHtml(self._html(w))
        self.sig_explained.emit(w.n)

    def _html(self, w: WhyNot) -> str:
        self._shown = w  # built again on a theme switch (its colours are the palette's)
        muted = tones.css("muted")

        def row(label: str, value) -> str:
            return (f"<tr><td style='color:{muted}; padding-right:8px'>{html.escape(label)}</td>"
                    f"<td>{html.escape(str(value))}</td></tr>")

        rows = [row(self.tr("Entry"), f"[{w.n}] {w.entry}"),
                row(self.tr("Delivered"), self.tr("yes") if w.delivered else self.tr("no")),
                row(self.tr("Why"), w.reason),
                row(self.tr("Judgment"), f"{w.level or '—'} · {w.strategy or '—'} · {w.mode or '—'}"
                    + (f" · k {w.k}" if w.k else ""))]
        if w.excluded:
            rows.append(row(self.tr("Excluded"), self.tr("flipped to wrong")))
        if w.low:
            rows.append(row(self.tr("Low confidence"), self.tr("kept, delivered with the 【低置信·需验证】 tag")))
        if w.rank is not None:
            rows.append(row(self.tr("BM25 score and rank"), f"{w.score:.3f} · #{w.rank}"))
        if w.cut_score is not None:
            rows.append(row(self.tr("Cut"), self.tr("top %1; the last kept scored %2").replace("%1", str(w.k))
                            .replace("%2", f"{w.cut_score:.3f}")))
        if w.rank is not None:
            matched = ", ".join(f"{t} +{v:.3f}" for t, v in w.matched.items()) or "—"
            rows.append(row(self.tr("Terms matched"), matched))
            rows.append(row(self.tr("Terms missed"), ", ".join(w.missed) or "—"))
            rows.append(row(self.tr("MMR / de-duplication"), self.tr("none at retrieval (near-duplicates are merged "
                                                                     "when written)")))
        parts = [f"<table cellspacing='2'>{''.join(rows)}</table>"]
        if w.variants:
            # tr() outside the f-strings: lupdate does not read inside them
            delivered, still = html.escape(self.tr("delivered")), html.escape(self.tr("still not delivered"))
            items = "".join(f"<li><b>{html.escape(v.change)}</b>: {delivered if v.delivered else still}"
                            f" ({html.escape(v.note)})</li>" for v in w.variants)
            heading = html.escape(self.tr("One change, re-run"))
            parts.append(f"<h4>{heading}</h4><ul>{items}</ul>")
        return "".join(parts)
