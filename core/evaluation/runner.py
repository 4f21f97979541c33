"""Run a retriever over every question of a dataset and aggregate the metrics.

A retriever is built once per conversation (``prepare(conversation) -> search``, where
``search(query, k) -> [turn ids]``) so build time is not counted in query latency. A search that
also has ``bundle(query) -> [turn ids]`` says what it delivers to the editor (``R@bundle``); for
others the top :data:`BUNDLE_K` are the bundle. Two retrievers
ship: :class:`LinghunRetriever` (``core.search.Searcher``, the one the assembler and the workbench
use) and :class:`PlainBM25Retriever` (rank-bm25's ``BM25Okapi`` on the same units, the baseline
people would pick).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Hashable, Protocol, Sequence

import numpy as np
from rank_bm25 import BM25Okapi

from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.judge import heuristic
from linghun.core.assembler.retriever import HIT_JOINER, choose_follow, choose_k, choose_mode
from linghun.core.errors import LinghunError
from linghun.core.meaning import MODEL_KEY as MEANING_KEY
from linghun.core.context import PART_KEYS
from linghun.core.evaluation import answers
from linghun.core.evaluation.context_recall import EXCERPT, HOMES, POINTER, ContextProbe, HomeContext
from linghun.core.evaluation.data import Conversation, Dataset, Question
from linghun.core.evaluation.metrics import all_at_k, hit_at_k, mean, percentile, recall_at_k
from linghun.core.search import SearchConfig, Searcher, Unit
from linghun.core.text import approx_tokens

DEFAULT_KS = (1, 5, 10, 25, 50)
ROUND_DEFAULTS = AssemblerConfig()  # the settings of a home that changed none
SearchFn = Callable[[str, int], list]


class Cancelled(LinghunError):
    """The run was cancelled by the caller."""

    exit_code = 130


class Retriever(Protocol):
    name: str

    def prepare(self, conversation: Conversation) -> SearchFn: ...


def units_of(conversation: Conversation) -> list[Unit]:
    """One unit per turn, with speaker, session and time in its metadata."""
    return [
        Unit(t.id, t.text, {
            "speaker": t.speaker,
            "session": t.session,
            "time": t.time.strftime("%Y-%m-%d %H:%M") if t.time else None,
        })
        for t in conversation.turns
    ]


class LinghunRetriever:
    """``core.search.Searcher`` over the conversation's turns, searched as an assembler round
    searches (see :class:`RoundSearch`). ``homes`` (kinds of :data:`context_recall.HOMES`) also
    asks each question through the agent's path on memory homes written from the conversation,
    for R@context."""

    def __init__(self, config: SearchConfig | None = None, name: str = "linghun", homes: Sequence[str] = ()):
        self.config = config
        self.name = name
        self.homes = tuple(homes)

    def prepare(self, conversation: Conversation) -> "RoundSearch":
        meaning = self.config is not None and self.config.sentence_model == MEANING_KEY
        reranks = self.config is not None and self.config.late_candidates > 0 and self.config.late_weight > 0
        homes = {kind: HomeContext(conversation, kind, meaning=meaning, embeddings=reranks) for kind in self.homes}
        return RoundSearch(Searcher(units_of(conversation), self.config), homes)


class RoundSearch:
    """A conversation searched as an assembler round with default settings searches it: the
    zero-LLM judge names the question's strategy first, and the retriever's own rules
    (``core.assembler.retriever.choose_mode / choose_k / choose_follow``) decide the rest.

    Called as ``search(query, k)`` it gives the ranking the metrics read (a summary's hits bring
    the reply to them); :meth:`bundle` then gives what the round would hand the editor, from the
    same scoring (the first k of a ranking are the ranking to k).
    """

    def __init__(self, searcher: Searcher, homes: dict[str, HomeContext] | None = None):
        self.searcher = searcher
        self.homes = homes or {}
        self._last: tuple[str, list] | None = None  # (query, ranking deep enough for its bundle)

    def context(self, question: Question) -> dict[str, ContextProbe]:
        """What the context the agent is shown holds of the question's evidence and short answers,
        per home."""
        return {kind: home.probe(question.text, question.evidence, question.facts) for kind, home in self.homes.items()}

    def close(self) -> None:
        for home in self.homes.values():
            home.close()

    def __call__(self, query: str, k: int) -> list:
        decision = heuristic(query)
        ranked = self._ranked(decision, max(k, choose_k(ROUND_DEFAULTS, decision)[0]))
        self._last = (query, ranked)
        return ranked[:k]

    def _ranked(self, decision, k: int) -> list:
        follow, _why = choose_follow(ROUND_DEFAULTS, decision)
        return [h.id for h in self.searcher.search(decision.query, k, follow=follow)]

    def bundle(self, query: str) -> list:
        """The units a round delivers: k by strategy (24 for a summary, 18 for a deep question,
        30 for one whose answer is spread, 12 otherwise) with the 6 newest units after a knowledge update's hits; every unit in direct
        mode (a conversation of at most ``autoThreshold`` turns, or a light question on one whose
        text fits ``maxDirectChars``)."""
        decision = heuristic(query)
        units = self.searcher.units
        material = sum(len(u.text) for u in units) + len(HIT_JOINER) * max(0, len(units) - 1)
        mode, _why = choose_mode(ROUND_DEFAULTS, decision, len(units), material)
        if mode == "direct":
            return _within(units, ROUND_DEFAULTS.get("retrieval.maxDirectChars"))
        k, newest, _why = choose_k(ROUND_DEFAULTS, decision)
        ids = self._last[1][:k] if self._last and self._last[0] == query else self._ranked(decision, k)
        return ids + [i for i in self.searcher.newest_ids(newest) if i not in ids]


def _within(units: Sequence[Unit], cap: int) -> list:
    """Ids of the units whose text starts inside the first ``cap`` characters of the material
    (direct mode joins every candidate and cuts the result there; material over the cap is put in
    forgetting-gradient order first, the newest units first, as the retriever does)."""
    out, used = [], 0
    if sum(len(u.text) + len(HIT_JOINER) for u in units) > cap:
        units = list(reversed(units))
    for u in units:
        if used >= cap:
            break
        out.append(u.id)
        used += len(u.text) + len(HIT_JOINER)
    return out


class PlainBM25Retriever:
    """rank-bm25 ``BM25Okapi`` (its defaults) over the same units, tokenised with ``tokenizer``
    (default: lowercase and split on whitespace, as its documentation shows)."""

    def __init__(self, tokenizer: Callable[[str], list[str]] | None = None, name: str = "rank-bm25"):
        self.tokenizer = tokenizer or (lambda text: text.lower().split())
        self.name = name

    def prepare(self, conversation: Conversation) -> SearchFn:
        ids = [t.id for t in conversation.turns]
        model = BM25Okapi([self.tokenizer(t.text) or [""] for t in conversation.turns])

        def search(query: str, k: int) -> list:
            scores = model.get_scores(self.tokenizer(query))
            order = np.argsort(-scores, kind="stable")[:k]
            return [ids[i] for i in order if scores[i] > 0]

        return search


BUNDLE_K = 12  # SPEC 15 retrieval.topK: the bundle of a retriever without strategies (rank-bm25)


def context_metric(kind: str) -> str:
    """The metric's name for a home kind: ``R@context`` for the written home (the headline), else
    ``R@context/<kind>``."""
    return "R@context" if kind == HOMES[0] else f"R@context/{kind}"


def answer_metric(kind: str) -> str:
    """Answer-in-context's name for a home kind: ``A@context``, else ``A@context/<kind>``."""
    return "A@context" if kind == HOMES[0] else f"A@context/{kind}"


