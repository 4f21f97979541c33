"""What every exchange format (export and import: ``core.exchange``) turns an entry into: a
``Record`` of the warm entry's fields, plus where it came from.

The source of an imported entry is kept in warm.md itself, as the body's last line::

    ## 2026-09-27 10:00 [fact] medium

    The user prefers green tea.
    <!-- source: mem0:3c90c3cc-0d44-4b50-8888-8dd25736052a -->
    <!-- last_access: 2026-09-27 10:00 -->

An HTML comment, so a Markdown view shows nothing of it; upstream keeps it as part of the body
(the agent sees it when it reads the entry: it says where the memory came from). SPEC 3 has no
field for it, and a comment line inside the body is the one place both parsers keep.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Iterable

_SOURCE_LINE = re.compile(r"\n?<!-- source: (?P<source>[^\n]*?) -->[ \t]*$")


@dataclass(frozen=True)
class Record:
    """One entry as the exchange formats see it. ``body`` is without its source line."""

    kind: str
    confidence: str | None
    stamp: str
    body: str
    last_access: str | None = None
    source: str | None = None

    def warm_body(self) -> str:
        """The body as warm.md keeps it: the source, when known, as its last line."""
        return with_source(self.body, self.source)


def with_source(body: str, source: str | None) -> str:
    if not source:
        return body
    # a source holding "-->" would end the comment early: it is cut there
    return f"{body}\n<!-- source: {source.replace('-->', '').strip()} -->"


def split_source(body: str) -> tuple[str, str | None]:
    """``(body without its source line, the source)``; the source is None when there is none."""
    if "<!-- source: " not in body:  # nearly every entry: no regular expression
        return body, None
    m = _SOURCE_LINE.search(body)
    if m is None:
        return body, None
    return body[: m.start()], m.group("source")


def stamp_of_iso(text: str) -> str | None:
    """A warm stamp (local ``YYYY-MM-DD HH:MM``) from an ISO 8601 time (``2026-09-27T10:00:00Z``,
    with or without a zone, or a bare date); None when it is not one. A time with a zone is
    given in this machine's local time, as upstream writes stamps; one without is taken as it is."""
    if not isinstance(text, str) or not text.strip():
        return None
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    if when.tzinfo is not None:
        when = when.astimezone()
    if len(text.strip()) == 10:  # a bare date stays a bare date (SPEC 3 allows it)
        return when.strftime("%Y-%m-%d")
    return when.strftime("%Y-%m-%d %H:%M")


def iso_of_stamp(stamp: str | None) -> str | None:
    """A warm stamp as ISO 8601 in this machine's zone (``2026-09-27T10:00:00+08:00``)."""
    if not stamp:
        return None
    fmt = "%Y-%m-%d %H:%M" if " " in stamp else "%Y-%m-%d"
    try:
        return datetime.strptime(stamp, fmt).astimezone().isoformat()
    except ValueError:
        return None


def records_of(entries: Iterable) -> list[Record]:
    """The records of warm entries (``WarmEntry``), each body's source line split off."""
    out = []
    for e in entries:
        body, source = split_source(e.body)
        out.append(Record(e.kind, e.confidence, e.stamp, body, e.last_access, source))
    return out
