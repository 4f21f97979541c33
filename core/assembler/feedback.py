"""Feedback (SPEC 11.1): did the previous bundle serve this question?

The significant tokens of the new query (SPEC 13) are looked up as substrings of the previous
bundle: ``overlap = matched / total``; a hit when ``matched > 0`` and ``overlap >= 0.25``; the
signal is recorded (by the scribe, in ``cycle.json``) only when ``overlap > 0``.
"""
from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass

from linghun.core.assembler.context import RoundContext
from linghun.core.assembler.trace import Span
from linghun.core.text import significant_tokens

HIT_OVERLAP = 0.25


@dataclass
class FeedbackResult:
    tokens: list[str]
    matched: list[str]
    overlap: float
    hit: bool
    recorded: bool

    def to_dict(self) -> dict:
        return asdict(self)


def measure(query: str, previous_bundle: str) -> FeedbackResult:
    """The feedback signal of ``query`` against ``previous_bundle`` (pure function)."""
    tokens = significant_tokens(query)
    haystack = unicodedata.normalize("NFKC", previous_bundle or "").lower()
    matched = [t for t in tokens if haystack and t in haystack]
    overlap = len(matched) / len(tokens) if tokens else 0.0
    return FeedbackResult(tokens, matched, round(overlap, 4),
                          hit=bool(matched) and overlap >= HIT_OVERLAP, recorded=overlap > 0)


def run(ctx: RoundContext, span: Span) -> FeedbackResult | None:
    if not ctx.config.get("team.feedback.enabled"):
        span.skip("team.feedback.enabled is false")
        return None
    previous = ctx.inputs.previous_bundle
    span.inputs = {"query": ctx.query, "previous_bundle": previous}
    if not previous.strip():
        span.skip("no previous bundle to judge")
        return None
    result = measure(ctx.query, previous)
    span.outputs = result.to_dict()
    if not result.recorded:
        span.decide("record", False, "no significant token of the query is in the previous bundle")
    else:
        span.decide("hit", result.hit,
                    f"{len(result.matched)}/{len(result.tokens)} significant tokens in the previous bundle "
                    f"(overlap {result.overlap:.2f} {'>=' if result.overlap >= HIT_OVERLAP else '<'} {HIT_OVERLAP})")
    return result
