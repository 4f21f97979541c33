"""Debounce (SPEC 11.2): a round is skipped when the last assembly *of the same session* was
less than ``debounceMs`` ago. Upstream kept one timer per process, so two conversations starved
each other; here each session has its own.
"""
from __future__ import annotations

import threading
from datetime import datetime

from linghun.core.assembler.context import RoundContext
from linghun.core.assembler.trace import Span


class Debouncer:
    """Last assembly time per (home, session), thread-safe."""

    def __init__(self) -> None:
        self._last: dict[tuple[str, str], datetime] = {}
        self._lock = threading.Lock()

    def since_ms(self, key: tuple[str, str], now: datetime) -> float | None:
        with self._lock:
            last = self._last.get(key)
        return None if last is None else (now - last).total_seconds() * 1000.0

    def mark(self, key: tuple[str, str], now: datetime) -> None:
        with self._lock:
            self._last[key] = now

    def forget(self, key: tuple[str, str] | None = None) -> None:
        with self._lock:
            if key is None:
                self._last.clear()
            else:
                self._last.pop(key, None)


#: the process-wide debouncer (keyed by home and session, never by process alone)
DEBOUNCER = Debouncer()


def run(ctx: RoundContext, span: Span, debouncer: Debouncer) -> bool:
    """``True`` when the round goes on; marks the session's assembly time when it does."""
    window = ctx.config.get("debounceMs")
    key = (str(ctx.home.root), ctx.session)
    since = debouncer.since_ms(key, ctx.now)
    span.inputs = {"session": ctx.session, "debounceMs": window,
                   "since_last_ms": None if since is None else round(since, 1)}
    if window > 0 and since is not None and 0 <= since < window:
        span.decide("assemble", False, f"last assembly of session {ctx.session!r} was {since:.0f} ms ago "
                                       f"(< debounceMs {window})")
        span.status = "skipped"
        return False
    reason = "first round of this session" if since is None else f"{since:.0f} ms since the last assembly"
    span.decide("assemble", True, reason)
    debouncer.mark(key, ctx.now)
    return True
