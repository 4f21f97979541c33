"""Test a connection: one request for one token, with the configured timeout.

Settings' *Test connection* runs ``probe`` on a worker thread (it builds the ``openai`` client, which
loads the TLS context, and waits for the network). The answer says what a person needs: it worked,
which model answered and how fast, which server it is and the models it lists and its context
window where it says them (``core.llm.local``), or what went wrong, with the API key scrubbed
from the message (a proxy may echo it back in an error).
"""
from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

from linghun.core.errors import LinghunError
from linghun.core.llm.base import LLMError
from linghun.core.llm.settings import LLMSettings
from linghun.core.redact import scrub

#: what the probe asks: the cheapest request an endpoint must answer
PROBE_MESSAGES = [{"role": "user", "content": "ping"}]

#: a one-token answer slower than this is reported as slow: a local server answers it in tens of
#: milliseconds (30 ms here idle, 70 ms with the two cores saturated), so 2 s means a busy server,
#: a model still loading or a long way to the endpoint, which every round will feel
SLOW_MS = 2000.0


@dataclass
class ProbeResult:
    """``ok`` with the ``model`` that answered and the ``latency_ms``, or ``error`` (scrubbed)."""

    ok: bool
    endpoint: str = ""
    model: str = ""
    latency_ms: float = 0.0
    error: str = ""
    server: str = ""
    models: list[str] = field(default_factory=list)
    context_window: int | None = None

    @property
    def slow(self) -> bool:
        """It answered, but slower than ``SLOW_MS``."""
        return self.ok and self.latency_ms > SLOW_MS

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "slow": self.slow}

    def describe(self) -> str:
        """One line: the model, how fast, the endpoint; then the server and its window when known."""
        if not self.ok:
            return f"failed: {self.error}"
        extra = ", ".join(filter(None, (self.server, f"context window {self.context_window} tokens"
                                        if self.context_window else "")))
        return (f"ok{', slow' if self.slow else ''}: {self.model} answered in {self.latency_ms:.0f} ms ({self.endpoint})"
                + (f" · {extra}" if extra else ""))


def probe(settings: LLMSettings, env: Mapping[str, str] | None = None) -> ProbeResult:
    """Send one 1-token request with ``settings`` (their timeout, no retry: one honest attempt)."""
    from linghun.core.llm.openai_provider import OpenAIProvider

    env = os.environ if env is None else env
    try:
        resolved = settings.resolve(env)
    except LinghunError as exc:
        return ProbeResult(False, error=scrub(str(exc), settings.api_key))
    if resolved is None:
        why = ("the language model is turned off" if not settings.enabled else
               "no API key: type one in Settings, or set DEEPSEEK_API_KEY / OPENAI_API_KEY")
        return ProbeResult(False, settings.base_url or "", error=why)
    started = time.perf_counter()
    try:
        with OpenAIProvider(base_url=resolved.base_url, model=resolved.model, api_key=resolved.api_key,
                            timeout=settings.timeout, max_retries=0, local=resolved.local,
                            server=resolved.server, context_window=settings.context_window) as provider:
            reply = provider.complete(PROBE_MESSAGES, temperature=0.0, max_tokens=1)
            info = provider.server_info()
            window = provider.context_window
    except LLMError as exc:
        return ProbeResult(False, resolved.base_url, resolved.model,
                           round((time.perf_counter() - started) * 1000.0, 1), scrub(str(exc), resolved.api_key))
    return ProbeResult(True, resolved.base_url, reply.model or resolved.model, reply.latency_ms,
                       server=info.server, models=list(info.models), context_window=window)


__all__ = ["ProbeResult", "SLOW_MS", "probe"]
