"""What the rounds pane shows of one role: its span as HTML, its LLM calls and files as text, and a
highlighter for unified diffs.

Everything read from a trace is escaped: questions and memory text are user data.
"""
from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QSyntaxHighlighter, QTextCharFormat, QTextDocument
from PySide6.QtWidgets import QWidget

from linghun.workbench import tones
from linghun.workbench.models.rounds import RoleState, role_title, status_title
from linghun.workbench.plaintext import escape

VALUE_CHARS = 600  # a long input (the previous bundle, the material) is cut in the overview


def _value(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > VALUE_CHARS:
        text = text[:VALUE_CHARS] + "…" + QCoreApplication.translate("RoundDetail", "(%1 more characters)").replace("%1", str(len(text) - VALUE_CHARS))
    return escape(text)


def _pairs(title: str, values: dict[str, Any]) -> str:
    if not values:
        return ""
    muted = tones.css("muted")
    rows = "".join(f"<tr><td style='color:{muted}; padding-right:8px'>{escape(str(k))}</td>"
                   f"<td style='white-space:pre-wrap'>{_value(v)}</td></tr>" for k, v in values.items())
    return f"<h4>{escape(title)}</h4><table cellspacing='2'>{rows}</table>"


def span_html(state: RoleState) -> str:
    """The overview of one role: status, error, decisions with reasons, inputs and outputs."""
    span = state.span or {}
    parts = [f"<h3>{escape(role_title(state.role))} "
             f"<span style='font-weight:normal'>· {escape(status_title(state.status))}"
             + (f" · {state.duration_ms:.1f} ms" if state.duration_ms is not None else "") + "</span></h3>"]
    if state.span is None:
        parts.append("<p>" + escape(QCoreApplication.translate("RoundDetail", "This role is running…") if state.status == "running"
                                         else QCoreApplication.translate("RoundDetail", "This role has not run in this round.")) + "</p>")
        return "".join(parts)
    if span.get("error"):
        label, error = QCoreApplication.translate("RoundDetail", "Error"), tones.css("error")
        parts.append(f"<p style='color:{error}'><b>{escape(label)}:</b> {escape(str(span['error']))}</p>")
    decisions = span.get("decisions") or []
    if decisions:
        titles = (QCoreApplication.translate("RoundDetail", "Decision"), QCoreApplication.translate("RoundDetail", "Choice"),
                  QCoreApplication.translate("RoundDetail", "Reason"))
        head = "".join(f"<th align='left'>{escape(h)}</th>" for h in titles)
        rows = "".join(f"<tr><td>{escape(str(d.get('what')))}</td><td><b>{_value(d.get('choice'))}</b></td>"
                       f"<td>{escape(str(d.get('reason') or ''))}</td></tr>" for d in decisions)
        title = QCoreApplication.translate("RoundDetail", "Decisions")
        parts.append(f"<h4>{escape(title)}</h4>"
                     f"<table width='100%' cellspacing='0' cellpadding='3' border='1' style='border-collapse:collapse'>"
                     f"<tr>{head}</tr>{rows}</table>")
    counts = []
    if span.get("candidates") or span.get("near_misses"):
        counts.append(QCoreApplication.translate("RoundDetail", "%1 candidates and %2 near misses: see the Candidates tab")
                      .replace("%1", str(len(span.get("candidates") or []))).replace("%2", str(len(span.get("near_misses") or []))))
    if span.get("llm"):
        counts.append(QCoreApplication.translate("RoundDetail", "%1 LLM call(s): see the LLM tab").replace("%1", str(len(span["llm"]))))
    if span.get("files"):
        counts.append(QCoreApplication.translate("RoundDetail", "%1 file(s) written: see the Files tab").replace("%1", str(len(span["files"]))))
    if counts:
        parts.append("<p>" + "<br>".join(escape(c) for c in counts) + "</p>")
    outputs = {k: v for k, v in (span.get("outputs") or {}).items() if k != "candidates"}
    parts.append(_pairs(QCoreApplication.translate("RoundDetail", "Outputs"), outputs))
    parts.append(_pairs(QCoreApplication.translate("RoundDetail", "Inputs"), span.get("inputs") or {}))
    return "".join(parts)


def _usage_label(source: str | None) -> str:
    """" (tokens estimated)" for tokens the server did not report (``core/assembler/TRACE.md``); reported
    ones, and those of older traces, go unlabelled."""
    if source == "counted":
        return " " + QCoreApplication.translate("RoundDetail", "(tokens counted by the server's tokenizer)")
    if source == "estimated":
        return " " + QCoreApplication.translate("RoundDetail", "(tokens estimated)")
    return ""


def llm_text(state: RoleState) -> str:
    """Each LLM call of the role: model, parameters, tokens, latency, error, prompt and reply."""
    calls = (state.span or {}).get("llm") or []
    out: list[str] = []
    for call in calls:
        params = call.get("params") or {}
        out.append(f"#{call.get('index')} {call.get('provider') or ''} {call.get('model') or ''}  "
                   + QCoreApplication.translate("RoundDetail", "tokens %1 + %2, %3 ms").replace("%1", str(call.get("prompt_tokens")))
                   .replace("%2", str(call.get("completion_tokens"))).replace("%3", str(call.get("latency_ms")))
                   + _usage_label(call.get("usage_source"))
                   + "  " + json.dumps(params, ensure_ascii=False))
        if call.get("error"):
            err = call["error"]
            out.append(QCoreApplication.translate("RoundDetail", "error: %1").replace("%1", f"{err.get('kind')} {err.get('status') or ''} {err.get('message')}"))
        for message in call.get("prompt") or []:
            out.append(f"── {message.get('role')} ──\n{message.get('content')}")
        reply = QCoreApplication.translate("RoundDetail", "reply")
        out.append(f"── {reply} ──\n{call.get('response') or ''}")
        out.append("")
    if state.streamed and not calls:
        streaming = QCoreApplication.translate("RoundDetail", "streaming")
        out.append(f"── {streaming} ──\n{state.streamed}")
    if not out:
        out.append(QCoreApplication.translate("RoundDetail", "No LLM call in this role (offline, or a role that never asks one)."))
    return "\n".join(out)


def files_text(state: RoleState) -> str:
    """The files the role wrote, each with its unified diff."""
    files = (state.span or {}).get("files") or []
    if not files:
        return QCoreApplication.translate("RoundDetail", "This role wrote no file.")
    out = []
    for f in files:
        out.append(f"{f.get('action')} {f.get('path')} ({f.get('bytes')} bytes)")
        out.append(str(f.get("diff") or "").rstrip("\n"))
        out.append("")
    return "\n".join(out)


class DiffHighlighter(QSyntaxHighlighter):
    """Colours unified-diff lines: additions green, deletions red, hunks blue, in the tones of the
    palette; the lines are coloured again when the view's palette changes (a theme switch)."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._formats: dict[str, QTextCharFormat] = {}
        self._diff = True
        self._pick_formats()
        view = document.parent()
        while view is not None and not isinstance(view, QWidget):
            view = view.parent()
        if view is not None:
            view.installEventFilter(self)

    def _pick_formats(self) -> None:
        for mark, tone in (("+", "added"), ("-", "removed"), ("@", "hunk")):
            fmt = QTextCharFormat()
            fmt.setForeground(tones.text(tone))
            self._formats[mark] = fmt

    def eventFilter(self, obj: QObject, event) -> bool:  # noqa: N802 - Qt override
        if tones.follows_palette(event) and self._formats["+"].foreground().color() != tones.text("added"):
            self._pick_formats()
            self.rehighlight()
        return False

    def show_as_diff(self, diff: bool) -> None:
        """Whether the view shows a diff now: a bundle shown whole is Markdown, whose "- " bullets
        are not removals and must not be painted as such."""
        if diff != self._diff:
            self._diff = diff
            self.rehighlight()

    def highlightBlock(self, text: str) -> None:  # noqa: N802 - Qt override
        # the mark is a diff line's first character: " - item" is a context line holding a
        # Markdown bullet, not a removal (stripping the space made every bullet red)
        if not self._diff or text.startswith(("+++ ", "--- ")):
            return
        fmt = self._formats["@"] if text.startswith("@@") else self._formats.get(text[:1])
        if fmt is not None:
            self.setFormat(0, len(text), fmt)
