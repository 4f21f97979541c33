"""Which days the per-day figures and trends cover: the ``days`` up to today, or, for a home that
has been quiet for longer than that (an old demo, an agent retired), the ``days`` up to its last
active day, so its trends show what happened rather than a window of zeros."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Iterable

from linghun.core.assembler.trace import TraceStore
from linghun.core.formats.warm import WarmEntry
from linghun.core.home import MemoryHome


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat((text or "")[:10])
    except ValueError:  # a stamp or a file name another program wrote
        return None


def last_active_day(paths: MemoryHome, entries: Iterable[WarmEntry]) -> date | None:
    """The newest day with a round's trace or a warm entry written or used (its stamp, its last
    access); None when there is none. Not the history's states: opening a home captures one
    today, however long ago its memory last moved."""
    files = TraceStore(paths).all_files()
    days = [_day(files[-1].name)] if files else []
    days += [_day(max(e.stamp or "", e.last_access or "")) for e in entries]
    days = [d for d in days if d is not None]
    return max(days) if days else None


def window_end(today: date, days: int, last_active: date | None) -> date:
    """``today``, unless the home's last active day is before the window ``days`` long that ends
    today: then that day (never a day after today: a clock set wrong elsewhere moves nothing)."""
    if last_active is None or last_active > today - timedelta(days=days):
        return today
    return last_active


__all__ = ["last_active_day", "window_end"]
