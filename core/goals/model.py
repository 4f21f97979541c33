"""Goals as they are stored in ``memory/goals/goals.json`` (the schema is in ``SCHEMA.md``).

A ``Goal`` keeps the fields it knows and, in ``extra``, every field it does not (written by a
newer version, another tool or the agent's own goal.js), so a rewrite never drops them. History
items are plain dicts for the same reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from linghun.core.errors import InvalidInputError
from linghun.core.goals.states import ACTIVE

SCHEMA_VERSION = 1
SIGNALS: tuple[str, ...] = ("new", "progress", "change", "achieve", "abandon")
PRIORITIES: tuple[str, ...] = ("high", "medium", "low")
PRIORITY_RANK = {"low": 0, "medium": 1, "high": 2}
#: at most this many bridge triggers per goal (SPEC 8: 1-2; the write side stays light)
MAX_TRIGGERS = 2
SOURCE_KINDS: tuple[str, ...] = ("user", "entry", "journal", "turn", "extract", "llm")

_KNOWN = ("id", "speaker", "statement", "domain", "priority", "triggers", "state", "created",
          "updated", "history")
_STAMP_FMT = "%Y-%m-%d %H:%M:%S"


def now_stamp(when: datetime | str | None = None) -> str:
    """Local time ``YYYY-MM-DD HH:MM:SS`` (the journal's stamp form)."""
    if isinstance(when, str) and when.strip():
        return when.strip()
    return (when or datetime.now()).strftime(_STAMP_FMT)


def check_signal(signal: str) -> str:
    s = str(signal or "").strip().lower()
    if s not in SIGNALS:
        raise InvalidInputError(f"unknown goal signal {signal!r} (one of {', '.join(SIGNALS)})")
    return s


def check_priority(priority: str | None) -> str | None:
    if priority is None or str(priority).strip() == "":
        return None
    p = str(priority).strip().lower()
    if p not in PRIORITIES:
        raise InvalidInputError(f"unknown priority {priority!r} (one of {', '.join(PRIORITIES)})")
    return p


def clean_text(text: Any) -> str:
    """One line of text: whitespace collapsed (statements and triggers are single lines)."""
    return " ".join(str(text or "").split())


def clean_triggers(triggers: Iterable[str] | str | None) -> list[str]:
    """Non-empty, de-duplicated trigger phrases (order kept; not yet capped)."""
    if triggers is None:
        return []
    if isinstance(triggers, str):
        triggers = [t for t in re.split(r"[|\n]", triggers)]
    out: list[str] = []
    for t in triggers:
        t = clean_text(t)
        if t and t.lower() not in (o.lower() for o in out):
            out.append(t)
    return out


def make_source(kind: str = "user", ref: str | None = None) -> dict[str, str]:
    """A history source: ``user``, ``entry`` (``[n]``), ``journal`` (stamp), ``turn`` (dialogue id),
    ``extract`` / ``llm`` (the extractor that produced the signal, ref = where the text was)."""
    kind = str(kind or "user").strip().lower()
    if kind not in SOURCE_KINDS:
        raise InvalidInputError(f"unknown source kind {kind!r} (one of {', '.join(SOURCE_KINDS)})")
    src = {"kind": kind}
    if ref:
        src["ref"] = str(ref)
    return src


def parse_source(text: str | dict | None) -> dict[str, str]:
    """``"entry:[3]"``, ``"journal:2026-10-07 11:28:41"``, ``"user"`` or a dict -> a source."""
    if isinstance(text, dict):
        return make_source(text.get("kind", "user"), text.get("ref"))
    if not text:
        return make_source("user")
    kind, _, ref = str(text).partition(":")
    return make_source(kind, ref.strip() or None)


def in_order(values: dict[str, Any], order: list[str]) -> dict[str, Any]:
    """``values`` with the keys of ``order`` first, in that order, then the others as they come."""
    out = {k: values[k] for k in order if k in values}
    out.update((k, v) for k, v in values.items() if k not in out)
    return out


def _others(items: list[Any]) -> list[tuple[int, Any]]:
    return [(i, item) for i, item in enumerate(items) if not isinstance(item, dict)]


@dataclass
class Goal:
    """One goal. ``extra`` holds the fields this version does not know, in file order."""

    id: str
    speaker: str
    statement: str
    domain: str
    priority: str
    triggers: list[str] = field(default_factory=list)
    state: str = ACTIVE
    created: str = ""
    updated: str = ""
    history: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    #: the keys in the order the file had them: a rewrite keeps that order
    key_order: list[str] = field(default_factory=list, compare=False, repr=False)

    @property
    def is_belief(self) -> bool:
        return self.domain == "belief"

    def transitions(self) -> list[dict[str, Any]]:
        return [h for h in self.history if h.get("kind") == "transition"]

    def sources(self) -> list[dict[str, str]]:
        return [h["source"] for h in self.history if isinstance(h.get("source"), dict)]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id, "speaker": self.speaker, "statement": self.statement,
            "domain": self.domain, "priority": self.priority, "triggers": list(self.triggers),
            "state": self.state, "created": self.created, "updated": self.updated,
            "history": [dict(h) for h in self.history],
        }
        for k, v in self.extra.items():
            out.setdefault(k, v)
        return in_order(out, self.key_order)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Goal":
        """Read one stored goal; missing fields get defaults, wrong types are coerced to text."""
        history, triggers = data.get("history"), data.get("triggers")
        return cls(
            id=str(data.get("id") or ""),
            speaker=clean_text(data.get("speaker")) or "user",
            statement=str(data.get("statement") or ""),
            domain=str(data.get("domain") or "general").lower(),
            priority=str(data.get("priority") or "medium").lower(),
            triggers=clean_triggers(t for t in triggers if isinstance(t, str)) if isinstance(triggers, list) else [],
            state=str(data.get("state") or ACTIVE).lower(),
            created=str(data.get("created") or ""),
            updated=str(data.get("updated") or data.get("created") or ""),
            history=[h for h in history if isinstance(h, dict)] if isinstance(history, list) else [],
            extra={k: v for k, v in data.items() if k not in _KNOWN},
            key_order=list(data),
        )


