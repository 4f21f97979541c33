"""The journal ("序时账", SPEC 5): ``memory/journal/YYYY-MM-DD.md``, one file per day.

Every turn is appended in full: a newline, the local stamp ``YYYY-MM-DD HH:MM:SS`` on its own
line, then ``用户：<text>`` and ``助手：<text>``. A file splits into turns at every newline
followed by a full stamp line; text before the first stamp is the preamble. Each turn keeps its
exact text (``raw``, starting with that newline), so ``JournalDay.render()`` is byte-identical.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from linghun.core.errors import InvalidInputError

STAMP_RE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
_SPLIT = re.compile(r"(?:^|\n)(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\r?(?:\n|\Z))")
# the upstream writes ``用户：<text>`` (full-width colon, no space); a hand-written ``用户: x`` is read
# too. After the full-width colon nothing is dropped: a reply that starts with a space keeps it.
_SPEAKER = re.compile(r"^(用户|助手)(?:：|:[ \t]?)(.*)$")
# a line of what was said that would read as a new speaker or a new turn gets one more leading
# space when written, and loses one when read: the escape is reversible for every text
_LOOKS_SPECIAL = r"(?:用户|助手)[：:]|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s*$"
_ESCAPE = re.compile(rf"(?m)^(?= *(?:{_LOOKS_SPECIAL}))")
_UNESCAPE = re.compile(rf"^ (?= *(?:{_LOOKS_SPECIAL}))")
_DAY = re.compile(r"\d{4}-\d\d-\d\d")
_MINUTE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")

USER_LABEL = "用户"
ASSISTANT_LABEL = "助手"


@dataclass
class JournalTurn:
    """One journal turn.

    Attributes:
        stamp: ``YYYY-MM-DD HH:MM:SS``.
        lines: the lines after the stamp line (trailing blank lines dropped).
        user: the user's text (continuation lines included), ``""`` when absent.
        assistant: the assistant's text, ``""`` when absent.
        raw: the exact text in the file (starts with the newline before the stamp, if any).
    """

    stamp: str
    lines: list[str]
    user: str
    assistant: str
    raw: str

    @property
    def day(self) -> str:
        return self.stamp[:10]

    @property
    def text(self) -> str:
        """The turn's content without the stamp line."""
        return "\n".join(self.lines)


@dataclass
class JournalDay:
    preamble: str = ""
    turns: list[JournalTurn] = field(default_factory=list)

    def render(self) -> str:
        return self.preamble + "".join(t.raw for t in self.turns)

    def window(self, start: str | None = None, end: str | None = None) -> list[JournalTurn]:
        return filter_window(self.turns, start, end)


def _parse_turn(raw: str) -> JournalTurn:
    body = raw[1:] if raw.startswith("\n") else raw
    stamp_line, _, rest = body.partition("\n")
    lines = rest.split("\n") if rest else []
    while lines and not lines[-1].strip():
        lines.pop()
    lines = [ln.rstrip("\r") for ln in lines]
    said: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        m = _SPEAKER.match(line)
        if m:
            current = said.setdefault(m.group(1), [])
            if current:  # a second 用户： line in one turn: keep it, on a new line
                current.append("")
            current.append(_UNESCAPE.sub("", m.group(2)))
        elif current is not None:
            current.append(_UNESCAPE.sub("", line))
    return JournalTurn(
        stamp=stamp_line.strip(),
        lines=lines,
        user="\n".join(said.get(USER_LABEL, [])).strip("\n"),
        assistant="\n".join(said.get(ASSISTANT_LABEL, [])).strip("\n"),
        raw=raw,
    )


def parse_journal(text: str) -> JournalDay:
    """Parse one day's journal; never raises, keeps every byte."""
    starts = [m.start() for m in _SPLIT.finditer(text)]
    if not starts:
        return JournalDay(preamble=text, turns=[])
    bounds = starts + [len(text)]
    turns = [_parse_turn(text[a:b]) for a, b in zip(bounds, bounds[1:])]
    return JournalDay(preamble=text[: starts[0]], turns=turns)


def format_turn(stamp: str, user: str, assistant: str) -> str:
    """The text appended for one turn: ``\\n<stamp>\\n用户：...\\n助手：...\\n``."""
    if not STAMP_RE.fullmatch(stamp or ""):
        raise InvalidInputError(f"journal stamp must be YYYY-MM-DD HH:MM:SS, got {stamp!r}")
    return f"\n{stamp}\n{USER_LABEL}：{_one_block(user)}\n{ASSISTANT_LABEL}：{_one_block(assistant)}\n"


def _one_block(text: str) -> str:
    """Keep the text whole: a line that looks like a stamp would split the turn when read back,
    and one that starts ``用户：`` / ``助手：`` would be taken for the other speaker, so such a
    line gets one more leading space, which reading removes (``_UNESCAPE``).

    What is written, and so read back, is ``canonical_said(text)``."""
    return _ESCAPE.sub(" ", canonical_said(text))


def canonical_said(text: str) -> str:
    """What a turn keeps of a text: newlines as ``\n``, no blank lines around it and no
    whitespace-only lines at its end (a turn's trailing blank lines are not part of it)."""
    lines = str(text or "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def normalise_bound(value: str | None, *, end: bool) -> str | None:
    """A window bound as a full stamp: a bare date or ``YYYY-MM-DD HH:MM`` are accepted.

    A start is completed with the first second of the day or minute, an end with the last, so
    both ends are inclusive.
    """
    if value is None or str(value).strip() == "":
        return None
    v = " ".join(str(value).replace("T", " ").split())
    if STAMP_RE.fullmatch(v):
        return v
    if _MINUTE.fullmatch(v):
        return v + (":59" if end else ":00")
    if _DAY.fullmatch(v):
        return v + (" 23:59:59" if end else " 00:00:00")
    raise InvalidInputError(
        f"time bound {value!r} is not YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DD HH:MM:SS")


def filter_window(turns: Iterable[JournalTurn], start: str | None = None,
                  end: str | None = None) -> list[JournalTurn]:
    """Turns whose stamp lies in ``[start, end]`` (both inclusive, either may be ``None``)."""
    lo = normalise_bound(start, end=False)
    hi = normalise_bound(end, end=True)
    if lo and hi and lo > hi:
        raise InvalidInputError(f"the window starts ({start}) after it ends ({end})")
    return [t for t in turns if (lo is None or t.stamp >= lo) and (hi is None or t.stamp <= hi)]


def count_turns(text: str) -> int:
    return len(parse_journal(text).turns)


def format_index(day_counts: Mapping[str, int] | Iterable[tuple[str, int]]) -> str:
    """The journal index: one line ``- <day>（N 条流水）`` per day, in the given order."""
    items = day_counts.items() if isinstance(day_counts, Mapping) else day_counts
    return "\n".join(f"- {day}（{n} 条流水）" for day, n in items)
