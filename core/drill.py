"""Drill-down: from any map pointer to its evidence (SPEC 9), shared by the workbench and the tools.

Pointers (what ``core.map`` puts in its nodes and its text):

==========================  ===================================================================
pointer                     resolves to
==========================  ===================================================================
``[n]`` or ``n``            warm entry n (memory_read numbering); ``entry:<id>`` by workbench id
``<file>``                  a whole node file: ``knowledge``, ``knowledge_legacy``, ``rules``,
                            ``memory`` (event timeline), ``ontology`` (projection), ``cold``
``<file>:<theme>``          one node of that file, with the entries its ``[n]`` pointers cite
``<file>@<line>``           one line of that file (1-based): a consolidated entry's line of the
                            event timeline (``memory@12``) or the knowledge ontology, which an
                            excerpt in a bundle points at for the whole (``core/excerpt.py``)
``journal:<day>``           the journal of a day; ``journal:<start>..<end>`` a time window
``YYYY-MM-DD``              the same as ``journal:<day>``
``episodic:<day>``          the consolidation archive of a day
``cold:<day>``              one cold.md section
``goal:<id>``               one goal
``situation:<label>``       the entries of a situation
==========================  ===================================================================

Every function returns a JSON-able dict with ``type``, ``pointer`` and ``text`` (what an agent
reads) plus structured fields for a viewer. Unknown pointers raise ``NotFoundError``; malformed
ones ``InvalidInputError``.
"""
from __future__ import annotations

import re
from pathlib import Path

from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.formats import cold as cold_format
from linghun.core.formats import episodic as episodic_format
from linghun.core.formats.nodes import node_date, parse_nodes
from linghun.core.formats.warm import WarmEntry
from linghun.core.fsio import read_text
from linghun.core.goal_links import goal_links
from linghun.core.home import MemoryHome
from linghun.core.map import goals_of

__all__ = ["FILES", "drill", "entry", "node_file", "node", "line", "journal_window", "episodic_day", "cold_day",
           "goal", "situation"]

#: file pointer -> home attribute
FILES = {
    "knowledge": "knowledge_ontology", "knowledge_legacy": "knowledge_legacy", "rules": "rules",
    "memory": "memory_ontology", "ontology": "ontology", "cold": "cold",
}
_DAY = re.compile(r"^\d{4}-\d\d-\d\d$")
_N = re.compile(r"^\[?\s*(\d+)\s*\]?\??$")
_LINE = re.compile(r"^([a-z_]+)@(\d+)$")


def _memory(home: MemoryHome, memory=None):
    from linghun.core.memory import Memory

    return memory or Memory(home)


def _entry_dict(e: WarmEntry, home: MemoryHome) -> dict:
    d = e.to_dict()
    d.update(type="entry", pointer=f"[{e.n}]", display_text=e.display_text,
             text=f"[{e.n}] {e.stamp} [{e.kind}] {e.effective_confidence}\n{e.display_text}")
    if e.day in home.journal_days():
        d["journal"] = f"journal:{e.day}"
    return d


def entry(home: MemoryHome, ref: str | int, memory=None) -> dict:
    """A warm entry by ``[n]``, ``n``, ``entry:<id>`` or a fragment of its text."""
    mem = _memory(home, memory)
    ref_text = str(ref).strip()
    if ref_text.startswith("entry:"):
        e = mem.entry(ref_text[len("entry:"):])
    else:
        m = _N.match(ref_text)
        e = mem.resolve(f"[{m.group(1)}]" if m else ref_text)
    return _entry_dict(e, home)


def _file_path(home: MemoryHome, name: str) -> Path:
    attr = FILES.get(name)
    if attr is None:
        raise NotFoundError(f"unknown file pointer {name!r}: use one of {', '.join(FILES)}")
    path = getattr(home, attr)
    if name == "knowledge" and not path.exists() and home.knowledge_legacy.exists():
        path = home.knowledge_legacy
    return path


