"""Why was entry ``[n]`` delivered for a question, or why not?

Runs the round as the engine would (a dry run: nothing is written), then for the one entry:
whether it was excluded before ranking (flipped to wrong; a low one is kept but tagged), its
BM25 score and rank with the contribution of each query term it matched and the terms it
missed, the cut it had to pass (``k`` and the score of the last hit kept), how it got in (hit,
recency safeguard, direct material) and whether the bundle quotes it. Between a hit and the
editor stand two things: MMR de-duplication (``retrieval.mmr``: a hit that nearly copies a better
one is dropped, the retriever's ``mmr`` decision names it) and the cut.

Then what one change would do, each by re-running the round on a throwaway copy of the home:
raise ``retrieval.topK`` to the entry's rank, touch it, or add an alias from a missed query
term to the entry's first field.
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from linghun.core.assembler import retriever as retriever_role
from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.debounce import Debouncer
from linghun.core.errors import NotFoundError
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.search import NEIGHBOUR_CHANNELS


@dataclass
class Variant:
    change: str
    delivered: bool
    rank: int | None
    note: str = ""


@dataclass
class WhyNot:
    n: int
    query: str
    entry: str
    delivered: bool
    excluded: str | None
    low: bool
    level: str | None
    strategy: str | None
    mode: str | None
    k: int | None
    via: str | None
    rank: int | None
    score: float | None
    cut_score: float | None
    matched: dict[str, float] = field(default_factory=dict)
    missed: list[str] = field(default_factory=list)
    near_copy: bool = False  # dropped by MMR as a near copy of a better hit
    reason: str = ""
    variants: list[Variant] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _round(home: MemoryHome, query: str, config: AssemblerConfig, memory: Memory):
    from linghun.core.assembler.round import Assembler

    assembler = Assembler(home, config=config, memory=memory, keep_traces=False, debouncer=Debouncer())
    result = assembler.run(query, session="why-not", dry_run=True)
    span = next((s for s in result.trace.spans if s.role == "retriever"), None)
    return result, span


def _delivered(result, n: int) -> bool:
    return f"[{n}]" in (result.bundle or "")


def _place(span, entry_id: str) -> tuple[str | None, int | None]:
    if span is None:
        return None, None
    for c in span.candidates or []:
        if c.get("id") == entry_id:
            return c.get("via"), c.get("rank")
    return None, None


def _dropped_as_near_copy(span, n: int) -> bool:
    """Whether the retriever's MMR step dropped ``[n]`` (its decision lists the dropped n)."""
    if span is None:
        return False
    return any(d.get("what") == "mmr" and n in (d.get("choice") or []) for d in span.decisions)


def explain(home: MemoryHome, query: str, n: int, config: AssemblerConfig | None = None,
            variants: bool = True) -> WhyNot:
    config = config or AssemblerConfig()
    memory = Memory(home)
    entries = memory.entries()
    if not 1 <= n <= len(entries):
        raise NotFoundError(f"no entry [{n}] (warm.md has {len(entries)})")
    entry = entries[n - 1]
    result, span = _round(home, query, config, memory)
    decision = result.decision or {}
    outputs = (span.outputs or {}) if span is not None else {}
    via, _ = _place(span, entry.id)
    out = WhyNot(n, query, entry.body.strip(), _delivered(result, n), None, entry.effective_confidence == "low",
                 decision.get("level"), decision.get("strategy"), outputs.get("mode"), outputs.get("k"), via,
                 None, None, None)
    if entry.is_wrong:
        out.excluded = "flipped"
        out.reason = "flipped to wrong: wrong entries never become candidates"
        return out
    searched = retriever_role.search_pool(memory, config)  # what the round searched, consolidated lines too
    with searched.searching(home, retriever_role.search_config(config)) as searcher:
        hit = searcher.explain(query, entry.id)
        kept = searcher.search(query, out.k) if out.k else []
        # the query terms as the searcher analyses them (the same tokens its BM25 scores)
        terms = list(dict.fromkeys(searcher._query(query).tokens))
    out.rank, out.score = hit.rank, float(hit.score)
    out.matched = {t: float(v) for t, v in hit.terms.items() if v > 0}
    out.missed = [t for t in terms if t not in out.matched]
    if kept:
        out.cut_score = float(kept[-1].score)
    if result.status != "ok":
        out.reason = f"the round ended {result.status}: no bundle"
    elif decision.get("level") == "skip":
        out.reason = "the judge skipped retrieval for this question"
    elif out.mode == "direct" and via is None and outputs.get("truncated"):
        out.reason = ("direct material cut at retrieval.maxDirectChars: the entries used or written most "
                      "recently fill it first (the forgetting gradient), and this one did not fit")
    elif out.mode == "direct":
        out.reason = "direct material: every candidate goes to the editor; the editor chose " + \
            ("to quote it" if out.delivered else "not to quote it")
    elif via is None and _dropped_as_near_copy(span, n):
        out.near_copy = True
        out.reason = (f"rank {out.rank} would pass the cut, but MMR dropped it as a near copy of a better hit "
                      "(word overlap >= 0.9; retrieval.mmr)")
    elif via is None:
        out.reason = (f"rank {out.rank} is below the cut: only the top {out.k} hits are kept"
                      + (f" (the last kept scored {out.cut_score:.3f}, this one {out.score:.3f})"
                         if out.cut_score is not None else ""))
        if not out.matched:
            out.reason = ("no query term matches it (score 0): BM25 returns only entries that match a term, "
                          "so no cut or topK can bring it in")
    else:
        out.reason = f"a candidate ({via}, rank {out.rank}); the editor " + \
            ("quoted it" if out.delivered else "left it out of the bundle")
    if out.low and out.mode == "bm25":
        out.reason += (f"; low confidence: its score counts {retriever_role.LOW_CONFIDENCE_WEIGHT:g} when the hits "
                       "are ranked (低置信降权)")
    if hit.terms.get("@borrowed", 0.0) < 0 and out.mode == "bm25":
        share = retriever_role.search_config(config).borrowed_share
        lent = ", ".join(name for name in NEIGHBOUR_CHANNELS if hit.terms.get(name, 0.0) > 0)
        out.reason += (f"; nothing of the question is in it: its score comes from the entries around it "
                       f"({lent}), and it keeps {share:g} of that (@borrowed)")
    # the levers are re-run in the direct mode too: there the cut of the material, or BM25 itself
    # (retrieval.mode = always), is what a person can change
    if variants and out.mode in ("bm25", "direct") and not out.delivered:
        out.variants = _variants(home, query, n, config, out, _alias_target(entry),
                                 truncated=bool(outputs.get("truncated")))
    return out


