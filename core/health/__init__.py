"""The memory's health at a glance: what ``linghun health`` prints and the Health pane draws.

``health_report(home)`` gathers, without running anything:

- entries by kind, confidence and state (used, never used, flipped), the share flipped and the
  share never used (the forgetting gradient), the oldest untouched entries;
- warm.md's size against ``memory.maxBytes`` and how far it is to the next consolidation
  (``triggerRatio``);
- open gaps and their age; the checks failing in the last run (``core/CHECKS.md``);
- rounds per day, LLM calls, prompt and completion tokens and time per round, from the traces,
  and their cost when prices are set (the ``health`` settings, ``core/SETTINGS.md``);
- changes waiting for review and the contradictions among them (``core.review.review_figures``);
- trends over the home's history: warm.md's entries, size and writes per day.

The per-day figures and trends cover ``days`` days up to today, or up to the home's last active
day when it has been quiet for longer (``core.health.period``; ``until`` in the report says which).

Each figure carries what stands behind it (entry numbers, gap queries, round ids, check ids) so
a view can link a bar to the things it counts.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from linghun.core import installed_models
from linghun.core.errors import LinghunError
from linghun.core.health.memory_figures import check_figures, entry_figures, gap_figures, warm_figures
from linghun.core.health.period import last_active_day, window_end
from linghun.core.health.round_figures import round_figures, today_of
from linghun.core.health.trends import warm_trend
from linghun.core.home import MemoryHome
from linghun.core.home_config import read_config
from linghun.core.memory import Memory
from linghun.core.settings import home_settings, merge_known

from linghun.core.review import review_figures

#: the ``health`` section of workbench.json: prices per million tokens (0: not set) and the
#: number of days the per-day figures and trends cover
HEALTH_DEFAULTS = {"promptPerMillion": 0.0, "completionPerMillion": 0.0, "currency": "USD", "days": 14}


def health_settings(home: MemoryHome, warnings: list[str] | None = None) -> dict[str, Any]:
    try:
        section = read_config(home).get("health")
    except LinghunError:  # a broken workbench.json is reported where the settings are loaded
        section = None
    out = merge_known(HEALTH_DEFAULTS, section, "health.", warnings if warnings is not None else [])
    out["days"] = max(1, min(365, int(out["days"])))
    return out


def health_report(home: MemoryHome, now: datetime | None = None, days: int | None = None,
                  trends: bool = True) -> dict[str, Any]:
    now = (now or datetime.now()).astimezone()
    notes: list[str] = []
    settings = health_settings(home, notes)
    days = days or settings["days"]
    home_cfg = home_settings(home)
    paths = home_cfg.paths_home
    memory = Memory(paths)
    today = today_of(now)
    entries = memory.entries()
    until = window_end(today, days, last_active_day(paths, entries))
    if until != today:
        notes.append(f"no activity in the last {days} days: the figures cover the {days} days up to "
                     f"{until.isoformat()}, the home's last active day")
    report: dict[str, Any] = {
        "at": now.isoformat(timespec="seconds"), "home": str(home.root), "days": days,
        "until": until.isoformat(),
        "entries": entry_figures(entries),
        "warm": warm_figures(memory),
        "gaps": gap_figures(paths, now),
        "checks": check_figures(home),
        "rounds": round_figures(paths, until, days, settings),
        "search": {"meaning": installed_models.describe(bool(home_cfg.assembler.get("retrieval.meaning"))),
                   "embeddings": installed_models.describe_embeddings(
                       bool(home_cfg.assembler.get("retrieval.embeddings")))},
    }
    try:
        report["review"] = review_figures(home)
    except LinghunError as exc:
        notes.append(f"review queue: {exc}")
    report["trends"] = warm_trend(home, until, days) if trends else []
    report["notes"] = notes
    return report


__all__ = ["HEALTH_DEFAULTS", "health_report", "health_settings"]
