"""Goal signals found in text (journal turns, warm entries, dialogue).

Offline (always available): each sentence is tested against the English and Chinese patterns of
``core.goals.patterns`` (value statements, abandonment, completion, change, progress,
intentions). A match becomes a signal with the sentence as its statement, a domain from the
lexicon (``belief`` for value statements), a priority guessed from intensity words ("really",
"dream", 一定 -> high; "maybe", "someday", 也许 -> low; value statements high) and 1-2 bridge
triggers for high and medium goals.

With an LLM: the model is asked for strict JSON, which is validated item by item (signal, a
non-empty statement, known domain and priority, at most two triggers). A reply that is not JSON,
not of the expected shape, or whose items are all invalid, and any provider error, falls back to
the offline extractor; the result says which path produced it (``by``: ``offline``, ``llm`` or
``fallback``) and why it fell back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from linghun.core.goals.features import token_set, topic_tokens
from linghun.core.goals.lexicon import BELIEF, GENERAL, Lexicon, builtin_lexicon
from linghun.core.goals.merge import Signal
from linghun.core.goals.model import MAX_TRIGGERS, PRIORITIES, SIGNALS, clean_text, clean_triggers
from linghun.core.goals.patterns import guess_priority, match_signal
from linghun.core.goals.triggers import suggest_triggers

MAX_STATEMENT_CHARS = 200
_SENTENCE_END = re.compile(r"(?<=[.!?;。！？；…])\s*|\n+")
_SPEAKER_LINE = re.compile(r"^\s*(?P<speaker>[^:：\n]{1,40}?)\s*[:：]\s*(?P<text>.+)$")
#: dialogue labels whose lines are the assistant's, not a person's goals
ASSISTANT_LABELS = frozenset({"助手", "assistant", "ai", "bot"})
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


@dataclass
class ExtractedSignal:
    """A goal signal found in text, with the pattern (or ``llm``) that found it."""

    signal: str
    speaker: str
    statement: str
    domain: str
    priority: str
    triggers: list[str]
    evidence: str
    ref: str | None = None

    def to_signal(self) -> Signal:
        return Signal(self.signal, self.statement, self.speaker, self.domain, self.priority,
                      list(self.triggers))

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Extraction:
    signals: list[ExtractedSignal] = field(default_factory=list)
    by: str = "offline"
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"by": self.by, "error": self.error, "signals": [s.to_dict() for s in self.signals]}


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text or "") if s and s.strip()]


def _statement(sentence: str) -> str:
    s = clean_text(sentence)
    return s if len(s) <= MAX_STATEMENT_CHARS else s[: MAX_STATEMENT_CHARS - 1] + "…"


def extract_offline(text: str, speaker: str = "user", *, lexicon: Lexicon | None = None,
                    ref: str | None = None) -> list[ExtractedSignal]:
    """Signals in ``text``, said by ``speaker`` (see the module docstring)."""
    lexicon = lexicon or builtin_lexicon()
    out: list[ExtractedSignal] = []
    for sentence in split_sentences(str(text or "").translate(_QUOTES)):
        pattern = match_signal(sentence)
        if pattern is None:
            continue
        statement = _statement(sentence)
        if not topic_tokens(statement) or (pattern.signal == "new" and len(token_set(statement)) < 2):
            continue  # "I did it!" names no goal
        domain = BELIEF if pattern.belief else lexicon.classify(statement)[0]
        priority = guess_priority(sentence, pattern.belief)
        triggers = suggest_triggers(statement, domain, lexicon) if priority != "low" else []
        out.append(ExtractedSignal(pattern.signal, speaker, statement, domain, priority, triggers,
                                   pattern.name, ref))
    return out


def extract_dialogue(text: str, *, lexicon: Lexicon | None = None, ref: str | None = None,
                     default_speaker: str = "user") -> list[ExtractedSignal]:
    """Signals in ``Speaker: text`` lines (assistant lines are skipped; other lines are said by
    ``default_speaker``)."""
    out: list[ExtractedSignal] = []
    for line in str(text or "").splitlines():
        m = _SPEAKER_LINE.match(line)
        speaker, said = (m.group("speaker"), m.group("text")) if m else (default_speaker, line)
        if speaker.strip().lower() in ASSISTANT_LABELS:
            continue
        out += extract_offline(said, "user" if speaker == "用户" else speaker, lexicon=lexicon, ref=ref)
    return out


# -- with an LLM --------------------------------------------------------------------------------
SYSTEM_PROMPT = """You extract goal signals from what a person said, for a long-term memory.
Answer with strict JSON only, of the form
{"signals": [{"signal": "new|progress|change|achieve|abandon", "speaker": "...",
  "statement": "one sentence in the speaker's words and language",
  "domain": "<one of: %s>", "priority": "high|medium|low",
  "triggers": ["1-2 short phrases naming situations that should bring this goal to mind"]}]}
