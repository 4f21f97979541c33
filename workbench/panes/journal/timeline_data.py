"""What the journal timeline shows, gathered from a home into plain arrays (no Qt).

Five tracks, each a list of ``Mark`` (time in epoch seconds, a stable key, a short label):

- ``journal``: every journal turn (SPEC 5), current and legacy folders;
- ``warm``: every warm entry at its stamp;
- ``consolidation``: every episodic archive section (one per consolidation, SPEC 4);
- ``goals``: every state transition in ``goals/goals.json``;
- ``rounds``: every assembler round of ``team/judge/history.jsonl`` and of the round traces.

Local stamps (journal, warm, goals) are read as the machine's local time, the way the agent on that
machine wrote them; the team files' ISO stamps carry their zone. A file that cannot be read is
skipped and reported in ``errors``; nothing is ever written here.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import numpy as np

from linghun.core.errors import LinghunError
from linghun.core.formats import episodic as episodic_format
from linghun.core.formats import journal as journal_format
from linghun.core.formats import team as team_format
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.workbench import clock

TRACKS = ("journal", "warm", "consolidation", "goals", "rounds")


@dataclass(frozen=True)
class Mark:
    """One point of a track: ``key`` says what it is (``turn:``, ``entry:``, ``episodic:``,
    ``goal:``, ``round:``), ``detail`` holds what the reader shows when it is clicked."""

    track: str
    time: float
    key: str
    label: str
    detail: str = ""
    ref: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass
class TimelineData:
    """The marks of each track, sorted by time, and the lookups the pane needs (``index``: built
    once, by the worker that collected the marks, so the GUI thread never walks them mark by mark)."""

    marks: dict[str, list[Mark]] = field(default_factory=lambda: {t: [] for t in TRACKS})
    errors: list[str] = field(default_factory=list)
    #: the warm entries (the list object) the warm track was collected from
    warm_source: Any = field(default=None, repr=False, compare=False)
    #: id(entry) -> (entry, its mark), for the next collect (holding the entry keeps its id unique)
    warm_marks_of: dict = field(default_factory=dict, repr=False, compare=False)
    _index: dict | None = field(default=None, repr=False, compare=False)

    def index(self, reused: TimelineData | None = None) -> TimelineData:
        """Build the arrays and the key lookups from ``marks`` (call again after changing them);
        a track whose mark list is ``reused``'s own takes its arrays and lookup as they are."""
        self._index = {"times": {}, "keys": {}, "by_key": {}}
        for track, marks in self.marks.items():
            if reused is not None and reused.marks[track] is marks and reused._index is not None:
                for name in ("times", "keys", "by_key"):
                    self._index[name][track] = reused._index[name][track]
                continue
            self._index["times"][track] = np.fromiter((m.time for m in marks), dtype=float, count=len(marks))
            self._index["keys"][track] = np.array([m.key for m in marks], dtype=object)
            by_key: dict[str, Mark] = {}
            for m in marks:
                by_key.setdefault(m.key, m)
            self._index["by_key"][track] = by_key
        return self

    def _lookup(self, name: str):
        if self._index is None:
            self.index()
        return self._index[name]

    def times(self, track: str) -> np.ndarray:
        """The times of a track's marks, in order (epoch seconds)."""
        return self._lookup("times")[track]

    def keys(self, track: str) -> np.ndarray:
        """The keys of a track's marks, in the order of ``times``."""
        return self._lookup("keys")[track]

    def span(self) -> tuple[float, float] | None:
        ends = [x for times in self._lookup("times").values() if len(times) for x in (times[0], times[-1])]
        return (float(min(ends)), float(max(ends))) if ends else None

    def count_between(self, track: str, start: float, end: float) -> int:
        """How many marks of ``track`` lie in ``start``..``end`` (both included)."""
        times = self.times(track)
        return int(np.searchsorted(times, end, side="right") - np.searchsorted(times, start, side="left"))

    def find(self, key: str) -> Mark | None:
        for by_key in self._lookup("by_key").values():  # keys of two tracks never meet (prefixes)
            if key in by_key:
                return by_key[key]
        return None


