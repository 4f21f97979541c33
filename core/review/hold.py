"""Hold: with ``review.hold`` set, writes made through our agent tools (and so the MCP server)
wait in the team workspace until the user accepts them; only then do they reach the memory.

Tiers (``review.hold``): ``off``; ``risky``: a write that retires, merges, empties or replaces
what was there (``memory_append`` with ``update``, an append that would merge into a near
duplicate, ``memory_consolidate``, ``soul_update``, ``memory_project``); ``all``: every write.
A held call is kept as it was made (tool name and arguments) in ``held.json`` of the team
workspace, written atomically under the home lock; the tool answers "held for review", and
``memory_read`` lists the held entries, marked pending. Accepting runs the call then, as the
review's own write (so it does not come back into the queue); rejecting drops it.

No import of ``core.tools`` here: the tools ask this module, and the review runs the tools.
"""
from __future__ import annotations

import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from linghun.core.errors import CorruptFileError, NotFoundError
from linghun.core.formats.warm import join_fields, keys_near_duplicate, normalise_for_dedupe
from linghun.core.fsio import read_json, write_json
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.settings import home_settings, team_workspace

TIERS = ("off", "risky", "all")
HELD_FILE = "held.json"
#: the history's name for what the review writes (an accepted held call, a reject): the user's
REVIEW_WRITER = "review"
#: tools that write (the read-only ones are never held); touches change nothing one reviews
WRITING_TOOLS = ("memory_append", "memory_consolidate", "memory_project", "memory_rules", "soul_update",
                 "linghun_goal_update")
PENDING_TITLE = "【待审·pending】以下写入等待用户审阅，尚未进入记忆（held for review, not in memory yet）："


def hold_tier(home: MemoryHome) -> str:
    """The home's ``review.hold`` (an unknown value or unreadable settings: ``off``)."""
    try:
        value = str(home_settings(home).review.get("hold", "off")).lower()
    except CorruptFileError:
        return "off"
    return value if value in TIERS else "off"


def held_path(home: MemoryHome) -> Path:
    return team_workspace(home) / HELD_FILE


def held_writes(home: MemoryHome) -> list[dict]:
    """The held calls, oldest first."""
    try:
        data = read_json(held_path(home)) or {}
    except CorruptFileError:
        return []
    return [h for h in data.get("held", []) if isinstance(h, dict) and h.get("id")]


def _would_merge(memory, kind: str, content: Any) -> bool:
    try:
        key = normalise_for_dedupe(join_fields(kind, content))
    except (ValueError, TypeError):
        return False
    return any(not e.is_wrong and keys_near_duplicate(key, e.dedupe_key) for e in memory.entries())


def hold_reason(memory, tier: str, name: str, args: dict, destructive: bool) -> str | None:
    """Why the call is held under ``tier`` (None: it is not)."""
    if tier == "off" or name not in WRITING_TOOLS:
        return None
    if name == "memory_append":
        if args.get("update") not in (None, ""):
            return "flip"
        if _would_merge(memory, args.get("kind", ""), args.get("content", "")):
            return "merge"
    elif name == "memory_consolidate":
        return "consolidate"
    elif destructive:
        return "replace"
    return "write" if tier == "all" else None


def stage(home: MemoryHome, name: str, args: dict, reason: str) -> dict:
    """Keep the call in ``held.json``; returns what the tool answers."""
    entry = {"id": "h" + secrets.token_hex(5), "tool": name, "args": args, "reason": reason,
             "when": datetime.now().astimezone().isoformat(timespec="seconds")}
    with home_lock(home).hold():
        held = held_writes(home)
        held.append(entry)
        write_json(held_path(home), {"version": 1, "held": held})
    return {"held": True, "id": entry["id"], "reason": reason,
            "note": f"held for review ({reason}): the user reviews it before it reaches the memory; "
                    "memory_read lists it as pending"}


def take(home: MemoryHome, held_id: str) -> dict:
    """Remove held call ``held_id`` from the file and return it (``NotFoundError``: no such call)."""
    with home_lock(home).hold():
        held = held_writes(home)
        hit = next((h for h in held if h["id"] == held_id), None)
        if hit is None:
            raise NotFoundError(f"no held write {held_id}")
        write_json(held_path(home), {"version": 1, "held": [h for h in held if h is not hit]})
    return hit


def describe(entry: dict) -> str:
    """A held call in one line: what it would write."""
    args = entry.get("args") or {}
    tool = entry.get("tool", "")
    if tool == "memory_append":
        content = args.get("content", "")
        body = content if isinstance(content, str) else " | ".join(
            str(v) for v in (content.values() if isinstance(content, dict) else content))
        update = f", flips {args['update']}" if args.get("update") not in (None, "") else ""
        return f"{args.get('kind', 'fact')}: {' '.join(str(body).split())[:80]}{update}"
    if tool == "memory_rules":
        return f"rule: {args.get('rule', '')}"
    if tool == "soul_update":
        return "replaces the soul card"
    if tool == "linghun_goal_update":
        return f"goal {args.get('signal', '')}: {args.get('statement', '')}"
    return tool


def pending_text(home: MemoryHome) -> str:
    """What ``memory_read`` adds while calls are held ("" when none)."""
    held = held_writes(home)
    if not held:
        return ""
    return PENDING_TITLE + "".join(f"\n- (pending {h['id']}) {describe(h)}" for h in held)
