"""The tokens the goal system compares: ``core.text.tokenize`` (jieba words for Chinese, Latin
words with the English stop list dropped) with English words stemmed, so ``saving`` and ``save``
are one token. Every score of the goal system (similarity, bridge hits, same-topic merging,
domain hits) is computed on these tokens, which keeps the explanation shown to users consistent.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from linghun.core.text import stem, tokenize

#: intention / progress / outcome words and time words: they say *how* or *when* a goal moves, not
#: *what* it is about, so they are ignored when deciding whether two statements are on the same
#: topic (stemmed forms)
SIGNAL_WORDS: frozenset[str] = frozenset(
    stem("""want wanted wants plan plans planning planned hope hoping goal goals aim aiming intend
    intending try trying tried start started starting begin began finish finished finally
    complete completed achieve achieved reach reached give gave given quit stop stopped decide
    decided going go keep kept work working dream dreaming really definitely someday soon
    manage managed able progress abandon abandoned done make made still already train training
    practice practicing practise learn learning study studying next last this year years month
    months week weeks today tomorrow spring summer autumn fall winter""".split())
) | frozenset("""想 想要 打算 计划 希望 目标 完成 放弃 开始 终于 决定 准备 已经 继续 一直 梦想 实现 做到 达成
    进展 正在 不再 算了 争取 努力 坚持 今年 明年 学 学习 练 练习 一半 每个 月 每月 一年 下个月""".split())


def normalise(text: str) -> str:
    """NFKC and lowercase, as the tokenizer sees text (Chinese substring matching uses it)."""
    return unicodedata.normalize("NFKC", text or "").lower()


@lru_cache(maxsize=16384)
def tokens_of(text: str) -> tuple[str, ...]:
    """Stemmed content tokens of ``text`` in order (cached: statements and triggers repeat)."""
    return tuple(stem(tokenize(text or "")))


def token_set(text: str) -> frozenset[str]:
    return frozenset(tokens_of(text))


def topic_tokens(text: str) -> frozenset[str]:
    """Tokens that say what a statement is about (signal words removed)."""
    return frozenset(t for t in tokens_of(text) if t not in SIGNAL_WORDS)


@dataclass(frozen=True)
class TextFeatures:
    """A text prepared once for matching against many goals."""

    text: str
    normalised: str
    tokens: frozenset[str]

    @classmethod
    def of(cls, text: str) -> "TextFeatures":
        return cls(text, normalise(text), token_set(text))


def cosine(a: frozenset[str], b: frozenset[str]) -> float:
    """Binary cosine of two token sets: ``|a ∩ b| / sqrt(|a| |b|)`` (0 when either is empty)."""
    if not a or not b:
        return 0.0
    shared = len(a & b)
    return shared / (len(a) * len(b)) ** 0.5 if shared else 0.0
