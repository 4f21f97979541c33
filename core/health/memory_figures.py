"""The memory's own figures: entries by kind, confidence and state, warm.md against its size
limit, open gaps and their age, failing checks (as the last run left them)."""
from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from linghun.core.checks.store import load_checks, read_results
from linghun.core.errors import LinghunError
from linghun.core.formats import team as team_format
from linghun.core.formats.warm import WarmEntry
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

OLDEST_SHOWN = 5
REFS_KEPT = 50
STATES = ("used", "never used", "flipped")


def entry_state(entry: WarmEntry) -> str:
    """flipped (wrong); never used (its last_access is still its stamp: not read since written);
    used. The forgetting gradient: untouched entries sink first (SPEC 3)."""
    if entry.is_wrong:
        return "flipped"
    return "never used" if not entry.last_access or entry.last_access == entry.stamp else "used"


def entry_figures(entries: list[WarmEntry]) -> dict[str, Any]:
    total = len(entries)
    states = Counter(entry_state(e) for e in entries)
    live = [(i, e) for i, e in enumerate(entries, 1) if not e.is_wrong]
    oldest = sorted(live, key=lambda ie: (ie[1].last_access or ie[1].stamp, ie[0]))[:OLDEST_SHOWN]
    return {
        "total": total,
        "by_kind": dict(Counter(e.ontology_kind for e in entries)),
        "by_confidence": dict(Counter(e.effective_confidence for e in entries)),
        "by_state": {s: states.get(s, 0) for s in STATES},
        "flipped_share": states["flipped"] / total if total else 0.0,
        "never_used_share": states["never used"] / total if total else 0.0,
        "oldest_untouched": [{"n": n, "id": e.id, "last_access": e.last_access or e.stamp, "body": e.brief}
                             for n, e in oldest],
        # which [n] stand behind each bar (the first REFS_KEPT): the dashboard links a figure to its entries
        "refs": _refs(entries),
    }


def _refs(entries: list[WarmEntry]) -> dict[str, list[int]]:
    refs: dict[str, list[int]] = {}
    for n, entry in enumerate(entries, 1):
        for key in (entry_state(entry), entry.effective_confidence, entry.ontology_kind):
            kept = refs.setdefault(key, [])
            if len(kept) < REFS_KEPT and (not kept or kept[-1] != n):
                kept.append(n)
    return refs


def warm_figures(memory: Memory) -> dict[str, Any]:
    config = memory.config
    size = memory.size_bytes()
    trigger = int(config.max_bytes * config.trigger_ratio)
    return {"bytes": size, "max_bytes": config.max_bytes, "trigger_ratio": config.trigger_ratio,
            "trigger_bytes": trigger, "share": size / config.max_bytes if config.max_bytes else 0.0,
            "to_consolidation_bytes": max(0, trigger - size)}


def _when(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.astimezone()


def gap_figures(home: MemoryHome, now: datetime) -> dict[str, Any]:
    lines = team_format.parse_gaps(read_text(home.team_file_for_reading(team_format.GAPS_FILE)) or "")
    items = []
    for line in lines:
        when = _when(line.at)
        items.append({"at": line.at, "query": line.query, "closed": bool(line.closed_at),
                      "age_days": round((now - when).total_seconds() / 86400, 1) if when else None})
    open_items = [i for i in items if not i["closed"]]
    ages = [i["age_days"] for i in open_items if i["age_days"] is not None]
    return {"open": len(open_items), "closed": len(items) - len(open_items),
            "oldest_days": max(ages) if ages else None, "items": open_items}


def check_figures(home: MemoryHome) -> dict[str, Any]:
    """The checks and the last recorded run (checks are run by the CLI, the tool, the workbench;
    the dashboard does not run them)."""
    try:
        checks = load_checks(home)
    except LinghunError as exc:
        return {"total": 0, "failing": 0, "items": [], "last_run": None, "error": str(exc)}
    last = (read_results(home, 1) or [None])[-1]
    passed = (last or {}).get("checks", {})
    items = [{"id": c.id, "question": c.question, "passed": passed.get(c.id)} for c in checks]
    return {"total": len(checks), "failing": sum(1 for i in items if i["passed"] is False),
            "not_run": sum(1 for i in items if i["passed"] is None), "items": items,
            "last_run": (last or {}).get("at")}


__all__ = ["STATES", "check_figures", "entry_figures", "entry_state", "gap_figures", "warm_figures"]
