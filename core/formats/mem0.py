"""mem0's memories as JSON: what ``linghun export --format mem0`` writes and ``import`` reads.

mem0 (github.com/mem0ai/mem0, ``mem0ai`` 0.1.x / 1.x; docs.mem0.ai, "Get Memories" and "Memory
History" of the API reference) returns memories from ``Memory.get_all()`` /
``MemoryClient.get_all()`` as::

    {"results": [{"id": "<uuid>", "memory": "<text>", "hash": "<md5 of the text>",
                  "metadata": {...}, "created_at": "<ISO 8601>", "updated_at": "<ISO 8601>|null",
                  "user_id": "...", "agent_id": "...", "run_id": "..."}]}

and ``history(memory_id)`` as a list of events::

    [{"id": "...", "memory_id": "<uuid>", "old_memory": "...|null", "new_memory": "...|null",
      "event": "ADD|UPDATE|DELETE", "created_at": "...", "updated_at": "...", "is_deleted": false}]

Reading (``parse``) accepts ``{"results": [...]}``, ``{"memories": [...]}`` (the platform's
export), a bare list of memories, or a list of history events. The kind rule:

- a memory is a **fact** (mem0 extracts facts: its prompt is "FACT_RETRIEVAL"), unless its
  ``metadata`` names a kind: ``kind`` / ``type`` / ``category`` of ``event``, ``fact`` or ``rule``,
  or a legacy word (``preference``, ``decision`` -> rule; ``experience`` -> event; ``identity`` ->
  fact), the first of those keys that does;
- confidence: ``metadata.confidence`` when it is high, medium, low or wrong, else **medium**;
- stamp: ``created_at`` (local time), last access: ``updated_at``, else the stamp; ``metadata.stamp``
  and ``metadata.last_access`` (written by our export) win, so a round trip keeps them exactly;
- source: ``metadata.source`` when we wrote it (null too), else ``mem0:<id>``;
- history: each memory's newest event; its ``new_memory`` after ADD or UPDATE, nothing after
  DELETE.

Writing (``render``) gives the ``get_all`` shape, ``hash`` as mem0 computes it (MD5 of the
UTF-8 text), an ``id`` derived from the entry's content (stable across exports), and the warm
fields in ``metadata``.
"""
from __future__ import annotations

import hashlib
import json
import uuid

from linghun.core.errors import InvalidInputError
from linghun.core.formats.exchange_record import Record, iso_of_stamp, stamp_of_iso
from linghun.core.formats.warm import CONFIDENCES, KINDS, LEGACY_KINDS

#: the namespace of the ids an export gives (uuid5 of the entry's content)
_ID_SPACE = uuid.UUID("6f1d3c2e-8a4b-4c55-9d7e-2b1f0e4a9c31")
_KIND_KEYS = ("kind", "type", "category")


def render(records: list[Record], user_id: str = "linghun") -> str:
    results = []
    for r in records:
        text = r.body
        results.append({
            "id": str(uuid.uuid5(_ID_SPACE, "\x1f".join((r.stamp, r.kind, text)))),
            "memory": text,
            "hash": hashlib.md5(text.encode("utf-8")).hexdigest(),
            "metadata": {"kind": r.kind, "confidence": r.confidence, "stamp": r.stamp,
                         "last_access": r.last_access, "source": r.source},
            "created_at": iso_of_stamp(r.stamp),
            "updated_at": iso_of_stamp(r.last_access),
            "user_id": user_id,
        })
    return json.dumps({"results": results}, ensure_ascii=False, indent=2) + "\n"


def parse(value, fallback_stamp: str) -> list[Record]:
    """The records of a parsed mem0 JSON document; ``fallback_stamp`` for a memory without a time."""
    items = value.get("results", value.get("memories")) if isinstance(value, dict) else value
    if not isinstance(items, list):
        raise InvalidInputError("not a mem0 export: expected {\"results\": [...]}, {\"memories\": [...]} or a list")
    if items and all(isinstance(i, dict) and "event" in i and "memory_id" in i for i in items):
        items = _latest_of_history(items)
    return [r for n, item in enumerate(items, 1) if (r := _record(item, n, fallback_stamp)) is not None]


def _latest_of_history(events: list[dict]) -> list[dict]:
    """Each memory's state after its newest event, as a memory (None after a DELETE)."""
    newest: dict[str, dict] = {}
    for e in sorted(events, key=lambda e: str(e.get("updated_at") or e.get("created_at") or "")):
        newest[str(e["memory_id"])] = e
    out = []
    for memory_id, e in newest.items():
        if str(e.get("event", "")).upper() == "DELETE" or e.get("is_deleted"):
            continue
        out.append({"id": memory_id, "memory": e.get("new_memory"), "created_at": e.get("created_at"),
                    "updated_at": e.get("updated_at")})
    return out


def _record(item, n: int, fallback_stamp: str) -> Record | None:
    if not isinstance(item, dict):
        raise InvalidInputError(f"mem0 memory {n} is not a JSON object")
    text = item.get("memory", item.get("text"))
    if not isinstance(text, str):
        raise InvalidInputError(f"mem0 memory {n} has no \"memory\" text")
    if not text.strip():
        return None
    meta = item.get("metadata") if isinstance(item.get("metadata"), dict) else {}
    stamp = _text(meta, "stamp") or stamp_of_iso(item.get("created_at")) or fallback_stamp
    last = meta.get("last_access") if "last_access" in meta else (stamp_of_iso(item.get("updated_at")) or stamp)
    # null from our export: the header had none (it reads as medium, SPEC 3)
    confidence = meta["confidence"] if meta.get("confidence", "") in (*CONFIDENCES, None) else "medium"
    # our export says "source" even when null: the entry had none, and a round trip keeps that
    source = _text(meta, "source") if "source" in meta else (f"mem0:{item['id']}" if item.get("id") else "mem0")
    return Record(_kind(meta), confidence, stamp, text.strip("\n"), last if isinstance(last, str) else None, source)


def _kind(meta: dict) -> str:
    for key in _KIND_KEYS:
        word = str(meta.get(key) or "").strip().lower()
        if word in KINDS or word in LEGACY_KINDS:
            return word
    return "fact"


def _text(meta: dict, key: str) -> str | None:
    value = meta.get(key)
    return value if isinstance(value, str) and value else None
