"""Bridge triggers the offline writer gives a goal when none were supplied (SPEC 8: high and
medium goals get 1-2).

A bridge trigger names a *situation* in which the goal should come to mind, not the goal itself
(the similarity part of the score already covers the goal's own words). Offline, the situations
come from the lexicon: the first from the goal's own domain, the second from another domain the
statement touches (a college fund touches money and family, so a family situation bridges to it);
when the statement touches no other domain, the second trigger is the statement's key phrase.
Phrases in the statement's language are preferred.
"""
from __future__ import annotations

import re

from linghun.core.goals.features import SIGNAL_WORDS, tokens_of
from linghun.core.goals.lexicon import Lexicon
from linghun.core.goals.model import MAX_TRIGGERS
from linghun.core.text import is_cjk, tokenize

_GLUED = re.compile(r"^我们?(?:想要|想|要|打算|计划|准备|希望)?")


def _is_chinese(text: str) -> bool:
    return any(is_cjk(ch) for ch in text)


def _in_language(phrases: list[str], chinese: bool) -> list[str]:
    same = [p for p in phrases if _is_chinese(p) == chinese]
    return same or phrases


def key_phrase(statement: str, words: int = 3) -> str:
    """The last ``words`` content words of a statement (the object of an intention usually ends
    the sentence: "save for my daughter's college fund" -> "daughter college fund")."""
    # jieba sometimes glues the pronoun and the intention to the verb ("我想学"): cut them off
    cut = [_GLUED.sub("", w) for w in tokenize(statement)]
    picked = [w for w in cut if w and tokens_of(w) and tokens_of(w)[0] not in SIGNAL_WORDS]
    picked = picked[-words:]
    out = ""
    for w in picked:
        sep = "" if (out and _is_chinese(w) and _is_chinese(out[-1])) else " "
        out = f"{out}{sep}{w}" if out else w
    return out


def suggest_triggers(statement: str, domain: str, lexicon: Lexicon) -> list[str]:
    """1-2 bridge triggers for a goal (see the module docstring)."""
    chinese = _is_chinese(statement)
    out: list[str] = []
    own = _in_language(lexicon.situations(domain), chinese)
    if own:
        out.append(own[0])
    hits = lexicon.hits(statement)
    others = sorted((d for d in hits if d != domain), key=lambda d: -len(hits[d]))
    for other in others:
        phrases = [p for p in _in_language(lexicon.situations(other), chinese) if p not in out]
        if phrases:
            out.append(phrases[0])
            break
    if len(out) < MAX_TRIGGERS:
        phrase = key_phrase(statement)
        if len(tokens_of(phrase)) >= 2 and phrase not in out:
            out.append(phrase)
    return out[:MAX_TRIGGERS]
