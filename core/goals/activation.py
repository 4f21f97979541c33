"""Which goals a situation activates (``linghun_goal_get``, SPEC 8): residual triggering.

::

    trigger(q, m)  = ALPHA * sim(q, m) + BETA * goalActivate(m | q)
    goalActivate   = stateW * (0.25 * domainHit + 0.35 * bridgeHit + 0.40 * sim + 0.15)

Our choices (SPEC 17 leaves them open):

- ``sim(q, m)`` is the binary cosine of the situation's and the goal statement's tokens
  (``core.goals.features``: jieba words for Chinese, stemmed English words, stop words dropped):
  ``|Q ∩ M| / sqrt(|Q| |M|)``, in [0, 1]. It is cheap (set operations on tokens prepared once
  per goal), needs no corpus statistics (a home may hold three goals), and the shared tokens it
  reports explain it. Only the statement counts: triggers are the bridge part, kept apart so the
  residual gain stays visible.
- ``ALPHA = 0.4``, ``BETA = 0.6``. For an active goal the effective weights are then similarity
  0.64 (0.4 + 0.6 x 0.40), bridge 0.21, domain 0.15 and a base of 0.09. Similarity stays the
  largest single part, while a bridge plus a domain hit (0.36) lifts a semantically distant goal
  above goals whose similarity is below 0.56: the "college fund activated by a family trip"
  case, which similarity alone ranks low.
- ``domainHit`` is 1 when any word of the goal's domain lexicon occurs in the situation.
- ``bridgeHit`` is 1 when one of the goal's triggers shares at least 2 tokens with the situation
  (one shared token is not enough: a single word is what similarity already measures).
- ``stateW``: active 1, paused 0.5, achieved 0, abandoned 0. A goal whose weight is 0 never
  activates: its score is 0 whatever its similarity (it is listed only on request, last).

Each result carries the parts of its score and ``similarity_rank``, the rank pure similarity
would give among the same goals, so the residual gain of the goal channel is visible.

Cue fusion (issue 30): how goal activation joins a retriever's ranking without drowning it.
Reciprocal-rank fusion of the retriever with every goal's rank did worse than the retriever alone
on cues (the order of goals with no signal is no ranking, yet it filled the top). Instead
:func:`admitted` keeps only goals with a real signal: a lexical one (:attr:`GoalActivation.has_signal`)
or, when the optional embeddings read the situation, a sentence similarity of the situation and
the statement of at least :data:`SEMANTIC_MIN` (the :data:`SEMANTIC_GOALS` closest). With the
embeddings, the :data:`MEANING_TURNS` turns (entries) closest in meaning to the situation are
admitted too (:func:`closest`). The admitted turns are ordered by :func:`combine`: a turn close
in meaning brings its cosine, a goal's turn its goal's statement cosine plus :data:`SIGNAL_BONUS`
when a lexical signal activated it, and a turn both channels bring has the sum of the two
(CombSUM: two independent signals are more evidence than either). :func:`fuse` keeps the
retriever's first :data:`FUSION_SLOT` - 1 results (:data:`FUSION_SLOT_MEANING` - 1 with the
embeddings), then the admitted turns (at most :data:`FUSION_TURNS`), then the rest of the
retriever's ranking. The turns of the goals with no signal (:func:`unsignalled`) come only when
neither the retriever nor meaning brings anything, by priority after the admitted goals' turns.

What "never below its best channel" can mean. Per situation no fusion of k places can hold every
channel's top k, so none can promise each channel's hit@k cue by cue. :func:`fuse` promises what a
construction can: the retriever's ranking is kept whole and in order (its first ``slot - 1``
results in place, the rest moved down by at most ``limit``, a result admitted too moved up); every
admitted turn, up to ``limit``, is above every retriever result but the first ``slot - 1``; a goal
with no signal never takes a place while the retriever or meaning brings anything, and when they
bring nothing (a Chinese situation on an English conversation: neither the retriever nor the
sentence model reads it) the fused ranking is the goal channel's own, so it cannot be below it.
The rest is measured, per relation, on the tune and the held-out conversations of the developers'
cue set (``core/evaluation/cues_dev.json``; ``CueRun.shortfalls``); see SETTINGS.md ("Cue
fusion").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np

from linghun.core import embeddings, meaning
from linghun.core.errors import InvalidInputError
from linghun.core.goals.features import TextFeatures, cosine, token_set
from linghun.core.goals.lexicon import Lexicon, builtin_lexicon
from linghun.core.goals.model import PRIORITY_RANK, Goal
from linghun.core.goals.states import state_weight

ALPHA = 0.4
BETA = 0.6
W_DOMAIN = 0.25
W_BRIDGE = 0.35
W_SIM = 0.40
W_BASE = 0.15
BRIDGE_MIN_SHARED = 2

# The sentence models the cue fusion reads meaning with: the multilingual one of the meaning
# channel (core.meaning) and the optional English MiniLM (core.embeddings).
MEANING, MINILM = meaning.MODEL_KEY, embeddings.MODEL_KEY

# cue fusion (see the module docstring; calibrated on core/evaluation/cues_dev.json)
SEMANTIC_MIN = 0.15   # sentence cosine (all-MiniLM-L6-v2) of situation and statement
SEMANTIC_MIN_OF = {MINILM: SEMANTIC_MIN, MEANING: 0.15}  # the same per model (their cosines differ)
SEMANTIC_GOALS = 8    # the closest goals by that cosine that may join
MEANING_TURNS = 20    # the turns closest in meaning that may join (sentence cosine > 0)
SIGNAL_BONUS = 0.1    # a lexical signal's weight beside a cosine when admitted turns are ordered
# where the admitted turns go: after the retriever's first result when only words admitted them
# (its first result shares words with the situation too); at the top when meaning took part
# (sentence similarity found 3x the cues the retriever did)
FUSION_SLOT = 2
FUSION_SLOT_MEANING = 1
FUSION_TURNS = 10     # at most this many admitted turns


def goal_activate(state_w: float, domain_hit: bool, bridge_hit: bool, sim: float) -> float:
    return state_w * (W_DOMAIN * domain_hit + W_BRIDGE * bridge_hit + W_SIM * sim + W_BASE)


def trigger_score(sim: float, activation: float, state_w: float) -> float:
    return 0.0 if state_w <= 0 else ALPHA * sim + BETA * activation


@dataclass
class GoalActivation:
    """One goal's activation by a situation, with every part of its score."""

    goal: Goal
    rank: int
    score: float
    activation: float
    similarity: float
    similarity_tokens: list[str]
    similarity_rank: int
    domain_hit: bool
    domain_words: list[str]
    bridge_hit: bool
    bridge_trigger: str | None
    bridge_tokens: list[str]
    state_weight: float

    @property
    def has_signal(self) -> bool:
        """Whether the situation touched the goal at all (shared words, its domain, a bridge).
        Without one its score is the state base alone, the same for every goal of that state:
        the order among such goals is no ranking and is shown as "no signal"."""
        return self.similarity > 0 or self.domain_hit or self.bridge_hit

    @property
    def residual_gain(self) -> int:
        """How many places the goal channel moved the goal up compared with pure similarity."""
        return self.similarity_rank - self.rank

    def to_dict(self) -> dict[str, Any]:
        g = self.goal
        return {
            "rank": self.rank, "id": g.id, "statement": g.statement, "speaker": g.speaker,
            "domain": g.domain, "priority": g.priority, "state": g.state, "triggers": list(g.triggers),
            "score": round(self.score, 4),
            "signal": self.has_signal,
            "parts": {
                "similarity": round(self.similarity, 4),
                "similarity_tokens": self.similarity_tokens,
                "domain_hit": self.domain_hit,
                "domain_words": self.domain_words,
                "bridge_hit": self.bridge_hit,
                "bridge_trigger": self.bridge_trigger,
                "bridge_tokens": self.bridge_tokens,
                "state_weight": self.state_weight,
                "goal_activate": round(self.activation, 4),
                "alpha": ALPHA, "beta": BETA,
            },
            "similarity_rank": self.similarity_rank,
        }


