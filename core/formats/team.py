"""The assembler team's workspace files (SPEC 12), shared with the upstream plugin.

- ``cycle.json``: the cycle ledger (version 1), two-space JSON. Missing or corrupt reads as the
  empty state (a corrupt one is set aside, never written over: ``claim_team_json``); keys we do
  not know are kept, in their place, through every update.
- ``gaps.md``: ``- <ISO time> 提到「<query>」，记忆无命中`` lines (a closed gap: see ``set_gap_closed``);
  other lines survive untouched.
- ``judge/history.jsonl`` and ``editor/bundles.jsonl``: compact JSON lines (as ``JSON.stringify``
  writes them), the last 200 kept; a line that does not parse is kept as it is.
- ``archivist/timelines/index.json``: ``[{topic, query, stamp, finding}]``, upsert by topic, 20 kept.

This module only parses and renders text; the scribe (``core.assembler.scribe``) does the writing,
atomically and under the home lock.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable

CYCLE_FILE = "cycle.json"
GAPS_FILE = "gaps.md"
JUDGE_HISTORY_FILE = "judge/history.jsonl"
EDITOR_BUNDLES_FILE = "editor/bundles.jsonl"
TIMELINES_FILE = "archivist/timelines/index.json"

FEEDBACK_RECENT_KEEP = 20
GAPS_KEEP = 50
JSONL_KEEP = 200
TIMELINES_KEEP = 20
FEEDBACK_QUERY_CHARS = 80
GAP_QUERY_CHARS = 120

LEVELS = ("light", "medium", "deep")


def iso_now(when: datetime | None = None) -> str:
    """``2026-10-07T07:02:10.114Z``: UTC with milliseconds, as JavaScript's ``toISOString``."""
    when = when or datetime.now(timezone.utc)
    if when.tzinfo is None:
        when = when.astimezone()
    return when.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def render_json(value: Any) -> str:
    """Two-space JSON with non-ASCII kept, newline-terminated (the plugin's ``cycle.json`` style)."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


# -- cycle.json ------------------------------------------------------------------------------

def empty_cycle(at: str) -> dict[str, Any]:
    """The empty cycle state (version 1)."""
    return {
        "version": 1,
        "turnCount": 0,
        "lastJudge": None,
        "judgeStats": {"light": 0, "medium": 0, "deep": 0, "strategy": {}},
        "feedback": {"hits": 0, "misses": 0, "lastAt": None, "recent": []},
        "gaps": [],
        "createdAt": at,
        "updatedAt": at,
    }


def normalise_cycle(value: Any, at: str) -> dict[str, Any]:
    """``value`` as a usable cycle state: missing parts filled in, wrong types replaced, unknown
    keys kept in place. Anything that is not an object is the empty state."""
    if not isinstance(value, dict):
        return empty_cycle(at)
    base = empty_cycle(value.get("createdAt") if isinstance(value.get("createdAt"), str) else at)
    out = dict(value)
    for key, default in base.items():
        if key not in out:
            out[key] = default
    if not isinstance(out["turnCount"], int):
        out["turnCount"] = 0
    for key in ("judgeStats", "feedback"):
        if not isinstance(out[key], dict):
            out[key] = base[key]
        else:
            merged = dict(out[key])
            for sub, default in base[key].items():
                merged.setdefault(sub, default)
            out[key] = merged
    if not isinstance(out["judgeStats"].get("strategy"), dict):
        out["judgeStats"]["strategy"] = {}
    if not isinstance(out["feedback"].get("recent"), list):
        out["feedback"]["recent"] = []
    if not isinstance(out["gaps"], list):
        out["gaps"] = []
    return out


def cycle_record_judge(cycle: dict[str, Any], decision: dict[str, Any], at: str) -> None:
    """Count one judged round: turnCount, lastJudge and judgeStats."""
    cycle["turnCount"] = int(cycle.get("turnCount") or 0) + 1
    cycle["lastJudge"] = {k: decision.get(k) for k in ("level", "strategy", "query", "reason", "by")}
    stats = cycle["judgeStats"]
    level = decision.get("level")
    if level in LEVELS:
        stats[level] = int(stats.get(level) or 0) + 1
    strategy = decision.get("strategy")
    if strategy:
        stats["strategy"][strategy] = int(stats["strategy"].get(strategy) or 0) + 1
    cycle["updatedAt"] = at


def cycle_record_feedback(cycle: dict[str, Any], hit: bool, query: str, at: str) -> None:
    """One feedback signal: hits or misses, lastAt, and the recent list (last 20)."""
    fb = cycle["feedback"]
    key = "hits" if hit else "misses"
    fb[key] = int(fb.get(key) or 0) + 1
    fb["lastAt"] = at
    recent = list(fb.get("recent") or [])
    recent.append({"hit": bool(hit), "query": query[:FEEDBACK_QUERY_CHARS], "at": at})
    fb["recent"] = recent[-FEEDBACK_RECENT_KEEP:]
    cycle["updatedAt"] = at


def cycle_record_gap(cycle: dict[str, Any], query: str, at: str, note: str = "") -> None:
    """One gap (a round whose retrieval found nothing), the last 50 kept."""
    gaps = list(cycle.get("gaps") or [])
    gaps.append({"query": query[:GAP_QUERY_CHARS], "note": note, "at": at})
    cycle["gaps"] = gaps[-GAPS_KEEP:]
    cycle["updatedAt"] = at


# -- gaps.md ---------------------------------------------------------------------------------

# A gap closed by hand (the missing memory was written, then a re-run of the round hit) keeps its
# line, with when it was closed after it:
#     - <ISO time> 提到「<query>」，记忆无命中（已补：<ISO time> 重跑命中）
# The seeds say nothing about closing a gap. This keeps the upstream line up to its end, tells
# the agent (which reads gaps.md as text) in the file's own language that the gap is filled, and
# lets the workbench show it closed after a restart.
_GAP_LINE = re.compile(r"^- (\S+) 提到「(.*)」，记忆无命中(?:（已补：(\S+) 重跑命中）)?\s*$")


@dataclass(frozen=True)
class GapLine:
    at: str
    query: str
    closed_at: str = ""  # when a re-run hit after the gap was filled ("" while open)


def gap_line(at: str, query: str, closed_at: str = "") -> str:
    """One ``gaps.md`` line (with its newline)."""
    one_line = " ".join(query.split())[:GAP_QUERY_CHARS]
    closed = f"（已补：{closed_at} 重跑命中）" if closed_at else ""
    return f"- {at} 提到「{one_line}」，记忆无命中{closed}\n"


def parse_gaps(text: str) -> list[GapLine]:
    """The gap lines of ``gaps.md`` (other lines are ignored here and kept by ``append_gap``)."""
    out = []
    for line in (text or "").splitlines():
        m = _GAP_LINE.match(line)
        if m:
            out.append(GapLine(m.group(1), m.group(2), m.group(3) or ""))
    return out


def set_gap_closed(text: str | None, at: str, query: str, closed_at: str) -> str:
    """``gaps.md`` with the gap (``at``, ``query``) marked closed at ``closed_at`` ("" reopens it).

    Only that gap's line changes; every other byte is kept. A gap that only ``cycle.json`` holds
    gets its (closed) line appended."""
    text = text or ""
    key = (at, " ".join(query.split())[:GAP_QUERY_CHARS])
    lines = text.splitlines(keepends=True)
    found = False
    for i, line in enumerate(lines):
        m = _GAP_LINE.match(line.rstrip("\r\n"))
        if m and (m.group(1), m.group(2)) == key:
            ending = line[len(line.rstrip("\r\n")):] or ""
            lines[i] = gap_line(at, query, closed_at).rstrip("\n") + ending
            found = True
    if found:
        return "".join(lines)
    if not closed_at:
        return text
    if text and not text.endswith("\n"):
        text += "\n"
    return text + gap_line(at, query, closed_at)


def append_gap(text: str | None, at: str, query: str) -> str:
    """``gaps.md`` with one more line; the existing text is kept byte for byte."""
    text = text or ""
    if text and not text.endswith("\n"):
        text += "\n"
    return text + gap_line(at, query)


# -- jsonl ledgers ---------------------------------------------------------------------------

def dump_line(record: dict[str, Any]) -> str:
    """A compact JSON line as ``JSON.stringify`` writes it."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def parse_jsonl(text: str | None) -> list[dict[str, Any] | str]:
    """Records of a JSON-lines file; a line that is not a JSON object stays as its raw text."""
    out: list[dict[str, Any] | str] = []
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            out.append(line)
            continue
        out.append(value if isinstance(value, dict) else line)
    return out


