"""Traces of assembler rounds: live events on the bus, and one JSONL record set per round on disk.

The event schema is documented in ``TRACE.md`` beside this file. In short, each role runs inside a
``Span``; starting and ending it publishes ``trace.span`` on ``core.events.bus``; streamed LLM text
publishes ``trace.delta``; the round publishes ``round.started`` and ``round.finished``. The same
records are appended to ``memory/team/traces/<day>.jsonl`` (rotated by size), from which a round
is listed, shown, replayed and diffed.
"""
from __future__ import annotations

import contextlib
import difflib
import json
import os
import secrets
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

from linghun.core.containment import check_home_write
from linghun.core.errors import NotFoundError
from linghun.core.events import EventBus, bus as default_bus
from linghun.core.fsio import open_for_append
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.redact import error_text, scrub

TRACE_VERSION = 1
TRACES_DIR = "traces"
#: a day file grows to this size, then ``<day>.1.jsonl``, ``<day>.2.jsonl``... follow
MAX_TRACE_FILE_BYTES = 8 * 1024 * 1024
#: traces keep long texts (prompts, candidates) up to this many characters each
MAX_TEXT_CHARS = 20000
MAX_DIFF_LINES = 200


def new_round_id(when: datetime | None = None) -> str:
    """``20261130-044012-3fa9``: sortable by time, unique enough for one home."""
    when = when or datetime.now()
    return f"{when:%Y%m%d-%H%M%S}-{secrets.token_hex(2)}"


def clip(text: Any, limit: int = MAX_TEXT_CHARS) -> Any:
    """Long strings cut for the trace (with a note saying how much was left out)."""
    if isinstance(text, str) and len(text) > limit:
        return text[:limit] + f"\n…[trace: {len(text) - limit} more characters]"
    return text


def text_diff(path: str, before: str, after: str) -> str:
    """A unified diff of one file for the trace (cut at ``MAX_DIFF_LINES``)."""
    lines = list(difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True),
        fromfile=f"a/{path}", tofile=f"b/{path}", n=1))
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"…[{len(lines) - MAX_DIFF_LINES} more diff lines]\n"]
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


@dataclass
class Span:
    """What one role did in one round.

    Attributes:
        role: ``feedback`` | ``debounce`` | ``judge`` | ``retriever`` | ``archivist`` | ``advocate``
            | ``editor`` | ``scribe``.
        status: ``ok`` | ``skipped`` | ``failed`` | ``fallback``.
        inputs / outputs: JSON-able facts the role read and produced.
        decisions: ``{what, choice, reason}`` items.
        candidates / near_misses: retrieval candidates with BM25 explain data.
        llm: LLM exchanges (messages, params, response or error, tokens, latency).
        files: ``{path, action, bytes, diff}`` for each file written.
    """

    round: str
    role: str
    seq: int
    started_at: str = ""
    ended_at: str = ""
    duration_ms: float = 0.0
    status: str = "ok"
    error: str | None = None
    inputs: dict[str, Any] = field(default_factory=dict)
    outputs: dict[str, Any] = field(default_factory=dict)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    candidates: list[dict[str, Any]] = field(default_factory=list)
    near_misses: list[dict[str, Any]] = field(default_factory=list)
    llm: list[dict[str, Any]] = field(default_factory=list)
    files: list[dict[str, Any]] = field(default_factory=list)

    def decide(self, what: str, choice: Any, reason: str) -> None:
        self.decisions.append({"what": what, "choice": choice, "reason": reason})

    def skip(self, reason: str) -> None:
        self.status = "skipped"
        self.decide("run", False, reason)

    def fail(self, error: str, status: str = "failed") -> None:
        self.status = status
        self.error = error

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "span", "round": self.round, "role": self.role, "seq": self.seq,
            "started_at": self.started_at, "ended_at": self.ended_at,
            "duration_ms": self.duration_ms, "status": self.status, "error": self.error,
            "inputs": self.inputs, "outputs": self.outputs, "decisions": self.decisions,
            "candidates": self.candidates, "near_misses": self.near_misses,
            "llm": self.llm, "files": self.files,
        }