class GoalIndex:
    """Goals prepared once for fast repeated activation.

    Statement and trigger tokens go into inverted indexes (token -> goals, token -> triggers), so
    a situation touches only the goals that share a token with it; the score of every goal is then
    computed with numpy in one pass. The result is the same as evaluating the formula goal by goal.
    """

    def __init__(self, goals: Iterable[Goal], lexicon: Lexicon | None = None):
        self.lexicon = lexicon or builtin_lexicon()
        self.goals: list[Goal] = list(goals)
        n = len(self.goals)
        self.statement_tokens = [token_set(g.statement) for g in self.goals]
        self.weights = np.array([state_weight(g.state) for g in self.goals], dtype=float)
        self.statement_len = np.array([len(t) for t in self.statement_tokens], dtype=float)
        domains = sorted({g.domain for g in self.goals})
        self._domain_id = {d: i for i, d in enumerate(domains)}
        self.domain_ids = np.array([self._domain_id[g.domain] for g in self.goals], dtype=np.int64)
        self._postings = _postings(self.statement_tokens)
        self.triggers: list[tuple[int, str, frozenset[str]]] = [
            (i, t, token_set(t)) for i, g in enumerate(self.goals) for t in g.triggers]
        self._trigger_goal = np.array([i for i, _, _ in self.triggers], dtype=np.int64)
        self._trigger_postings = _postings([toks for _, _, toks in self.triggers])
        # ties: higher priority first, then the most recently updated, then file order
        tie = list(range(n))
        tie.sort(key=lambda i: self.goals[i].updated, reverse=True)  # stable: file order kept
        tie.sort(key=lambda i: PRIORITY_RANK.get(self.goals[i].priority, 1), reverse=True)
        self._tie_rank = np.empty(n, dtype=np.int64)
        self._tie_rank[tie] = np.arange(n)

    def __len__(self) -> int:
        return len(self.goals)

    def rank(self, situation: str, k: int = 5, *, include_inactive: bool = False) -> list[GoalActivation]:
        """The ``k`` goals the situation activates most, best first (``k <= 0``: all)."""
        if not isinstance(situation, str) or not situation.strip():
            raise InvalidInputError("the situation is empty")
        n = len(self.goals)
        if n == 0:
            return []
        f = TextFeatures.of(situation)
        q = f.tokens
        domains = self.lexicon.hits(f)
        shared = np.zeros(n)
        for tok in q:
            rows = self._postings.get(tok)
            if rows is not None:
                shared[rows] += 1
        denom = np.sqrt(np.maximum(self.statement_len, 1) * max(len(q), 1))
        sim = np.where(shared > 0, shared / denom, 0.0)
        bridge = np.zeros(n, dtype=bool)
        if self.triggers:
            tshared = np.zeros(len(self.triggers))
            for tok in q:
                rows = self._trigger_postings.get(tok)
                if rows is not None:
                    tshared[rows] += 1
            hit = tshared >= BRIDGE_MIN_SHARED
            bridge[self._trigger_goal[hit]] = True
        hit_ids = [self._domain_id[d] for d in domains if d in self._domain_id]
        dom = np.isin(self.domain_ids, hit_ids)
        w = self.weights
        act = w * (W_DOMAIN * dom + W_BRIDGE * bridge + W_SIM * sim + W_BASE)
        score = np.where(w > 0, ALPHA * sim + BETA * act, 0.0)
        pool = np.arange(n) if include_inactive else np.flatnonzero(w > 0)
        if pool.size == 0:
            return []
        order = pool[np.lexsort((self._tie_rank[pool], -sim[pool], -score[pool]))]
        sims_sorted = np.sort(sim[pool])
        picked = order if k <= 0 else order[:k]
        out = []
        for rank, i in enumerate(picked.tolist(), start=1):
            g = self.goals[i]
            best = self._best_trigger(i, q) if bridge[i] else None
            s = float(sim[i])
            out.append(GoalActivation(
                goal=g, rank=rank, score=float(score[i]), activation=float(act[i]), similarity=s,
                similarity_tokens=sorted(q & self.statement_tokens[i]),
                similarity_rank=1 + int(pool.size - np.searchsorted(sims_sorted, s, side="right")),
                domain_hit=bool(dom[i]), domain_words=domains.get(g.domain, []) if dom[i] else [],
                bridge_hit=best is not None, bridge_trigger=best[0] if best else None,
                bridge_tokens=sorted(best[1]) if best else [], state_weight=float(w[i])))
        return out

    def _best_trigger(self, goal_index: int, q: frozenset[str]) -> tuple[str, frozenset[str]] | None:
        """The trigger of a goal sharing the most tokens with the situation (for the explanation)."""
        best = None
        for i, trig, toks in self.triggers:
            if i == goal_index:
                both = q & toks
                if len(both) >= BRIDGE_MIN_SHARED and (best is None or len(both) > len(best[1])):
                    best = (trig, both)
        return best


