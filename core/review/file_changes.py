"""What one write did to a file of the home other than warm.md, in words: a rule added, the soul
card rewritten, a goal's state changed, an archive grown.

Which files are reviewed (``kind_of``): the long-term memory the agent is shown (rules, the soul
card, goals, the ontologies, cold and episodic archives). The journal (a ledger of the
conversation, appended every turn), the team workspace (the rounds' own files), the bundle and
our settings are not: they are records, not beliefs.
"""
from __future__ import annotations

import difflib
import json

from linghun.core.formats import nodes as nodes_format

#: relative path (to the home's ``linghun`` folder) -> kind of change
FILE_KINDS = {
    "identity.md": "soul",
    "memory/rules.md": "rule",
    "memory/goals/goals.json": "goal",
    "memory/knowledge_ontology.md": "archive",
    "memory/knowledge.md": "archive",
    "memory/memory_ontology.md": "archive",
    "memory/ontology.md": "archive",
    "memory/cold.md": "archive",
}
QUOTE = 60
GOALS = "memory/goals/goals.json"


def kind_of(relative: str) -> str | None:
    """The kind of change a write of ``relative`` is, None when the file is not reviewed."""
    if relative in FILE_KINDS:
        return FILE_KINDS[relative]
    if relative.startswith("memory/episodic/") and relative.endswith(".md"):
        return "archive"
    return None


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"


def _lines(text: str | None) -> list[str]:
    return (text or "").splitlines()


def line_counts(before: str | None, after: str | None) -> tuple[int, int]:
    """Lines added and removed."""
    added = removed = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, _lines(before), _lines(after), autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            removed += i2 - i1
        if tag in ("replace", "insert"):
            added += j2 - j1
    return added, removed


def consequences(relative: str, before: str | None, after: str | None) -> list[str]:
    kind = kind_of(relative)
    if kind == "rule":
        return _rule_consequences(before, after)
    if kind == "goal":
        return _goal_consequences(before, after)
    name = relative.rsplit("/", 1)[-1]
    if after is None:
        return [f"removes {name}"]
    added, removed = line_counts(before, after)
    if kind == "soul":
        return [f"rewrites the soul card: +{added} −{removed} lines" if before else "writes the soul card"]
    return [f"{'adds to' if not removed else 'changes'} {name}: +{added} −{removed} lines"]


def rules_of(text: str | None) -> list[str]:
    """The rule lines of a rules.md text (without their dates)."""
    return [rule for _topic, rule, _day in nodes_format.rules_in(nodes_format.parse_nodes(text or ""))]


def _rule_consequences(before: str | None, after: str | None) -> list[str]:
    old, new = rules_of(before), rules_of(after)
    out = [f"adds rule: {_short(r)}" for r in new if r not in old]
    out += [f"removes rule: {_short(r)}" for r in old if r not in new]
    return out or ["changes rules.md (no rule added or removed)"]


def goals_of(text: str | None) -> dict[str, dict]:
    try:
        data = json.loads(text or "{}")
    except json.JSONDecodeError:
        return {}
    goals = data.get("goals") if isinstance(data, dict) else data
    return {str(g.get("id")): g for g in goals or [] if isinstance(g, dict)}


def changed_goals(before: str | None, after: str | None) -> list[str]:
    """The ids of the goals a change added or changed."""
    old, new = goals_of(before), goals_of(after)
    return [gid for gid, g in new.items() if old.get(gid) != g]


def _goal_consequences(before: str | None, after: str | None) -> list[str]:
    old, new = goals_of(before), goals_of(after)
    out = []
    for gid, g in new.items():
        statement = _short(str(g.get("statement", "")))
        was = old.get(gid)
        if was is None:
            out.append(f"new goal {gid} ({g.get('domain', '')}, {g.get('state', '')}): {statement}")
            continue
        if was.get("state") != g.get("state"):
            out.append(f"goal {gid} {was.get('state')} → {g.get('state')}: {statement}")
        if was.get("statement") != g.get("statement"):
            out.append(f"goal {gid} now reads: {statement}")
        if was.get("priority") != g.get("priority"):
            out.append(f"goal {gid} priority {was.get('priority')} → {g.get('priority')}")
        if len(g.get("history") or []) > len(was.get("history") or []) and not out:
            out.append(f"goal {gid} gets a signal: {statement}")
    out += [f"removes goal {gid}: {_short(str(g.get('statement', '')))}" for gid, g in old.items() if gid not in new]
    return out or ["changes goals.json"]
