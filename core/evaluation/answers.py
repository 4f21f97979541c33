"""Answer-in-context: whether a question's short gold answer stands in the context the agent is shown.

R@context asks whether the gold *turns* arrive whole; an agent can answer from any line that
states the fact, a consolidated summary line or an ontology node included. A@context asks that
instead, by one rule on both sides (the gold answer and each part of the context):

1. **Facts.** A question's facts are the short answers it is scored on (``Question.facts``):
   LoCoMo's ``answer``; for BEAM each rubric item, the text after "LLM response should state: /
   mention: / contain:" (an item with no such prefix, as in event ordering, is the fact itself),
   else its ``answer``. Questions with nothing short to look for have no facts ("no short answer",
   not scored): LoCoMo adversarial questions (category 5, the answer is that nothing was said) and
   BEAM abstention, instruction following and preference following (the answer is a refusal or a
   way of answering, not a fact of the conversation).
2. **Words.** Text is lowercased; dates are written ISO ("7 May 2023", "May 7th, 2023" and
   "2023-05-07" are all ``2023-05-07``; "May 2023" is ``2023-05`` and "March 29" ``03-29``, which
   stand in a text naming any day of that month, or that day of any year); number words become
   digits ("three" -> ``3``); words joined by a hyphen are separate words; then the project's tokenizer (``core.text.tokenize``: its English stop
   list, Chinese cut by jieba) and stemmer (``core.text.stem``: Snowball, irregular past forms)
   give the words, single digits kept. Verdict words (:data:`VERDICT_WORDS`: "yes", "likely",
   "contradictory", ...) say how sure the answer is, not what it is, and are dropped.
3. **Question words.** The words of the question are not required: the agent has the question
   before it, so "What did Mira buy in May 2023?" -> "pottery wheel" looks for ``potteri wheel``
   only. A fact left with no word ("Likely yes") has nothing to look for: no short answer.
4. **Standing in a part.** A fact of at most :data:`SHORT_FACT` words stands in a part of the
   context when all its words are in that one part; a longer one needs :data:`LONG_SHARE` of them
   (rounded up). Words spread over two parts do not count: no one part says it.
5. **Not stated.** A fact that does not stand, by the same rule, in the question's gold evidence
   turns taken together (each with its session's date) is an inference of the annotator ("When
   did she paint it?" -> the day before the session) and is counted apart, not as a miss.

A question's score is the share of its stated facts standing in some part of the context (a
LoCoMo question has one fact, so it is 0 or 1); A@context is the mean over the questions with a
stated fact.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from linghun.core.text import stem, tokenize

SHORT_FACT = 6      # words: a fact this short must stand whole in one part...
LONG_SHARE = 0.8    # ...a longer one (a BEAM summary sentence, a paraphrase) by this share of its words
#: LoCoMo categories and BEAM abilities whose questions have no short answer to look for
NO_SHORT_ANSWER = frozenset({"5", "abstention", "instruction_following", "preference_following"})
#: words that grade or frame an answer rather than state it (stop words go by core.text's list)
VERDICT_WORDS = frozenset(stem("""
    yes no not likely unlikely probably possibly perhaps maybe definitely certainly somewhat
    contradictory contradiction conflicting information clarify clarification
    """.split()))

SCORED, NOT_STATED, NO_SHORT = "scored", "not stated", "no short answer"

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_MONTH_NO = {name: n for n, full in enumerate(_MONTHS, start=1) for name in {full, full[:3]}} | {"sept": 9}


def _month(*leave_out: str) -> str:
    """A month's name or abbreviation (less ``leave_out``), longest first: "march" is read whole, not as "mar"."""
    names = sorted((m for m in _MONTH_NO if m not in leave_out), key=lambda m: (-len(m), m))
    return r"(?P<month>" + "|".join(names) + r")\.?"


_MONTH = _month()
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20)\d\d)"
_DATES = [re.compile(p) for p in (
    rf"\b{_DAY}\s*(?:of\s+)?{_MONTH},?\s*{_YEAR}\b",   # 7 May 2023, 3June, 2022, 7th of May 2023
    rf"\b{_MONTH}\s+{_DAY},?\s*{_YEAR}\b",             # May 7, 2023
    rf"\b{_MONTH},?\s+{_YEAR}\b",                      # May 2023, February, 2023
    rf"\b{_DAY}\s*(?:of\s+)?{_MONTH}(?!\w)",          # 29 March (no year: 03-29)
    rf"\b{_month('may')}\s+{_DAY}\b",                 # March 29 (not "may 5": the verb)
)]
_NUMBERS = {word: str(n) for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
_NUMBERS.update({word: str(10 * n) for n, word in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), 3)})
_NUMBER_WORD = re.compile(r"\b(" + "|".join(_NUMBERS) + r")\b")
_HYPHEN = re.compile(r"(?<=[^\W\d])-(?=[^\W\d])")
_DIGIT = re.compile(r"(?<![\w.-])\d(?![\w-])")  # single digits, which the tokenizer drops
_ISO_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_RUBRIC = re.compile(r"^\s*(?:llm\s+)?response\s+should\s+(?:\w+\s+)?(?:state|mention|contain|include)\s*:\s*",
                     re.IGNORECASE)
_RUBRIC_PREFIX = re.compile(r"^\s*llm\s+response\s+should\b", re.IGNORECASE)