def _answer_probes(rows: Sequence["QuestionResult"], kind: str) -> list[answers.AnswerProbe]:
    return [r.context[kind].answer for r in rows if kind in r.context and r.context[kind].answer is not None]


def _answered(rows: Sequence["QuestionResult"], kind: str) -> list[answers.AnswerProbe]:
    """The answer probes of ``rows`` on a home, those with a stated short answer only."""
    return [p for p in _answer_probes(rows, kind) if p.status == answers.SCORED]


def _answer_counts(rows: Sequence["QuestionResult"], kind: str) -> dict[str, int]:
    """How many of ``rows`` were scored, had an answer the evidence does not state, or none short."""
    statuses = [p.status for p in _answer_probes(rows, kind)]
    return {status: statuses.count(status) for status in (answers.SCORED, answers.NOT_STATED, answers.NO_SHORT)}


def excerpt_metric(kind: str) -> str:
    """The excerpt-aware figure's name for a home kind: R@context with the gold entries that stand
    in the bundle as an excerpt (``context_recall.EXCERPT``) counted too."""
    return context_metric(kind) + "+excerpt"


def _reached(r: "QuestionResult", kind: str, excerpts: bool = False) -> float:
    probe = r.context.get(kind)
    if not probe:
        return math.nan
    reached = probe.reached + (probe.excerpted if excerpts else [])
    return recall_at_k(reached, r.question.evidence, len(reached))