Rules: a plan or intention is "new"; a step towards it "progress"; a changed goal "change";
done "achieve"; given up "abandon". Value statements (what the speaker believes in, refuses to
do, holds as a principle) are goals of the domain "belief" with priority "high". Triggers name
situations, not the goal itself (a college fund: "family trip spending"). Only high and medium
goals get triggers. When the text holds no goal, answer {"signals": []}."""


class LLMExtractor:
    """Goal extraction through an ``LLMProvider`` with validated JSON and offline fallback."""

    def __init__(self, provider, lexicon: Lexicon | None = None, *, temperature: float = 0.0,
                 max_tokens: int = 800):
        self.provider = provider
        self.lexicon = lexicon or builtin_lexicon()
        self.temperature = temperature
        self.max_tokens = max_tokens

    def messages(self, text: str, speaker: str) -> list[dict[str, str]]:
        domains = ", ".join(self.lexicon.names + [GENERAL])
        return [{"role": "system", "content": SYSTEM_PROMPT % domains},
                {"role": "user", "content": f"Speaker: {speaker}\nText:\n{text}"}]

    def extract(self, text: str, speaker: str = "user", *, ref: str | None = None) -> Extraction:
        from linghun.core.llm import LLMError, parse_json_object

        try:
            reply = self.provider.complete(self.messages(text, speaker), temperature=self.temperature,
                                           max_tokens=self.max_tokens, json_mode=True)
            signals = self.validate(parse_json_object(reply.text), speaker, ref)
        except LLMError as exc:
            return Extraction(extract_offline(text, speaker, lexicon=self.lexicon, ref=ref), "fallback", str(exc))
        except ValueError as exc:
            return Extraction(extract_offline(text, speaker, lexicon=self.lexicon, ref=ref), "fallback",
                              f"the model's JSON was not usable: {exc}")
        return Extraction(signals, "llm")

    def validate(self, data: dict[str, Any], speaker: str, ref: str | None) -> list[ExtractedSignal]:
        """The valid signals of a reply; ``ValueError`` when the reply is unusable as a whole."""
        items = data.get("signals")
        if not isinstance(items, list):
            raise ValueError('no "signals" list')
        out: list[ExtractedSignal] = []
        problems: list[str] = []
        for i, item in enumerate(items):
            try:
                out.append(self._item(item, speaker, ref))
            except ValueError as exc:
                problems.append(f"item {i}: {exc}")
        if items and not out:
            raise ValueError("; ".join(problems))
        return out

    def _item(self, item: Any, speaker: str, ref: str | None) -> ExtractedSignal:
        if not isinstance(item, dict):
            raise ValueError("not an object")
        signal = str(item.get("signal", "")).strip().lower()
        if signal not in SIGNALS:
            raise ValueError(f"unknown signal {item.get('signal')!r}")
        statement = _statement(item.get("statement") if isinstance(item.get("statement"), str) else "")
        if not statement:
            raise ValueError("empty statement")
        domain = str(item.get("domain") or "").strip().lower()
        if domain not in self.lexicon.domains and domain != GENERAL:
            domain = self.lexicon.classify(statement)[0]
        priority = str(item.get("priority") or "").strip().lower()
        if priority not in PRIORITIES:
            priority = guess_priority(statement, domain == BELIEF)
        raw_triggers = item.get("triggers")
        triggers = clean_triggers([t for t in raw_triggers if isinstance(t, str)]
                                  if isinstance(raw_triggers, list) else [])[:MAX_TRIGGERS]
        who = clean_text(item.get("speaker")) if isinstance(item.get("speaker"), str) else ""
        return ExtractedSignal(signal, who or speaker, statement, domain, priority, triggers, "llm", ref)


def extract(text: str, speaker: str = "user", *, provider=None, lexicon: Lexicon | None = None,
            ref: str | None = None) -> Extraction:
    """With a provider: the LLM path (falling back offline); without: the offline extractor."""
    if provider is not None:
        return LLMExtractor(provider, lexicon).extract(text, speaker, ref=ref)
    return Extraction(extract_offline(text, speaker, lexicon=lexicon, ref=ref), "offline")
