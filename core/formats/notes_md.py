"""Markdown notes with YAML front matter: Basic Memory's and Obsidian's notes, one per entry.

Basic Memory (github.com/basicmachines-co/basic-memory, NOTE-FORMAT.md; docs.basicmemory.com,
"Knowledge Format") stores a note as::

    ---
    title: Coffee Brewing Methods
    type: note
    tags: [coffee, brewing]
    permalink: coffee-brewing-methods
    ---
    # Coffee Brewing Methods
    ...

Obsidian reads the same front matter ("Properties"). ``linghun export --format markdown``
writes one such file per warm entry, named ``<permalink>.md``; its ``type`` is the entry's kind,
and it adds ``confidence``, ``created`` (the stamp), ``last_access`` and ``source`` (Basic Memory
keeps unknown keys as the entity's metadata)::

    ---
    title: "sprint 1 截止 2026-03-29。"
    type: fact
    tags: [linghun, fact]
    permalink: linghun-0001-6c1f2a9b
    confidence: high
    created: "2026-09-27 10:00"
    last_access: "2026-09-27 10:00"
    ---
    sprint 1 截止 2026-03-29。

Importing (``parse``): the body is the text after the front matter, a first ``# <title>`` line
dropped; the kind is ``type`` when it is a warm kind (legacy words too), else **fact** (a Basic
Memory ``note`` is what someone knows); ``confidence`` when valid, else medium; the stamp
``created`` / ``date`` / ``created_at``, else the file's modification time.

The front matter reader is deliberately small (PyYAML is not a dependency): ``key: value`` lines
whose value is plain text, a single- or double-quoted string, or a flow list ``[a, "b"]``, and
block lists (``key:`` then ``  - item`` lines). Anything else (nested maps, multi-line strings)
is refused with the line that holds it, never guessed at. The writer quotes every text as a JSON
string, which YAML reads as the same double-quoted string.
"""
from __future__ import annotations

import json
import re

from linghun.core.errors import InvalidInputError
from linghun.core.formats.cold import brief
from linghun.core.formats.exchange_record import Record, stamp_of_iso
from linghun.core.formats.warm import CONFIDENCES, KINDS, LEGACY_KINDS

_FENCE = "---"
_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(?P<value>.*?))?[ \t]*$")
_ITEM = re.compile(r"^[ \t]+-[ \t]+(?P<value>.*?)[ \t]*$")


# -- front matter ------------------------------------------------------------------------------
def split_front_matter(text: str, where: str) -> tuple[dict, str]:
    """``(front matter, body)`` of a note; an empty dict when it has none."""
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r") != _FENCE:
        return {}, text
    for end in range(1, len(lines)):
        if lines[end].rstrip("\r") == _FENCE:
            return _parse_fields(lines[1:end], where), "\n".join(lines[end + 1:])
    raise InvalidInputError(f"{where}: the front matter opened by '---' is never closed")


def _parse_fields(lines: list[str], where: str) -> dict:
    fields: dict = {}
    last = None
    for n, raw in enumerate(lines, 2):
        line = raw.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = _ITEM.match(line)
        if item and last is not None and isinstance(fields[last], list):
            fields[last].append(_scalar(item.group("value"), where, n))
            continue
        m = _KEY.match(line)
        if m is None:
            raise InvalidInputError(f"{where} line {n}: front matter this reader does not take ({line.strip()[:40]!r})")
        last, value = m.group("key"), m.group("value")
        fields[last] = [] if value is None else _value(value, where, n)
    return fields


def _value(text: str, where: str, n: int):
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return [_scalar(part.strip(), where, n) for part in _split_flow(inner)] if inner else []
    if text[:1] in ("{", "|", ">", "&", "*", "!"):
        raise InvalidInputError(f"{where} line {n}: front matter this reader does not take ({text[:40]!r})")
    return _scalar(text, where, n)


def _split_flow(text: str) -> list[str]:
    parts, current, quote = [], "", ""
    for ch in text:
        if quote:
            quote = "" if ch == quote and not current.endswith("\\") else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ",":
            parts.append(current)
            current = ""
            continue
        current += ch
    return parts + [current]


def _scalar(text: str, where: str, n: int):
    if text.startswith('"'):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            raise InvalidInputError(f"{where} line {n}: a double-quoted value that does not close") from None
    if text.startswith("'"):
        if len(text) < 2 or not text.endswith("'"):
            raise InvalidInputError(f"{where} line {n}: a single-quoted value that does not close")
        return text[1:-1].replace("''", "'")
    text = re.sub(r"[ \t]+#.*$", "", text)  # a comment after a plain value
    return {"true": True, "false": False, "null": None, "~": None}.get(text, text)


def render_front_matter(fields: dict) -> str:
    lines = [_FENCE]
    for key, value in fields.items():
        if value is None:
            continue
        if isinstance(value, list):
            value = "[" + ", ".join(json.dumps(str(v), ensure_ascii=False) for v in value) + "]"
        else:
            value = json.dumps(str(value), ensure_ascii=False)
        lines.append(f"{key}: {value}")
    return "\n".join(lines + [_FENCE]) + "\n"


# -- notes -------------------------------------------------------------------------------------
def render_note(record: Record, permalink: str) -> str:
    fields = {"title": brief(record.body) or permalink, "type": record.kind, "tags": ["linghun", record.kind],
              "permalink": permalink, "confidence": record.confidence, "created": record.stamp,
              "last_access": record.last_access, "source": record.source}
    return render_front_matter(fields) + record.body.rstrip("\n") + "\n"


def parse_note(text: str, where: str, fallback_stamp: str) -> tuple[dict, Record | None]:
    """The front matter of a note and its record (None when the note has no text)."""
    fields, body = split_front_matter(text, where)
    lines = body.strip("\n").split("\n")
    title = fields.get("title")
    if lines and lines[0].startswith("# ") and (title is None or lines[0][2:].strip() == str(title).strip()):
        lines = lines[1:]
    body = "\n".join(lines).strip("\n")
    if not body.strip():
        return fields, None
    word = str(fields.get("type") or "").strip().lower()
    kind = word if word in KINDS or word in LEGACY_KINDS else "fact"
    confidence = fields.get("confidence") if fields.get("confidence") in CONFIDENCES else "medium"
    stamp = next((s for key in ("created", "date", "created_at") if (s := _stamp(fields.get(key)))), fallback_stamp)
    last = _stamp(fields.get("last_access")) or stamp
    source = fields.get("source") if isinstance(fields.get("source"), str) else None
    return fields, Record(kind, confidence, stamp, body, last, source)


def _stamp(value) -> str | None:
    if not isinstance(value, str):
        return None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}(?: \d{1,2}:\d{2})?", value.strip()):
        return value.strip()
    return stamp_of_iso(value)