@dataclass
class Admission:
    """A goal that joins a retriever's ranking, with the signal that let it in (for the trace)."""

    activation: GoalActivation
    reason: str
    semantic: float = 0.0  # the statement's cosine when meaning admitted the goal, else 0

    @property
    def goal(self) -> Goal:
        return self.activation.goal

    @property
    def strength(self) -> float:
        """How strongly the goal's turns claim a place (:func:`combine`)."""
        return self.semantic + (SIGNAL_BONUS if self.activation.has_signal else 0.0)


def signal_reason(act: GoalActivation, semantic: float = 0.0) -> str:
    """The strongest signal of an activation in words: ``bridge 'family trip'``, ``domain family
    (trip)``, ``shared words college, fund`` or ``meaning 0.31`` (sentence similarity)."""
    if act.bridge_hit and act.bridge_trigger:
        return f"bridge '{act.bridge_trigger}'"
    if act.domain_hit:
        return f"domain {act.goal.domain} ({', '.join(act.domain_words[:3])})"
    if act.similarity > 0:
        return f"shared words {', '.join(act.similarity_tokens[:4])}"
    return f"meaning {semantic:.2f}"


def closeness(situation: str, texts: Sequence[str], model: str = MINILM) -> np.ndarray | None:
    """Sentence cosine of the situation with each text, or None when the model is not installed.

    ``MEANING`` (core.meaning) reads Chinese and English alike. ``MINILM`` (all-MiniLM-L6-v2, the
    optional embeddings) gives None for a situation it cannot read (``embeddings.reads``: Chinese
    is left to the lexical signals), and 0 for such a text, which it does not encode. Either way
    a text's vector comes from the on-disk cache when the searcher encoded it already."""
    if not texts:
        return None
    if model == MEANING:
        if not meaning.available():
            return None
        encoder = meaning.encoder()
        return encoder.encode(list(texts)) @ encoder.encode_query(situation)
    if not embeddings.available() or not embeddings.reads(situation):
        return None
    readable = [i for i, t in enumerate(texts) if embeddings.reads(t)]
    scores = np.zeros(len(texts))
    if readable:
        model = embeddings.encoder()
        query, _pieces = model.encode_query(situation)
        scores[readable] = model.encode([texts[i] for i in readable]) @ query
    return scores


