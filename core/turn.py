"""One turn per user message: the assembler seed's per-message cycle plus the journal.

``begin_turn(home, message_or_messages)``:
1. collects the last user query (``collect_last_user_query``: runtime context injected into the
   conversation, i.e. our own context parts or the bundle label, is skipped);
2. runs the assembler round on it (``core.assembler.round``: feedback on the previous bundle,
   debounce, judge, retrieval by level and mode, archivist, advocate, editor, scribe); the bundle
   is written to the inject path, or the last one kept when the round fails;
3. composes what the agent is shown (``core.context``) with the bundle now on the inject path;
4. records the turn in ``team/agent/turns.jsonl`` (what the agent was shown, part by part).

``Turn.finish(answer, tool_calls)`` journals the exchange (the seed keeps every conversation in
full) and completes the record. ``run_turn(..., answer=...)`` does both at once. An agent that
calls a tool per step (``linghun_turn``) can only give the answer after it answered, in a later
call: ``finish_turn(home, turn_id, answer)`` finishes the turn that call began, from its record,
without a second round for the same message (one round per user message).
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Mapping

from linghun.core.assembler.config import LABEL
from linghun.core.assembler.round import Assembler
from linghun.core.containment import check_home_write
from linghun.core.context import AgentContext, TITLES, compose
from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.formats import team as team_format
from linghun.core.fsio import atomic_write, read_text
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory
from linghun.core.settings import home_settings

TURNS_FILE = "agent/turns.jsonl"
TURNS_KEEP = 200
_INJECTED_STARTS = tuple(f"【{t}】" for lang in TITLES.values() for t in lang.values())


@dataclass
class Turn:
    home: MemoryHome
    id: str
    at: str
    session: str
    message: str
    query: str
    round: dict[str, Any]
    context: AgentContext
    answer: str | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    journaled: bool = False

    def finish(self, answer: str = "", tool_calls: Iterable[Mapping[str, Any]] = ()) -> "Turn":
        """Journal the exchange and store the finished record (once)."""
        self.answer = answer or ""
        self.tool_calls = [dict(c) for c in tool_calls]
        if not self.journaled and (self.message.strip() or self.answer.strip()):
            Memory(self.home).journal_append(self.message, self.answer)
            self.journaled = True
        _store(self.home, self.to_dict())
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "at": self.at, "session": self.session, "message": self.message,
                "query": self.query, "round": self.round, "context": self.context.to_dict(),
                "answer": self.answer, "tool_calls": self.tool_calls, "journaled": self.journaled}


def collect_last_user_query(messages: str | Iterable[Any]) -> str:
    """The last thing the user said. ``messages``: a string, or chat messages (``{"role",
    "content"}``). A user message that is runtime context injection (it starts with one of our
    part headings or the bundle label) is skipped, and injected parts at the head of a message are
    cut off, so the round sees the question, not the memory it was shown."""
    items = [{"role": "user", "content": messages}] if isinstance(messages, str) else list(messages)
    for item in reversed(items):
        role = item.get("role") if isinstance(item, Mapping) else getattr(item, "role", None)
        content = item.get("content") if isinstance(item, Mapping) else getattr(item, "content", None)
        if role != "user" or not isinstance(content, str):
            continue
        text = _strip_injection(content, LABEL)
        if text:
            return text
    return ""


def _strip_injection(text: str, label: str) -> str:
    stripped = text.strip()
    if not stripped.startswith(_INJECTED_STARTS) and not stripped.startswith(label):
        return stripped
    # an injected block runs to the first blank line after its last part; what follows is the user's
    blocks = stripped.split("\n\n")
    rest = [b for b in blocks if not b.lstrip().startswith(_INJECTED_STARTS) and not b.lstrip().startswith(label)]
    # the parts' own blank-line-separated bodies are injection too: keep only the final paragraph
    return rest[-1].strip() if rest and blocks[-1] in rest else ""


def begin_turn(home: MemoryHome, messages: str | Iterable[Any], *, session: str = "default",
               provider: Any = None, llm_label: str | None = None, config: Any = None,
               bus: Any = None, when: datetime | None = None, store: bool = True) -> Turn:
    """Steps 1-4 of the module docstring. Never raises for what the round can meet (it degrades).
    ``store=False``: the caller finishes the turn at once, which stores its record (a turn
    stored twice rewrote turns.jsonl, 3 MB at its 200 turns, twice, each kept by the history)."""
    settings = home_settings(home)
    message = messages if isinstance(messages, str) else collect_last_user_query(messages)
    query = collect_last_user_query(messages)
    result = Assembler(home, config=config or settings.assembler, provider=provider, llm_label=llm_label,
                       bus=bus).run(query, session=session, now=when)
    info = {"id": result.round_id, "status": result.status, "decision": result.decision, "gap": result.gap,
            "feedback": result.feedback, "wrote_bundle": result.wrote_bundle, "error": result.error,
            "duration_ms": result.duration_ms, "llm": result.llm}
    context = compose(home, query, round_info=info)
    at = team_format.iso_now(when)
    turn = Turn(home, uuid.uuid4().hex[:12], at, session, str(message or "").strip(), query, info, context)
    if store:
        _store(home, turn.to_dict())
    return turn


def run_turn(home: MemoryHome, messages: str | Iterable[Any], *, answer: str | None = None, **kwargs: Any) -> Turn:
    """A whole turn: begin, then journal with ``answer`` ("" when the reply is not known); its
    record is stored once, finished."""
    turn = begin_turn(home, messages, store=False, **kwargs)
    return turn.finish(answer or "")


def turns(home: MemoryHome, session: str | None = None) -> list[dict[str, Any]]:
    """Recorded turns, oldest first (the last record of each turn id wins)."""
    records: dict[str, dict[str, Any]] = {}
    for rec in team_format.parse_jsonl(read_text(_turns_path(home))):
        if isinstance(rec, dict) and rec.get("id") and (session is None or rec.get("session") == session):
            records.pop(rec["id"], None)
            records[rec["id"]] = rec
    return list(records.values())


def finish_turn(home: MemoryHome, turn_id: str, answer: str = "",
                tool_calls: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """Journal the answer of the turn ``turn_id`` began (see the module docstring) and complete its
    record; returns the record. A turn journals once: finishing it again changes nothing."""
    record = next((r for r in reversed(turns(home)) if r.get("id") == turn_id), None)
    if record is None:
        raise NotFoundError(f"no turn {turn_id!r} in {_turns_path(home)} (the last {TURNS_KEEP} are kept)")
    if record.get("journaled"):
        return record
    message = str(record.get("message") or "")
    if not message.strip() and not str(answer or "").strip():
        raise InvalidInputError("nothing to journal: the turn's message and the answer are both empty")
    Memory(home).journal_append(message, answer or "")
    record = {**record, "answer": answer or "", "tool_calls": [dict(c) for c in tool_calls], "journaled": True}
    _store(home, record)
    return record


def _turns_path(home: MemoryHome):
    try:
        return home_settings(home).paths_home.team_file(TURNS_FILE)
    except Exception:  # a broken workbench.json: the layout's place
        return home.team_file(TURNS_FILE)


def _store(home: MemoryHome, record: dict[str, Any]) -> None:
    """Append the record; an update of a turn replaces its earlier line (kept: the last 200)."""
    path = _turns_path(home)
    with home_lock(home).hold():
        marker = f'"id":"{record["id"]}"'
        text = "".join(line + "\n" for line in (read_text(path) or "").splitlines() if not line.startswith("{" + marker))
        check_home_write(home, path)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, team_format.append_jsonl(text, [record], keep=TURNS_KEEP))


__all__ = ["Turn", "TURNS_FILE", "begin_turn", "collect_last_user_query", "finish_turn", "run_turn", "turns"]
