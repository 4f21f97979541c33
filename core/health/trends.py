"""Trends over the home's history (``core.history``): per day, warm.md's entries and size at the
day's end and how many times it was written. Cheap: one blob per day is read, and its entries are
counted by their header lines, not parsed."""
from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from linghun.core.history import capture
from linghun.core.history.layout import WARM
from linghun.core.home import MemoryHome

_HEADER = re.compile(rb"^## \d{4}-\d{2}-\d{2}", re.MULTILINE)


def warm_trend(home: MemoryHome, today: date, days: int) -> list[dict[str, Any]]:
    """``[{"day", "entries", "bytes", "writes"}]`` for the last ``days`` days that the history
    covers (empty without history)."""
    history = capture.history_of(home)
    if history is None:
        return []
    first = today - timedelta(days=days - 1)
    versions = history.versions(WARM)  # newest first
    last_of_day: dict[date, Any] = {}
    writes: dict[date, int] = {}
    before_window = None
    for version in versions:
        day = version.when.astimezone().date()
        if day < first:
            before_window = version
            break
        last_of_day.setdefault(day, version)
        writes[day] = writes.get(day, 0) + 1
    out, current = [], before_window
    counted: dict[str, tuple[int, int]] = {}  # blob -> (entries, bytes): a quiet day reads nothing
    for i in range(days):
        day = first + timedelta(days=i)
        current = last_of_day.get(day, current)
        if current is None:  # before the history's first state: no figure rather than a false 0
            continue
        blob = current.blob
        if blob and blob not in counted:
            data = history.blob_data(blob)
            counted[blob] = (len(_HEADER.findall(data)), len(data))
        entries, size = counted.get(blob, (0, 0)) if blob else (0, 0)
        out.append({"day": day.isoformat(), "entries": entries, "bytes": size, "writes": writes.get(day, 0)})
    return out


__all__ = ["warm_trend"]
