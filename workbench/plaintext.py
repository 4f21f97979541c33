"""Text from the memory home is shown as text, never interpreted as markup.

The agent writes the home; anything it writes (an entry, a goal statement, a gap's question, a
rule, an error message quoting a file) may contain ``<b>``, ``<img src="/dev/zero">`` or a
megabyte on one line. Qt guesses: a tooltip, a ``QLabel`` in its default ``AutoText`` format and
a ``QMessageBox`` render a string as HTML when ``Qt.mightBeRichText`` says it looks like markup,
and an ``<img>`` naming a device makes Qt read it until memory runs out. So every place that shows
home text goes through this module:

- ``tooltip(text)``: for ``ToolTipRole`` and ``setToolTip``; escaped inside an explicit
  paragraph so Qt renders it as rich text whose only content is the literal text;
- ``plain(label)``: a ``QLabel`` (or ``QMessageBox``) that only ever shows plain text;
- ``escape(text)``: a fragment of home text inside markup we build ourselves.

All three also make the text safe to lay out: control characters are shown as their Unicode
pictures (U+2400 block), bidirectional controls are isolated inside the line so an RTL override in
an entry cannot reorder the text around it, very long text is cut with an ellipsis, and a long
run with no break opportunity gets zero-width spaces (a word-wrapped label is as wide as its
longest word: 50,000 ``x`` made the main window 7,700 pixels wide).
"""
from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

#: tooltips longer than this are cut: a tooltip is a glance, the editor shows the rest
TOOLTIP_LIMIT = 2000
#: a tooltip whose lines are all this short is shown unwrapped
SHORT_LINE = 100
#: a label is a line or a few; longer home text is cut (the panes' editors show all of it)
LABEL_LIMIT = 1000

# C0 and C1 controls except tab and newline, which read as layout
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# explicit bidi embeddings, overrides and isolates: a stray one would reorder what follows it
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")
_PDI = "\u2069"
# a run this long with no space may be broken; CJK text breaks between characters anyway
_LONG_RUN = re.compile(r"[^\s\u200b]{60}(?=[^\s\u200b])")
_FSI = "\u2068"


def _picture(m: re.Match) -> str:
    code = ord(m.group(0))
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def clean(text: object, limit: int | None = LABEL_LIMIT) -> str:
    """``text`` as a string that lays out safely: controls made visible, bidi contained, cut
    after ``limit`` characters with long runs made breakable. ``limit=None`` is for a document
    view that shows all of the text and scrolls: nothing is cut or inserted there, so text copied
    from it is the text."""
    s = "" if text is None else str(text)
    if limit is not None:
        if len(s) > limit:
            s = s[:limit] + "…"
        s = _LONG_RUN.sub(lambda m: m.group(0) + "\u200b", s)
    s = _CONTROLS.sub(_picture, s)
    if _BIDI.search(s):
        # first-strong isolate around the whole text and a pop at the end: whatever embeddings or
        # overrides the text opens are closed before anything we put after it
        s = _FSI + s + _PDI * (1 + len(_BIDI.findall(s)))
    return s


def escape(text: object, limit: int | None = LABEL_LIMIT) -> str:
    """Home text as an HTML fragment that shows exactly its characters."""
    return html.escape(clean(text, limit), quote=True)


def tooltip(text: object, limit: int = TOOLTIP_LIMIT) -> str:
    """A tooltip that shows ``text`` literally (empty, which shows none, for no text).

    Qt has no plain-text flag for tooltips: it takes any string that looks like markup as HTML.
    An explicit paragraph with the text escaped is always rich text whose content is the literal
    text, whatever the text contains; its white-space style keeps line breaks and spaces. Qt
    word-wraps a rich tooltip into a narrow box (about 150 pixels for one short line), so text
    whose lines are all short is not wrapped at all (``pre``); longer text wraps (``pre-wrap``).
    """
    s = "" if text is None else str(text)
    if not s:
        return ""
    body = escape(s, limit)
    wrap = "pre" if max(len(line) for line in s[:limit].split("\n")) <= SHORT_LINE else "pre-wrap"
    return f"<p style='white-space:{wrap}'>" + body + "</p>"


def plain(widget: QLabel | QMessageBox) -> QLabel | QMessageBox:
    """Make a label or message box show its text as plain text (never HTML); returns it."""
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget
