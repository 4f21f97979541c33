"""Prompts sized to the model's context window.

A local model's window is a few thousand tokens, and a prompt longer than it is refused (or, on
some servers, silently cut at the front: the instructions lost). So, when the provider knows its
window (``context_window``), each prompt is sized to it before it is sent:

- the answer keeps ``max_tokens`` when everything fits; otherwise it gets a third of the window
  (at most ``max_tokens``, at least ``MIN_ANSWER``);
- the candidates, the list after the prompt's last candidate heading (``CANDIDATE_HEADINGS``), are
  kept in the order the role gave them (their rank) while they fit; the rest are cut, and the prompt
  says how many (``CUT_NOTE``), and so does the trace (``Fit.reason``);
- when the instructions and the question alone leave no room for ``MIN_ANSWER`` tokens,
  ``LLMError(kind="context")`` says so with the figures: no request is sent.

Tokens are estimated without the model's tokenizer (``estimate_tokens``: words of Latin letters a
token per four letters, every other character a token: CJK, digits, punctuation, newlines), times
the provider's ``token_ratio``. When a server refuses a prompt as too long and says its figures,
``complete_fitted`` learns the window and the ratio from them and sends the prompt once more, cut
to the learned size. A replay sizes its prompts as the recorded round did: the recording keeps the
window and ratio of each exchange.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from linghun.core.llm.base import LLMError, LLMResponse, Message

#: the least an answer is given before a prompt is refused as too long for the window
MIN_ANSWER = 64
#: tokens a chat template adds around each message, and around the whole prompt
MESSAGE_OVERHEAD = 8
PROMPT_OVERHEAD = 16
#: the headings under which the roles list their candidates, strongest first (editor and advocate:
#: 候选条目, archivist: 时序素材, the evaluation's answerer: ``MEMORY_HEADING``)
MEMORY_HEADING = "Memories:\n"
CANDIDATE_HEADINGS = ("候选条目：\n", "时序素材：\n", MEMORY_HEADING)
#: how the candidates are separated: the retriever's joiner (``retriever.HIT_JOINER``), a blank
#: line, a line
JOINERS = ("\n\n---\n\n", "\n\n", "\n")
#: the retriever's mark of material it already cut (``retriever.TRUNCATED``)
CUT_MARK = "\n…(截断)…"
CUT_NOTE = "\n…（另有 {n} 条候选超出模型的上下文窗口 {window} tokens，按排名截去）"

_PIECES = re.compile(r"[A-Za-z]+|\n|[^\sA-Za-z]")
_FIGURES = (re.compile(r"prompt (\d+) tokens"), re.compile(r"context window (\d+) tokens"))


def text_tokens(text: str) -> int:
    """Tokens ``text`` is estimated to take (see the module docstring)."""
    return sum(-(-len(p) // 4) if p[0].isascii() and p[0].isalpha() else 1 for p in _PIECES.findall(text))


def estimate_tokens(messages: list[Message] | str, ratio: float = 1.0) -> int:
    """Tokens a prompt is estimated to take, chat template included."""
    if isinstance(messages, str):
        return math.ceil(text_tokens(messages) * ratio)
    return PROMPT_OVERHEAD + sum(math.ceil(text_tokens(str(m.get("content") or "")) * ratio) + MESSAGE_OVERHEAD
                                 for m in messages)


@dataclass
class Fit:
    """A prompt sized to a window.

    Attributes:
        messages: what is sent.
        max_tokens: the room left for the answer.
        window: the context window (``None``: unknown, nothing was sized).
        prompt_tokens: the estimate for ``messages``.
        kept, total: candidates kept and offered (``None`` when the prompt lists none).
        changed: whether anything was cut or the answer limited.
        reason: one line for the trace.
    """

    messages: list[Message]
    max_tokens: int
    window: int | None
    prompt_tokens: int
    kept: int | None = None
    total: int | None = None
    changed: bool = False
    reason: str = ""

    @property
    def choice(self) -> str:
        if self.kept is not None and self.total is not None and self.kept < self.total:
            return f"{self.kept} of {self.total} candidates"
        return f"answer within {self.max_tokens} tokens"


def fit_prompt(messages: list[Message], window: int | None, max_tokens: int, *, ratio: float = 1.0,
               role: str = "the LLM") -> Fit:
    """``messages`` sized to ``window`` tokens (module docstring); ``LLMError(kind="context")``
    when not even the instructions and the question fit."""
    full = estimate_tokens(messages, ratio)
    if not window:
        return Fit(messages, max_tokens, None, full)
    margin = max(16, window // 32)
    if full + max_tokens + margin <= window:
        return Fit(messages, max_tokens, window, full)
    least = min(max_tokens, MIN_ANSWER)
    answer = min(max_tokens, max(least, window // 3))
    if full + answer + margin <= window:
        room = min(max_tokens, window - margin - full)
        return Fit(messages, room, window, full, changed=True,
                   reason=f"context window {window} tokens: the prompt takes ≈{full}, the answer gets {room} "
                          f"of the {max_tokens} asked for")
    split = _split(messages[-1]["content"]) if messages and messages[-1].get("role") == "user" else None
    head_messages = messages if split is None else _with_last(messages, split[0] + split[1].format(n=0, window=window))
    head = estimate_tokens(head_messages, ratio)
    if head + least + margin > window:
        raise LLMError(
            f"{role}'s prompt does not fit the model's context window: {window} tokens, of which the "
            f"instructions and the question alone take ≈{head} and the answer needs {least} at least "
            "(choose a model with a larger window, or give its size as llm.contextWindow)", kind="context")
    answer = min(answer, window - margin - head)
    if split is None:
        return Fit(messages, answer, window, full, changed=True,
                   reason=f"context window {window} tokens: the prompt takes ≈{full}, the answer gets {answer}")
    prefix, _note, items, joiner = split
    room = window - margin - answer - head
    kept: list[str] = []
    for item in items:
        cost = estimate_tokens(item + joiner, ratio)
        if cost > room:
            if not kept and room > 32:  # the strongest candidate is kept, cut, rather than none
                kept.append(_cut_to(item, room - 4, ratio) + "…")
            break
        kept.append(item)
        room -= cost
    dropped = len(items) - len(kept)
    note = CUT_NOTE.format(n=dropped, window=window) if dropped else ""
    fitted = _with_last(messages, prefix + joiner.join(kept) + note)
    prompt = estimate_tokens(fitted, ratio)
    answer = max(least, min(max_tokens, window - margin - prompt))
    return Fit(fitted, answer, window, prompt, len(kept), len(items), True,
               f"context window {window} tokens: {len(kept)} of {len(items)} candidates kept by rank "
               f"(prompt ≈{prompt} tokens), the answer gets {answer} of the {max_tokens} asked for")


def complete_fitted(provider: Any, messages: list[Message], *, max_tokens: int,
                    on_fit: Callable[[Fit], None] | None = None, role: str = "the LLM",
                    **params: Any) -> LLMResponse:
    """``provider.complete`` with the prompt sized to the provider's window; a prompt the server
    refuses as too long, with its figures, is sized to them and sent once more."""
    ratio = float(getattr(provider, "token_ratio", 1.0) or 1.0)
    fit = fit_prompt(messages, getattr(provider, "context_window", None), max_tokens, ratio=ratio, role=role)
    if fit.changed and on_fit is not None:
        on_fit(fit)
    try:
        return provider.complete(fit.messages, max_tokens=fit.max_tokens, **params)
    except LLMError as exc:
        if exc.kind != "context":
            raise
        prompt, window = (_figure(pattern, str(exc)) for pattern in _FIGURES)
        window = window or fit.window
        if not window:
            raise
        if prompt and fit.prompt_tokens:
            # the server counted more than the estimate: scale up every later estimate too
            ratio = max(ratio * 1.1, ratio * prompt / fit.prompt_tokens * 1.05)
        else:
            ratio *= 1.5
        if hasattr(provider, "learn_window"):
            provider.learn_window(window)
        if hasattr(provider, "token_ratio"):
            provider.token_ratio = round(ratio, 3)
        fit = fit_prompt(messages, window, max_tokens, ratio=ratio, role=role)
        fit.changed = True
        fit.reason = f"the server refused ≈{prompt or '?'} prompt tokens; " + (fit.reason or
                                                                              f"context window {window} tokens")
        if on_fit is not None:
            on_fit(fit)
        return provider.complete(fit.messages, max_tokens=fit.max_tokens, **params)


def _split(content: str) -> tuple[str, str, list[str], str] | None:
    """``(prefix, note template, items, joiner)`` of a prompt listing candidates, or ``None``."""
    found = max(((content.rfind(h), h) for h in CANDIDATE_HEADINGS), default=(-1, ""))
    if found[0] < 0:
        return None
    start = found[0] + len(found[1])
    listing = content[start:]
    if listing.endswith(CUT_MARK):
        listing = listing[:-len(CUT_MARK)]
    joiner = next((j for j in JOINERS if j in listing), "\n")
    items = [item for item in listing.split(joiner) if item.strip()]
    if not items:
        return None
    return content[:start], CUT_NOTE, items, joiner


def _with_last(messages: list[Message], content: str) -> list[Message]:
    return messages[:-1] + [{**messages[-1], "content": content}]


def _cut_to(text: str, budget: int, ratio: float) -> str:
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if estimate_tokens(text[:mid], ratio) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]


def _figure(pattern: re.Pattern[str], text: str) -> int | None:
    found = pattern.search(text)
    return int(found.group(1)) if found else None


__all__ = ["CUT_NOTE", "Fit", "MEMORY_HEADING", "MIN_ANSWER", "complete_fitted", "estimate_tokens", "fit_prompt", "text_tokens"]
