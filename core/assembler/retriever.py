"""The retriever (SPEC 11.4): which candidates reach the editor.

- Candidates: warm entries (wrong ones never), ``.md`` files of ``retrieval.workspaceDirs`` as
  ``【工作区·<basename>】`` + text, the lines consolidation moved into the event timeline and the
  knowledge ontology (``retrieval.consolidated``, ours), and goals the question activates (SPEC 8
  evidence channel: statements only; the activation parts go to the trace, not to the editor).
- Mode ``auto``: direct only when the whole warm fits: at most ``autoThreshold`` (24) entries
  whatever the level but deep, or for a light question material within ``maxDirectChars``;
  otherwise BM25 (a light question with the "other" strategy, top-12), deep always BM25 +
  timeline (see ``choose_mode`` for why the seed is read so); ``always``: BM25; ``never``:
  direct. Direct material over ``maxDirectChars`` (``never``) keeps the freshest entries.
- k: summarization 24; knowledge_update topK + the 6 newest entries forced in (recency safeguard
  against the long-document penalty); deep max(18, topK); multi_hop (ours: the answer is spread)
  max(30, topK); otherwise topK (12). With
  ``retrieval.strategy`` off, always topK and no safeguard.
- Direct mode passes every candidate, cut at ``maxDirectChars`` (8000) with ``\\n…(截断)…``.
- Hits are joined by ``\\n\\n---\\n\\n``; low ones are prefixed ``【低置信·需验证】 ``.
- A *gap* is a BM25 round with no hit although candidates existed.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import math
import os
import re
import threading
from collections import ChainMap, OrderedDict
from collections.abc import Mapping
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from operator import attrgetter
from pathlib import Path
from typing import Any

from linghun.core import excerpt as excerpt_module
from linghun.core import goals as goals_module
from linghun.core import home_index, meaning, situation_cache
from linghun.core.assembler.config import DEFAULTS, AssemblerConfig, load_home_settings
from linghun.core.assembler.context import RoundContext
from linghun.core.assembler.judge import Decision
from linghun.core.assembler.trace import Span, clip
from linghun.core.errors import CorruptFileError
from linghun.core.formats.warm import WarmEntry
from linghun.core.fsio import read_text
from linghun.core.goal_links import goal_links
from linghun.core.goals.activation import (FUSION_TURNS, SEMANTIC_MIN, SEMANTIC_MIN_OF, SIGNAL_BONUS, GoalActivation,
                                           admitted, closest, combine,
                                           semantic_similarity, top_closest, unsignalled)
from linghun.core.search import SearchConfig, Searcher, Unit, config_for
from linghun.core.situations import OTHER_LABEL, topic_tokens
from linghun.core.text import approx_tokens

LOW_PREFIX = "【低置信·需验证】 "
HIT_JOINER = "\n\n---\n\n"
TRUNCATED = "\n…(截断)…"
SKIP_DIRS = frozenset({"node_modules", ".git", "dist", "build", "coverage", ".next"})
WORKSPACE_MAX_FILES = 60
WORKSPACE_MAX_BYTES = 512 * 1024
WORKSPACE_MAX_CHARS = 8000
#: entries of one activated goal that join the bundle; the links' rules in order of strength
GOAL_ENTRIES = 2
_LINK_ORDER = {"signal": 0, "trigger": 1, "shares": 2}


@dataclass
class Candidate:
    """One piece of material.

    Attributes:
        id: the warm entry id, ``ws:<path>`` or ``goal:<id>``.
        source: ``warm`` | ``workspace`` | ``goal`` | ``topic`` (an ontology node hit by alias) |
            ``timeline`` / ``knowledge`` (a consolidated entry's line, ``consolidated_candidates``).
        text: the text given to the editor (with the low-confidence prefix, source marks).
        via: how it got in: ``bm25`` | ``follow`` (the reply to a hit, for a summary) |
            ``recency`` | ``direct`` | ``goal`` | ``topic``.
    """

    id: str
    source: str
    text: str
    via: str = "direct"
    n: int | None = None
    stamp: str | None = None
    kind: str | None = None
    confidence: str | None = None
    body: str = ""
    score: float = 0.0
    rank: int | None = None
    terms: dict[str, float] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, with_text: bool = True) -> dict[str, Any]:
        out = {"id": self.id, "source": self.source, "via": self.via, "n": self.n, "stamp": self.stamp,
               "kind": self.kind, "confidence": self.confidence, "score": round(self.score, 4),
               "rank": self.rank, "terms": {k: round(v, 4) for k, v in self.terms.items()}}
        if with_text:
            out["text"] = clip(self.text, 2000)
        if self.extra:
            out.update(self.extra)
        return out


@dataclass
class Retrieval:
    mode: str                      # bm25 | direct
    k: int | None
    candidates: list[Candidate]    # what the editor sees, in order
    material: str                  # the candidates joined (direct: capped)
    total_candidates: int
    bm25_hits: int = 0
    gap: bool = False
    truncated: bool = False
    near_misses: list[Candidate] = field(default_factory=list)


# -- candidates ------------------------------------------------------------------------------

def _warm_head(entry: WarmEntry) -> tuple[str, str, str]:
    """A warm candidate's text before its body: ``(header, prefix, confidence)``."""
    confidence = entry.effective_confidence
    return (f"[{entry.n}] {entry.stamp} [{entry.kind}] {confidence}", LOW_PREFIX if confidence == "low" else "",
            confidence)


def warm_candidate(entry: WarmEntry) -> Candidate:
    header, prefix, confidence = _warm_head(entry)
    body = entry.body.strip()
    return Candidate(id=entry.id, source="warm", text=f"{header}\n{prefix}{body}", n=entry.n, stamp=entry.stamp,
                     kind=entry.kind, confidence=confidence, body=body)


def warm_text_length(entry: WarmEntry) -> int:
    """``len(warm_candidate(entry).text)`` without making the candidate or its header: the four
    fields, the header's eight fixed characters (``[`` ``] `` `` [`` ``] `` and the line break),
    the prefix and the body (tested against the candidates' texts)."""
    confidence = entry.effective_confidence
    return (len(str(entry.n)) + len(entry.stamp) + len(entry.kind) + len(confidence) + 8
            + (len(LOW_PREFIX) if confidence == "low" else 0) + len(entry.body.strip()))


def workspace_files(dirs: list[str], base: Path) -> list[Path]:
    """``.md`` files under ``dirs`` (recursive, skipping build and VCS folders), 60 at most."""
    found: list[Path] = []
    for raw in dirs:
        root = Path(os.path.expanduser(str(raw)))
        if not root.is_absolute():
            root = base / root
        if not root.is_dir():
            continue
        for folder, subdirs, files in os.walk(root):
            subdirs[:] = sorted(d for d in subdirs if d not in SKIP_DIRS)
            for name in sorted(files):
                if name.lower().endswith(".md"):
                    found.append(Path(folder) / name)
                    if len(found) >= WORKSPACE_MAX_FILES:
                        return found
    return found


def workspace_candidates(dirs: list[str], base: Path) -> tuple[list[Candidate], list[dict[str, Any]]]:
    """Workspace candidates and the files left out (too large, unreadable) with the reason."""
    out, skipped = [], []
    for path in workspace_files(dirs, base):
        try:
            size = path.stat().st_size
            if size > WORKSPACE_MAX_BYTES:
                skipped.append({"path": str(path), "reason": f"{size} bytes > {WORKSPACE_MAX_BYTES}"})
                continue
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            skipped.append({"path": str(path), "reason": str(exc)})
            continue
        text = text[:WORKSPACE_MAX_CHARS]
        out.append(Candidate(id=f"ws:{path}", source="workspace", text=f"【工作区·{path.name}】{text}",
                             body=text, extra={"path": str(path)}))
    return out, skipped


#: a consolidated entry's line in the event timeline (``- <stamp> <body>``) or the knowledge
#: ontology (``- <body>（<day>）``), as ``Memory.consolidate`` writes them
_TIMELINE_LINE = re.compile(r"^- (\d{4}-\d\d-\d\d \d\d:\d\d) (.+)$")
_KNOWLEDGE_LINE = re.compile(r"^- (.+?)（(\d{4}-\d\d-\d\d)）$")
CONSOLIDATED_HEADERS = {"timeline": "【事件时间线】", "knowledge": "【知识本体】"}


def consolidated_candidates(home) -> list[Candidate]:
    """The entries consolidation moved out of warm.md, one candidate per line of the event
    timeline (``memory_ontology.md``) and the knowledge ontology (``knowledge_ontology.md``).

    Ours: the seed retrieves over warm and reaches consolidated memory through the ontology
    parts of the context and topic aliases. On a home grown the way an agent grows it, those
    parts are cut at their budget (the timeline keeps its newest lines), so evidence that was
    consolidated reached the agent only by luck: 9% of the LoCoMo evidence (``linghun eval``,
    R@context/grown). Searched with warm (``retrieval.consolidated``), the line that holds the
    answer joins the bundle like any hit."""
    out: list[Candidate] = []
    for source, path, pattern in (("timeline", home.memory_ontology, _TIMELINE_LINE),
                                  ("knowledge", home.knowledge_ontology, _KNOWLEDGE_LINE)):
        text = read_text(path) or ""
        for no, line in enumerate(text.splitlines(), start=1):
            m = pattern.match(line)
            if not m:
                continue
            stamp, body = (m.group(1), m.group(2)) if source == "timeline" else (m.group(2), m.group(1))
            out.append(Candidate(id=f"{source}:{no}", source=source, text=f"{CONSOLIDATED_HEADERS[source]}{stamp} {body}",
                                 stamp=stamp, kind="event" if source == "timeline" else "fact", body=body.strip(),
                                 extra={"path": str(path), "line": no}))
    return out


def goal_candidates(ctx: RoundContext, query: str, *,
                    semantic: str | None = None) -> tuple[list[Candidate], str, list[Candidate]]:
    """Goals the situation activates, as statements only; ``(candidates, note for the trace,
    quiet)``.

    A goal joins on a real signal only (``core.goals.activation.admitted``): shared words, its
    domain, a bridge trigger, or with ``semantic`` (the sentence model the search mix reads meaning
    with: ``SearchConfig.sentence_model``) a sentence similarity of the situation and its statement. Each candidate's
    ``extra["reason"]`` says which ("bridge 'family trip'"); ``team.goals.k`` of them at most.
    ``quiet`` are the active goals nothing admitted, higher priority first
    (``core.goals.activation.unsignalled``): never statements, their entries join only a round
    in which the retriever and meaning found nothing (:func:`_admit`)."""
    if not ctx.config.get("team.goals.enabled"):
        return [], "team.goals.enabled is false", []
    if not ctx.home.goals.exists():
        return [], "no goals.json in this home", []
    getter = _goal_getter(goals_module, ctx)
    if getter is None:
        return [], "core.goals offers no goal_get", []
    k = ctx.config.get("team.goals.k")
    try:
        # every goal when meaning may admit one that shares no word (the ranking is by words)
        ranked = list(_call_goal_get(getter, ctx, query, 0 if semantic else k) or [])
        reasons = _admissions(ranked, query, semantic)
    except Exception as exc:  # goals are extra evidence: their failure must not stop a round
        return [], f"goal_get failed: {type(exc).__name__}: {exc}", []
    out = []
    for item in ranked if reasons is None else [adm.activation for adm in reasons]:
        row = _jsonable(item)
        if not isinstance(row, dict):
            continue
        goal = row.get("goal") if isinstance(row.get("goal"), dict) else row
        statement = goal.get("statement")
        parts = row.get("parts") or row.get("score_parts") or {}
        if not statement or (reasons is None and not _activated(row, parts)):
            continue
        gid = goal.get("id") or statement
        adm = next((a for a in reasons if a.activation is item), None) if reasons else None
        extra = {"activation": parts, "state": goal.get("state"), "domain": goal.get("domain"),
                 "goal_rank": row.get("rank")}
        if adm is not None:
            extra.update(reason=f"goal {gid} activated by {adm.reason}", strength=round(adm.strength, 4))
        out.append(Candidate(id=f"goal:{gid}", source="goal", text=f"【目标】{statement}", via="goal",
                             body=str(statement), score=float(row.get("score") or 0.0), extra=extra))
        if k > 0 and len(out) >= k:
            break
    quiet = [Candidate(id=f"goal:{a.goal.id}", source="goal", text=f"【目标】{a.goal.statement}", via="goal",
                       body=a.goal.statement, extra={"strength": 0.0, "reason": f"goal {a.goal.id} (priority "
                                                     f"{a.goal.priority}, no signal) shown as nothing else was found"})
             for a in (unsignalled(ranked, reasons) if reasons is not None else [])]
    return out, f"{len(out)} goal(s) activated", quiet


def _admissions(ranked: list, query: str, semantic: str | None):
    """``core.goals.activation.admitted`` over ``goal_get``'s activations (None when the goal
    module answers in another shape: then the parts decide, ``_activated``)."""
    if not ranked or not all(isinstance(a, GoalActivation) for a in ranked):
        return None
    closeness = None
    if semantic:
        scores = semantic_similarity(query, [a.goal for a in ranked], semantic)
        closeness = None if scores is None else {a.goal.id: float(c) for a, c in zip(ranked, scores)}
    return admitted(ranked, closeness, SEMANTIC_MIN_OF.get(semantic, SEMANTIC_MIN))


def goal_entries(ctx: RoundContext, goals: list[Candidate], entries: list[WarmEntry],
                 by_id: dict[str, Candidate], source: str | None = None) -> list[Candidate]:
    """The warm entries hanging on the activated goals (``core.goal_links``: the entries a goal's
    history names, those holding a trigger, those sharing its subject), ``GOAL_ENTRIES`` per goal
    in that order, as candidates ``via goal`` whose ``extra["reason"]`` names the goal and its
    signal. The cue evaluation's ``linghun+goal`` channel is this admission (``cues_dev.json``).
    ``source``: the digest of the warm.md bytes ``entries`` are the parse of, when known."""
    wanted = {c.id[len("goal:"):]: c for c in goals if c.id.startswith("goal:")}
    if not wanted:
        return []
    store = _GOAL_STORES.get(str(ctx.home.root))
    if store is None:
        return []
    hung = [g for g in store.load().goals if g.id in wanted]
    links = goal_links(ctx.home.root, hung, entries, source)
    id_of = {e.n: e.id for e in entries}
    out: list[Candidate] = []
    for gid, goal in wanted.items():
        ordered = sorted(links.get(gid, ()), key=lambda link: (_LINK_ORDER.get(link.why.split(" ")[0], 9), -link.n))
        for link in ordered[:GOAL_ENTRIES]:
            c = by_id.get(id_of.get(link.n, ""))
            if c is not None:
                reason = goal.extra.get("reason") or f"goal {gid} activated"
                out.append(Candidate(**{**c.__dict__, "via": "goal",
                                        "extra": {**c.extra, "goal": gid, "reason": f"{reason} ({link.why})",
                                                  "strength": goal.extra.get("strength", SIGNAL_BONUS)}}))
    return out


def _activated(row: dict[str, Any], parts: dict[str, Any]) -> bool:
    """A goal joins only on a real signal (similarity, domain or bridge hit): the constant term of
    goalActivate gives every active goal a positive score, which is not an activation."""
    if parts:
        return bool(parts.get("similarity")) or bool(parts.get("domain_hit")) or bool(parts.get("bridge_hit"))
    return float(row.get("score") or 0.0) > 0


def topic_candidates(ctx: RoundContext, query: str) -> tuple[list[Candidate], str]:
    """Ontology nodes selected by alias (SPEC 10 "topic index first, BM25 as the net"): the
    home's tables in ``workbench.json`` plus ``retrieval.*Aliases``, each under its header."""
    try:
        from linghun.core.ontology import HEADERS, alias_hits, load_aliases
    except ImportError:
        return [], "ontology aliases not available"
    overrides = {key: ctx.config.get(f"retrieval.{key}") for key in ("ontologyAliases", "knowledgeAliases", "rulesAliases")}
    try:
        tables = load_aliases(ctx.home, overrides)
        if not any(tables.values()):
            return [], "no alias tables"
        hits = alias_hits(ctx.home, query, tables)
    except Exception as exc:  # aliases are a shortcut: a bad table must not stop the round
        return [], f"alias lookup failed: {type(exc).__name__}: {exc}"
    out = [Candidate(id=f"topic:{h.table}:{h.theme}", source="topic", via="topic",
                     text=f"{HEADERS[h.table]}\n## {h.theme}\n{h.body.strip()}", body=h.body.strip(),
                     extra={"table": h.table, "alias": h.alias, "theme": h.theme, "path": h.path})
           for h in hits]
    return out, f"{len(out)} node(s) selected by alias"


_GOAL_STORES: dict[str, Any] = {}


def _goal_getter(goals_module, ctx: RoundContext):
    """``Goals(home).goal_get`` (one store per home, it keeps its parsed file), else a
    module-level ``goal_get``."""
    store_class = getattr(goals_module, "Goals", None)
    if store_class is not None:
        key = str(ctx.home.root)
        store = _GOAL_STORES.get(key)
        if store is None:
            store = _GOAL_STORES[key] = store_class(ctx.home)
        return store.goal_get
    return getattr(goals_module, "goal_get", None)


def _call_goal_get(getter, ctx: RoundContext, query: str, k: int):
    """Call ``goal_get`` by its parameter names (home, situation, k), whatever their order."""
    values = {"home": ctx.home, "situation": query, "query": query, "text": query, "k": k, "limit": k,
              "top_k": k, "memory": ctx.memory}
    params = inspect.signature(getter).parameters
    kwargs = {name: values[name] for name in params if name in values}
    return getter(**kwargs)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if hasattr(value, "to_dict"):
        return _jsonable(value.to_dict())
    if hasattr(value, "__dict__"):
        return _jsonable(vars(value))
    return str(value)


# -- the searcher, cached while the candidates do not change -----------------------------------

#: The assembler uses the same retriever the evaluation measures (``core.search.config_for``): BM25
#: over jieba + stemmed Latin words plus the context channels, the sentence-meaning channel with
#: ``retrieval.meaning`` (on by default), and with ``retrieval.embeddings`` on (and the optional
#: package installed) the late-interaction and sentence-embedding channels. A warm entry's
#: "session" is the day it was written, so entries recorded in one conversation lend each other
#: context. Every channel's part shows in the explain data of the trace. This is the mix of the
#: default settings.
ASSEMBLER_SEARCH = config_for(DEFAULTS["retrieval"]["embeddings"], DEFAULTS["retrieval"]["meaning"])

_SEARCHERS: "OrderedDict[tuple, Searcher]" = OrderedDict()
_SEARCHERS_LOCK = threading.Lock()


def searcher_for(units: list[Unit], config: SearchConfig = ASSEMBLER_SEARCH) -> Searcher:
    """A ``Searcher`` over ``units``, reused while ids and texts are unchanged (warm rarely
    changes between two questions; indexing 10k entries each round would dominate its time)."""
    key = (config, tuple((u.id, u.text) for u in units))
    with _SEARCHERS_LOCK:
        found = _SEARCHERS.get(key)
        if found is not None:
            _SEARCHERS.move_to_end(key)
            return found
    searcher = Searcher(units, config)
    with _SEARCHERS_LOCK:
        _SEARCHERS[key] = searcher
        while len(_SEARCHERS) > 4:
            _SEARCHERS.popitem(last=False)
    return searcher


# -- the role --------------------------------------------------------------------------------

def _drop_near_copies(span: Span, ranked: list, by_id: dict) -> list:
    """MMR de-duplication (seed v0.1.1): a hit whose words are at least 90% those of a better hit
    is a near copy and leaves the ranking; the order of the others stays BM25's."""
    from linghun.core.retrieval import mmr
    from linghun.core.text import tokenize

    kept = {h.id for h in mmr(ranked, lambda h: tokenize(by_id[h.id].body or by_id[h.id].text))}
    dropped = [h for h in ranked if h.id not in kept]
    if dropped:
        span.decide("mmr", [by_id[h.id].n or h.id for h in dropped],
                    f"{len(dropped)} near cop{'y' if len(dropped) == 1 else 'ies'} of better hits dropped "
                    "(MMR, word overlap >= 0.9)")
    return [h for h in ranked if h.id in kept]


def choose_mode(config, decision: Decision, warm_count: int, material_chars: int = 0) -> tuple[str, str]:
    """``(bm25|direct, reason)``.

    The seed says "light 直通" in its role table, "其他纯 BM25（top-12）" in its strategy table, and
    that ``auto`` adapts to volume (``autoThreshold``: a warm of at most 24 entries goes direct,
    "全量交 LLM"). Read as "light is always direct", a light question on a large warm got only the
    freshest ``maxDirectChars`` of it: on LoCoMo the zero-LLM judge calls 96% of the questions light,
    and R@bundle fell from 82 to 10 (BEAM 59 to 20). The reading kept here is the one the seed's
    own numbers rest on (its BM25 top-12 baselines): direct means the *whole* warm goes to the
    editor, so a question goes direct only when the whole warm fits, by count (``autoThreshold``)
    or, for a light question, by size (``material_chars <= maxDirectChars``; past the cap the caller
    may give a count that stopped there, which the reason calls "at least"); otherwise a light
    question is retrieved with the "other" strategy (BM25 top-12) and medium as before. Deep
    questions are always retrieved. core/SETTINGS.md says the same."""
    mode = config.get("retrieval.mode")
    threshold = config.get("retrieval.autoThreshold")
    cap = config.get("retrieval.maxDirectChars")
    if mode == "always":
        return "bm25", "retrieval.mode is always"
    if mode == "never":
        return "direct", "retrieval.mode is never"
    if decision.level == "deep":
        return "bm25", "deep question: retrieval forced"
    if warm_count <= threshold:
        return "direct", f"auto: warm has {warm_count} entries <= autoThreshold {threshold}: the whole warm goes"
    if decision.level == "light":
        if material_chars <= cap:
            return "direct", (f"light question and the whole warm fits: {material_chars} chars <= maxDirectChars "
                              f"{cap} (直通)")
        return "bm25", (f"light question, but the warm does not fit: at least {material_chars} chars > maxDirectChars "
                        f"{cap}; BM25 top-k (the seed's 其他纯 BM25) instead of its freshest part")
    return "bm25", f"auto: warm has {warm_count} entries > autoThreshold {threshold}"


def choose_k(config, decision: Decision) -> tuple[int, int, str]:
    """``(k, newest forced in, reason)`` for the strategy."""
    top_k = config.get("retrieval.topK")
    if not config.get("retrieval.strategy"):
        return top_k, 0, f"retrieval.strategy is off: topK {top_k}"
    if decision.level == "deep":
        k = max(config.get("retrieval.deepMinK"), top_k)
        return k, 0, f"deep: max({config.get('retrieval.deepMinK')}, topK {top_k}) = {k}"
    if decision.strategy == "summarization":
        k = config.get("retrieval.summarizationK")
        return k, 0, f"summarization: broad coverage, k {k}"
    if decision.strategy == "multi_hop":
        k = max(config.get("retrieval.multiHopK"), top_k)
        return k, 0, f"multi_hop: the answer is spread, k max({config.get('retrieval.multiHopK')}, topK {top_k}) = {k}"
    if decision.strategy == "knowledge_update":
        n = config.get("retrieval.recentN")
        return top_k, n, f"knowledge_update: topK {top_k} + the {n} newest entries (recency safeguard)"
    return top_k, 0, f"{decision.strategy}: topK {top_k}"


#: Strategies whose hits bring the reply to them (``Searcher.search(follow=True)``, for units that are
#: turns of a conversation): a summary needs what was said with the answer it got (SPEC 11.7 dual track).
FOLLOW_STRATEGIES = frozenset({"summarization"})


def choose_follow(config, decision: Decision) -> tuple[bool, str]:
    """``(follow, reason)``: whether each hit that is a turn is followed by the reply to it."""
    if not config.get("retrieval.strategy"):
        return False, "retrieval.strategy is off"
    if decision.strategy in FOLLOW_STRATEGIES:
        return True, (f"{decision.strategy}: a hit that is a turn of a conversation brings the reply to it "
                      "(warm entries have no speakers: none follow)")
    return False, f"{decision.strategy}: hits only"


def join_material(candidates: list[Candidate]) -> str:
    return HIT_JOINER.join(c.text for c in candidates)


class _WarmPool:
    """The live (not flipped) entries of one parsed warm.md with their search units; their
    candidates are made when first asked for. A round of a 100k-entry home looks up its hits and
    a few more, and making every candidate was a quarter of its CPU. What only some callers need
    (the index by id, what the next pool reuses) is made when first asked for: a one-shot command
    never asks, and at 100k entries each was a few percent of its turn."""

    def __init__(self, doc: Any, entries: list[WarmEntry], live: list[WarmEntry], units: list[Unit],
                 candidates: dict[int, tuple[WarmEntry, Candidate]]):
        self.doc, self.entries, self.live, self.units = doc, entries, live, units
        #: id(entry) -> (entry, its candidate), of the candidates made (by this pool or the last one)
        self._candidates = candidates
        self._index_of: dict[str, int] | None = None
        self._warm: list[Candidate] | None = None
        self._text_chars: int | None = None
        self.by_id: Mapping[str, Candidate] = _Candidates(self)

    @property
    def _index(self) -> dict[str, int]:
        """id -> position among the live entries (a repeated id: the last one, as a dict had it)."""
        if self._index_of is None:
            self._index_of = dict(zip(map(_ID, self.live), range(len(self.live))))
        return self._index_of

    def reusable(self) -> dict[int, tuple[WarmEntry, Unit]]:
        """id(entry) -> (entry, its unit): what the next pool, of a document that keeps most of
        these entry objects (an append, an edit), takes instead of making them again."""
        return dict(zip(map(id, self.live), zip(self.live, self.units)))

    def candidate(self, entry_id: str) -> Candidate:
        entry = self.live[self._index[entry_id]]
        found = self._candidates.get(id(entry))
        if found is None or found[0] is not entry:
            found = self._candidates[id(entry)] = (entry, warm_candidate(entry))
        return found[1]

    def has(self, entry_id: str) -> bool:
        return entry_id in self._index

    def ids(self):
        return iter(self._index)

    @property
    def warm(self) -> list[Candidate]:
        """Every live entry's candidate, in file order."""
        if self._warm is None:
            self._warm = [self.candidate(e.id) for e in self.live]
        return self._warm

    def text_chars(self, limit: float = math.inf) -> int:
        """The characters of every candidate's text, counted without making them; past ``limit``
        only some count over it (the counting stops there)."""
        if self._text_chars is not None:
            return self._text_chars
        total = 0
        for size in map(warm_text_length, self.live):
            total += size
            if total > limit:
                return total
        self._text_chars = total
        return total


class _Candidates(Mapping):
    """``id -> candidate`` of a pool's live entries, each made when first looked up."""

    def __init__(self, pool: _WarmPool):
        self._pool = pool

    def __getitem__(self, entry_id: str) -> Candidate:
        if not self._pool.has(entry_id):
            raise KeyError(entry_id)
        return self._pool.candidate(entry_id)

    def __contains__(self, entry_id: object) -> bool:
        return isinstance(entry_id, str) and self._pool.has(entry_id)

    def __iter__(self):
        return self._pool.ids()

    def __len__(self) -> int:
        return len(self._pool.live)


_WARM_POOLS: list[_WarmPool] = []


def warm_pool(memory) -> _WarmPool:
    """The warm entries and their units, rebuilt only when warm.md was re-read (``Memory`` keeps
    its parsed document while the file is unchanged): a 10k-entry home must not be re-wrapped per
    round."""
    doc = memory.document()
    with _SEARCHERS_LOCK:
        for pool in _WARM_POOLS:
            if pool.doc is doc:
                return pool
        last = _WARM_POOLS[0] if _WARM_POOLS else None
    entries = list(doc.entries)
    live = [e for e in entries if e.confidence != "wrong"]  # ``is_wrong`` without a call per entry
    if last is None:  # a new process wraps every entry (100k of them at the most), mapped in C
        units = list(map(_unit, map(_ID, live), map(str.strip, map(_BODY, live)), map(_STAMP, live)))
        candidates: dict[int, tuple[WarmEntry, Candidate]] = {}
    else:
        # An entry object the last pool wrapped (an append or an edit keeps the others' objects)
        # keeps its unit and candidate: re-wrapping 100k entries per change was most of a round after it.
        before = last.reusable()
        units = [found[1] if (found := before.get(id(e))) is not None and found[0] is e
                 else _unit(e.id, e.body.strip(), e.stamp) for e in live]
        alive = set(map(id, live))  # the candidates of entries gone are not kept
        candidates = {k: made for k, made in last._candidates.items() if k in alive}
    pool = _WarmPool(doc, entries, live, units, candidates)
    with _SEARCHERS_LOCK:
        _WARM_POOLS.insert(0, pool)
        del _WARM_POOLS[4:]
    return pool


@dataclass
class SearchPool:
    """What BM25 searches for a round, in the order the searcher indexes it: the consolidated
    lines (oldest memory first), the warm entries, then workspace files."""

    cached: _WarmPool
    workspace: list[Candidate]
    skipped: list[dict[str, Any]]
    consolidated: list[Candidate]

    @property
    def extra(self) -> list[Candidate]:
        return self.consolidated + self.workspace

    @property
    def candidates(self) -> list[Candidate]:
        """Every candidate (each warm one made now: a direct round and the embeddings need them)."""
        return self.consolidated + self.cached.warm + self.workspace

    @property
    def count(self) -> int:
        return len(self.consolidated) + len(self.cached.live) + len(self.workspace)

    def joined_length(self, besides: list[Candidate], limit: float = math.inf) -> int:
        """``len(join_material(besides + self.candidates))``, the warm candidates not made; exact up
        to ``limit``, beyond it only some count over it (counted no further)."""
        every = besides + self.extra
        count = len(every) + len(self.cached.live)
        fixed = sum(len(c.text) for c in every) + len(HIT_JOINER) * max(0, count - 1)
        return fixed if fixed > limit else fixed + self.cached.text_chars(limit - fixed)

    def units(self) -> list[Unit]:
        return _units(self.consolidated) + self.cached.units + _units(self.workspace)

    def by_id(self) -> Mapping[str, Candidate]:
        extra = self.extra
        return self.cached.by_id if not extra else ChainMap({c.id: c for c in extra}, self.cached.by_id)

    def searching(self, home, config: SearchConfig):
        """The searcher over :attr:`candidates`, held while the caller searches. Without workspace
        files it is the home's shared one (``core.home_index``), changed in place as warm.md
        changes: the consolidated lines come first, so an append is a change at the end, not an
        insertion that would build the index anew. Workspace files get a searcher of their own
        (cached while nothing changed)."""
        if not self.workspace:
            return home_index.searching(home.root, self.units(), config, self.content_key())
        return nullcontext(searcher_for(self.units(), config))

    def content_key(self) -> str | None:
        """A key of what :meth:`units` are made of, when warm.md's parse is known to be of bytes
        of one digest (a first parse in the process, ``WarmDocument.parsed_from``): that digest,
        the consolidated lines' units, and the first and last warm units (which change with the
        way a unit is made). The home's saved index is taken by it without comparing its units.
        None when the document was changed in this process."""
        digest = self.cached.doc.parsed_from
        if digest is None:
            return None
        warm = self.cached.units
        named = [[u.id, u.text, u.meta] for u in _units(self.consolidated) + warm[:1] + warm[-1:]]
        made = json.dumps([digest, len(warm), named], ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(made.encode("utf-8", "surrogatepass")).hexdigest()


def search_pool(memory, config) -> SearchPool:
    """The pool a round searches (the retriever, why-not explaining it and the warm-up use the same)."""
    workspace, skipped = workspace_candidates(config.get("retrieval.workspaceDirs"), memory.home.dsh_home)
    consolidated = consolidated_candidates(memory.home) if config.get("retrieval.consolidated") else []
    return SearchPool(warm_pool(memory), workspace, skipped, consolidated)


def home_search_settings(memory) -> tuple[AssemblerConfig, SearchConfig]:
    """The home's own assembler settings and the search configuration they make (the defaults
    when workbench.json cannot be read: a round reports that), for work done ahead of a round."""
    try:
        config, _llm = load_home_settings(memory.home)
    except CorruptFileError:
        config = AssemblerConfig()
    return config, search_config(config)


def search_config(config) -> "SearchConfig":
    """The search mix the home's ``retrieval.embeddings`` and ``retrieval.meaning`` ask for."""
    return config_for(bool(config.get("retrieval.embeddings")), bool(config.get("retrieval.meaning")))


def warm_up(memory) -> int:
    """Parse warm.md, load the tokenizer and bring the home's shared searcher up to date with the
    pool a round will search, so the next round, map or gap re-run finds it ready (the workbench
    calls this when a home opens). Returns how many units are searchable."""
    config, search = home_search_settings(memory)
    with search_pool(memory, config).searching(memory.home, search) as searcher:
        searcher.search("warm up", 1)  # loads the tokenizer if no entry needed it
        return len(searcher)


#: 低置信降权 (seed principle 4): a low-confidence hit's score counts this much when hits are ranked
LOW_CONFIDENCE_WEIGHT = 0.5


def weigh_confidence(span: Span | None, ranked: list, by_id: dict[str, Candidate]) -> list:
    """``ranked`` with low-confidence hits' scores weighed by :data:`LOW_CONFIDENCE_WEIGHT` and the
    hits ordered again (ranks renumbered). A summary's hits that bring their replies keep BM25's
    order: a reply belongs right after its hit."""
    low = [h for h in ranked if by_id[h.id].confidence == "low"]
    if not low or any(h.source == "follow" for h in ranked):
        return ranked
    weighed = sorted(((h.score * LOW_CONFIDENCE_WEIGHT if by_id[h.id].confidence == "low" else h.score, i, h)
                      for i, h in enumerate(ranked)), key=lambda t: (-t[0], t[1]))
    out = [replace(h, rank=r, score=score) for r, (score, _i, h) in enumerate(weighed, start=1)]
    if span is not None:
        span.decide("confidence", [by_id[h.id].n or h.id for h in low],
                    f"{len(low)} low-confidence hit(s) weighed by {LOW_CONFIDENCE_WEIGHT} (低置信降权)")
    return out


def restored_situation(ctx: RoundContext, span: Span, query: str, entries: list[WarmEntry],
                       by_id: dict[str, Candidate], present: list[Candidate], limit: int, searched,
                       search) -> list[Candidate]:
    """The seed's "a match lifts the tree back" (情境 = 组织单位, §3.4): the situations whose
    anchor the question names give back up to ``limit`` of their entries not in ``present`` (the
    candidates, and the near copies MMR dropped), best BM25 score first, after the hits
    (``retrieval.situationRestore``; measured by ``tests/perf/bench_situation_restore.py``, see
    SETTINGS.md)."""
    situations = situation_cache.by_anchor(ctx.home.root, entries, searched.cached.doc.parsed_from)
    # in the question's word order; the catch-all of entries that share nothing is no situation
    matched = [situations[t] for t in dict.fromkeys(topic_tokens(query)) if t in situations and t != OTHER_LABEL]
    taken = {c.id for c in present}
    members = [e.id for _label, named in matched for e in named if e.id in by_id and e.id not in taken]
    if not members:
        span.decide("situation", 0, "no situation is named by the question" if not matched
                    else "the named situations' entries are candidates already")
        return []
    with searched.searching(ctx.home, search) as searcher:
        scored = searcher.match_scores(query, members)
    # best score first, ties (and members that do not match) in warm order
    score = [scored.get(i, 0.0) for i in members]
    order = sorted(range(len(members)), key=lambda j: (-score[j], j))
    back = [_with_via(by_id[members[j]], "situation") for j in order[:limit]]
    span.decide("situation", len(back), f"{len(back)} entr{'y' if len(back) == 1 else 'ies'} of the situation(s) "
                f"{'、'.join(label for label, _named in matched)} restored after the hits")
    return back


def run(ctx: RoundContext, span: Span, decision: Decision) -> Retrieval:
    config = ctx.config
    searched = search_pool(ctx.memory, config)
    cached, workspace, skipped, consolidated = searched.cached, searched.workspace, searched.skipped, searched.consolidated
    search = search_config(config)
    entries = cached.entries
    wrong = len(entries) - len(cached.live)
    semantic = search.sentence_model
    if config.get("retrieval.meaning") and not meaning.available():
        # never a silent fallback: the round says the channel it was asked for is missing
        span.decide("meaning", 0, meaning.missing_message())
    goals, goal_note, quiet = goal_candidates(ctx, decision.query, semantic=semantic)
    topics, topic_note = topic_candidates(ctx, decision.query)
    pool = searched.count  # the candidates are made when needed: a round of a big home needs few
    span.inputs = {"query": decision.query, "level": decision.level, "strategy": decision.strategy,
                   "warm_entries": len(entries), "wrong_excluded": wrong, "workspace_files": len(workspace),
                   "consolidated_lines": len(consolidated), "workspace_skipped": skipped, "goals": goal_note,
                   "topics": topic_note}
    span.decide("exclude", wrong, f"wrong (flipped) entries never become candidates: {wrong} here")
    # Not joined (20 MB of text at 100k entries), and counted only up to maxDirectChars: past it,
    # only that the warm does not fit matters (counting every entry was 0.17 s of a 100k turn).
    cap = config.get("retrieval.maxDirectChars")
    full_chars = searched.joined_length(topics + goals, limit=cap)
    # consolidated lines count as entries: after a consolidation warm.md is nearly empty, and
    # "the whole warm goes direct" must not then mean the freshest slice of the timeline
    mode, why = choose_mode(config, decision, len(entries) + len(consolidated), full_chars)
    span.decide("mode", mode, why)

    by_id = searched.by_id()
    if mode == "direct":
        chosen = topics + searched.candidates + goals
        full_chars = searched.joined_length(topics + goals)  # the whole, for the truncation's note
        truncated = full_chars > cap
        if truncated:
            # over the cap the forgetting gradient decides what survives (warm = 遗忘梯度): the
            # entries used or written most recently first, not the oldest lines of the file
            from linghun.core.read_side import gradient_key

            fresh = {e.id: gradient_key(e) for e in entries}
            warm_part = sorted((c for c in chosen if c.source == "warm"),
                               key=lambda c: fresh.get(c.id, ("", 0)), reverse=True)
            chosen = ([c for c in chosen if c.source == "topic"] + warm_part
                      + [c for c in chosen if c.source not in ("topic", "warm")])
            chosen, material = _cut(chosen, cap)
        else:
            material = join_material(chosen)
        # BM25 still runs: its explain data goes to the trace and "no hit" is a gap (SPEC 12)
        matches, scored = 0, {}
        if pool:
            with searched.searching(ctx.home, search) as searcher:
                matches, scored = searcher.explain_matches(decision.query, [c.id for c in chosen])
        extra_ids = {id(c) for c in topics + goals}
        chosen = [c if id(c) in extra_ids else _from_hit(c, scored[c.id], "direct") if c.id in scored
                  else _with_via(c, "direct") for c in chosen]
        chosen, excerpts = excerpted(span, chosen, decision, config, semantic)
        if excerpts:
            material = _cut(chosen, cap)[1] if truncated else join_material(chosen)
        gap = bool(pool) and not topics and _is_gap(span, ctx, searched, search, decision.query)
        if truncated:
            span.decide("truncate", True, f"direct material {full_chars} chars > maxDirectChars {cap}")
        result = Retrieval("direct", None, chosen, material, pool, bm25_hits=matches, gap=gap,
                           truncated=truncated)
    else:
        k, newest, why_k = choose_k(config, decision)
        span.decide("k", k, why_k)
        follow, why_follow = choose_follow(config, decision)
        near = config.get("retrieval.nearMisses")
        ranked = []
        if pool:
            with searched.searching(ctx.home, search) as searcher:
                ranked = searcher.search(decision.query, k + near, follow=follow)
        ranked = weigh_confidence(span, ranked, by_id)
        copies: set[str] = set()  # near copies MMR dropped: no situation gives them back either
        if config.get("retrieval.mmr") and len(ranked) > 1:
            kept = _drop_near_copies(span, ranked, by_id)
            copies = {h.id for h in ranked} - {h.id for h in kept}
            ranked = kept
        hits, misses = ranked[:k], ranked[k:]
        chosen = [_from_hit(by_id[h.id], h, "follow" if h.source == "follow" else "bm25") for h in hits]
        chosen = _admit(ctx, span, decision.query, goals, entries, by_id, searched, search, chosen, semantic,
                        quiet=quiet, k=k)
        if follow:
            followed = sum(1 for h in hits if h.source == "follow")
            span.decide("follow", followed, f"{why_follow}: {followed} here")
        if newest:
            warm_ids = [e.id for e in cached.live]
            present = {c.id for c in chosen}
            forced = [i for i in reversed(warm_ids[-newest:]) if i not in present]
            for i in forced:
                chosen.append(_with_via(by_id[i], "recency"))
            span.decide("recency", len(forced), f"{len(forced)} of the {newest} newest entries added after the hits")
        restore = config.get("retrieval.situationRestore")
        if restore and pool:
            chosen += restored_situation(ctx, span, decision.query, entries, by_id, chosen + [by_id[i] for i in copies],
                                         restore, searched, search)
        gap = bool(pool) and not topics and _is_gap(span, ctx, searched, search, decision.query)
        chosen = topics + chosen + goals
        chosen, _excerpts = excerpted(span, chosen, decision, config, semantic)
        result = Retrieval("bm25", k, chosen, join_material(chosen), pool, bm25_hits=len(hits), gap=gap,
                           near_misses=[_from_hit(by_id[h.id], h, "near_miss") for h in misses])
    if topics:
        span.decide("topics", [c.extra["theme"] for c in topics], "alias hits: ontology nodes first, BM25 as the net")
    if goals:
        span.decide("goals", [g.id for g in goals], "goals activated by the situation join as statements only")
    span.candidates = [c.to_dict() for c in result.candidates]
    span.near_misses = [c.to_dict(with_text=False) for c in result.near_misses]
    span.outputs = {"mode": result.mode, "k": result.k, "hits": result.bm25_hits, "candidates": len(result.candidates),
                    "gap": result.gap, "truncated": result.truncated, "material_chars": len(result.material),
                    "material": clip(result.material)}
    return result


def _is_gap(span: Span, ctx: RoundContext, pool: SearchPool, search: SearchConfig, query: str) -> bool:
    """Whether the memory holds nothing for the question (the seed's 记忆无命中, recorded as a gap):
    no unit shares a word with it. Meaning does not close a gap: the fused ranking gives every
    unit a little of it, and sentence cosines do not tell a cue said in other words (0.18 for the
    sunburn and the beach trip) from an unrelated entry (0.21 for "Sentry 的 DSN 配在哪里？" on the
    demo home); what meaning admits still joins the candidates, and a person who fills the gap by hand
    says what the memory lacked in the question's own words."""
    with pool.searching(ctx.home, search) as searcher:
        words = searcher.word_matches(query)
    if words:
        return False
    span.decide("gap", True, "no candidate shares a word with the question: recorded as a gap")
    return True


def _near_in_meaning(ctx: RoundContext, pool: SearchPool, search: SearchConfig, query: str,
                     semantic: str | None) -> list[tuple[str, float]]:
    """The units closest in meaning to the question: with the meaning model, from the vectors the
    round's searcher holds (restored with the index); with the optional embeddings, encoded."""
    if not semantic or not pool.count:
        return []
    if semantic != meaning.MODEL_KEY:
        return closest(query, [u.id for u in pool.units()], [u.text for u in pool.units()], model=semantic)
    with pool.searching(ctx.home, search) as searcher:
        scores = searcher.meaning_scores(query)
        ids = [u.id if u is not None else None for u in searcher.units]
    return [] if scores is None else top_closest(ids, scores)


def _admit(ctx: RoundContext, span: Span, query: str, goals: list[Candidate], entries: list[WarmEntry],
           by_id: Mapping[str, Candidate], pool: SearchPool, search: SearchConfig, chosen: list[Candidate],
           semantic: str | None, *, quiet: list[Candidate] = (), k: int = 0) -> list[Candidate]:
    """The hits with the cue fusion's admissions (``core.goals.activation``): the entries hanging
    on the activated goals and, with the embeddings, the entries closest in meaning to the
    question, by their summed strength (``combine``: an entry both bring has both), after every
    hit; then, only when neither the retriever nor meaning found anything, the entries of the
    goals with no signal (``quiet``), higher priority first, up to ``k`` in all. Every hit keeps its
    place (an admitted one gets the admission's reason); the trace says what brought each one in.

    After the hits, not after the first one as the cue evaluation's ranking places them: the
    bundle is cut to its token budget in this order, and on BEAM, whose messages are long, entries
    placed after the first hit pushed hits out of it (R@context 28.5 -> 26.0 on the written homes,
    27.2 -> 24.4 on the grown ones; LoCoMo's bundles leave room, so the admitted still reach it)."""
    source = pool.cached.doc.parsed_from
    by_goal = goal_entries(ctx, goals, entries, by_id, source)
    near = _near_in_meaning(ctx, pool, search, query, semantic)
    reason: dict[str, str] = {}
    for c in by_goal:
        reason.setdefault(c.id, c.extra["reason"])
    for i, cos in near:
        if i in by_id:
            why = f"meaning {cos:.2f} (sentence similarity)"
            reason[i] = f"{reason[i]} + {why}" if i in reason else why
    order = combine([(c.id, c.extra.get("strength", SIGNAL_BONUS)) for c in by_goal],
                    [(i, cos) for i, cos in near if i in by_id])
    vias = {c.id: "goal" for c in by_goal}
    joining = [Candidate(**{**by_id[i].__dict__, "via": vias.get(i, "meaning"),
                            "extra": {**by_id[i].extra, "reason": reason[i]}}) for i in order[:FUSION_TURNS]]
    hits = {c.id for c in chosen}
    fresh = [c for c in joining if c.id not in hits]
    room = k - len(fresh)
    filling = []
    if not chosen and not near and room > 0 and quiet:
        taken = hits | {c.id for c in fresh}
        for c in goal_entries(ctx, quiet, entries, by_id, source):
            if c.id not in taken and len(filling) < room:
                filling.append(c)
                taken.add(c.id)
    if not joining and not filling:
        return chosen
    kept = [Candidate(**{**c.__dict__, "extra": {**c.extra, "reason": reason[c.id]}}) if c.id in reason else c
            for c in chosen]
    if joining:
        span.decide("admitted", [c.n or c.id for c in joining],
                    f"after the {len(chosen)} hits: " + "; ".join(f"[{c.n or c.id}] {c.extra['reason']}" for c in joining))
    if filling:
        span.decide("filled", [c.n or c.id for c in filling],
                    f"no hit and nothing close in meaning: {len(filling)} entr{'y' if len(filling) == 1 else 'ies'} "
                    f"of goals with no signal, after {len(fresh)} admitted (k={k}): "
                    + "; ".join(f"[{c.n or c.id}] {c.extra['reason']}" for c in filling))
    return kept + fresh + filling


#: tokens of the bundle kept for what comes before the entries: ``素材：`` and a conflict line, and
#: for a deep question the archivist's finding (its 600 characters are about 150 tokens of English)
BUNDLE_HEAD_TOKENS = 20
DEEP_HEAD_TOKENS = 150


def excerpted(span: Span, chosen: list[Candidate], decision: Decision, config,
              semantic: str | None) -> tuple[list[Candidate], int]:
    """``chosen`` with its long entries shown as their passage that matches the question
    (``core.excerpt``), and how many were cut. Only when the candidates do not fit the bundle
    whole (``assemble.maxTokens`` less what goes before them, :data:`BUNDLE_HEAD_TOKENS`, or
    :data:`DEEP_HEAD_TOKENS` for a deep question, which the archivist's finding opens): each then
    gets its share (``excerpt.level``), at least ``assemble.excerptTokens`` for the passage (0:
    never cut), so a short entry stands whole and a long one (over ``excerpt.LONG_FACTOR`` times
    that) gives way to the others. Measured on BEAM (``core/evaluation/README.md``, "Excerpts of long units").

    Here, not in the editor: the offline editor, the LLM editor and the advocate then read the same
    text, and the trace's candidates are what they read. Warm entries and consolidated lines, whose
    whole ``memory_drill`` gives by a pointer (:func:`drill_pointer`); a workspace file has none,
    and its own cap. The cut is recorded per entry in the candidate (``excerpt``: ``start``,
    ``end``, ``chars``, ``full_chars`` of the body) and in the ``excerpt`` decision."""
    least = config.get("assemble.excerptTokens")
    if least <= 0 or not chosen:
        return chosen, 0
    # direct material holds the whole warm, and the editor keeps what the question matched: the
    # entries it did not match neither take a share nor are cut
    kept = [c.via != "direct" or c.rank is not None for c in chosen]
    costs = [approx_tokens(c.text) + 1 if k else 0 for c, k in zip(chosen, kept)]  # a bundle line and its break
    # a long entry is one the least excerpt saves two thirds of: cutting a 90-token fact to 60
    # costs its details for little room (and LoCoMo's longest turns, ~120 tokens, stay whole)
    long = excerpt_module.LONG_FACTOR * least
    pointers = [drill_pointer(c) if k and cost > long else None for c, k, cost in zip(chosen, kept, costs)]
    head = DEEP_HEAD_TOKENS if decision.level == "deep" else BUNDLE_HEAD_TOKENS
    share = excerpt_module.level(costs, [p is not None for p in pointers], config.get("assemble.maxTokens") - head)
    if share is None:
        return chosen, 0
    cuttable = [i for i, p in enumerate(pointers) if p and costs[i] > share]
    # the passage's room: the share less the line's header and the mark, never below the least
    budgets = [max(least, share - (costs[i] - approx_tokens(chosen[i].body))
                   - excerpt_module.mark_tokens(len(chosen[i].body), pointers[i])) for i in cuttable]
    found = excerpt_module.excerpts(decision.query, [chosen[i].body for i in cuttable], budgets,
                                    terms=[chosen[i].terms for i in cuttable], model=semantic)
    out = list(chosen)
    said = []
    for i, x in zip(cuttable, found):
        if x is None:
            continue
        c, pointer = chosen[i], pointers[i]
        body = excerpt_module.marked(x, pointer)
        if c.source == "warm":
            head = c.text.split("\n", 1)[0] + "\n" + (LOW_PREFIX if c.confidence == "low" else "")
        else:
            head = f"{CONSOLIDATED_HEADERS[c.source]}{c.stamp} "
        out[i] = Candidate(**{**c.__dict__, "text": head + body, "body": body,
                              "extra": {**c.extra, "excerpt": {**x.to_dict(), "pointer": pointer}}})
        said.append(f"{pointer} characters {x.start}-{x.end} of {x.full}")
    if said:
        span.decide("excerpt", len(said), f"the {len(chosen)} candidates take {sum(costs)} tokens, over the bundle's "
                                          f"{config.get('assemble.maxTokens')}: {len(said)} "
                                          f"entr{'y' if len(said) == 1 else 'ies'} longer than a share of {share} "
                                          f"tokens shown as the passage that matches the question, memory_drill "
                                          f"<pointer> for the whole: " + "; ".join(said))
    return out, len(said)


#: the drill pointer file of a consolidated line's source (``core.drill.FILES``)
_LINE_FILES = {"timeline": "memory", "knowledge": "knowledge"}


def drill_pointer(c: Candidate) -> str | None:
    """The ``memory_drill`` pointer that gives a candidate whole: ``[n]`` for a warm entry,
    ``memory@<line>`` / ``knowledge@<line>`` for a consolidated one; None for the others."""
    if c.source == "warm" and c.n is not None:
        return f"[{c.n}]"
    if c.source in _LINE_FILES and c.extra.get("line"):
        return f"{_LINE_FILES[c.source]}@{c.extra['line']}"
    return None


def _cut(candidates: list[Candidate], cap: int) -> tuple[list[Candidate], str]:
    """The material of ``candidates`` cut at ``cap`` characters (``TRUNCATED`` appended), and the
    candidates it shows: those whose text starts within the cut. The material is the same as
    cutting the whole joined text, without joining every entry of a large warm."""
    shown, pos = [], 0
    for c in candidates:
        if pos >= cap:
            break
        shown.append(c)
        pos += len(c.text) + len(HIT_JOINER)
    return shown, (join_material(shown) + HIT_JOINER)[:cap] + TRUNCATED


_ID, _BODY, _STAMP = attrgetter("id"), attrgetter("body"), attrgetter("stamp")


def _unit(unit_id: str, text: str, stamp: str | None) -> Unit:
    return Unit(unit_id, text, {"time": stamp or "", "session": (stamp or "")[:10] or None})


def _units(pool: list[Candidate]) -> list[Unit]:
    return [_unit(c.id, c.body if c.source in ("warm", "timeline", "knowledge") else c.text, c.stamp) for c in pool]


def _with_via(c: Candidate, via: str) -> Candidate:
    return Candidate(**{**c.__dict__, "via": via})


def _from_hit(c: Candidate, hit, via: str) -> Candidate:
    return Candidate(**{**c.__dict__, "via": via, "score": float(hit.score), "rank": int(hit.rank),
                        "terms": dict(hit.terms)})


def embed_ahead(memory) -> int:
    """Encode the warm entries now, when the home's mix reads every entry's meaning
    (``retrieval.meaning``, or embeddings that score every unit), so the first round does not
    wait for every entry: the searcher is the home's shared one (``core.home_index``), and the
    vectors also go to the on-disk cache. The embeddings' rerank (the default mix) encodes its
    candidates when a question first brings them, so nothing of it is done ahead. Returns how
    many entries were encoded by the busier channel; 0 when there was nothing to do (a round
    reports an unreadable settings file)."""
    config, search = home_search_settings(memory)
    if search.sentence_model is None:
        return 0  # settled before the pool is made: reading and wrapping 100k entries is ~1 s of CPU
    try:
        pool = search_pool(memory, config)
    except (OSError, CorruptFileError):
        return 0  # an unreadable warm.md: left for a round to report
    with pool.searching(memory.home, search) as searcher:
        return max(searcher.embedded, searcher.meaning_encoded)
