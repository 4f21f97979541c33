"""Times as the workbench shows them: every absolute time in the open home's zone
(``core.home_zone``), the zone said once, in the status bar.

Entry stamps are the agent's local time, written without a zone; they are shown as written, and
every absolute time (history commits, round records, traces, review items, gaps) is turned into
the same zone so the two agree side by side, whatever the machine's zone. The window shows one
home at a time: it sets the zone here when a home opens (``use``), before any pane is built, so
models and workers format without being handed it.
"""
from __future__ import annotations

from datetime import datetime

from linghun.core.home_zone import MACHINE, HomeZone

_zone: HomeZone = MACHINE

SECONDS, MINUTES, DAY = "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"


def use(zone: HomeZone) -> None:
    """Show times in ``zone`` from now on (a home was opened)."""
    global _zone
    _zone = zone


def zone() -> HomeZone:
    return _zone


def in_home(moment: datetime) -> datetime:
    """``moment`` (aware; a naive one is the machine's) as the home's wall clock reads it."""
    return moment.astimezone(_zone.tz)


def home_wall(naive: datetime) -> datetime:
    """A wall-clock time of the home (an entry stamp, a date typed) as an absolute moment."""
    return naive.astimezone() if _zone.tz is None else naive.replace(tzinfo=_zone.tz)


def now() -> datetime:
    return datetime.now(_zone.tz).astimezone(_zone.tz)


def shown(moment: datetime, fmt: str = SECONDS) -> str:
    """``moment`` in the home's zone, ``2026-10-08 11:02:10`` (no zone: the status bar says it)."""
    return in_home(moment).strftime(fmt)


def shown_iso(text: object, fmt: str = SECONDS) -> str:
    """An ISO time as kept in records (``…Z``, ``…+00:00``) shown in the home's zone; a zoneless
    one is a wall-clock time already and shown as written; what does not read as a time, as is."""
    value = str(text or "")
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value
    return moment.strftime(fmt) if moment.tzinfo is None else shown(moment, fmt)


def epoch_shown(epoch: float, fmt: str = SECONDS) -> str:
    """Epoch seconds in the home's zone."""
    return datetime.fromtimestamp(epoch, _zone.tz).strftime(fmt)