def node_file(home: MemoryHome, name: str) -> dict:
    """A whole node file (or cold.md) with the list of its node themes."""
    path = _file_path(home, name)
    text = read_text(path)
    if text is None:
        raise NotFoundError(f"{path.name} does not exist yet")
    if name == "cold":
        themes = [s.day for s in cold_format.parse_cold(text).sections if s.day]
    else:
        themes = [n.theme for n in parse_nodes(text).nodes if n.theme]
    return {"type": "file", "pointer": name, "path": str(path), "themes": themes, "text": text}


def node(home: MemoryHome, name: str, theme: str, memory=None) -> dict:
    """One ``## theme`` node; for the projection, the entries its ``[n]`` pointers cite."""
    path = _file_path(home, name)
    text = read_text(path)
    if text is None:
        raise NotFoundError(f"{path.name} does not exist yet")
    found = parse_nodes(text).find(theme)
    if found is None:
        raise NotFoundError(f"no node {theme!r} in {path.name}")
    out = {"type": "node", "pointer": f"{name}:{found.theme}", "path": str(path), "theme": found.theme,
           "date": node_date(found), "body": found.body, "text": f"## {found.theme}\n{found.body}", "cites": []}
    if name == "ontology":
        entries = _memory(home, memory).entries()
        cited = []
        for m in dict.fromkeys(int(x) for x in re.findall(r"\[(\d+)\]", found.body)):
            if 1 <= m <= len(entries):
                cited.append(_entry_dict(entries[m - 1], home))
        out["cites"] = cited
    return out


def line(home: MemoryHome, name: str, no: int) -> dict:
    """Line ``no`` (1-based) of a node file, whole: a consolidated entry is one line of the event
    timeline or the knowledge ontology, and a line is how the retriever names it."""
    path = _file_path(home, name)
    lines = (read_text(path) or "").splitlines()
    if not 1 <= no <= len(lines):
        raise NotFoundError(f"{path.name} has no line {no} ({len(lines)} lines)")
    return {"type": "line", "pointer": f"{name}@{no}", "path": str(path), "line": no, "text": lines[no - 1]}


def journal_window(home: MemoryHome, day: str | None = None, start: str | None = None, end: str | None = None,
                   memory=None) -> dict:
    """The journal of ``day``, or of the window ``start``..``end`` (inclusive), with its turns."""
    mem = _memory(home, memory)
    if not (day or start or end):
        return {"type": "journal_index", "pointer": "journal", "text": mem.journal_read()}
    text = mem.journal_read(day, start, end)
    turns = mem.journal_turns(day, start, end)
    pointer = f"journal:{day}" if day else f"journal:{start or ''}..{end or ''}"
    return {"type": "journal", "pointer": pointer, "day": day, "start": start, "end": end,
            "turns": [{"stamp": t.stamp, "user": getattr(t, "user", ""), "assistant": getattr(t, "assistant", "")}
                      for t in turns],
            "text": text or "（该时间窗内没有流水）"}


def episodic_day(home: MemoryHome, day: str) -> dict:
    paths = home.episodic_days().get(day)
    if not paths:
        raise NotFoundError(f"no episodic archive for {day}")
    text = "".join(read_text(p) or "" for p in paths)
    sections = episodic_format.parse_episodic(text).sections
    return {"type": "episodic", "pointer": f"episodic:{day}", "day": day, "path": str(paths[0]),
            "sections": [getattr(s, "hhmm", None) for s in sections], "text": text}


def cold_day(home: MemoryHome, day: str) -> dict:
    doc = cold_format.parse_cold(read_text(home.cold) or "")
    sections = [s for s in doc.sections if s.day == day]
    if not sections:
        raise NotFoundError(f"no cold.md section for {day}")
    text = "".join(s.raw for s in sections).rstrip("\n")
    out = {"type": "cold", "pointer": f"cold:{day}", "day": day, "text": text,
           "items": [{"confidence": i.confidence, "brief": i.brief} for s in sections for i in s.items]}
    if day in home.episodic_days():
        out["episodic"] = f"episodic:{day}"
    return out