def append_jsonl(text: str | None, records: Iterable[dict[str, Any]], keep: int = JSONL_KEEP) -> str:
    """The file with ``records`` appended and only the last ``keep`` non-empty lines kept.

    Kept lines are the file's own bytes (never re-serialised), so old records survive as written.
    """
    lines = [line for line in (text or "").splitlines() if line.strip()]
    lines.extend(dump_line(r) for r in records)
    return "".join(line + "\n" for line in lines[-keep:])


def judge_record(at: str, turn: int, decision: dict[str, Any], model: str | None) -> dict[str, Any]:
    """A ``judge/history.jsonl`` record: ``{at, turn, query, level, strategy, by, model}``."""
    return {"at": at, "turn": turn, "query": decision.get("query", ""), "level": decision.get("level"),
            "strategy": decision.get("strategy"), "by": decision.get("by"), "model": model}


def bundle_record(at: str, turn: int, decision: dict[str, Any], entry_count: int, chars: int,
                  timeline: bool, advocate: bool) -> dict[str, Any]:
    """An ``editor/bundles.jsonl`` record:
    ``{at, turn, query, level, strategy, entryCount, chars, timeline, advocate}``."""
    return {"at": at, "turn": turn, "query": decision.get("query", ""), "level": decision.get("level"),
            "strategy": decision.get("strategy"), "entryCount": entry_count, "chars": chars,
            "timeline": bool(timeline), "advocate": bool(advocate)}


