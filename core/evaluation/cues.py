"""Cue / trigger evaluation with the workbench's retriever beside the goal system's channels.

The format, the stitching of cues into conversations, the offline memory (entries and goals) and
the ``bm25`` / ``goal`` / ``fusion`` channels are those of :mod:`core.goals.cue_eval`. This module
adds two channels over the same stitched turns:

- ``linghun``: :class:`core.search.Searcher`, the retriever the assembler uses;
- ``goal/signal``: the turns of the goals admitted on a real activation signal
  (:func:`core.goals.activation.admitted`: a lexical signal, or with the embeddings a sentence
  similarity of the trigger and the goal's statement), strongest first;
- ``meaning`` (with the embeddings only): the turns by sentence similarity with the trigger
  (:func:`core.goals.activation.closest`);
- ``linghun+goal``: the product's fusion (:func:`core.goals.activation.fuse`): ``linghun``'s
  ranking kept, the admitted goals' turns placed after its first result, or with the embeddings
  the turns closest in meaning and the admitted goals' turns, by their summed strength
  (:func:`core.goals.activation.combine`), placed before it; the turns of goals with no signal
  only when neither ``linghun`` nor ``meaning`` brings anything. It replaced reciprocal-rank
  fusion with every goal's rank, which did worse than ``linghun`` alone (issue 30).

A cue is surfaced at k when one of its turns is in a channel's top k; results per relation type.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from linghun.core import embeddings
from linghun.core import meaning as meaning_model
from linghun.core.errors import InvalidInputError
from linghun.core.evaluation.metrics import mean, percentile
from linghun.core.goals.activation import (FUSION_SLOT, FUSION_SLOT_MEANING, MEANING, MEANING_TURNS, MINILM,
                                           SEMANTIC_MIN, SEMANTIC_MIN_OF, admitted, closest, combine, fuse,
                                           semantic_similarity, unsignalled)
from linghun.core.search import SearchConfig, Searcher, Unit
from linghun.core.text import is_cjk

KS = (1, 5, 10)
FUSED = "linghun+goal"


LANGUAGES = ("en", "zh")


def language_of(text: str) -> str:
    """``zh`` for a text with Chinese characters in it, else ``en`` (the dev set's two halves)."""
    return "zh" if any(is_cjk(ch) for ch in text) else "en"


@dataclass
class CueOutcome:
    index: int
    relation: str
    ranks: dict[str, int | None]  # channel -> rank of the first cue turn (None: not reached)
    produced_goal: bool
    latency_ms: float
    conversation: str = ""  # the sample_id of the conversation the cue was stitched into
    language: str = "en"  # "zh" when the trigger is written in Chinese (``language_of``)


@dataclass
class CueRun:
    outcomes: list[CueOutcome] = field(default_factory=list)
    channels: tuple[str, ...] = ()
    conversations: list[str] = field(default_factory=list)  # sample_ids, in the file's order

    def table(self, conversations: set[str] | None = None, language: str | None = None) -> dict[str, dict]:
        """``{relation | "all": {"n", "cue_goals", channel: {"hit@k": percent}}}``, over the cues
        stitched into ``conversations`` (all when None) whose trigger is in ``language`` (any when None)."""
        outcomes = [o for o in self.outcomes if (conversations is None or o.conversation in conversations)
                    and (language is None or o.language == language)]
        groups: dict[str, list[CueOutcome]] = {}
        for o in outcomes:
            groups.setdefault(o.relation, []).append(o)
        groups = dict(sorted(groups.items()))
        groups["all"] = outcomes
        out = {}
        for name, rows in groups.items():
            entry: dict[str, Any] = {"n": len(rows), "cue_goals": sum(o.produced_goal for o in rows)}
            for ch in self.channels:
                entry[ch] = {f"hit@{k}": 100 * mean(1.0 if (o.ranks[ch] or 10**9) <= k else 0.0 for o in rows)
                             for k in KS}
            out[name] = entry
        return out

    def shortfalls(self, k: int = 10, conversations: set[str] | None = None) -> list[dict]:
        """Relations where the fused channel's hit@k is below a single channel's (the fusion
        must never do worse than its best channel), over the cues of ``conversations`` (all when
        None; a split's conversations check it on its own)."""
        out = []
        for name, e in self.table(conversations).items():
            best = max((ch for ch in self.channels if ch != FUSED), key=lambda ch: e[ch][f"hit@{k}"])
            if FUSED in self.channels and e[FUSED][f"hit@{k}"] < e[best][f"hit@{k}"]:
                out.append({"relation": name, "channel": best, "best": e[best][f"hit@{k}"],
                            "fused": e[FUSED][f"hit@{k}"]})
        return out

    def latency(self) -> dict:
        lat = [o.latency_ms for o in self.outcomes]
        return {"p50": percentile(lat, 50), "p95": percentile(lat, 95)}


def _load(path: str | Path) -> Any:
    p = Path(path)
    if not p.is_file():
        raise InvalidInputError(f"no such file: {p}")
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidInputError(f"{p} is not a UTF-8 JSON file: {exc}") from None


def _first_rank(ranked, prefix: str) -> int | None:
    for r, turn_id in enumerate(ranked, start=1):
        if str(turn_id).startswith(prefix):
            return r
    return None


def goal_turns(mem, query: str, model: str | None) -> tuple[list[tuple[str, float]], list[str]]:
    """The turns of the goals admitted for ``query`` (``goal/signal``) with their goal's strength,
    in admission order, and the turns of the active goals nothing admitted, by priority (the
    fusion's ``fill``)."""
    activations = mem.goals.rank(query, k=0)
    semantic = None
    if model:
        scores = semantic_similarity(query, [a.goal for a in activations], model)
        semantic = None if scores is None else {a.goal.id: float(c) for a, c in zip(activations, scores)}
    admissions = admitted(activations, semantic, SEMANTIC_MIN_OF.get(model, SEMANTIC_MIN))
    turns = [(str(s["ref"]), adm.strength) for adm in admissions for s in adm.goal.sources() if s.get("ref")]
    quiet = [str(s["ref"]) for a in unsignalled(activations, admissions) for s in a.goal.sources() if s.get("ref")]
    return turns, quiet


def evaluate_cues(
    cues_path: str | Path,
    conversations_path: str | Path,
    *,
    config: SearchConfig | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> CueRun:
    """Stitch the cues, build memory offline, and rank each trigger through every channel."""
    from linghun.core.goals import cue_eval
    from linghun.core.goals.lexicon import builtin_lexicon
    from linghun.core.evaluation.runner import Cancelled

    lexicon = builtin_lexicon()
    cues = cue_eval.load_cues(_load(cues_path))
    convs = cue_eval.load_conversations(_load(conversations_path))
    cue_eval.stitch(convs, cues)
    memories, searchers, texts = [], [], []
    for conv in convs:
        memories.append(cue_eval.build_memory(conv, lexicon))
        units = [Unit(t.id, t.text, {"speaker": t.speaker, "session": s})
                 for s, session in enumerate(conv.sessions, start=1) for t in session]
        searchers.append(Searcher(units, config))
        texts.append(([u.id for u in units], [u.text for u in units]))
    model = (config or SearchConfig()).sentence_model
    readable = model == MINILM and embeddings.available() or model == MEANING and meaning_model.available()
    meaning = ("meaning",) if readable else ()
    run = CueRun(channels=("bm25", "goal", "fusion", "linghun", "goal/signal", *meaning, FUSED),
                 conversations=[c.sample_id for c in convs])
    for n, cue in enumerate(cues, start=1):
        if cancelled is not None and cancelled():
            raise Cancelled(f"cue evaluation cancelled after {n - 1} of {len(cues)} cues")
        slot = cue.index % len(convs)
        mem, searcher = memories[slot], searchers[slot]
        query = cue_eval.query_text(cue.trigger_query)
        ranked = cue_eval.rankings(mem, query)
        t0 = time.perf_counter()
        ours = [h.id for h in searcher.search(query, len(searcher))]
        latency = (time.perf_counter() - t0) * 1000
        ranked["linghun"] = ours
        goals, quiet = goal_turns(mem, query, model)
        ranked["goal/signal"] = combine(goals)
        near = closest(query, *texts[slot], limit=len(texts[slot][0]), model=model) if meaning else []
        if meaning:
            ranked["meaning"] = [t for t, _c in near]
        ranked[FUSED] = fuse(ours, combine(near[:MEANING_TURNS], goals),
                             slot=FUSION_SLOT_MEANING if meaning else FUSION_SLOT, fill=() if near else quiet)
        prefix = f"CUE{cue.index}:"
        produced = any(str(s.get("ref", "")).startswith(prefix) for g in mem.goal_set.goals for s in g.sources())
        run.outcomes.append(CueOutcome(cue.index, cue.relation_type,
                                       {ch: _first_rank(ranked[ch], prefix) for ch in run.channels},
                                       produced, latency, convs[slot].sample_id, language_of(cue.trigger_query)))
        if progress is not None:
            progress(n, len(cues))
    return run
