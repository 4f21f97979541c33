"""Contradictions a change brings in, found by rules (no LLM): see ``core/REVIEW.md``.

1. **supersedes**: a new live fact ``entity | attribute | value`` and another live fact with the
   same entity and attribute (spaces and case aside) but another value: "supersedes [12]?".
2. **rule**: a new event whose text holds what a rule forbids. A rule forbids when a clause of
   it has a negation word (不要 不得 禁止 不准 严禁 切勿 别 不能 never, don't, do not, must not,
   avoid): the words after it are the act, the words before it (``在``/"on" dropped) the
   condition; the event contradicts the rule when its text holds the act and the condition.
   Rules are the live rule entries of warm.md and the lines of rules.md.
3. **belief**: a goal change whose statement holds what a belief (a goal of the ``belief``
   domain) forbids by the same reading, or a belief a goal's own negation forbids.

Each contradiction has a key (its kind and both texts hashed), so "Keep both" is remembered.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Iterable

from linghun.core.formats.warm import WarmDocument, WarmEntry, parse_warm
from linghun.core.fsio import read_text
from linghun.core.history.lineage import core_of
from linghun.core.review.file_changes import goals_of, rules_of

_NEGATION = re.compile(r"(不要|不得|禁止|不准|严禁|切勿|不能|不可|别|\bnever\b|\bdon't\b|\bdo not\b|\bmust not\b|\bavoid\b)",
                       re.IGNORECASE)
_CLAUSE = re.compile(r"[，。,.;；!！?？\n]")
_NOISE = re.compile(r"[\s|*`'\"“”‘’（）()\[\]【】:：]+")
_LEAD = re.compile(r"^(?:在|于|on|at|when|if|如果|凡是|所有)+", re.IGNORECASE)
MIN_TERM = 2


@dataclass(frozen=True)
class Contradiction:
    kind: str          # supersedes, rule, belief
    message: str       # "supersedes [12]?"
    other: str         # the text it contradicts
    entry: int | None  # the [n] of the other entry in warm.md now (supersedes), else None
    key: str

    def to_dict(self) -> dict:
        return {"kind": self.kind, "message": self.message, "other": self.other, "entry": self.entry, "key": self.key}


def _norm(text: str) -> str:
    return _NOISE.sub("", text).lower()


def _key(kind: str, a: str, b: str) -> str:
    return kind + ":" + hashlib.sha1(f"{a}\x1f{b}".encode("utf-8")).hexdigest()[:12]


def forbidden(text: str) -> list[tuple[str, str]]:
    """``(condition, act)`` of each forbidding clause of ``text`` (normalised; condition may be "")."""
    out = []
    for clause in _CLAUSE.split(text):
        m = _NEGATION.search(clause)
        if not m:
            continue
        act = _norm(clause[m.end():])
        cond = _norm(_LEAD.sub("", clause[:m.start()].strip()))
        if len(act) >= MIN_TERM:
            out.append((cond if len(cond) >= MIN_TERM else "", act))
    return out


def breaks(text: str, rule: str) -> bool:
    """Whether ``text`` does what ``rule`` forbids (and says no negation of its own about it)."""
    body = _norm(text)
    if _NEGATION.search(text):
        return False  # "我们没有在周五发布" style texts state a compliance, not a breach
    return any(act in body and (not cond or cond in body) for cond, act in forbidden(rule))


class Checker:
    """The home as it is now, read once, against which the changes of a queue are checked."""

    def __init__(self, doc: WarmDocument, rules_text: str | None = None, goals_text: str | None = None) -> None:
        self.doc = doc
        self._by_core: dict[str, WarmEntry] | None = None
        self._facts: dict[tuple[str, str], list[WarmEntry]] | None = None
        self.rules = [r for r in rules_of(rules_text) if forbidden(r)]
        self.rules += [e.body for e in doc.entries if not e.is_wrong and e.ontology_kind == "rule" and forbidden(e.body)]
        self.beliefs = [g for g in goals_of(goals_text).values()
                        if g.get("domain") == "belief" and g.get("state") in (None, "active")]

    def _entry_now(self, raw: str) -> WarmEntry | None:
        if self._by_core is None:
            self._by_core = {core_of(e.raw): e for e in self.doc.numbered()}
        return self._by_core.get(core_of(raw))

    def _fact_index(self) -> dict[tuple[str, str], list[WarmEntry]]:
        if self._facts is None:
            self._facts = {}
            for e in self.doc.numbered():
                if e.ontology_kind == "fact" and not e.is_wrong:
                    f = e.fields
                    if len(f) >= 3 and f[0] and f[1]:
                        self._facts.setdefault((_norm(f[0]), _norm(f[1])), []).append(e)
        return self._facts

    def check_entry(self, raw: str) -> list[Contradiction]:
        """What the entry ``raw`` (as a change wrote it) contradicts, if it is still live now."""
        entry = self._entry_now(raw)
        if entry is None or entry.is_wrong:
            return []
        out = []
        if entry.ontology_kind == "fact" and len(entry.fields) >= 3:
            f = entry.fields
            for other in self._fact_index().get((_norm(f[0]), _norm(f[1])), []):
                if other.n < entry.n and _norm(other.fields[2]) != _norm(f[2]):
                    out.append(Contradiction("supersedes", f"supersedes [{other.n}]? ({' | '.join(other.fields[:3])})",
                                             other.body, other.n, _key("supersedes", entry.body, other.body)))
        if entry.ontology_kind == "event":
            for rule in self.rules:
                if breaks(entry.body, rule):
                    out.append(Contradiction("rule", f"contradicts the rule “{rule}”", rule, None,
                                             _key("rule", entry.body, rule)))
        return out

    def check_goals(self, goals_text: str | None, changed_ids: Iterable[str] | None = None) -> list[Contradiction]:
        """Goals of ``goals_text`` (those in ``changed_ids``) that contradict a belief."""
        out = []
        goals = goals_of(goals_text)
        for gid in changed_ids if changed_ids is not None else goals:
            goal = goals.get(gid)
            if goal is None or goal.get("domain") == "belief":
                continue
            statement = str(goal.get("statement", ""))
            for belief in self.beliefs:
                said = str(belief.get("statement", ""))
                if breaks(statement, said) or breaks(said, statement):
                    out.append(Contradiction("belief", f"goal {gid} contradicts the belief “{said}”", said, None,
                                             _key("belief", statement, said)))
        return out


def checker_for(home, doc: WarmDocument | None = None) -> Checker:
    """A checker of ``home`` as it is now (``doc``: its warm.md already parsed)."""
    if doc is None:
        doc = parse_warm(read_text(home.warm) or "")
    return Checker(doc, read_text(home.rules), read_text(home.goals))


def on_write(home, doc: WarmDocument, entry: WarmEntry) -> list[Contradiction]:
    """What ``entry``, just written into ``doc`` (numbered), contradicts: what the agent's tool
    result says at once, so a superseded fact can be flipped in the same turn. Only the entries
    naming the same entity are looked at (a substring test first): at 10k entries the whole
    checker cost 30 ms, four times the append."""
    if entry.is_wrong:
        return []
    out: list[Contradiction] = []
    f = entry.fields
    if entry.ontology_kind == "fact" and len(f) >= 3 and f[0] and f[1]:
        key = (_norm(f[0]), _norm(f[1]))
        for other in doc.entries:
            if other.n < entry.n and f[0] in other.body and other.ontology_kind == "fact" and not other.is_wrong:
                g = other.fields
                if len(g) >= 3 and (_norm(g[0]), _norm(g[1])) == key and _norm(g[2]) != _norm(f[2]):
                    out.append(Contradiction("supersedes", f"supersedes [{other.n}]? ({' | '.join(g[:3])})",
                                             other.body, other.n, _key("supersedes", entry.body, other.body)))
    elif entry.ontology_kind == "event":
        rules = [r for r in rules_of(read_text(home.rules)) if forbidden(r)]
        rules += [e.body for e in doc.entries if e.ontology_kind == "rule" and not e.is_wrong and forbidden(e.body)]
        out += [Contradiction("rule", f"contradicts the rule “{r}”", r, None, _key("rule", entry.body, r))
                for r in rules if breaks(entry.body, r)]
    return out