def local_epoch(stamp: str) -> float | None:
    """``YYYY-MM-DD[ HH:MM[:SS]]`` on the home's clock (as the agent stamps), in epoch seconds (None
    when it is not a stamp): on one axis with the absolute times of rounds and goals."""
    stamp = (stamp or "").strip().replace("T", " ")
    try:  # the fast path: fromisoformat reads every full or minute stamp
        if len(stamp) in (16, 19) or len(stamp) == 10:
            return clock.home_wall(datetime.fromisoformat(stamp)).timestamp()
    except ValueError:
        pass
    for fmt, length in (("%Y-%m-%d %H:%M:%S", 19), ("%Y-%m-%d %H:%M", 16), ("%Y-%m-%d", 10)):
        try:
            return clock.home_wall(datetime.strptime(stamp[:length], fmt)).timestamp()
        except ValueError:
            continue
    return None


def iso_epoch(value: Any) -> float | None:
    """An ISO time (``2026-10-07T07:02:10.114Z``) in epoch seconds; a zoneless one is local."""
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return local_epoch(value)


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _read(path, data: TimelineData) -> str | None:
    try:
        return read_text(path)
    except (LinghunError, OSError) as exc:
        data.errors.append(f"{path.name}: {exc}")
        return None


def collect(home: MemoryHome, entries, previous: TimelineData | None = None) -> TimelineData:
    """Every mark of ``home``; ``entries`` are the current warm entries (``Memory.entries()``).

    ``previous``: the data collected last time. When it was collected from these same ``entries``
    (the same list: warm.md was not parsed again since, as after a round, which writes the journal
    and its trace), its warm track is taken as it is: marking 10k entries again took 30-50 ms of
    a worker's Python after every round, competing with the GUI thread for the GIL."""
    data = TimelineData(warm_source=entries)
    _journal(home, data)
    if previous is not None and previous.warm_source is entries:
        data.marks["warm"], data.warm_marks_of = previous.marks["warm"], previous.warm_marks_of
    else:
        data.warm_marks_of = _warm_marks(entries, previous.warm_marks_of if previous is not None else {})
        data.marks["warm"] = sorted((m for _, m in data.warm_marks_of.values()), key=lambda m: m.time)
        previous = None
    _episodic(home, data)
    _goals(home, data)
    _rounds(home, data)
    for track, marks in data.marks.items():
        if track != "warm":
            marks.sort(key=lambda m: m.time)
    return data.index(reused=previous)


def _warm_marks(entries, known: dict) -> dict:
    """id(entry) -> (entry, its mark) for ``entries``, the marks of ``known`` entries taken as they
    are: a parse after the agent's append keeps the entries the file still begins with (the same
    objects, ``core.formats.warm.parse_warm_after``), and marking 10k entries took a worker 45 ms."""
    marks = {}
    for e in entries:
        found = known.get(id(e))
        if found is not None and found[0] is e:
            marks[id(e)] = found
            continue
        t = local_epoch(e.stamp)
        if t is not None:
            marks[id(e)] = (e, Mark("warm", t, f"entry:{e.id}",
                                    f"[{e.n}] {e.kind} · {e.effective_confidence} · {e.brief}",
                                    e.display_text, {"entry_id": e.id, "n": e.n}))
    return marks


def _journal(home: MemoryHome, data: TimelineData) -> None:
    for day, paths in home.journal_days().items():
        for path in paths:
            text = _read(path, data)
            if text is None:
                continue
            for i, turn in enumerate(journal_format.parse_journal(text).turns, 1):
                t = local_epoch(turn.stamp)
                if t is not None:
                    data.marks["journal"].append(Mark(
                        "journal", t, f"turn:{path.parent.name}/{day}#{i}", _short(turn.user or turn.text),
                        turn.raw.strip("\n"), {"stamp": turn.stamp}))


