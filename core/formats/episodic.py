"""Episodic archives ``memory/episodic/YYYY-MM-DD.md`` (SPEC 4).

Each consolidation appends ``\\n## HH:MM\\n\\n`` and the raw warm text: a file is never
overwritten. For listing, a file splits at every newline followed by a ``## HH:MM`` line (the warm
entries inside keep their own ``## <stamp> [kind]`` headers, which are not split points). Text
before the first section is the preamble; each section keeps its exact text, so render is
byte-identical.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from linghun.core.errors import InvalidInputError

_SPLIT = re.compile(r"(?:^|\n)(?=## \d\d:\d\d[ \t\r]*(?:\n|\Z))")
_HHMM = re.compile(r"\d\d:\d\d")


@dataclass
class EpisodicSection:
    """One archive: ``hhmm`` of the consolidation, ``text`` the warm text archived, ``raw`` exact."""

    hhmm: str
    text: str
    raw: str


@dataclass
class EpisodicDay:
    preamble: str = ""
    sections: list[EpisodicSection] = field(default_factory=list)

    def render(self) -> str:
        return self.preamble + "".join(s.raw for s in self.sections)


def _parse_section(raw: str) -> EpisodicSection:
    body = raw[1:] if raw.startswith("\n") else raw
    header, _, rest = body.partition("\n")
    return EpisodicSection(hhmm=header[3:].strip(), text=rest.lstrip("\r\n"), raw=raw)


def parse_episodic(text: str) -> EpisodicDay:
    """Parse one episodic file; never raises, keeps every byte."""
    starts = [m.start() for m in _SPLIT.finditer(text)]
    if not starts:
        return EpisodicDay(preamble=text)
    bounds = starts + [len(text)]
    return EpisodicDay(preamble=text[: starts[0]],
                       sections=[_parse_section(text[a:b]) for a, b in zip(bounds, bounds[1:])])


def render_append(hhmm: str, warm_text: str) -> str:
    """The text appended for one consolidation: ``\\n## HH:MM\\n\\n`` + the raw warm text."""
    if not _HHMM.fullmatch(str(hhmm)):
        raise InvalidInputError(f"time must be HH:MM, got {hhmm!r}")
    return f"\n## {hhmm}\n\n{warm_text}"
