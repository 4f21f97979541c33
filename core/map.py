"""The memory map (SPEC 9): four axes of pointers as a networkx graph, and its text for injection.

``build_map(home)`` reads the home once and returns a :class:`MemoryMap` whose ``graph`` is a
``networkx.DiGraph``. Nodes carry ``type`` and ``pointer`` (what :mod:`core.drill` resolves) and
edges carry ``type``:

=================  ==========================================================================
node type          id / pointer
=================  ==========================================================================
``axis``           ``axis:situations`` | ``axis:goals`` | ``axis:archive`` | ``axis:evidence``
``situation``      ``situation:<label>``
``entry``          ``entry:<id>``; pointer ``[n]`` (memory_read numbering, wrong included)
``goal``           ``goal:<id>``
``ontology_file``  ``file:<name>`` (memory_ontology, knowledge_ontology, knowledge, rules, ontology)
``ontology_node``  ``node:<name>:<theme>``; pointer ``<name>:<theme>``
``cold_section``   ``cold:<day>``
``journal_day``    ``journal:<day>``
``episodic_day``   ``episodic:<day>``
=================  ==========================================================================

Edges: ``axis`` (axis -> its items), ``groups`` (situation -> entry), ``contains`` (file -> node),
``cites`` (projection node -> the entries its ``[n]`` pointers name), ``hangs`` (goal -> the entries
hanging on it, ``core.goal_links``; ``why``: the rule), ``conflicts`` (fact entry ->
fact entry with another value), ``on_day`` (entry -> the journal day of its stamp), ``archived_in``
(cold section -> episodic day).

``render_map(map, budget)`` is the text the agent is shown; its exact format is documented in
``core/MAP.md``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable

from linghun.core import situation_cache
from linghun.core.goal_links import GoalLink, goal_links
from linghun.core.errors import NotUtf8Error, UnreadableFileError
from linghun.core.formats import cold as cold_format
from linghun.core.formats import journal as journal_format
from linghun.core.formats.nodes import node_date, parse_nodes
from linghun.core.formats.warm import WarmEntry
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.core.situations import Situation

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["AXES", "AXIS_TITLES", "ARCHIVE_FILES", "DEFAULT_BUDGET", "ArchiveFile", "MemoryMap", "build_map",
           "render_map", "map_text", "map_settings", "injection_text", "goals_of"]

AXES = ("situations", "goals", "archive", "evidence")
AXIS_TITLES = {"situations": "情境轴", "goals": "目标轴", "archive": "档案轴", "evidence": "证据层"}
DEFAULT_BUDGET = 2000
#: archive files: pointer name, label, home attribute (in the order they are listed)
ARCHIVE_FILES = (
    ("knowledge", "知识本体", "knowledge_ontology"),
    ("knowledge_legacy", "知识本体(旧)", "knowledge_legacy"),
    ("rules", "规则本体", "rules"),
    ("memory", "事件时间线", "memory_ontology"),
    ("ontology", "主题投影", "ontology"),
)
HEADER = "【记忆地图】按轴定位，按编号下钻：memory_read ref=[n] · memory_drill pointer=… · memory_journal date=…；能解决就停。"
POINTERS_PER_SITUATION = 6
THEMES_LINE_CHARS = 160
DAYS_PER_LINE = 7
_STATE_ORDER = {"active": 0, "paused": 1, "achieved": 2, "abandoned": 3}
_PRIORITY_ORDER = {"high": 0, "medium": 1, "low": 2}


def goals_of(home: MemoryHome) -> tuple[list[Any], str]:
    """The goals of the home (``core.goals.Goal`` objects) and a note when they cannot be read."""
    if not home.goals.exists():
        return [], ""
    try:
        from linghun.core.goals import Goals
    except ImportError:  # the goal system is optional for the map
        return [], "目标系统不可用"
    try:
        return Goals(home).goals(), ""
    except UnreadableFileError as exc:
        return [], f"goals.json 无法读取：{exc}"


@dataclass
class ArchiveFile:
    """An ontology file of the archive axis: its graph node's attributes and its nodes.

    Attributes:
        nodes: ``(theme, attributes)`` of each non-empty node, in file order (a theme met twice is
            one graph node, with the values of the last).
    """

    name: str
    label: str
    path: str
    file: str
    nodes: list[tuple[str, dict]] = field(default_factory=list)


@dataclass
class MemoryMap:
    """One home's map: what its text is rendered from, and its graph (built when first asked for:
    the text needs no graph, and networkx plus 10k entry nodes were most of a map's cost).

    Attributes:
        graph: the ``networkx.DiGraph`` described in the module docstring.
        entries: warm entries in file order (``[n]`` = position).
        situations: situations, most recently active first.
        notes: problems met while reading (a corrupt file...), shown in the map.
        archive: the archive axis's ontology files; ``cold``: its cold.md sections as ``(day,
            count)``; ``episodic``: the episodic days (sorted); ``journal``: ``(day, turns)`` of
            every journal day (sorted).
    """

    home: MemoryHome
    entries: list[WarmEntry]
    situations: list[Situation]
    goals: list[Any] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    archive: list[ArchiveFile] = field(default_factory=list)
    cold: list[tuple[str, int]] = field(default_factory=list)
    episodic: list[str] = field(default_factory=list)
    journal: list[tuple[str, int]] = field(default_factory=list)
    #: the digest of the warm.md bytes ``entries`` are the parse of, when known
    #: (``WarmDocument.parsed_from``): what the goal links are kept by across processes
    source: str | None = None

    @cached_property
    def graph(self) -> nx.DiGraph:
        return _graph(self)

    @cached_property
    def goal_links(self) -> dict[str, list[GoalLink]]:
        """Per goal id, the warm entries hanging on it (``core.goal_links``)."""
        return goal_links(self.home.root, self.goals, self.entries, self.source)

    def children(self, node: str, edge_type: str | None = None) -> list[str]:
        """Successors of ``node`` in insertion order, optionally of one edge type."""
        return [v for v in self.graph.successors(node)
                if edge_type is None or self.graph.edges[node, v].get("type") == edge_type]

    def axis(self, name: str) -> list[str]:
        return self.children(f"axis:{name}", "axis")

    def node_for_pointer(self, pointer: str) -> str | None:
        """The graph node whose ``pointer`` attribute is ``pointer``."""
        return self._pointers().get(pointer.strip())

    def _pointers(self) -> dict[str, str]:
        cache = self.graph.graph.get("_pointer_index")
        if cache is None:
            cache = {d["pointer"]: n for n, d in self.graph.nodes(data=True) if d.get("pointer")}
            self.graph.graph["_pointer_index"] = cache
        return cache

    def label(self, node: str) -> str:
        """A short display label for a graph node (what a tree view shows)."""
        d = self.graph.nodes[node]
        kind = d["type"]
        if kind == "entry":
            e = self._entry_by_id().get(d["id"])
            return f"[{d['n']}] {e.brief if e else ''}".rstrip()
        if kind == "goal":
            return f"{d['domain']} · {d['state']} · {d['priority']}：{' '.join(d['statement'].split())}"
        if kind == "ontology_file":
            return f"{d['label']} {d['file']}"
        if kind == "ontology_node":
            return d["theme"]
        if kind in ("cold_section", "journal_day", "episodic_day"):
            return d["day"] + (f"（{d['count']} 条）" if "count" in d else "")
        return d.get("label", node)

    def _entry_by_id(self) -> dict[str, WarmEntry]:
        cache = self.graph.graph.get("_entries")
        if cache is None:
            cache = self.graph.graph["_entries"] = {e.id: e for e in self.entries}
        return cache

    def outline(self) -> list[dict]:
        """The map as a tree for a viewer: axes -> items -> their entries / nodes.

        Each item is ``{id, type, label, pointer, children}`` (children one level deep: a
        situation's entries, a file's nodes, a projection node's cited entries via ``cites``).
        """
        def item(node: str, children: list[str] = ()) -> dict:
            d = self.graph.nodes[node]
            return {"id": node, "type": d["type"], "label": self.label(node), "pointer": d.get("pointer"),
                    "children": [item(c) for c in children]}

        out = []
        for axis in AXES:
            items = []
            for child in self.axis(axis):
                grandchildren = [c for c in self.graph.successors(child)
                                 if self.graph.edges[child, c].get("type") in ("groups", "contains")]
                items.append(item(child, grandchildren))
            out.append({"axis": axis, "title": AXIS_TITLES[axis], "items": items})
        return out

    def to_dict(self) -> dict:
        """JSON for a viewer: nodes (id + attributes) and typed edges."""
        nodes = [{"id": n, **{k: v for k, v in d.items() if not k.startswith("_")}}
                 for n, d in self.graph.nodes(data=True)]
        edges = [{"source": a, "target": b, "type": d.get("type")} for a, b, d in self.graph.edges(data=True)]
        return {"nodes": nodes, "edges": edges, "notes": list(self.notes)}


def build_map(home: MemoryHome, memory=None) -> MemoryMap:
    """Read the home and build its map (situations, goals, archive, evidence); the graph follows
    when first asked for."""
    from linghun.core.memory import Memory

    memory = memory or Memory(home)
    doc = memory.document()
    entries = list(doc.entries)
    notes: list[str] = []
    situations = situation_cache.situations(home.root, entries, source=doc.parsed_from)

    goals, note = goals_of(home)
    if note:
        notes.append(note)
    goals = sorted(goals, key=lambda x: (_STATE_ORDER.get(x.state, 9), _PRIORITY_ORDER.get(x.priority, 9), x.id))

    archive = []
    for name, label, attr in ARCHIVE_FILES:
        path = getattr(home, attr)
        try:
            text = read_text(path)
        except NotUtf8Error as exc:
            notes.append(f"{path.name} 无法读取：{exc}")
            continue
        if not text:
            continue
        found = ArchiveFile(name, label, str(path), path.name)
        for node in parse_nodes(text).nodes:
            if node.is_empty or not node.theme:
                continue
            found.nodes.append((node.theme, {"date": node_date(node), "lines": node.body.count("\n") + 1,
                                             "cites": _cited(node.body) if name == "ontology" else []}))
        archive.append(found)
    try:
        cold_doc = cold_format.parse_cold(read_text(home.cold) or "")
    except NotUtf8Error as exc:
        notes.append(f"cold.md 无法读取：{exc}")
        cold_doc = None
    cold = [(section.day, len(section.items)) for section in (cold_doc.sections if cold_doc else [])
            if getattr(section, "day", None)]
    episodic = sorted(home.episodic_days())
    journal = []
    for day, paths in sorted(home.journal_days().items()):
        count = 0
        for path in paths:
            try:
                count += journal_format.count_turns(read_text(path) or "")
            except NotUtf8Error as exc:
                notes.append(f"{path.name} 无法读取：{exc}")
        journal.append((day, count))
    return MemoryMap(home, entries, situations, goals, notes, archive, cold, episodic, journal, doc.parsed_from)


def _graph(mm: MemoryMap) -> nx.DiGraph:
    """The map's graph: nodes and edges added in one fixed order (a viewer's layout follows it)."""
    from linghun.core.ontology import find_conflicts

    import networkx as nx  # imported when a graph is asked for (a viewer, a tool), not for the text

    entries = mm.entries
    g = nx.DiGraph()
    for axis in AXES:
        g.add_node(f"axis:{axis}", type="axis", label=AXIS_TITLES[axis], pointer=f"axis:{axis}")

    # situations and entries
    # bulk adds: at 10k entries per-call overhead of add_node / add_edge is most of the build
    g.add_nodes_from((f"entry:{e.id}", {"type": "entry", "id": e.id, "n": e.n, "stamp": e.stamp, "kind": e.kind,
                                        "confidence": e.effective_confidence, "pointer": f"[{e.n}]"})
                     for e in entries)
    for s in mm.situations:
        sid = f"situation:{s.label}"
        g.add_node(sid, type="situation", label=s.label, anchor=s.anchor, first=s.first, last=s.last,
                   count=len(s.entries), pointer=sid)
        g.add_edge("axis:situations", sid, type="axis")
        g.add_edges_from(((sid, f"entry:{e.id}") for e in s.entries), type="groups")
    for c in find_conflicts(entries):
        ids = [f"entry:{e.id}" for _, e in c.values]
        for a, b in zip(ids, ids[1:]):
            g.add_edge(a, b, type="conflicts", subject=c.subject)

    by_n = {e.n: e for e in entries}
    for goal in mm.goals:
        gid = f"goal:{goal.id}"
        g.add_node(gid, type="goal", domain=goal.domain, state=goal.state, priority=goal.priority,
                   statement=goal.statement, triggers=list(goal.triggers), pointer=gid)
        g.add_edge("axis:goals", gid, type="axis")
        g.add_edges_from(((gid, f"entry:{by_n[link.n].id}", {"why": link.why})
                          for link in mm.goal_links.get(goal.id, [])), type="hangs")

    # archive: node files and cold
    for f in mm.archive:
        fid = f"file:{f.name}"
        g.add_node(fid, type="ontology_file", label=f.label, path=f.path, file=f.file, pointer=f.name)
        g.add_edge("axis:archive", fid, type="axis")
        for theme, attrs in f.nodes:
            nid = f"node:{f.name}:{theme}"
            g.add_node(nid, type="ontology_node", theme=theme, date=attrs["date"], file=f.file,
                       lines=attrs["lines"], pointer=f"{f.name}:{theme}", cites=attrs["cites"])
            g.add_edge(fid, nid, type="contains")
            for n in attrs["cites"]:
                if n in by_n:
                    g.add_edge(nid, f"entry:{by_n[n].id}", type="cites")
    episodic = set(mm.episodic)
    for day in mm.episodic:
        g.add_node(f"episodic:{day}", type="episodic_day", day=day, pointer=f"episodic:{day}")
    for day, count in mm.cold:
        cid = f"cold:{day}"
        g.add_node(cid, type="cold_section", day=day, count=count, pointer=cid)
        g.add_edge("axis:archive", cid, type="axis")
        if day in episodic:
            g.add_edge(cid, f"episodic:{day}", type="archived_in")

    # evidence: journal days and episodic archives
    for day, count in mm.journal:
        g.add_node(f"journal:{day}", type="journal_day", day=day, count=count, pointer=f"journal:{day}")
        g.add_edge("axis:evidence", f"journal:{day}", type="axis")
    for day in mm.episodic:
        g.add_edge("axis:evidence", f"episodic:{day}", type="axis")
    days = {day for day, _ in mm.journal}
    g.add_edges_from(((f"entry:{e.id}", f"journal:{e.day}") for e in entries if e.day in days), type="on_day")
    return g


def _cited(body: str) -> list[int]:
    import re

    seen: dict[int, None] = {}
    for m in re.finditer(r"\[(\d+)\]", body):
        seen.setdefault(int(m.group(1)), None)
    return list(seen)


# -- text ---------------------------------------------------------------------------------------------
def _pointer_text(e: WarmEntry) -> str:
    return f"[{e.n}]?" if e.effective_confidence == "low" else f"[{e.n}]"


def _situation_lines(mm: MemoryMap) -> tuple[str, list[str]]:
    live = sum(len(s.entries) for s in mm.situations)  # each live entry is in one situation
    wrong = len(mm.entries) - live
    head = f"◆ {AXIS_TITLES['situations']}（暖态 {live} 条 · {len(mm.situations)} 个情境"
    head += f" · {wrong} 条已翻转不列）" if wrong else "）"
    lines = []
    for s in mm.situations:
        shown = s.entries[-POINTERS_PER_SITUATION:]
        hidden = len(s.entries) - len(shown)
        pointers = " ".join(_pointer_text(e) for e in shown)
        if hidden:
            pointers = f"(+{hidden}) … {pointers}"
        first, last = s.first[:10], s.last[:10]  # each a pass over the situation's entries
        span = first if first == last else f"{first}~{last}"
        lines.append(f"- {s.label}（{span}）：{pointers}")
    return head, lines


def _goal_lines(mm: MemoryMap) -> tuple[str, list[str]]:
    head = f"◆ {AXIS_TITLES['goals']}（{len(mm.goals)} 个目标）"
    lines = []
    for goal in mm.goals:
        text = f"- {goal.domain} · {goal.state} · {goal.priority}：{' '.join(goal.statement.split())}"
        if goal.triggers:
            text += "（触发：" + "；".join(goal.triggers) + "）"
        hung = mm.goal_links.get(goal.id, [])
        if hung:  # the newest entries hanging on the goal, as the situation axis lists its entries
            shown = hung[-POINTERS_PER_SITUATION:]
            pointers = " ".join(_pointer_text(mm.entries[link.n - 1]) for link in shown)
            text += f"：挂 {len(hung)} 条 " + (f"(+{len(hung) - len(shown)}) … " if len(hung) > len(shown) else "") + pointers
        lines.append(f"{text} «goal:{goal.id}»")
    return head, lines


def _join_capped(items: list[str], cap: int) -> str:
    out, used = [], 0
    for i, item in enumerate(items):
        if out and used + len(item) + 1 > cap:
            return "、".join(out) + f" 等 {len(items)} 个"
        out.append(item)
        used += len(item) + 1
    return "、".join(out)


def _last_of_each(items: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """``(key, value)`` pairs with one per key: at its first place, with its last value (how a
    graph node added twice reads)."""
    out: dict[str, Any] = {}
    for key, value in items:
        out[key] = value
    return list(out.items())


def _archive_lines(mm: MemoryMap) -> tuple[str, list[str]]:
    lines = []
    for f in mm.archive:
        nodes = _last_of_each(f.nodes)
        themes = []
        for theme, nd in nodes:
            item = theme
            if nd.get("cites"):
                item += "".join(f"[{n}]" for n in nd["cites"][:3]) + ("…" if len(nd["cites"]) > 3 else "")
            elif nd.get("date"):
                item += f"（{nd['date']}）"
            themes.append(item)
        lines.append(f"- {f.label} {f.file}（{len(nodes)} 节点）：{_join_capped(themes, THEMES_LINE_CHARS)}"
                     f" «{f.name}»")
    cold = _last_of_each(mm.cold)
    if cold:
        items = [f"{day} 沉淀 {count} 条" for day, count in reversed(cold)]
        lines.append(f"- 冷储 cold.md（{len(cold)} 段）：{_join_capped(items, THEMES_LINE_CHARS)} «cold»")
    return f"◆ {AXIS_TITLES['archive']}", lines


def _evidence_lines(mm: MemoryMap) -> tuple[str, list[str]]:
    lines = []
    # newest first, a week of days per line so the newest survive a tight budget
    recent = list(reversed(mm.journal))
    for i in range(0, len(recent), DAYS_PER_LINE):
        chunk = recent[i:i + DAYS_PER_LINE]
        label = f"- 序时账 journal（共 {len(mm.journal)} 天）：" if i == 0 else "- 序时账（更早）："
        lines.append(label + "、".join(f"{day}（{count} 条）" for day, count in chunk))
    recent = list(reversed(mm.episodic))
    for i in range(0, len(recent), DAYS_PER_LINE):
        chunk = recent[i:i + DAYS_PER_LINE]
        label = f"- 情景归档 episodic（共 {len(mm.episodic)} 天）：" if i == 0 else "- 情景归档（更早）："
        lines.append(label + "、".join(chunk))
    return f"◆ {AXIS_TITLES['evidence']}", lines


_AXIS_LINES: dict[str, Callable[[MemoryMap], tuple[str, list[str]]]] = {
    "situations": _situation_lines, "goals": _goal_lines, "archive": _archive_lines, "evidence": _evidence_lines,
}


def _overflow_hint(omitted: dict[str, int]) -> str:
    parts = "，".join(f"{AXIS_TITLES[a]}省略 {n} 行" for a, n in omitted.items() if n)
    return f"…（超出地图预算：{parts}；memory_map full=true 查看全部）"


def render_map(mm: MemoryMap, budget: int = DEFAULT_BUDGET) -> str:
    """The map text within ``budget`` characters (whole lines; an overflow hint when cut).

    The title and the four axis headers always come first; the axes' lines are then taken in
    turns (one line of each axis per round, situations first) until the next line would not fit,
    so every axis keeps its most important lines. ``budget <= 0`` means no limit.
    """
    sections = [(axis, *_AXIS_LINES[axis](mm)) for axis in AXES]
    notes = [f"（注意：{n}）" for n in mm.notes]

    def assemble(counts: dict[str, int], hint: str = "") -> str:
        out = [HEADER, *notes]
        for axis, head, lines in sections:
            out.append(head if lines[: counts[axis]] or lines else head + "：（空）")
            out.extend(lines[: counts[axis]])
        if hint:
            out.append(hint)
        return "\n".join(out)

    full = {axis: len(lines) for axis, _, lines in sections}
    text = assemble(full)
    if budget <= 0 or len(text) <= budget:
        return text
    counts = {axis: 0 for axis in AXES}
    omitted_all = dict(full)
    reserve = len(_overflow_hint(omitted_all)) + 1
    used = len(assemble(counts))
    open_axes = [a for a in AXES if full[a]]
    line_lists = {axis: lines for axis, _, lines in sections}
    while open_axes:
        for axis in list(open_axes):
            line = line_lists[axis][counts[axis]]
            if used + len(line) + 1 + reserve > budget:
                open_axes.remove(axis)  # whole lines only; later lines of this axis stay out
                continue
            counts[axis] += 1
            used += len(line) + 1
            if counts[axis] == full[axis]:
                open_axes.remove(axis)
    omitted = {a: full[a] - counts[a] for a in AXES}
    text = assemble(counts, _overflow_hint(omitted))
    if len(text) > budget:  # a budget smaller than the headers: keep whole lines that fit
        kept, size = [], 0
        for line in text.split("\n"):
            if size + len(line) + (1 if kept else 0) > budget:
                break
            kept.append(line)
            size += len(line) + (1 if len(kept) > 1 else 0)
        text = "\n".join(kept)
    return text


def map_settings(home: MemoryHome) -> dict:
    """``map`` settings of the home's ``workbench.json``: ``enabled`` (default true) and ``budget``
    (default 2000), SPEC 15. A missing or unreadable file gives the defaults."""
    from linghun.core.home_config import config_section

    out = {"enabled": True, "budget": DEFAULT_BUDGET}
    try:
        section = config_section(home, "map")
    except UnreadableFileError:
        return out
    if isinstance(section, dict):
        if isinstance(section.get("enabled"), bool):
            out["enabled"] = section["enabled"]
        if isinstance(section.get("budget"), int) and not isinstance(section.get("budget"), bool):
            out["budget"] = max(0, section["budget"])
    return out


def map_text(home: MemoryHome, budget: int | None = None, memory=None) -> str:
    """Build and render in one call (what the ``memory_map`` tool uses); ``budget`` defaults to
    the home's ``map.budget``."""
    if budget is None:
        budget = map_settings(home)["budget"]
    return render_map(build_map(home, memory), budget)


MAP_OFF_NOTE = "（记忆地图已关闭：workbench.json map.enabled = false）"


def injection_text(home: MemoryHome, memory=None) -> str:
    """The map to inject into the agent's context: empty when ``map.enabled`` is false."""
    settings = map_settings(home)
    return render_map(build_map(home, memory), settings["budget"]) if settings["enabled"] else ""