def _alias_target(entry) -> str:
    """What an alias would point at: a fact's entity, an event's object, else the body's start."""
    fields = entry.fields
    if entry.ontology_kind == "fact" and fields and fields[0]:
        return fields[0][:40]
    if entry.ontology_kind == "event" and len(fields) > 2 and fields[2]:
        return fields[2][:40]
    return entry.body.strip()[:20]


def _variants(home: MemoryHome, query: str, n: int, config: AssemblerConfig, base: WhyNot,
              target: str, truncated: bool = False) -> list[Variant]:
    found: list[Variant] = []
    if base.mode == "direct":
        if truncated:
            wider = 4 * int(config.get("retrieval.maxDirectChars"))
            found.append(_try(home, query, n, config.with_overrides({"retrieval.maxDirectChars": wider}),
                              f"retrieval.maxDirectChars = {wider}", None))
        found.append(_try(home, query, n, config.with_overrides({"retrieval.mode": "always"}),
                          "retrieval.mode = always", None))
    if base.near_copy:
        found.append(_try(home, query, n, config.with_overrides({"retrieval.mmr": False}),
                          "retrieval.mmr = false", None))
    if base.rank and base.k and base.rank > base.k:
        raised = config.with_overrides({"retrieval.topK": base.rank,
                                        "retrieval.deepMinK": max(base.rank, config.get("retrieval.deepMinK"))})
        found.append(_try(home, query, n, raised, f"retrieval.topK = {base.rank}", None))
    found.append(_try(home, query, n, config, f"touch [{n}]", lambda copy: Memory(copy).touch(n)))
    if base.missed:
        term = max(base.missed, key=len)  # the most specific term the entry lacks

        def add_alias(copy: MemoryHome) -> None:
            from linghun.core.ontology import save_aliases

            save_aliases(copy, "memory", {term: target})

        found.append(_try(home, query, n, config, f"alias {term} = {target}", add_alias))
    return found


def _try(home: MemoryHome, query: str, n: int, config: AssemblerConfig, label: str, change) -> Variant:
    with tempfile.TemporaryDirectory(prefix="linghun-why-not-") as tmp:
        copy = MemoryHome(Path(tmp) / "linghun")
        shutil.copytree(home.root, copy.root, ignore=shutil.ignore_patterns("traces", ".*"))
        if change is not None:
            change(copy)
        memory = Memory(copy)
        result, span = _round(copy, query, config, memory)
        entry = memory.entries()[n - 1]
        via, rank = _place(span, entry.id)
    delivered = _delivered(result, n)
    note = f"a candidate via {via}" if via else "not among the ranked candidates"
    return Variant(label, delivered, rank, note + ("; quoted in the bundle" if delivered else ""))
