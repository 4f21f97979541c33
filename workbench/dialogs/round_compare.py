"""Two rounds side by side: judgment, bundle, candidates with their ranks, LLM calls, timings; then
the bundle diff and the candidates whose rank changed. Facts are read on the task pool
(``core.history.rounds.compare_rounds``)."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QSplitter, QTextBrowser, QVBoxLayout, QWidget,
)

from linghun.core.history import capture
from linghun.core.history.rounds import HomeRound, compare_rounds
from linghun.workbench import clock, tones
from linghun.workbench.panes.rounds.detail import DiffHighlighter


class RoundCompareDialog(QDialog):
    """Signals:
        sig_loaded(): both rounds are shown.
    """

    sig_loaded = Signal()

    def __init__(self, ctx, a: HomeRound, b: HomeRound, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._result: dict | None = None
        self.setWindowTitle(self.tr("Compare two rounds"))
        self.left = QTextBrowser(self)
        self.right = QTextBrowser(self)
        self.changes = QTextBrowser(self)
        self.diff = QPlainTextEdit(self)
        self.diff.setReadOnly(True)
        self.diff.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._highlighter = DiffHighlighter(self.diff.document())
        sides = QSplitter(Qt.Orientation.Horizontal, self)
        sides.addWidget(self.left)
        sides.addWidget(self.right)
        below = QSplitter(Qt.Orientation.Horizontal, self)
        below.addWidget(self.diff)
        below.addWidget(self.changes)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(sides)
        splitter.addWidget(below)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.status = QLabel(self.tr("Reading both rounds…"), self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.resize(1100, 700)
        home, kept_by = ctx.home, ctx.history_home  # a copy of the past has no history of its own
        handle = ctx.tasks.submit(self.tr("Comparing two rounds"),
                                  lambda _state: compare_rounds(capture.history_of(kept_by), home, a, b))
        handle.sig_finished.connect(self._show)
        handle.sig_failed.connect(lambda exc: self.status.setText(str(exc)))

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # the two sides are HTML coloured from the palette: built again on a theme switch
        if tones.follows_palette(event) and self._result is not None:
            self.left.setHtml(self._side("A", self._result["a"]))
            self.right.setHtml(self._side("B", self._result["b"]))
        super().changeEvent(event)

    def _show(self, result: dict) -> None:
        self._result = result
        self.left.setHtml(self._side("A", result["a"]))
        self.right.setHtml(self._side("B", result["b"]))
        self.diff.setPlainText(result["bundle_diff"] or self.tr("The two bundles are the same."))
        rows = "".join(f"<tr><td>{html.escape(c['candidate'])}</td><td>{c['a'] or '—'}</td><td>{c['b'] or '—'}</td></tr>"
                       for c in result["rank_changes"])
        heading = html.escape(self.tr("Rank changes (A → B)"))  # tr() outside f-strings: lupdate reads it
        self.changes.setHtml(f"<h4>{heading}</h4>"
                             + (f"<table cellspacing='3'><tr><th></th><th>A</th><th>B</th></tr>{rows}</table>" if rows
                                else html.escape(self.tr("No candidate changed rank (or no trace kept them)."))))
        self.status.setText(self.tr("A: %1 — B: %2").replace("%1", result["a"]["query"]).replace("%2", result["b"]["query"]))
        self.sig_loaded.emit()

    def _side(self, label: str, f: dict) -> str:
        muted = tones.css("muted")

        def row(name: str, value) -> str:
            return (f"<tr><td style='color:{muted}; padding-right:8px'>{html.escape(name)}</td>"
                    f"<td style='white-space:pre-wrap'>{html.escape(str(value))}</td></tr>")

        rows = [row(self.tr("Question"), f["query"]), row(self.tr("When"), clock.shown_iso(f["at"])),
                row(self.tr("Judgment"), f"{f['level'] or '—'} · {f['strategy'] or '—'}" + (f" ({f['by']})" if f["by"] else "")),
                row(self.tr("LLM calls"), "—" if f["llm_calls"] is None else
                    self.tr("%1 (%2 tokens)").replace("%1", str(f["llm_calls"])).replace("%2", str(f["tokens"]))),
                row(self.tr("Duration"), "—" if f["duration_ms"] is None else f"{f['duration_ms']:.0f} ms")]
        if f["roles"]:
            rows.append(row(self.tr("Roles"), ", ".join(f"{k} {v:.0f} ms" for k, v in f["roles"].items() if v is not None)))
        candidates = "".join(f"<li>#{c['rank'] or '—'} {html.escape(c['key'])} <i>({html.escape(str(c['via']))})</i></li>"
                             for c in f["candidates"][:20])
        bundle = html.escape(f["bundle"] or self.tr("(no bundle known)"))
        titles = html.escape(self.tr("Candidates")), html.escape(self.tr("Bundle"))
        return (f"<h3>{label}</h3><table cellspacing='2'>{''.join(rows)}</table>"
                + (f"<h4>{titles[0]}</h4><ul>{candidates}</ul>" if candidates else "")
                + f"<h4>{titles[1]}</h4><pre style='white-space:pre-wrap'>{bundle}</pre>")