def _iso(match: re.Match) -> str:
    month, day, year = _MONTH_NO[match["month"]], match.groupdict().get("day"), match.groupdict().get("year")
    if day is None:
        return f"{year}-{month:02d}"
    if not 1 <= int(day) <= 31:
        return match[0]
    return f"{year}-{month:02d}-{int(day):02d}" if year else f"{month:02d}-{int(day):02d}"


def words(text: str) -> set[str]:
    """The normalised words of ``text`` (rule 2 of the module docstring)."""
    text = (text or "").lower()
    for pattern in _DATES:
        text = pattern.sub(_iso, text)
    text = _HYPHEN.sub(" ", _NUMBER_WORD.sub(lambda m: _NUMBERS[m[1]], text))
    tokens = [t.strip("'-_") for t in tokenize(text)] + _DIGIT.findall(text)
    return set(stem(t for t in tokens if t)) - VERDICT_WORDS


def with_months(found: set[str]) -> set[str]:
    """A text's words with the month of each ISO day it names (a month-year answer stands there)
    and its month and day (so does an answer that gives no year)."""
    days = [m.groups() for w in found if (m := _ISO_DAY.match(w))]
    return found | {f"{y}-{m}" for y, m, _d in days} | {f"{m}-{d}" for _y, m, d in days}


@dataclass(frozen=True)
class Fact:
    """One short answer to look for: its words (question words left out) and how many must stand in one part."""

    text: str
    words: frozenset[str]

    @property
    def need(self) -> int:
        n = len(self.words)
        return n if n <= SHORT_FACT else math.ceil(LONG_SHARE * n)

    def stands_in(self, text_words: set[str]) -> bool:
        return len(self.words & text_words) >= self.need


def facts_of(answers: Iterable[str], question: str) -> list[Fact]:
    """The facts to look for: each answer's words less the question's, empty ones dropped (rule 3)."""
    asked = words(question)
    out = []
    for answer in answers:
        kept = frozenset(words(answer) - asked)
        if kept:
            out.append(Fact(answer, kept))
    return out


def rubric_fact(item: str) -> str | None:
    """The fact a BEAM rubric item names ("LLM response should state: 250ms" -> "250ms"); an item
    without the prefix is the fact itself; None for an instruction on form with no fact in it."""
    text = str(item or "").strip()
    m = _RUBRIC.match(text)
    if m:
        return text[m.end():].strip() or None
    return None if _RUBRIC_PREFIX.match(text) else (text or None)


def beam_facts(ability: str, item: dict) -> tuple[str, ...]:
    """A BEAM probing question's facts: its rubric items, else its short answer (rule 1)."""
    if ability in NO_SHORT_ANSWER:
        return ()
    found = tuple(f for f in (rubric_fact(r) for r in item.get("rubric") or ()) if f)
    if found:
        return found
    answer = item.get("answer") or item.get("ideal_answer") or ""
    return (str(answer),) if isinstance(answer, (str, int, float)) and str(answer).strip() else ()


def locomo_facts(category: str | int, answer) -> tuple[str, ...]:
    """A LoCoMo question's fact: its answer, except for adversarial questions (rule 1)."""
    if str(category) in NO_SHORT_ANSWER or answer in (None, ""):
        return ()
    return (str(answer),)


@dataclass
class AnswerProbe:
    """Where a question's facts stand in one context.

    Attributes:
        status: :data:`SCORED`, :data:`NOT_STATED` or :data:`NO_SHORT`.
        facts: the stated facts looked for.
        found: how many of them stand in some part.
        parts: per part key, how many stand in that part.
    """

    status: str
    facts: int = 0
    found: int = 0
    parts: dict[str, int] = field(default_factory=dict)

    @property
    def score(self) -> float:
        return self.found / self.facts if self.facts else math.nan


def stated(facts: Sequence[Fact], evidence: Iterable[str]) -> list[Fact]:
    """The facts the gold evidence states (rule 5): all the evidence's words taken together."""
    said = set().union(*(with_months(words(text)) for text in evidence))
    return [f for f in facts if f.stands_in(said)]


def probe(facts: Sequence[Fact], evidence: Iterable[str], parts: Iterable[tuple[str, str]]) -> AnswerProbe:
    """Which of ``facts`` stand in which of ``parts`` (``(key, text)`` pairs), after those the
    ``evidence`` texts do not state are set apart."""
    if not facts:
        return AnswerProbe(NO_SHORT)
    looked = stated(facts, evidence)
    if not looked:
        return AnswerProbe(NOT_STATED)
    out = AnswerProbe(SCORED, facts=len(looked))
    anywhere: set[int] = set()
    for key, text in parts:
        present = with_months(words(text))
        standing = [i for i, fact in enumerate(looked) if fact.stands_in(present)]
        if standing:
            out.parts[key] = out.parts.get(key, 0) + len(standing)
            anywhere.update(standing)
    out.found = len(anywhere)
    return out


__all__ = ["AnswerProbe", "Fact", "LONG_SHARE", "NOT_STATED", "NO_SHORT", "NO_SHORT_ANSWER", "SCORED",
           "SHORT_FACT", "VERDICT_WORDS", "beam_facts", "facts_of", "locomo_facts", "probe", "rubric_fact",
           "stated", "with_months", "words"]