_PARTS = {key: i for i, key in enumerate(PART_KEYS + (EXCERPT, POINTER))}


def part_order(key: str) -> int:
    return _PARTS.get(key, len(_PARTS))


@dataclass
class QuestionResult:
    question: Question
    ranked: list[Hashable]
    latency_ms: float
    bundle_chars: int = 0  # characters of the delivered units joined as the bundle joins them
    bundle_tokens: int = 0
    bundle: list[Hashable] = field(default_factory=list)  # the delivered units (see RoundSearch.bundle)
    context: dict[str, ContextProbe] = field(default_factory=dict)  # per home kind (RoundSearch.context)

    @property
    def scored(self) -> bool:
        return bool(self.question.evidence)


@dataclass
class RunResult:
    """The outcome of one retriever on one dataset."""

    retriever: str
    dataset: str
    results: list[QuestionResult]
    build_seconds: float
    ks: tuple[int, ...] = DEFAULT_KS
    notes: list[str] = field(default_factory=list)

    def _block(self, rows: Sequence[QuestionResult]) -> dict:
        scored = [r for r in rows if r.scored]
        out = {"questions": len(rows), "scored": len(scored)}
        for k in self.ks:
            out[f"R@{k}"] = 100 * mean(recall_at_k(r.ranked, r.question.evidence, k) for r in scored)
            out[f"hit@{k}"] = 100 * mean(hit_at_k(r.ranked, r.question.evidence, k) for r in scored)
            out[f"all@{k}"] = 100 * mean(all_at_k(r.ranked, r.question.evidence, k) for r in scored)
        out["R@bundle"] = 100 * mean(recall_at_k(r.bundle, r.question.evidence, len(r.bundle)) for r in scored)
        for kind in self.homes():
            out[context_metric(kind)] = 100 * mean(_reached(r, kind) for r in scored)
            out[excerpt_metric(kind)] = 100 * mean(_reached(r, kind, excerpts=True) for r in scored)
        for kind in self.homes():
            out[answer_metric(kind)] = 100 * mean(p.score for p in _answered(scored, kind))
        if self.homes():  # the same on every home: which questions have a short answer the evidence states
            counts = _answer_counts(scored, self.homes()[0])
            out["answers"], out["not stated"], out["no short answer"] = (
                counts[answers.SCORED], counts[answers.NOT_STATED], counts[answers.NO_SHORT])
        return out

    def homes(self) -> list[str]:
        """The home kinds R@context was measured on, in :data:`HOMES` order."""
        seen = {kind for r in self.results for kind in r.context}
        return [kind for kind in HOMES if kind in seen]

    def context_summary(self, rows: Sequence[QuestionResult] | None = None) -> dict:
        """Per home kind: R@context, recall per part of the context (``pointer``: reached through a
        map pointer only), questions that got none of their evidence, the context's size, the CPU
        per question of composing it, and A@context with the share of the answers per part and
        how many questions were scored, not stated or had no short answer."""
        rows = self.results if rows is None else rows
        scored = [r for r in rows if r.scored]
        out = {}
        for kind in self.homes():
            probes = [(r, r.context[kind]) for r in scored if kind in r.context]
            parts = sorted({key for _r, p in probes for key in p.parts}, key=part_order)
            cpu = [p.cpu_ms for _r, p in probes]
            found = _answered([r for r, _p in probes], kind)
            out[kind] = {
                "R@context": 100 * mean(_reached(r, kind) for r, _p in probes),
                "A@context": 100 * mean(p.score for p in found),
                # per part, the share of the stated short answers standing in it
                "answer_parts": {key: 100 * mean(p.parts.get(key, 0) / p.facts for p in found)
                                 for key in sorted({key for p in found for key in p.parts}, key=part_order)},
                "answers": _answer_counts([r for r, _p in probes], kind),
                "parts": {key: 100 * mean(len(set(p.parts.get(key, ())) & set(r.question.evidence))
                                          / len(set(r.question.evidence)) for r, p in probes) for key in parts},
                "none": sum(1 for _r, p in probes if not p.reached),
                "questions": len(probes),
                "chars_mean": mean(p.chars for _r, p in probes), "chars_max": max((p.chars for _r, p in probes), default=0),
                "tokens_mean": mean(p.tokens for _r, p in probes),
                "cpu_ms_p50": percentile(cpu, 50), "cpu_ms_mean": mean(cpu),
            }
        return out

    def subset(self, conversation_ids) -> "RunResult":
        """The same run restricted to some conversations (e.g. the held-out part)."""
        keep = set(conversation_ids)
        return RunResult(self.retriever, self.dataset, [r for r in self.results if r.question.conversation in keep],
                         self.build_seconds, self.ks, list(self.notes))

    def summary(self) -> dict:
        """Overall and per-group metrics (percentages), latency percentiles, bundle sizes."""
        groups: dict[str, list[QuestionResult]] = {}
        for r in self.results:
            groups.setdefault(r.question.group, []).append(r)
        lat = [r.latency_ms for r in self.results]
        chars = [r.bundle_chars for r in self.results]
        units = [len(r.bundle) for r in self.results]
        tokens = [r.bundle_tokens for r in self.results]
        return {
            "retriever": self.retriever,
            "dataset": self.dataset,
            "overall": self._block(self.results),
            "groups": {g: self._block(rows) for g, rows in sorted(groups.items())},
            "latency_ms": {"p50": percentile(lat, 50), "p95": percentile(lat, 95), "max": max(lat, default=math.nan)},
            "bundle": {"units_mean": mean(units), "chars_mean": mean(chars), "chars_p95": percentile(chars, 95),
                       "tokens_mean": mean(tokens), "tokens_p95": percentile(tokens, 95)},
            "build_seconds": self.build_seconds,
            "context": self.context_summary(),
            "notes": list(self.notes),
        }