def semantic_similarity(situation: str, goals: Sequence[Goal], model: str = MINILM) -> np.ndarray | None:
    """:func:`closeness` of the situation with each goal's statement."""
    return closeness(situation, [g.statement for g in goals], model)


def closest(situation: str, ids: Sequence[Any], texts: Sequence[str],
            limit: int = MEANING_TURNS, model: str = MINILM) -> list[tuple[Any, float]]:
    """The ``limit`` ids whose texts are closest in meaning to the situation (cosine > 0), with
    their cosine, closest first; empty without the model."""
    scores = closeness(situation, texts, model)
    return [] if scores is None else top_closest(ids, scores, limit)


def top_closest(ids: Sequence[Any], scores: np.ndarray, limit: int = MEANING_TURNS) -> list[tuple[Any, float]]:
    """The ``limit`` ids of the highest cosines (> 0), with their cosine, closest first."""
    order = np.argsort(-scores, kind="stable")[:limit]
    return [(ids[i], float(scores[i])) for i in order.tolist() if scores[i] > 0]


def admitted(activations: Sequence[GoalActivation], semantic: dict[str, float] | None = None,
             floor: float = SEMANTIC_MIN) -> list[Admission]:
    """The goals with a real activation signal, in the order their turns join a ranking: the
    :data:`SEMANTIC_GOALS` closest in meaning (cosine >= :data:`SEMANTIC_MIN`, ``semantic`` by goal
    id) first, then those with a lexical signal by activation rank. ``activations`` are of one
    situation (``GoalIndex.rank(situation, 0)``)."""
    semantic = semantic or {}
    out: list[Admission] = []
    close = sorted((a for a in activations if semantic.get(a.goal.id, 0.0) >= floor and a.state_weight > 0),
                   key=lambda a: -semantic[a.goal.id])[:SEMANTIC_GOALS]
    for a in close:
        out.append(Admission(a, signal_reason(a, semantic[a.goal.id]), semantic[a.goal.id]))
    taken = {a.goal.id for a in close}
    for a in activations:
        if a.has_signal and a.state_weight > 0 and a.goal.id not in taken:
            out.append(Admission(a, signal_reason(a)))
    return out


