"""Ontology projection (``memory_project``) and topic-first retrieval (SPEC 10).

Projection groups the warm entries into at most 12 ``## topic`` nodes and replaces
``memory/ontology.md`` as a whole (the node format of ``core.formats.nodes``). Two ways, one format:

- **With an LLM** (a ``core.llm.LLMProvider``): the SPEC 10 prompt rules. The numbered warm text
  (wrong entries included, cut at 12,000 characters) goes to the model with the topic buckets;
  the reply is read as node Markdown. A reply with no node falls back to the offline projection
  (``by: "fallback"`` and the reason in the result).
- **Offline**: deterministic. First, entries whose structured body names an entity that another
  entry names too (a fact's entity, an event's related entity or object) are grouped by that
  entity. The rest: topic tokens that at least two entries share form a co-occurrence graph
  (networkx, edges weighted by association), and Louvain communities with a fixed seed are the
  topics; an entry joins the community its rarest shared tokens point to. Given topic buckets, an
  entry naming a bucket goes to it, and a group follows a bucket that a third of its entries
  named. More than ``max_nodes`` groups: the smallest merge into ``其他``. Every line keeps its ``[n]`` pointer and
  date and the entry text verbatim; fact conflicts (same entity and attribute, different values)
  are marked ``⚠️ 冲突：`` without choosing.

Either way an unchanged result is not written (a second run writes nothing).

Topic-first retrieval: ``{alias: theme}`` tables for the memory, knowledge and rules ontologies
(``aliases`` in the home's ``workbench.json``); a lowercased query containing an alias selects the
node with that exact theme. :func:`topic_first` prepends the hit nodes under the SPEC headers to
BM25 hits over warm, de-duplicated with MMR.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from linghun.core.errors import InvalidInputError, UnreadableFileError
from linghun.core.events import bus
from linghun.core.formats.nodes import Node, NodeDocument, parse_nodes, render_nodes
from linghun.core.formats.warm import LOW_TAG, WRONG_TAG, WarmEntry
from linghun.core.fsio import atomic_write, read_text
from linghun.core.home import MemoryHome
from linghun.core.home_config import config_section
from linghun.core.home_lock import update_section
from linghun.core.home_lock import home_lock
from linghun.core.situations import (
    OTHER_LABEL, assign_anchors, document_frequency, entity_names, entity_spelling, label_of, topic_tokens,
)

__all__ = [
    "MAX_NODES", "MAX_CHARS", "CONFLICT_MARK", "ALIAS_TABLES", "HEADERS",
    "Conflict", "find_conflicts", "project_offline", "project_with_llm", "build_prompt",
    "Projection", "project", "ProjectResult", "memory_project",
    "load_aliases", "save_aliases", "AliasHit", "alias_hits", "alias_blocks", "TopicFirstResult", "topic_first",
]

MAX_NODES = 12
MAX_CHARS = 12000
CONFLICT_MARK = "⚠️ 冲突："
#: the three alias tables and the SPEC headers their hits are shown under, in this order
ALIAS_TABLES = ("memory", "knowledge", "rules")
HEADERS = {
    "memory": "【记忆本体·主题节点（优先）】",
    "knowledge": "【知识本体·稳定技术知识（对话外补充）】",
    "rules": "【规则本体·长期规则（总结经验）】",
}
#: the assembler's setting names for the same tables (SPEC 15)
ASSEMBLER_ALIAS_KEYS = {"memory": "ontologyAliases", "knowledge": "knowledgeAliases", "rules": "rulesAliases"}

_VALUE = re.compile(
    r"v?\d+(?:\.\d+)+[a-z0-9\-]*|\d{4}-\d\d-\d\d(?: \d\d:\d\d)?|\d+(?:[.,]\d+)?%?", re.IGNORECASE)
_POINTER = re.compile(r"\[(\d+)\]")
_FENCE = re.compile(r"^```[a-zA-Z]*\s*$", re.MULTILINE)
_TRAIL_PUNCT = "，。,.;；:： \t"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _line_of(entry: WarmEntry) -> str:
    """One node line: date, the entry text verbatim on one line (low entries tagged), pointer."""
    tag = f"{LOW_TAG} " if entry.effective_confidence == "low" else ""
    return f"- {entry.day} {tag}{_one_line(entry.body)} [{entry.n}]"


# -- fact conflicts ------------------------------------------------------------------------------
@dataclass
class Conflict:
    """Fact entries about the same entity and attribute with different values.

    Attributes:
        subject: the entity and attribute as written (``订单服务 端口``, ``sprint 1 截止``).
        values: ``(value, entry)`` pairs in file order.
    """

    subject: str
    values: list[tuple[str, WarmEntry]]

    @property
    def numbers(self) -> list[int]:
        return [e.n for _, e in self.values]

    def line(self) -> str:
        """``- ⚠️ 冲突：<subject>：<v1> [a]（day）与 <v2> [b]（day）`` plus which ones are flipped."""
        parts = [f"{v} [{e.n}]（{e.day}）" for v, e in self.values]
        text = f"- {CONFLICT_MARK}{self.subject}：" + " 与 ".join(parts)
        flipped = [f"[{e.n}]" for _, e in self.values if e.is_wrong]
        if flipped:
            text += f"（{'、'.join(flipped)} 已翻转）"
        return text

    def to_dict(self) -> dict:
        return {"subject": self.subject, "values": [{"value": v, "n": e.n, "stamp": e.stamp,
                                                     "wrong": e.is_wrong} for v, e in self.values]}


def _fact_key(entry: WarmEntry) -> tuple[str, str, str] | None:
    """``(key, subject, value)`` of a fact entry, or ``None`` when it states no comparable value.

    Structured bodies (``实体 | 属性 | 值 | 来源#``) compare entity + attribute; plain sentences
    compare the text with its values (numbers, dates, versions) blanked out.
    """
    fields = entry.fields
    if len(fields) >= 3 and fields[0] and fields[1]:
        subject = f"{fields[0]} {fields[1]}"
        return "".join(subject.split()).lower(), subject, fields[2]
    text = _one_line(entry.body)
    values = [m for m in _VALUE.finditer(text)]
    if not values:
        return None
    key = _VALUE.sub("#", text).strip(_TRAIL_PUNCT).lower()
    key = "".join(key.split())
    return key, "", text


def find_conflicts(entries: Sequence[WarmEntry]) -> list[Conflict]:
    """Fact conflicts among ``entries`` (wrong ones included, marked when shown), in file order."""
    groups: dict[str, list[tuple[str, str, WarmEntry]]] = {}
    for e in entries:
        if e.ontology_kind != "fact":
            continue
        got = _fact_key(e)
        if got:
            key, subject, value = got
            groups.setdefault(key, []).append((subject, value, e))
    conflicts = []
    for members in groups.values():
        distinct = {"".join(v.split()).lower() for _, v, _ in members}
        if len(distinct) < 2:
            continue
        subject = members[0][0]
        pairs = [(v, e) for _, v, e in members]
        if not subject:
            subject, pairs = _split_sentences([e for _, _, e in members])
        conflicts.append(Conflict(subject, pairs))
    conflicts.sort(key=lambda c: c.numbers[0])
    return conflicts


def _split_sentences(entries: list[WarmEntry]) -> tuple[str, list[tuple[str, WarmEntry]]]:
    """For plain-sentence facts: the common text before the first value that differs, and each
    entry's differing values."""
    texts = [_one_line(e.body) for e in entries]
    value_lists = [[m.group(0) for m in _VALUE.finditer(t)] for t in texts]
    width = min(len(v) for v in value_lists)
    first_diff = next((i for i in range(width) if len({v[i] for v in value_lists}) > 1), width)
    spans = list(_VALUE.finditer(texts[0]))
    cut = spans[first_diff].start() if first_diff < len(spans) else len(texts[0])
    subject = texts[0][:cut].strip(_TRAIL_PUNCT) or texts[0]
    pairs = [("、".join(v[first_diff:]) or t, e) for v, t, e in zip(value_lists, texts, entries)]
    return subject, pairs


# -- offline projection -----------------------------------------------------------------------------
def _communities(token_lists: Sequence[Sequence[str]], shared: set[str], df: Counter,
                 per_entry: int = 8, seed: int = 0) -> list[set[str]]:
    """Louvain communities of the co-occurrence graph of shared tokens (deterministic)."""
    import networkx as nx  # a quarter second to import: only an offline projection needs it

    graph = nx.Graph()
    graph.add_nodes_from(sorted(shared))
    weights: Counter = Counter()
    for tokens in token_lists:
        mine = sorted((t for t in set(tokens) if t in shared), key=lambda t: (df[t], t))[:per_entry]
        for i, a in enumerate(mine):
            for b in mine[i + 1:]:
                weights[(a, b) if a < b else (b, a)] += 1
    # association, not raw co-occurrence: a token found everywhere would otherwise pull every
    # topic into one community (cosine of the two tokens' entry sets)
    graph.add_weighted_edges_from((a, b, w / math.sqrt(df[a] * df[b])) for (a, b), w in sorted(weights.items()))
    if graph.number_of_edges() == 0:
        return [{t} for t in sorted(shared)]
    found = nx.community.louvain_communities(graph, weight="weight", seed=seed)
    return sorted((set(c) for c in found), key=lambda c: (-sum(df[t] for t in c), min(c)))


def _bucket_match(body: str, tokens: Sequence[str], bucket: str, bucket_tokens: set[str]) -> int:
    score = 3 if bucket.lower() in body.lower() else 0
    return score + len(bucket_tokens.intersection(tokens))


def project_offline(entries: Sequence[WarmEntry], buckets: Sequence[str] | None = None,
                    max_nodes: int = MAX_NODES, max_share: float = 0.3) -> list[Node]:
    """Group ``entries`` into at most ``max_nodes`` topic nodes, deterministically."""
    if max_nodes < 1:
        raise InvalidInputError("max_nodes must be at least 1")
    buckets = _clean_buckets(buckets)[:max_nodes]
    live = [e for e in entries if not e.is_wrong]
    # the entity names of structured bodies count as tokens too: they name the topic outright
    token_lists = [topic_tokens(e) + tuple(f"@{name.lower()}" for name in entity_names(e)) for e in live]
    df = document_frequency(token_lists)
    limit = len(live) if len(live) < 8 else max(2, int(len(live) * max_share))
    shared = {t for t, c in df.items() if 2 <= c <= limit}
    # inverse document frequency, steep on purpose: a template word in every event (用户, 分钟) must
    # not outweigh the one or two words that name the topic
    idf = {t: 1.0 / df[t] for t in shared}
    communities = _communities(token_lists, shared, df)
    community_of = {t: i for i, c in enumerate(communities) for t in c}

    # each entry's community: the one its shared tokens weigh most in (ties: the earlier community)
    entry_community: list[int | None] = []
    for tokens in token_lists:
        score: dict[int, float] = {}
        for t in tokens:
            if t in community_of:
                score[community_of[t]] = score.get(community_of[t], 0.0) + idf[t]
        entry_community.append(min(score, key=lambda c: (-score[c], c)) if score else None)

    # an entity that structured bodies name (a fact's entity, an event's related entity) is the
    # topic itself: entries sharing one form a cluster before any community is considered
    entity_lists = [tuple(n.lower() for n in entity_names(e)) for e in live]
    entity_anchor = assign_anchors(entity_lists, max_share=0.5)
    clusters: list[tuple[str, object] | None] = [
        ("entity", a) if a is not None else (("community", c) if c is not None else None)
        for a, c in zip(entity_anchor, entry_community)]

    # bucket hints: direct matches first, then a cluster follows the bucket a third of its entries named
    bucket_tokens = [set(topic_tokens(b)) | {b.lower()} for b in buckets]
    entry_bucket: list[int | None] = []
    for e, tokens in zip(live, token_lists):
        scores = [_bucket_match(e.body, tokens, b, bt) for b, bt in zip(buckets, bucket_tokens)]
        best = max(range(len(scores)), key=lambda i: (scores[i], -i)) if scores else None
        entry_bucket.append(best if best is not None and scores[best] > 0 else None)
    votes: dict[tuple, Counter] = {}
    for c, b in zip(clusters, entry_bucket):
        if c is not None and b is not None:
            votes.setdefault(c, Counter())[b] += 1
    sizes = Counter(c for c in clusters if c is not None)
    cluster_bucket = {}
    for c, v in votes.items():
        bucket, count = min(v.items(), key=lambda kv: (-kv[1], kv[0]))
        if count * 3 >= sizes[c]:
            cluster_bucket[c] = bucket

    bucket_members: list[list[WarmEntry]] = [[] for _ in buckets]
    cluster_members: dict[tuple, list[WarmEntry]] = {}
    other: list[WarmEntry] = []
    for e, c, b in zip(live, clusters, entry_bucket):
        if b is None and c is not None and c in cluster_bucket:
            b = cluster_bucket[c]
        if b is not None:
            bucket_members[b].append(e)
        elif c is not None:
            cluster_members.setdefault(c, []).append(e)
        else:
            other.append(e)

    groups: list[tuple[str, list[WarmEntry]]] = [(b, m) for b, m in zip(buckets, bucket_members) if m]
    ranked = sorted(cluster_members.items(), key=lambda kv: (-len(kv[1]), kv[1][0].n))
    room = max_nodes - len(groups)
    if len(ranked) > room or (other and len(ranked) >= room):
        keep = max(0, room - 1)
        for _, members in ranked[keep:]:
            other.extend(members)
        ranked = ranked[:keep]
    for (kind, key), members in ranked:
        theme = entity_spelling(members, key) if kind == "entity" else _theme_of(members, df)
        groups.append((theme, members))
    if other:
        groups.append((OTHER_LABEL, sorted(other, key=lambda e: e.n)))
    groups = groups[:max_nodes]
    return _nodes_from_groups(groups, find_conflicts(entries))


def _clean_buckets(buckets: Sequence[str] | None) -> list[str]:
    out: list[str] = []
    for b in buckets or []:
        if not isinstance(b, str):
            raise InvalidInputError("buckets must be a list of topic names")
        b = _one_line(b)
        if b and b not in out:
            out.append(b)
    return out


def _theme_of(members: list[WarmEntry], df: Mapping[str, int] | None = None) -> str:
    """The entity most members name (fact entity, event object or related entity), else the
    group's shared tokens (``label_of``)."""
    names: Counter = Counter()
    for e in members:
        names.update(entity_names(e))
    if names:
        name, count = min(names.items(), key=lambda kv: (-kv[1], kv[0]))
        if count * 3 >= len(members) and (count >= 2 or len(members) == 1) and len(name) <= 40:
            return name
    return _distinctive_label(members, df) if df else (label_of(members) or OTHER_LABEL)


def _distinctive_label(members: list[WarmEntry], df: Mapping[str, int]) -> str:
    """The one or two tokens most typical of the group: frequent in it and rare elsewhere
    (count² / document frequency), in text order."""
    counts = Counter(t for e in members for t in topic_tokens(e))
    if not counts:
        return OTHER_LABEL
    ranked = sorted(counts, key=lambda t: (-(counts[t] ** 2) / max(df.get(t, 1), counts[t]), t))
    picked = ranked[:1]
    if len(ranked) > 1 and counts[ranked[1]] >= 2 and counts[ranked[1]] * 2 >= len(members):
        picked.append(ranked[1])
    for e in members:
        tokens = topic_tokens(e)
        if all(t in tokens for t in picked):
            picked.sort(key=tokens.index)
            break
    return "·".join(picked)


def _nodes_from_groups(groups: list[tuple[str, list[WarmEntry]]], conflicts: list[Conflict]) -> list[Node]:
    home_of: dict[int, int] = {}
    for i, (_, members) in enumerate(groups):
        for e in members:
            home_of[e.n] = i
    conflict_lines: dict[int, list[str]] = {}
    for c in conflicts:
        owner = next((home_of[n] for n in c.numbers if n in home_of), None)
        if owner is not None:
            conflict_lines.setdefault(owner, []).append(c.line())
    nodes, used = [], Counter()
    for i, (theme, members) in enumerate(groups):
        used[theme] += 1
        if used[theme] > 1:
            theme = f"{theme}（{used[theme]}）"
        lines = [_line_of(e) for e in sorted(members, key=lambda e: (e.stamp, e.n))]
        lines += conflict_lines.get(i, [])
        nodes.append(Node(theme=theme, body="\n".join(lines)))
    return nodes


# -- LLM projection -----------------------------------------------------------------------------------
SYSTEM_PROMPT = """你是记忆本体投影器。把编号的暖态记忆条目按主题聚合成主题节点。
规则：
1. 输出最多 {max_nodes} 个节点，每个节点以「## 主题」开头，下面每行「- 」开头，行尾保留来源编号 [n]。
2. 给了主题桶时，节点主题对齐这些桶；桶外的内容归入最接近的主题或「其他」。
3. 时间锚点、数字、版本号、结论原样保留，不改写、不换算。
4. 发现同一实体同一属性的不同取值时，写一行「- ⚠️ 冲突：……」列出各方与编号，不裁决、不选边。
5. 只做聚合，不编造条目里没有的内容；标【已翻转·勿引用】的条目只可出现在冲突行里。
6. 只输出节点 Markdown，不要解释，不要代码块。"""


def build_prompt(entries: Sequence[WarmEntry], buckets: Sequence[str] | None = None,
                 max_nodes: int = MAX_NODES, max_chars: int = MAX_CHARS) -> list[dict]:
    """The chat messages of the LLM projection (warm numbered, wrong included, cut at max_chars)."""
    lines = []
    for e in entries:
        tag = {"low": LOW_TAG, "wrong": WRONG_TAG}.get(e.effective_confidence, "")
        lines.append(f"[{e.n}] {e.stamp} [{e.kind}] {tag}{_one_line(e.body)}")
    warm = "\n".join(lines)
    if len(warm) > max_chars:
        warm = warm[:max_chars] + "\n…(截断)…"
    user = ""
    if buckets:
        user += "主题桶：" + "、".join(buckets) + "\n\n"
    user += "暖态条目：\n" + warm
    return [{"role": "system", "content": SYSTEM_PROMPT.format(max_nodes=max_nodes)},
            {"role": "user", "content": user}]


def project_with_llm(provider, entries: Sequence[WarmEntry], buckets: Sequence[str] | None = None,
                     max_nodes: int = MAX_NODES, max_chars: int = MAX_CHARS) -> tuple[list[Node], list[str]]:
    """Ask ``provider`` for the projection; returns the nodes and warnings (pointers to no entry).

    Raises ``core.llm.LLMError`` when the reply holds no node.
    """
    from linghun.core.llm import LLMError

    buckets = _clean_buckets(buckets)
    reply = provider.complete(build_prompt(entries, buckets, max_nodes, max_chars), temperature=0.2,
                              max_tokens=2400)
    text = _FENCE.sub("", reply.text or "").strip()
    start = text.find("## ")
    if start < 0:
        raise LLMError("the projection reply holds no '## topic' node", kind="bad_json")
    nodes = [n for n in parse_nodes(text[start:]).nodes if n.theme and not n.is_empty]
    if not nodes:
        raise LLMError("the projection reply holds only empty nodes", kind="bad_json")
    if len(nodes) > max_nodes:
        # keep every line: the overflow nodes' lines join the last allowed node
        extra = "\n".join(n.body for n in nodes[max_nodes - 1:][1:])
        last = nodes[max_nodes - 1]
        nodes = nodes[: max_nodes - 1] + [Node(theme=last.theme, body=f"{last.body}\n{extra}")]
    count = len(entries)
    warnings = sorted({f"[{m}] is not an entry" for n in nodes for m in _POINTER.findall(n.body)
                       if not 1 <= int(m) <= count}, key=lambda w: int(w[1:w.index("]")]))
    return [Node(theme=_one_line(n.theme), body=n.body.strip("\n")) for n in nodes], warnings


# -- memory_project ----------------------------------------------------------------------------------
@dataclass
class ProjectResult:
    """What ``memory_project`` did.

    Attributes:
        path: ontology.md. changed: whether it was written. nodes: the node themes.
        by: ``llm`` | ``offline`` | ``fallback`` (the LLM failed; reason says why).
    """

    path: str
    changed: bool
    nodes: list[str]
    by: str
    reason: str = ""
    warnings: list[str] = field(default_factory=list)
    conflicts: int = 0

    def to_dict(self) -> dict:
        d = {"ok": True, "path": self.path, "changed": self.changed, "nodes": list(self.nodes),
             "by": self.by, "conflicts": self.conflicts}
        if self.reason:
            d["reason"] = self.reason
        if self.warnings:
            d["warnings"] = list(self.warnings)
        return d


@dataclass
class Projection:
    """A computed projection, not yet written: its nodes, the file text, and how it was made."""

    nodes: list[Node]
    by: str
    reason: str = ""
    warnings: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The whole ``ontology.md`` text (``render_nodes``: empty nodes dropped)."""
        return render_nodes(self.nodes)

    @property
    def conflicts(self) -> int:
        return sum(n.body.count(CONFLICT_MARK) for n in self.nodes)


def project(entries: Sequence[WarmEntry], buckets: Sequence[str] | None = None, *, provider=None,
            max_nodes: int = MAX_NODES, max_chars: int = MAX_CHARS) -> Projection:
    """The projection of ``entries`` without writing anything (a preview computes exactly what
    ``memory_project`` would write): with ``provider`` the LLM, falling back to offline on an
    ``LLMError``; without, offline."""
    buckets = _clean_buckets(buckets)
    if provider is not None:
        from linghun.core.llm import LLMError

        try:
            nodes, warnings = project_with_llm(provider, entries, buckets, max_nodes, max_chars)
            return Projection(nodes, "llm", warnings=warnings)
        except LLMError as exc:
            return Projection(project_offline(entries, buckets, max_nodes), "fallback", str(exc))
    return Projection(project_offline(entries, buckets, max_nodes), "offline")


def memory_project(home: MemoryHome, buckets: Sequence[str] | None = None, *, provider=None,
                   memory=None, max_nodes: int = MAX_NODES, max_chars: int = MAX_CHARS) -> ProjectResult:
    """Project warm into ``ontology.md`` (whole-file replace; nothing written when unchanged).

    ``provider``: an LLM provider, or ``None`` for the offline projection. An empty warm writes
    nothing (the old projection stays). A non-UTF-8 ontology.md is never overwritten.
    """
    from linghun.core.memory import Memory

    memory = memory or Memory(home)
    buckets = _clean_buckets(buckets)
    entries = memory.entries()
    if not entries:
        return ProjectResult(str(home.ontology), False, [], "offline", reason="warm is empty: nothing to project")
    # the LLM call happens outside the home lock: the agent must be able to write meanwhile
    result = project(entries, buckets, provider=provider, max_nodes=max_nodes, max_chars=max_chars)
    text = result.text
    with home_lock(home).hold():
        old = read_text(home.ontology)  # raises on a non-UTF-8 file: it is kept as is
        changed = old != text
        if changed:
            home.memory.mkdir(parents=True, exist_ok=True)
            atomic_write(home.ontology, text)
    if changed:
        bus.publish("memory.changed", home=str(home.root), path=str(home.ontology), what="ontology")
    return ProjectResult(str(home.ontology), changed, [n.theme for n in result.nodes if not n.is_empty],
                         result.by, result.reason, result.warnings, result.conflicts)


# -- freshness of the topic index --------------------------------------------------------------------
@dataclass(frozen=True)
class IndexFreshness:
    """How the topic index (``ontology.md``) compares with the warm entries it projects.

    Judged from the files' content, not their times (a copied or freshly installed home has new
    times and unchanged content). ``state``: "missing" (no node yet), "fresh" or "stale".
    ``covered``: live entries the index cites. ``newer``: live entries it does not cite that are
    newer than every entry it cites (written after the projection; an older entry it leaves out
    is the projector's choice, as an LLM projection may make). ``invalid``: entries cited on a
    node line that are now flipped to wrong or gone (conflict lines cite flipped ones on purpose).
    """

    state: str
    covered: int = 0
    newer: tuple[int, ...] = ()
    invalid: tuple[int, ...] = ()


def _stamp_key(stamp: str) -> tuple[str, str]:
    day, _, clock = stamp.partition(" ")
    return day, clock.zfill(5) if clock else ""


def index_freshness(home: MemoryHome, entries: Sequence[WarmEntry]) -> IndexFreshness:
    """The freshness of ``home``'s topic index against ``entries`` (its current warm entries).

    Raises ``UnreadableFileError`` when ontology.md is not UTF-8."""
    cited, on_node_lines = set(), set()
    for line in (read_text(home.ontology) or "").splitlines():
        if line.startswith("- "):
            numbers = {int(n) for n in _POINTER.findall(line)}
            cited |= numbers
            if CONFLICT_MARK not in line:
                on_node_lines |= numbers
    if not cited:
        return IndexFreshness("missing")
    by_n = {e.n: e for e in entries}
    live_cited = [by_n[n] for n in cited if n in by_n and not by_n[n].is_wrong]
    newest = max((_stamp_key(e.stamp) for e in live_cited), default=("", ""))
    newer = tuple(sorted(e.n for e in entries
                         if not e.is_wrong and e.n not in cited and _stamp_key(e.stamp) > newest))
    invalid = tuple(sorted(n for n in on_node_lines if n not in by_n or by_n[n].is_wrong))
    state = "stale" if newer or invalid else "fresh"
    return IndexFreshness(state, len(live_cited), newer, invalid)


# -- alias tables -----------------------------------------------------------------------------------
def _check_table(name: str, table: Any) -> dict[str, str]:
    if table is None:
        return {}
    if not isinstance(table, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
        raise InvalidInputError(f"aliases.{name} must be an object of alias -> theme strings")
    return {k.strip().lower(): v.strip() for k, v in table.items() if k.strip() and v.strip()}


def load_aliases(home: MemoryHome, overrides: Mapping[str, Any] | None = None) -> dict[str, dict[str, str]]:
    """The three alias tables: ``workbench.json`` ``aliases``, then ``overrides`` on top.

    ``overrides`` may use our table names (memory / knowledge / rules) or the assembler's setting
    names (ontologyAliases / knowledgeAliases / rulesAliases). Aliases are lowercased.
    """
    stored = config_section(home, "aliases") or {}
    if not isinstance(stored, Mapping):
        raise InvalidInputError("aliases in workbench.json must be an object")
    tables = {name: _check_table(name, stored.get(name)) for name in ALIAS_TABLES}
    for name in ALIAS_TABLES:
        for key in (name, ASSEMBLER_ALIAS_KEYS[name]):
            if overrides and overrides.get(key):
                tables[name].update(_check_table(name, overrides[key]))
    return tables


def save_aliases(home: MemoryHome, table: str, mapping: Mapping[str, str]) -> dict[str, str]:
    """Replace one alias table in ``workbench.json`` (other settings kept); returns it as stored."""
    if table not in ALIAS_TABLES:
        raise InvalidInputError(f"unknown alias table {table!r}: use {', '.join(ALIAS_TABLES)}")
    clean = _check_table(table, mapping)
    update_section(home, "aliases", lambda old: {**(old if isinstance(old, dict) else {}), table: clean})
    return clean


def ontology_files(home: MemoryHome, table: str) -> list[Path]:
    """The node files an alias table selects from, in the order they are searched.

    memory: the projection (ontology.md), then the event timeline (memory_ontology.md).
    knowledge: knowledge_ontology.md, the older knowledge.md, then ``memory/knowledge/*.md``
    (the knowledge-directory fallback). rules: rules.md.
    """
    if table == "memory":
        return [p for p in (home.ontology, home.memory_ontology) if p.exists()]
    if table == "knowledge":
        folder = home.memory / "knowledge"
        extra = sorted(folder.glob("*.md")) if folder.is_dir() else []
        return home.knowledge_files() + extra
    if table == "rules":
        return [home.rules] if home.rules.exists() else []
    raise InvalidInputError(f"unknown alias table {table!r}")


@dataclass(frozen=True)
class AliasHit:
    table: str
    alias: str
    theme: str
    path: str
    body: str

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def _nodes_in(path: Path) -> list[Node]:
    try:
        doc: NodeDocument = parse_nodes(read_text(path) or "")
    except UnreadableFileError:  # retrieval is best effort: a broken file only loses its nodes
        return []
    if doc.nodes:
        return doc.nodes
    # a knowledge-directory file without ## nodes is one node named after the file
    text = (doc.preamble or "").strip()
    return [Node(theme=path.stem, body=text)] if text else []


def alias_hits(home: MemoryHome, query: str, aliases: Mapping[str, Mapping[str, str]] | None = None) -> list[AliasHit]:
    """Nodes selected by aliases found in the lowercased ``query``, tables in SPEC order.

    Each theme is listed once per table (the first file holding it wins); aliases are tried
    longest first so a specific alias wins over its prefix.
    """
    tables = load_aliases(home) if aliases is None else {k: _check_table(k, aliases.get(k)) for k in ALIAS_TABLES}
    q = (query or "").lower()
    hits: list[AliasHit] = []
    for table in ALIAS_TABLES:
        wanted = [(a, t) for a, t in sorted(tables.get(table, {}).items(), key=lambda kv: (-len(kv[0]), kv[0]))
                  if a in q]
        if not wanted:
            continue
        nodes = [(p, n) for p in ontology_files(home, table) for n in _nodes_in(p)]
        seen: set[str] = set()
        for alias, theme in wanted:
            if theme in seen:
                continue
            found = next(((p, n) for p, n in nodes if n.theme == theme and not n.is_empty), None)
            if found:
                seen.add(theme)
                hits.append(AliasHit(table, alias, theme, str(found[0]), found[1].body))
    return hits


def alias_blocks(hits: Sequence[AliasHit]) -> list[str]:
    """One text block per table with hits, in SPEC order: the header, then ``## theme`` + body of
    each hit node. What goes before the BM25 hits ("topic index first")."""
    blocks = []
    for table in ALIAS_TABLES:
        mine = [h for h in hits if h.table == table]
        if mine:
            blocks.append(HEADERS[table] + "\n" + "\n\n".join(f"## {h.theme}\n{h.body}" for h in mine))
    return blocks


# -- topic-first retrieval ----------------------------------------------------------------------------
@dataclass
class TopicFirstResult:
    """Alias hits (nodes) first, then BM25 hits over warm after MMR.

    Attributes:
        alias_hits: the selected nodes. hits: ``core.retrieval.Hit`` whose ``id`` is the entry id.
        entries: the hit entries in hit order. dropped: ids MMR removed as near copies.
    """

    query: str
    alias_hits: list[AliasHit]
    hits: list
    entries: list[WarmEntry]
    dropped: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The candidate text: each hit table under its header, then the entries, joined by
        ``---`` separators (low entries tagged)."""
        return "\n\n---\n\n".join(alias_blocks(self.alias_hits) + [e.display_text for e in self.entries])

    def to_dict(self) -> dict:
        return {"query": self.query, "alias_hits": [h.to_dict() for h in self.alias_hits],
                "hits": [dict(h.to_dict(), n=e.n) for h, e in zip(self.hits, self.entries)],
                "dropped": list(self.dropped), "text": self.text}


def topic_first(home: MemoryHome, query: str, k: int = 12, *, aliases: Mapping[str, Any] | None = None,
                entries: Sequence[WarmEntry] | None = None, mmr_lambda: float = 0.7,
                duplicate: float = 0.8) -> TopicFirstResult:
    """Topic index first, BM25 as the net (SPEC 10).

    ``aliases``: overrides on top of the home's tables (our names or the assembler's). ``entries``:
    the warm entries to search (default: the home's). Wrong entries are never hits. MMR removes
    hits whose token sets overlap an earlier hit's by ``duplicate`` or more (Jaccard).
    """
    from linghun.core.memory import Memory
    from linghun.core.retrieval import mmr
    from linghun.core.search import Searcher, Unit
    from linghun.core.text import tokenize

    if entries is None:
        entries = Memory(home).entries()
    tables = load_aliases(home, aliases)
    selected = alias_hits(home, query, tables)
    live = [e for e in entries if not e.is_wrong]
    by_id = {e.id: e for e in live}
    searcher = Searcher([Unit(e.id, e.body, {"time": e.stamp, "kind": e.kind, "confidence": e.effective_confidence})
                         for e in live])
    raw_hits = searcher.search(query, k * 2) if query and query.strip() else []
    tokens = {h.id: tokenize(by_id[h.id].body) for h in raw_hits}
    # MMR over all hits first: what it leaves out are the near copies; the greedy order means
    # its first k are exactly MMR's choice at k
    reordered = mmr(raw_hits, lambda h: tokens[h.id], lambda_=mmr_lambda, duplicate=duplicate)
    kept_all = {h.id for h in reordered}
    dropped = [h.id for h in raw_hits if h.id not in kept_all]
    kept = reordered[:k]
    return TopicFirstResult(query, selected, kept, [by_id[h.id] for h in kept], dropped)
