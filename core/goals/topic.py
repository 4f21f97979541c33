"""When a signal is about an existing goal: "the same speaker on the same topic" (SPEC 8).

Two statements are on the same topic when all of these hold:

1. **Same speaker** (compared case-insensitively, whitespace collapsed).
2. **Compatible domains**: equal, or one of them is ``general`` (unplaced).
3. **Topic overlap** on the statements' topic tokens: stemmed content words without the signal
   and time words (*want*, *finished*, *next year*, 想, 放弃, 明年: they say how or when a goal
   moves, not what it is about) and without numbers. Very generic words (``GENERIC``: *save*,
   *money*, *buy*, 钱, 买...) weigh ``GENERIC_WEIGHT`` (0.5), every other word 1:

   - the weighted overlap coefficient ``w(A ∩ B) / min(w(A), w(B))`` is at least
     ``OVERLAP_THRESHOLD`` (0.5), and
   - the shared tokens include a word that is not generic, or the smaller token set lies
     entirely inside the larger one.

So "I put another 200 dollars into the college fund" joins "I want to save for my daughter's
college fund" (shared *college*, *fund*: 2 / 3.5 = 0.57), "I finished the marathon" joins "I want
to run a marathon", while "save money for a house" and "save money for a car" stay two goals
(they share only generic words). Among several matching goals the highest overlap wins, then the
most recently updated.
"""
from __future__ import annotations

from dataclasses import dataclass

from linghun.core.goals.features import topic_tokens
from linghun.core.goals.lexicon import GENERAL
from linghun.core.text import stem

OVERLAP_THRESHOLD = 0.5
GENERIC_WEIGHT = 0.5
#: words too common in goal statements to tell two goals apart on their own (stemmed forms)
GENERIC: frozenset[str] = frozenset(stem("""save money buy spend get have make take go new more
    thing things time day days people lot big small good better best stuff way life much many
    put another""".split())) | frozenset("钱 存 买 花 做 新 东西 事情 时间 生活 一些 很多 更".split())


def same_speaker(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def compatible_domains(a: str, b: str) -> bool:
    return a == b or GENERAL in (a, b)


@dataclass(frozen=True)
class TopicMatch:
    overlap: float
    shared: tuple[str, ...]


class TopicMatcher:
    """Same-topic tests (see the module docstring)."""

    def __init__(self, generic: frozenset[str] = GENERIC):
        # a fixed list, not the domain lexicon: lexicon words (``marathon``, ``college``) are
        # often exactly what a goal is about
        self.generic = generic

    def weight(self, token: str) -> float:
        return GENERIC_WEIGHT if token in self.generic else 1.0

    def overlap(self, a_text: str, b_text: str) -> TopicMatch | None:
        """The topic overlap of two statements, or ``None`` when they are not on one topic."""
        a = {t for t in topic_tokens(a_text) if not t.isdigit()}
        b = {t for t in topic_tokens(b_text) if not t.isdigit()}
        if not a or not b:
            return None
        shared = a & b
        if not shared:
            return None
        w = self.weight
        score = sum(w(t) for t in shared) / min(sum(w(t) for t in a), sum(w(t) for t in b))
        distinctive = any(w(t) == 1.0 for t in shared)
        nested = a <= b or b <= a
        if score >= OVERLAP_THRESHOLD and (distinctive or nested):
            return TopicMatch(round(score, 4), tuple(sorted(shared)))
        return None