class Trace:
    """The trace of one round, published live and kept for ``TraceStore``."""

    def __init__(self, round_id: str, header: dict[str, Any], bus: EventBus | None = None):
        self.round_id = round_id
        self.bus = bus or default_bus
        self.header = {"type": "round", "version": TRACE_VERSION, "round": round_id,
                       "started_at": _local_now(), **header}
        self.spans: list[Span] = []
        self.exchanges: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None
        self.bus.publish("round.started", round=round_id, header=self.header)

    @contextlib.contextmanager
    def span(self, role: str) -> Iterator[Span]:
        """Run a role inside a span; an exception marks it failed and propagates."""
        span = Span(self.round_id, role, len(self.spans) + 1, started_at=_local_now())
        self.spans.append(span)
        self.bus.publish("trace.span", round=self.round_id, role=role, phase="start",
                         seq=span.seq, at=span.started_at)
        t0 = time.perf_counter()
        try:
            yield span
        except Exception as exc:
            if span.status == "ok":
                span.fail(error_text(exc))  # published live (the Rounds pane) before any save
            raise
        finally:
            span.duration_ms = round((time.perf_counter() - t0) * 1000.0, 2)
            span.ended_at = _local_now()
            self.bus.publish("trace.span", round=self.round_id, role=role, phase="end",
                             seq=span.seq, at=span.ended_at, span=span.to_dict())

    def delta(self, role: str, text: str) -> None:
        """A piece of streamed LLM text (the GUI coalesces these)."""
        self.bus.publish("trace.delta", round=self.round_id, role=role, text=text)

    def add_exchange(self, role: str, exchange: dict[str, Any]) -> dict[str, Any]:
        record = {"type": "llm", "round": self.round_id, "role": role, "index": len(self.exchanges), **exchange}
        self.exchanges.append(record)
        return record

    def finish(self, result: dict[str, Any]) -> None:
        self.result = {"type": "result", "round": self.round_id, "ended_at": _local_now(), **result}
        self.bus.publish("round.finished", round=self.round_id, result=self.result)

    def records(self) -> list[dict[str, Any]]:
        out = [self.header] + [s.to_dict() for s in self.spans] + list(self.exchanges)
        if self.result is not None:
            out.append(self.result)
        return out


