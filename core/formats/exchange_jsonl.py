"""linghun's own exchange format: warm entries as JSON Lines (``linghun export --format jsonl``).

One JSON object per line, UTF-8, ``\\n`` line ends. The first line is a header::

    {"format": "linghun-warm", "version": 1, "entries": 2}

and every further line is one warm entry (SPEC 3), in warm.md's order, keys in this order::

    {"kind": "fact", "confidence": "high", "stamp": "2026-09-27 10:00",
     "last_access": "2026-09-27 10:00", "body": "sprint 1 截止 2026-03-29。", "source": null}

- ``kind``: the word in the header's brackets, as written (legacy kinds kept);
- ``confidence``: ``high | medium | low | wrong``, or null when the header has none;
- ``stamp``: ``YYYY-MM-DD HH:MM`` or ``YYYY-MM-DD``, local time as upstream writes it;
- ``last_access``: the ``last_access`` comment's value, or null;
- ``body``: the entry's text (without its source line);
- ``source``: where an imported entry came from (``mem0:<id>``...), or null
  (``core.formats.exchange_record``).

Nothing else (no export time, no ids): exporting a home, importing the file into an empty
home and exporting that gives the same bytes. A reader refuses a header of another format or a
newer version, and a record without these fields, naming the line.
"""
from __future__ import annotations

import json
import re

from linghun.core.errors import InvalidInputError
from linghun.core.formats.exchange_record import Record
from linghun.core.formats.warm import CONFIDENCES

FORMAT = "linghun-warm"
VERSION = 1
_KIND = re.compile(r"^[^\]\s]+$")
_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}(?: \d{1,2}:\d{2})?$")
_KEYS = ("kind", "confidence", "stamp", "last_access", "body", "source")


def render(records: list[Record]) -> str:
    lines = [_dumps({"format": FORMAT, "version": VERSION, "entries": len(records)})]
    lines += [_dumps({key: getattr(r, key) for key in _KEYS}) for r in records]
    return "\n".join(lines) + "\n"


def _dumps(value: dict) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def parse(text: str, where: str = "the file") -> list[Record]:
    lines = [line for line in text.split("\n") if line.strip()]
    if not lines:
        raise InvalidInputError(f"{where} is empty: a linghun JSONL file starts with its header line")
    header = _load(lines[0], 1, where)
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise InvalidInputError(f"{where} line 1 is not a linghun-warm header ({{\"format\": \"{FORMAT}\", ...}})")
    if header.get("version") != VERSION:
        raise InvalidInputError(f"{where} is version {header.get('version')!r}; this linghun reads version {VERSION}")
    return [_record(_load(line, n, where), n, where) for n, line in enumerate(lines[1:], 2)]


def _load(line: str, n: int, where: str):
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{where} line {n} is not valid JSON ({exc.msg} at column {exc.colno})") from None


def _record(value, n: int, where: str) -> Record:
    if not isinstance(value, dict):
        raise InvalidInputError(f"{where} line {n} is not a JSON object")
    missing = [k for k in ("kind", "stamp", "body") if not isinstance(value.get(k), str)]
    if missing:
        raise InvalidInputError(f"{where} line {n} has no text for {', '.join(missing)}")
    if not _KIND.match(value["kind"]) or not _STAMP.match(value["stamp"]):
        raise InvalidInputError(f"{where} line {n}: kind {value['kind']!r} or stamp {value['stamp']!r} cannot be a warm header")
    if value.get("confidence") not in (*CONFIDENCES, None):
        raise InvalidInputError(f"{where} line {n}: confidence {value['confidence']!r} is not high, medium, low or wrong")
    for key in ("last_access", "source"):
        if value.get(key) is not None and not isinstance(value[key], str):
            raise InvalidInputError(f"{where} line {n}: {key} must be text or null")
    return Record(**{key: value.get(key) for key in _KEYS})

