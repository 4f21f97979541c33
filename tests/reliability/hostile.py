"""A memory home full of hostile text, written through the agent's own tools.

Every payload is something an agent (or whatever it read) could write: markup that Qt would
render, an image naming a device (reading ``/dev/zero`` as an image exhausts memory), a string of
50,000 characters, control characters, bidirectional overrides. ``hostile_home`` puts each one in
every place the workbench shows text from: warm entries of each kind, goal statements and
triggers, rules, gaps, a journal turn.
"""
from __future__ import annotations

import os
from pathlib import Path

from linghun.core.goals import Goals
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.tools import dispatch

IMG = '<img src="/dev/zero">'
PAYLOADS = {
    "img": f"图片 {IMG} 结束",
    "markup": '<b>bold-hostile</b> <i>it</i> <a href="file:///etc/passwd">link</a> <font size=99>big</font>',
    "script": "<script>alert(1)</script><style>*{font-size:900px}</style>",
    "table": "<table><tr><td>" * 40 + "cells",
    "entities": "&lt;not a tag&gt; &amp; &#60;img&#62;",
    "controls": "ctl \x01\x07\x1b[31m red \x7f\x85 end",
    "rtl": "RTL \u202eevil override\u202c \u2067isolate \u200f mark end",
    "huge": "巨" + "x" * 50_000,
}
WARM_CHARS = 600
#: raw markup that must never reach a rich-text renderer unescaped
RAW_MARKERS = ("<img", "<b>bold-hostile", "<script", "<style", "<table", "<a href=\"file:", "<font")


def hostile_home(dsh: Path) -> MemoryHome:
    """Fill ``dsh`` (a ``$DSH_HOME``, possibly already holding a home) with every payload."""
    home = MemoryHome.resolve(dsh)
    home.ensure()
    for name, text in PAYLOADS.items():
        short = text[:WARM_CHARS]  # warm.md holds 64 KiB in all: one long entry, the rest cut
        dispatch(home, "memory_append", {"kind": "fact", "confidence": "high",
                                         "content": {"entity": short, "attribute": name, "value": short, "source": "#1"}})
        dispatch(home, "memory_append", {"kind": "event", "content": f"{name}: {text[:20_000]}"})
        dispatch(home, "memory_append", {"kind": "rule", "content": short, "confidence": "low"})
        # a rule or a goal longer than the tools take (core.limits) is written by other means: the
        # workbench must still show it as text
        Memory(home).rules_append(text, f"{name} {text[:200]}")
        Goals(home).goal_update("new", f"我想要 {name} {text}", domain=text[:300], triggers=[text[:500]])
        Memory(home).journal_append(f"用户说 {text}", f"助手答 {text}")
    gaps = home.team_file("gaps.md")
    lines = [f"- 2026-10-0{i % 9 + 1}T12:00:00.000Z 提到「{text}」，记忆无命中" for i, text in enumerate(PAYLOADS.values())]
    gaps.parent.mkdir(parents=True, exist_ok=True)
    old = gaps.read_text(encoding="utf-8") if gaps.exists() else ""
    gaps.write_text(old + "\n".join(lines) + "\n", encoding="utf-8")
    return home


def unsafe(text: object) -> str | None:
    """The first raw marker in ``text`` when Qt would take it as rich text, else ``None``.

    Qt renders a tooltip, and a label in its default format, as HTML exactly when
    ``Qt.mightBeRichText`` says so; then no payload's markup may be in it unescaped.
    """
    from PySide6.QtGui import Qt

    if not isinstance(text, str) or not text or not Qt.mightBeRichText(text):
        return None
    return next((m for m in RAW_MARKERS if m in text), None)


def shots_dir(tmp_path: Path) -> Path:
    """Where screenshots go: ``LINGHUN_SCREENSHOTS_DIR`` when set (to look at them), else the
    test's temporary folder."""
    folder = Path(os.environ.get("LINGHUN_SCREENSHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def seen(rich: str) -> str:
    """What a person reads in a tooltip or rich label: its HTML laid out as text."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText()