def _episodic(home: MemoryHome, data: TimelineData) -> None:
    for day, paths in home.episodic_days().items():
        for path in paths:
            text = _read(path, data)
            if text is None:
                continue
            for i, section in enumerate(episodic_format.parse_episodic(text).sections, 1):
                t = local_epoch(f"{day} {section.hhmm}")
                if t is None:
                    continue
                count = section.text.count("\n## ") + (1 if section.text.startswith("## ") else 0)
                data.marks["consolidation"].append(Mark(
                    "consolidation", t, f"episodic:{day}#{i}", f"{day} {section.hhmm} · {count}",
                    section.text, {"day": day, "hhmm": section.hhmm, "entries": count}))


def _goals(home: MemoryHome, data: TimelineData) -> None:
    if not home.goals.exists():
        return
    text = _read(home.goals, data)
    if text is None:
        return
    try:
        from linghun.core.goals.model import GoalFile

        goals = GoalFile.from_json(json.loads(text)).goals
    except (ValueError, ImportError) as exc:
        data.errors.append(f"{home.goals.name}: {exc}")
        return
    for goal in goals:
        for i, tr in enumerate(goal.transitions(), 1):
            t = local_epoch(str(tr.get("at") or ""))
            if t is None:
                continue
            label = f"{goal.id} {tr.get('from') or '∅'} → {tr.get('to')} · {_short(goal.statement, 60)}"
            detail = (f"{goal.id} [{goal.domain} · {goal.priority} · {goal.state}]\n{goal.statement}\n"
                      f"{tr.get('at')}: {tr.get('from') or '∅'} → {tr.get('to')} ({tr.get('reason', '')})")
            if goal.triggers:
                detail += "\n" + " / ".join(goal.triggers)
            data.marks["goals"].append(Mark("goals", t, f"goal:{goal.id}#{i}", label, detail, {"goal_id": goal.id}))


def _rounds(home: MemoryHome, data: TimelineData) -> None:
    """Rounds with a trace are shown from the trace (it has more); judge records of rounds
    without one (older rounds, the upstream plugin's) from ``judge/history.jsonl``."""
    traced: list[tuple[float, str]] = []
    rounds: list[dict] = []
    try:
        # the assembler package is large to import: only when the home has traces at all
        if home.team_file("traces").is_dir():
            from linghun.core.assembler.trace import TraceStore

            rounds = TraceStore(home).rounds()
    except ImportError:
        rounds = []
    except (LinghunError, OSError, ValueError, KeyError) as exc:
        data.errors.append(f"traces: {exc}")
        rounds = []
    for r in rounds:
        t = iso_epoch(r.get("started_at"))
        if t is None:
            continue
        traced.append((t, str(r.get("query") or "")))
        label = f"{r.get('level')} · {r.get('strategy')} · {r.get('status')} · {_short(r.get('query') or '', 60)}"
        data.marks["rounds"].append(Mark("rounds", t, f"round:{r.get('round')}", label, _round_detail(r), dict(r)))
    path = home.team_file_for_reading(team_format.JUDGE_HISTORY_FILE)
    if not path.exists():
        return
    text = _read(path, data)
    for i, record in enumerate(team_format.parse_jsonl(text), 1):
        if not isinstance(record, dict):
            continue
        t = iso_epoch(record.get("at"))
        if t is None:
            continue
        query = str(record.get("query") or "")
        if any(q == query and 0 <= t - start <= 120 for start, q in traced):
            continue
        label = f"#{record.get('turn')} {record.get('level')} · {record.get('strategy')} · {_short(query, 60)}"
        data.marks["rounds"].append(Mark("rounds", t, f"round:judge#{i}", label, _round_detail(record), dict(record)))


def _round_detail(record: dict) -> str:
    """A round as the reader shows it: the question, then each known field on its own line."""
    lines = [str(record.get("query") or "")]
    for key in ("round", "turn", "at", "started_at", "level", "strategy", "by", "status", "model", "llm",
                "chars", "duration_ms"):
        if record.get(key) not in (None, ""):
            lines.append(f"{key}: {record[key]}")
    return "\n".join(lines)