def unsignalled(activations: Sequence[GoalActivation], admissions: Sequence[Admission]) -> list[GoalActivation]:
    """The active goals that nothing admitted (no word, domain, bridge or meaning signal), in
    activation order: their scores are their state's base alone, so the order is the tie-break,
    higher priority first. Their turns are shown only when nothing else is (:func:`fuse`'s
    ``fill``)."""
    taken = {a.goal.id for a in admissions}
    return [a for a in activations if a.state_weight > 0 and a.goal.id not in taken]


def combine(*channels: Iterable[tuple[Any, float]]) -> list[Any]:
    """Items strongest first by CombSUM over the channels: within one channel an item keeps its
    best strength (an entry two admitted goals hang on is one piece of evidence, not two),
    across channels the strengths add (an entry close in meaning that also hangs on an activated
    goal). Ties keep the order first given."""
    total: dict[Any, float] = {}
    for channel in channels:
        best: dict[Any, float] = {}
        for item, strength in channel:
            if item not in best or strength > best[item]:
                best[item] = strength
        for item, strength in best.items():
            total[item] = total.get(item, 0.0) + strength
    return sorted(total, key=lambda item: -total[item])


def fuse(ranking: Sequence[Any], admitted_items: Iterable[Any], *, slot: int = FUSION_SLOT,
         limit: int = FUSION_TURNS, fill: Iterable[Any] = ()) -> list[Any]:
    """The retriever's ``ranking`` with ``admitted_items`` (the admitted goals' turns or entries,
    in :func:`combine` order) placed after its first ``slot - 1`` results, ``limit`` at most; an
    item both lists hold keeps the earlier place. Nothing of the ranking is dropped, and its
    results keep their order but for those admitted too, which move up.
    ``fill`` (the turns of goals with no signal, by priority) follows only an empty ranking: the
    caller passes it only when meaning brought nothing either."""
    head = list(ranking[: max(slot - 1, 0)])
    seen = set(head)
    joined = []
    for item in admitted_items:
        if item not in seen and len(joined) < limit:
            joined.append(item)
            seen.add(item)
    rest = [item for item in ranking[len(head):] if item not in seen]
    tail = []
    for item in (fill if not ranking else ()):
        if item not in seen:
            tail.append(item)
            seen.add(item)
    return head + joined + rest + tail


def _postings(token_sets: list[frozenset[str]]) -> dict[str, np.ndarray]:
    rows: dict[str, list[int]] = {}
    for i, toks in enumerate(token_sets):
        for t in toks:
            rows.setdefault(t, []).append(i)
    return {t: np.array(r, dtype=np.int64) for t, r in rows.items()}


def similarity(situation: str, statement: str) -> float:
    """``sim(q, m)`` on its own (see the module docstring)."""
    return cosine(token_set(situation), token_set(statement))