def run(
    dataset: Dataset,
    retriever: Retriever,
    *,
    ks: Sequence[int] = DEFAULT_KS,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> RunResult:
    """Ask every question of ``dataset`` through ``retriever``; top ``max(ks)`` ids are kept.

    ``progress(done, total)`` is called after each question; when ``cancelled()`` turns true the
    run stops with :class:`Cancelled`.
    """
    ks = tuple(sorted(set(ks)))
    depth = max(ks)
    by_conv: dict[str, list[Question]] = {}
    for q in dataset.questions:
        by_conv.setdefault(q.conversation, []).append(q)
    total = len(dataset.questions)
    results: list[QuestionResult] = []
    build = 0.0
    for conv in dataset.conversations:
        questions = by_conv.get(conv.id, [])
        if not questions:
            continue
        t0 = time.perf_counter()
        search = retriever.prepare(conv)
        build += time.perf_counter() - t0
        deliver = getattr(search, "bundle", None)  # else the top BUNDLE_K are the bundle
        probe = getattr(search, "context", None)   # R@context, for retrievers that measure it
        text_of = {t.id: t.text for t in conv.turns}
        try:
            for q in questions:
                if cancelled is not None and cancelled():
                    raise Cancelled(f"evaluation cancelled after {len(results)} of {total} questions")
                t0 = time.perf_counter()
                ranked = list(search(q.text, max(depth, BUNDLE_K)))
                latency = (time.perf_counter() - t0) * 1000
                delivered = list(deliver(q.text)) if deliver is not None else ranked[:BUNDLE_K]
                bundle = HIT_JOINER.join(text_of.get(i, "") for i in delivered)
                context = probe(q) if probe is not None and q.evidence else {}
                results.append(QuestionResult(q, ranked, latency, len(bundle), approx_tokens(bundle), delivered,
                                              context))
                if progress is not None:
                    progress(len(results), total)
        finally:
            close = getattr(search, "close", None)
            if close is not None:
                close()
    return RunResult(retriever.name, dataset.name, results, build, ks, list(dataset.notes))
