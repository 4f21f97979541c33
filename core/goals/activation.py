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
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from core.errors import InvalidInputError
from core.goals.features import TextFeatures, cosine, token_set
from core.goals.lexicon import Lexicon, builtin_lexicon
from core.goals.model import PRIORITY_RANK, Goal
from core.goals.states import state_weight

ALPHA = 0.4
BETA = 0.6
W_DOMAIN = 0.25
W_BRIDGE = 0.35
W_SIM = 0.40
W_BASE = 0.15
BRIDGE_MIN_SHARED = 2


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
    def residual_gain(self) -> int:
        """How many places the goal channel moved the goal up compared with pure similarity."""
        return self.similarity_rank - self.rank

    def to_dict(self) -> dict[str, Any]:
        g = self.goal
        return {
            "rank": self.rank, "id": g.id, "statement": g.statement, "speaker": g.speaker,
            "domain": g.domain, "priority": g.priority, "state": g.state, "triggers": list(g.triggers),
            "score": round(self.score, 4),
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


@dataclass
class _Prepared:
    goal: Goal
    statement: frozenset[str]
    triggers: list[tuple[str, frozenset[str]]]
    weight: float
    order: tuple = field(default=())


class GoalIndex:
    """Goals prepared once (tokens of statements and triggers) for fast repeated activation."""

    def __init__(self, goals: Iterable[Goal], lexicon: Lexicon | None = None):
        self.lexicon = lexicon or builtin_lexicon()
        self.items = [
            _Prepared(g, token_set(g.statement), [(t, token_set(t)) for t in g.triggers],
                      state_weight(g.state), (PRIORITY_RANK.get(g.priority, 1), g.updated))
            for g in goals
        ]

    def __len__(self) -> int:
        return len(self.items)

    def rank(self, situation: str, k: int = 5, *, include_inactive: bool = False) -> list[GoalActivation]:
        """The ``k`` goals the situation activates most, best first (``k <= 0``: all)."""
        if not isinstance(situation, str) or not situation.strip():
            raise InvalidInputError("the situation is empty")
        f = TextFeatures.of(situation)
        domains = self.lexicon.hits(f)
        q = f.tokens
        rows = []
        for i, p in enumerate(self.items):
            if p.weight <= 0 and not include_inactive:
                continue
            shared = q & p.statement
            sim = len(shared) / (len(q) * len(p.statement)) ** 0.5 if shared else 0.0
            bridge = None
            for trig, toks in p.triggers:
                both = q & toks
                if len(both) >= BRIDGE_MIN_SHARED and (bridge is None or len(both) > len(bridge[1])):
                    bridge = (trig, both)
            dom = p.goal.domain in domains
            act = goal_activate(p.weight, dom, bridge is not None, sim)
            rows.append((trigger_score(sim, act, p.weight), sim, p.order, -i, p, shared, bridge, dom, act))
        rows.sort(key=lambda r: r[:4], reverse=True)
        sims = sorted((r[1] for r in rows), reverse=True)
        picked = rows if k <= 0 else rows[:k]
        out = []
        for rank, (score, sim, _, _, p, shared, bridge, dom, act) in enumerate(picked, start=1):
            out.append(GoalActivation(
                goal=p.goal, rank=rank, score=score, activation=act, similarity=sim,
                similarity_tokens=sorted(shared), similarity_rank=1 + _count_greater(sims, sim),
                domain_hit=dom, domain_words=domains.get(p.goal.domain, []) if dom else [],
                bridge_hit=bridge is not None, bridge_trigger=bridge[0] if bridge else None,
                bridge_tokens=sorted(bridge[1]) if bridge else [], state_weight=p.weight))
        return out


def _count_greater(descending: list[float], value: float) -> int:
    """How many values in a descending list are strictly greater than ``value`` (binary search)."""
    lo, hi = 0, len(descending)
    while lo < hi:
        mid = (lo + hi) // 2
        if descending[mid] > value:
            lo = mid + 1
        else:
            hi = mid
    return lo


def similarity(situation: str, statement: str) -> float:
    """``sim(q, m)`` on its own (see the module docstring)."""
    return cosine(token_set(situation), token_set(statement))
