"""cold.md, the cold summary (SPEC 4).

Each consolidation appends one section::

    ## 2026-09-26 沉淀（3 条）
    - [high] 项目代号 Alpha，仓库 monorepo，主分支 main。
    - 用户每周一上午开站会。
    - [low] 可能要在十月底前切换到新的 CI 平台。
    （全文见 episodic/2026-09-26.md）

Upstream re-appends the whole old cold text each time (a defect): we append only the new
section. Parsing splits at every newline followed by ``## ``; a block whose header is not a
``沉淀`` header is kept as an unknown section, and every block keeps its exact text, so an
unchanged document renders byte for byte.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from linghun.core.errors import InvalidInputError

_SPLIT = re.compile(r"(?:^|(?<=\n))(?=## )")
_HEADER = re.compile(r"^## (?P<day>\d{4}-\d\d-\d\d) 沉淀(?:（(?P<n>\d+) 条）)?\s*$")
_ITEM = re.compile(r"^- (?:\[(?P<conf>high|low|medium)\] )?(?P<brief>.*)$")
_TRAILER = re.compile(r"^（全文见 (?P<path>[^）]*)）\s*$")

BRIEF_CHARS = 60
CONFIDENCE_TAGS = {"high": "[high] ", "low": "[low] ", "medium": ""}


def brief(body: str) -> str:
    """The cold line of an entry: its first non-blank body line, whitespace collapsed, 60 chars."""
    for line in str(body or "").split("\n"):
        line = " ".join(line.split())
        if line:
            return line[:BRIEF_CHARS]
    return ""


@dataclass
class ColdItem:
    confidence: str  # "high" | "medium" | "low"
    brief: str


@dataclass
class ColdSection:
    """One block of cold.md. ``day`` is ``None`` for a block we do not recognise."""

    raw: str
    day: str | None = None
    count: int | None = None
    items: list[ColdItem] = field(default_factory=list)
    archive: str | None = None
    other_lines: list[str] = field(default_factory=list)

    @property
    def known(self) -> bool:
        return self.day is not None


@dataclass
class ColdDocument:
    preamble: str = ""
    sections: list[ColdSection] = field(default_factory=list)

    def render(self) -> str:
        return self.preamble + "".join(s.raw for s in self.sections)

    def days(self) -> list[str]:
        return [s.day for s in self.sections if s.day]


def _parse_section(raw: str) -> ColdSection:
    lines = raw.rstrip("\n").split("\n")
    m = _HEADER.match(lines[0].rstrip("\r"))
    if not m:
        return ColdSection(raw=raw, other_lines=lines)
    sec = ColdSection(raw=raw, day=m.group("day"), count=int(m.group("n")) if m.group("n") else None)
    for line in lines[1:]:
        line = line.rstrip("\r")
        t = _TRAILER.match(line)
        i = _ITEM.match(line)
        if t:
            sec.archive = t.group("path")
        elif i:
            sec.items.append(ColdItem(i.group("conf") or "medium", i.group("brief")))
        elif line.strip():
            sec.other_lines.append(line)
    return sec


def parse_cold(text: str) -> ColdDocument:
    """Parse cold.md; never raises, keeps every byte."""
    chunks = _SPLIT.split(text)
    preamble = chunks.pop(0) if chunks and not chunks[0].startswith("## ") else ""
    return ColdDocument(preamble=preamble, sections=[_parse_section(c) for c in chunks if c])


def render_section(day: str, items: Iterable[tuple[str | None, str]]) -> str:
    """The section appended for one consolidation (``items`` are ``(confidence, brief)``).

    Wrong entries are omitted; a missing or unknown confidence reads as medium. Ends with a
    newline.
    """
    if not re.fullmatch(r"\d{4}-\d\d-\d\d", str(day)):
        raise InvalidInputError(f"day must be YYYY-MM-DD, got {day!r}")
    lines = []
    for confidence, text in items:
        conf = (confidence or "medium").strip().lower()
        if conf == "wrong":
            continue
        tag = CONFIDENCE_TAGS.get(conf, "")
        lines.append(f"- {tag}{brief(text)}")
    return "\n".join([f"## {day} 沉淀（{len(lines)} 条）", *lines, f"（全文见 episodic/{day}.md）"]) + "\n"


def append_section(text: str, section: str) -> str:
    """``text`` with ``section`` appended after a blank line; the old text is kept as it is."""
    if not text:
        return section
    sep = "\n" if text.endswith("\n") else "\n\n"
    if text.endswith("\n\n"):
        sep = ""
    return text + sep + section