# -- archivist/timelines/index.json -----------------------------------------------------------

def normalise_timelines(value: Any) -> list[dict[str, Any]]:
    """The timeline cache as a list of objects (anything else reads as empty)."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, dict)]


def upsert_timeline(index: list[dict[str, Any]], topic: str, query: str, stamp: str, finding: str,
                    keep: int = TIMELINES_KEEP) -> list[dict[str, Any]]:
    """The index with ``topic`` replaced in place (unknown keys kept) or appended; last ``keep``."""
    out = [dict(item) for item in index]
    for item in out:
        if item.get("topic") == topic:
            item.update({"query": query, "stamp": stamp, "finding": finding})
            break
    else:
        out.append({"topic": topic, "query": query, "stamp": stamp, "finding": finding})
    return out[-keep:]


# -- reading ---------------------------------------------------------------------------------

def read_team_json(path) -> tuple[Any, str | None]:
    """``(value, problem)``: a missing file is ``(None, None)``; a corrupt one is ``(None, why)``
    after ``core.fsio.read_json`` kept a dated copy of it beside it (SPEC 12: corrupt reads as
    the empty state, so the next write may replace it: the copy holds the old bytes)."""
    from linghun.core.errors import CorruptFileError
    from linghun.core.fsio import read_json

    try:
        return read_json(path), None
    except CorruptFileError as exc:
        return None, str(exc)


def claim_team_json(path) -> tuple[Any, str | None]:
    """``read_team_json`` for a writer about to replace ``path`` (under the home lock).

    A corrupt file is never written over: it is set aside (``core.fsio.set_aside``: renamed to a
    dated ``.corrupt`` file beside it) and the writer starts afresh in its place; the problem
    says where the old bytes went.
    """
    from linghun.core.fsio import set_aside

    value, problem = read_team_json(path)
    if problem and path.exists():
        problem = f"{problem}; set aside as {set_aside(path).name}, a fresh one starts"
    return value, problem


@dataclass
class TeamState:
    """Everything in the team workspace, read-only (for the ledger and the workbench).

    Attributes:
        cycle: the cycle state (empty state when missing or corrupt).
        gaps: gap lines of ``gaps.md``.
        judge_history / bundles: records of the two ledgers (unparseable lines as raw strings).
        timelines: the archivist's cache.
        problems: files that could not be read, with the reason.
    """

    cycle: dict[str, Any]
    gaps: list[GapLine]
    judge_history: list[dict[str, Any] | str]
    bundles: list[dict[str, Any] | str]
    timelines: list[dict[str, Any]]
    problems: list[str]


def load_team(home, at: str | None = None) -> TeamState:
    """The team files of ``home`` (current folder, else the legacy ``linghun/team``)."""
    from linghun.core.errors import UnreadableFileError
    from linghun.core.fsio import read_text

    problems: list[str] = []

    def text(rel: str) -> str:
        try:
            return read_text(home.team_file_for_reading(rel)) or ""
        except UnreadableFileError as exc:
            problems.append(str(exc))
            return ""

    cycle, problem = read_team_json(home.team_file_for_reading(CYCLE_FILE))
    if problem:
        problems.append(problem)
    timelines, problem = read_team_json(home.team_file_for_reading(TIMELINES_FILE))
    if problem:
        problems.append(problem)
    return TeamState(
        cycle=normalise_cycle(cycle, at or iso_now()),
        gaps=parse_gaps(text(GAPS_FILE)),
        judge_history=parse_jsonl(text(JUDGE_HISTORY_FILE)),
        bundles=parse_jsonl(text(EDITOR_BUNDLES_FILE)),
        timelines=normalise_timelines(timelines),
        problems=problems,
    )
