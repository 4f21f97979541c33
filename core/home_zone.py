"""The home's time zone: the one zone the workbench shows every time in.

Entry stamps (``## YYYY-MM-DD HH:MM``, SPEC) are the agent's local time with no zone, and the agent
need not run on the machine that shows them (a home written at UTC+7 read on a UTC server).
Every other time we keep is absolute (history commits, round records, traces, review items,
gaps). Shown side by side, both must be in the zone the stamps were written in, which is chosen:

1. by the setting ``timeZone`` of workbench.json (an IANA name such as ``Asia/Bangkok``), when it
   names a zone (a bad one is said in ``warning`` and the next rule applies);
2. else inferred: the newest entry's stamp against warm.md's modification time, the moment it was
   written. The difference, rounded to the nearest quarter hour (every zone's offset is one), is
   the offset, taken only when the rest is what writing the stamp then saving the file leaves
   (the stamp is cut to the minute); a file saved later (an older entry edited) tells nothing.
   Only warm.md's tail is read, and no history (libgit2 is not loaded for this at opening);
3. else the machine's own zone.

An inferred zone is a fixed offset (it knows no summer time); the setting is the remedy.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from linghun.core.errors import CorruptFileError
from linghun.core.home import MemoryHome
from linghun.core.home_config import read_config

SETTING = "timeZone"
#: warm.md's last bytes hold its newest entries (the agent appends)
TAIL_BYTES = 64 * 1024
_ENTRY_STAMP = re.compile(r"^## (\d{4}-\d\d-\d\d \d\d:\d\d)(?::\d\d)? \[", re.MULTILINE)
_QUARTER = timedelta(minutes=15)
#: what may separate the stamp from the file's save beyond the zone: the stamp's cut seconds and a
#: slow write (negative: the file is saved after the stamp's moment)
_SLACK_BEFORE, _SLACK_AFTER = timedelta(minutes=5), timedelta(minutes=1)
#: the offsets zones have (UTC-12:00 .. UTC+14:00)
_WEST, _EAST = timedelta(hours=-12), timedelta(hours=14)


@dataclass(frozen=True)
class HomeZone:
    """Attributes:
        tz: the zone; None is the machine's own (``astimezone(None)``, with its summer time).
        source: ``setting``, ``inferred`` or ``machine``.
        warning: why the setting was not used (empty when it was, or is absent).
    """

    tz: tzinfo | None
    source: str
    warning: str = ""

    def offset(self, moment: datetime | None = None) -> str:
        """``UTC+07:00``: the zone's offset at ``moment`` (now by default)."""
        delta = (moment or datetime.now(timezone.utc)).astimezone(self.tz).utcoffset() or timedelta(0)
        sign, minutes = ("-" if delta < timedelta(0) else "+"), abs(int(delta.total_seconds())) // 60
        return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d}"

    def label(self) -> str:
        """The zone as said to the person: ``Asia/Bangkok (UTC+07:00)``, or the offset alone."""
        key = getattr(self.tz, "key", "")
        return f"{key} ({self.offset()})" if key else self.offset()


MACHINE = HomeZone(None, "machine")


def parse_zone(value: object) -> tuple[tzinfo | None, str]:
    """The zone named by a ``timeZone`` value, or None and why not."""
    if not isinstance(value, str) or not value.strip():
        return None, f"{SETTING} must be a time zone name such as Asia/Shanghai, got {value!r:.40}"
    try:
        return ZoneInfo(value.strip()), ""
    except (ZoneInfoNotFoundError, ValueError):  # ValueError: a path-like or malformed key
        return None, f"{SETTING} {value!r:.40} is not a time zone name (such as Asia/Shanghai); ignored"


def offset_between(stamp: datetime, written: datetime) -> timedelta | None:
    """The zone offset that makes the naive ``stamp`` the moment ``written``, to a quarter hour;
    None when the two are not one moment (the rest beyond the slack, or no zone's offset)."""
    gap = stamp.replace(tzinfo=timezone.utc) - written.astimezone(timezone.utc)
    offset = round(gap / _QUARTER) * _QUARTER
    rest = gap - offset
    if not -_SLACK_BEFORE <= rest <= _SLACK_AFTER or not _WEST <= offset <= _EAST:
        return None
    return offset


def newest_stamp(tail: str) -> datetime | None:
    """The latest entry stamp in ``tail`` (warm.md's end), None when it holds none."""
    stamps = [datetime.fromisoformat(s) for s in _ENTRY_STAMP.findall(tail)]
    return max(stamps) if stamps else None


def _warm_tail(home: MemoryHome) -> tuple[str, datetime] | None:
    """warm.md's last bytes and its modification time, None without a file."""
    try:
        with open(home.warm, "rb") as f:
            size = f.seek(0, 2)
            f.seek(max(0, size - TAIL_BYTES))
            data = f.read()
            written = datetime.fromtimestamp(home.warm.stat().st_mtime, timezone.utc)
    except OSError:
        return None
    return data.decode("utf-8", "replace"), written


def infer_zone(home: MemoryHome) -> tzinfo | None:
    """The fixed offset the newest entry was stamped in (rule 2 above), None when unknown."""
    found = _warm_tail(home)
    stamp = newest_stamp(found[0]) if found else None
    offset = offset_between(stamp, found[1]) if stamp else None
    return None if offset is None else timezone(offset)


def _setting(home: MemoryHome) -> object:
    try:
        return read_config(home).get(SETTING)
    except CorruptFileError:  # said where the settings are read; the zone falls back meanwhile
        return None


def home_zone(home: MemoryHome) -> HomeZone:
    """The zone the home's times are shown in (rules above)."""
    value = _setting(home)
    warning = ""
    if value is not None:
        tz, warning = parse_zone(value)
        if tz is not None:
            return HomeZone(tz, "setting")
    inferred = infer_zone(home)
    if inferred is not None:
        return HomeZone(inferred, "inferred", warning)
    return HomeZone(None, "machine", warning)


__all__ = ["HomeZone", "MACHINE", "SETTING", "home_zone", "infer_zone", "newest_stamp", "offset_between", "parse_zone"]