class TraceStore:
    """Round traces of one home: ``memory/team/traces/<YYYY-MM-DD>[.<n>].jsonl``."""

    def __init__(self, home: MemoryHome, max_file_bytes: int = MAX_TRACE_FILE_BYTES):
        self.home = home
        self.folder = home.team_file(TRACES_DIR)
        self.max_file_bytes = max_file_bytes
        #: lines skipped by the last read because they were cut short, per file name
        self.torn: Counter = Counter()

    def save(self, trace: Trace) -> Path:
        """Append the round's records to the current file of its day.

        Traces are our own files (the agent never reads them), so a plain ``O_APPEND`` write of
        the whole round at once is enough: rewriting a multi-megabyte day file per round would
        cost more than the round itself. Done under the home lock so two writers never interleave.
        A write cut short (a crash, a full disk) leaves a last line without its newline: the next
        round then starts on a fresh line, so only the cut line is lost, never the round after it.
        """
        day = _day_of(trace.round_id)
        data = _encodable(scrub("".join(json.dumps(r, ensure_ascii=False, default=str) + "\n"
                                         for r in trace.records())))
        with home_lock(self.home).hold():
            path = self._file_for(day, len(data.encode("utf-8")))
            check_home_write(self.home, path)  # memory/team linked out of the home is refused
            path.parent.mkdir(parents=True, exist_ok=True)
            # the team workspace may live outside the home (team.cycleDir): links are refused inside it
            with open_for_append(path, inside=self.home.team_dir) as fh:
                if _ends_mid_line(path):
                    data = "\n" + data
                fh.write(data)
        return path

    def _file_for(self, day: str, incoming: int) -> Path:
        files = self.files_of(day)
        if files:
            last = files[-1]
            if last.stat().st_size + incoming <= self.max_file_bytes or last.stat().st_size == 0:
                return last
            return self.folder / f"{day}.{len(files)}.jsonl"
        return self.folder / f"{day}.jsonl"

    def files_of(self, day: str) -> list[Path]:
        if not self.folder.is_dir():
            return []
        found = [p for p in self.folder.glob(f"{day}*.jsonl") if _day_part(p) == day]
        return sorted(found, key=_rotation_number)

    def all_files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob("*.jsonl"), key=lambda p: (_day_part(p), _rotation_number(p)))

    def rounds(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Summaries of past rounds, newest first: id, time, query, level, strategy, status."""
        out: list[dict[str, Any]] = []
        self.torn.clear()
        for path in reversed(self.all_files()):
            headers: dict[str, dict[str, Any]] = {}
            results: dict[str, dict[str, Any]] = {}
            for record in _read_records(path, ("round", "result"), self.torn):
                kind = record.get("type")
                if kind == "round":
                    headers[record["round"]] = record
                elif kind == "result":
                    results[record["round"]] = record
            # newest first by start time; the id breaks ties (its suffix is random)
            for rid in sorted(headers, key=lambda r: (headers[r].get("started_at") or "", r), reverse=True):
                h, r = headers[rid], results.get(rid, {})
                out.append({
                    "round": rid, "started_at": h.get("started_at"), "query": h.get("query"),
                    "session": h.get("session"), "llm": h.get("llm"), "status": r.get("status", "unfinished"),
                    "level": r.get("level"), "strategy": r.get("strategy"), "chars": r.get("chars"),
                    "duration_ms": r.get("duration_ms"), "replay_of": h.get("replay_of"),
                    "dry_run": bool(h.get("dry_run")),
                })
                if limit is not None and len(out) >= limit:
                    return out
        return out

    def load(self, round_id: str) -> dict[str, Any]:
        """``{header, spans, exchanges, result}`` of one round (``NotFoundError`` when absent)."""
        files = self.files_of(_day_of(round_id)) if _looks_like_id(round_id) else self.all_files()
        found: dict[str, Any] = {"header": None, "spans": [], "exchanges": [], "result": None}
        self.torn.clear()
        for path in files:
            for record in _read_records(path, torn=self.torn):
                if record.get("round") != round_id:
                    continue
                kind = record.get("type")
                if kind == "round":
                    found["header"] = record
                elif kind == "span":
                    found["spans"].append(record)
                elif kind == "llm":
                    found["exchanges"].append(record)
                elif kind == "result":
                    found["result"] = record
        if found["header"] is None:
            raise NotFoundError(f"no trace of round {round_id!r} in {self.folder}")
        found["spans"].sort(key=lambda s: s.get("seq", 0))
        found["exchanges"].sort(key=lambda e: e.get("index", 0))
        return found

    def latest(self, query: str | None = None) -> str | None:
        """The id of the newest round (with this query, when given)."""
        for summary in self.rounds():
            if query is None or summary.get("query") == query:
                return summary["round"]
        return None


def _ends_mid_line(path: Path) -> bool:
    """Whether the file's last byte is not a newline (a write cut short)."""
    try:
        with open(path, "rb") as fh:
            if fh.seek(0, os.SEEK_END) == 0:
                return False
            fh.seek(-1, os.SEEK_END)
            return fh.read(1) != b"\n"
    except FileNotFoundError:
        return False


def _encodable(text: str) -> str:
    """``text`` with lone surrogates escaped (as ``\\udc80``, which JSON reads back): a JSON text
    from a provider or an agent may hold one, and no UTF-8 file can."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _read_records(path: Path, types: tuple[str, ...] | None = None,
                  torn: Counter | None = None) -> Iterator[dict[str, Any]]:
    """The records of a trace file; with ``types``, lines that say they are of another type are
    skipped unparsed (we write ``type`` first: listing the rounds of a long session parsed every
    span of every round, most of the Rounds pane's time on the GUI thread after each round).

    A line that is not a JSON object (cut short by a crash or a full disk) is skipped and counted
    in ``torn`` under the file's name."""
    skip = tuple(f'{{"type": "{t}"' for t in ("round", "span", "llm", "result") if t not in types) if types else ()
    try:
        fh = open(path, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return
    with fh:
        for line in fh:
            if skip and line.startswith(skip):
                continue
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                record = None  # a line cut short: the other rounds stay readable
            if isinstance(record, dict):
                yield record
            elif torn is not None:
                torn[path.name] += 1


def _local_now() -> str:
    return datetime.now().astimezone().isoformat(timespec="milliseconds")


def _looks_like_id(round_id: str) -> bool:
    return len(round_id) >= 8 and round_id[:8].isdigit()


def _day_of(round_id: str) -> str:
    if not _looks_like_id(round_id):
        return datetime.now().strftime("%Y-%m-%d")
    return f"{round_id[0:4]}-{round_id[4:6]}-{round_id[6:8]}"


def _day_part(path: Path) -> str:
    return path.name.split(".", 1)[0]


def _rotation_number(path: Path) -> int:
    parts = path.name.split(".")
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else 0


__all__ = ["Span", "Trace", "TraceStore", "new_round_id", "clip", "text_diff", "TRACE_VERSION"]