def goal(home: MemoryHome, goal_id: str, memory=None) -> dict:
    """A goal with what hangs on it: its signals and state changes (history), and the warm entries
    hanging on it (``core.goal_links``), each with the rule that hangs it there."""
    goals, note = goals_of(home)
    for g in goals:
        if g.id == goal_id:
            d = g.to_dict()
            text = f"{g.domain} · {g.state} · {g.priority}：{g.statement}"
            if g.triggers:
                text += "（触发：" + "；".join(g.triggers) + "）"
            doc = _memory(home, memory).document()
            entries = list(doc.entries)
            # by warm.md's digest when known: the agent's drill in a fresh process digests no body
            links = goal_links(home.root, [g], entries, doc.parsed_from).get(g.id, [])
            by_n = {e.n: e for e in entries}
            hung = [{**_entry_dict(by_n[link.n], home), "why": link.why} for link in links]
            lines = [text]
            lines += [f"- {h.get('at', '')} {h.get('signal') or h.get('to') or h.get('kind')}："
                      f"{' '.join(str(h.get('statement') or h.get('reason') or '').split())}"
                      for h in g.history if isinstance(h, dict)]
            lines.append(f"挂 {len(hung)} 条：" if hung else "挂 0 条")
            lines += [f"{h['text'].replace(chr(10), ' ', 1)}  ← {h['why']}" for h in hung]
            d.update(type="goal", pointer=f"goal:{g.id}", text="\n".join(lines), entries=hung)
            return d
    raise NotFoundError(f"no goal {goal_id!r}" + (f" ({note})" if note else ""))


def situation(home: MemoryHome, label: str, memory=None) -> dict:
    from linghun.core.situations import group_situations

    entries = _memory(home, memory).entries()
    for s in group_situations(entries):
        if s.label == label:
            items = [_entry_dict(e, home) for e in s.entries]
            return {"type": "situation", "pointer": f"situation:{s.label}", **s.to_dict(), "entries": items,
                    "text": "\n".join(i["text"].replace("\n", " ", 1) for i in items)}
    raise NotFoundError(f"no situation {label!r}")


def drill(home: MemoryHome, pointer: str | int, memory=None) -> dict:
    """Resolve any pointer of the map (see the module docstring) to its evidence."""
    if isinstance(pointer, int):
        return entry(home, pointer, memory)
    p = str(pointer or "").strip().strip("«»").strip()
    if not p:
        raise InvalidInputError("the pointer is empty: give [n], a file, file:theme, journal:DAY, ...")
    if _N.match(p) or p.startswith("entry:"):
        return entry(home, p, memory)
    if _DAY.match(p):
        return journal_window(home, day=p, memory=memory)
    if p in FILES:
        return node_file(home, p)
    m = _LINE.match(p)
    if m and m.group(1) in FILES:
        return line(home, m.group(1), int(m.group(2)))
    prefix, sep, rest = p.partition(":")
    rest = rest.strip()
    if not sep or not rest:
        raise NotFoundError(f"unknown pointer {p!r}")
    if prefix == "journal":
        if ".." in rest:
            start, _, end = rest.partition("..")
            return journal_window(home, start=start.strip() or None, end=end.strip() or None, memory=memory)
        return journal_window(home, day=rest, memory=memory)
    if prefix == "episodic":
        return episodic_day(home, rest)
    if prefix == "cold":
        return cold_day(home, rest)
    if prefix == "goal":
        return goal(home, rest, memory)
    if prefix == "situation":
        return situation(home, rest, memory)
    if prefix in FILES:
        return node(home, prefix, rest, memory)
    raise NotFoundError(f"unknown pointer {p!r}")