@dataclass
class GoalFile:
    """The whole goals.json: ``goals`` plus every top-level field we do not know (``extra``).

    ``bare_list`` is true when the file was a bare JSON list of goals (an older layout); it is
    then written back as a bare list, so the reader that wrote it still understands it.
    """

    goals: list[Goal] = field(default_factory=list)
    version: int = SCHEMA_VERSION
    extra: dict[str, Any] = field(default_factory=dict)
    bare_list: bool = False
    #: items of the goals list that are not objects, with their position: kept as they are
    others: list[tuple[int, Any]] = field(default_factory=list)
    key_order: list[str] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def from_json(cls, data: Any) -> "GoalFile":
        if data is None:
            return cls()
        if isinstance(data, list):
            return cls(goals=[Goal.from_dict(g) for g in data if isinstance(g, dict)], bare_list=True,
                       others=_others(data))
        if not isinstance(data, dict):
            raise ValueError("goals.json must hold an object or a list")
        goals = data.get("goals")
        if goals is not None and not isinstance(goals, list):
            raise ValueError('"goals" must be a list')
        version = data.get("version", SCHEMA_VERSION)
        return cls(
            goals=[Goal.from_dict(g) for g in goals or [] if isinstance(g, dict)],
            version=version if isinstance(version, int) else SCHEMA_VERSION,
            extra={k: v for k, v in data.items() if k not in ("version", "goals")},
            others=_others(goals or []),
            key_order=list(data),
        )

    def to_json(self) -> Any:
        goals: list[Any] = [g.to_dict() for g in self.goals]
        for position, item in self.others:  # goals are only ever added, at the end: positions hold
            goals.insert(min(position, len(goals)), item)
        if self.bare_list:
            return goals
        out: dict[str, Any] = {"version": max(self.version, SCHEMA_VERSION), "goals": goals}
        out.update({k: v for k, v in self.extra.items() if k not in out})
        return in_order(out, self.key_order)

    def next_id(self) -> str:
        """``g<N>``: one more than the largest numbered id so far (goals are never deleted)."""
        top = 0
        for g in self.goals:
            m = re.fullmatch(r"g(\d+)", g.id)
            if m:
                top = max(top, int(m.group(1)))
        return f"g{top + 1}"
