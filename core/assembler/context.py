"""What every role of a round sees: the home, the settings, the LLM, the trace, the clock.

``RoundInputs`` are the facts a round reads besides the memory itself (the previous bundle, the
cycle ledger and the archivist's cache as they were, and the clock). They are stored in the
trace header so a replay sees exactly what the original round saw.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.trace import Span, Trace, clip
from linghun.core.home import MemoryHome
from linghun.core.llm import LLMError, LLMProvider, LLMResponse, RecordingProvider
from linghun.core.llm.base import usage_source
from linghun.core.llm.fit import complete_fitted
from linghun.core.memory import Memory


class RoundCancelled(Exception):
    """The caller asked the round to stop: raised between roles, or inside a streamed reply."""


@dataclass
class RoundInputs:
    """The non-memory inputs of a round, as recorded in its trace."""

    now: datetime
    previous_bundle: str = ""
    cycle_before: Any = None
    timelines_before: Any = None

    def to_dict(self) -> dict[str, Any]:
        return {"now": self.now.isoformat(), "previous_bundle": self.previous_bundle,
                "cycle_before": self.cycle_before, "timelines_before": self.timelines_before}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RoundInputs":
        return cls(now=datetime.fromisoformat(data["now"]), previous_bundle=data.get("previous_bundle") or "",
                   cycle_before=data.get("cycle_before"), timelines_before=data.get("timelines_before"))


@dataclass
class RoundContext:
    """The shared state of one round; roles read it and leave their results in ``state``."""

    home: MemoryHome
    memory: Memory
    config: AssemblerConfig
    provider: LLMProvider | None
    trace: Trace
    query: str
    session: str
    inputs: RoundInputs
    dry_run: bool = False
    state: dict[str, Any] = field(default_factory=dict)
    _recorder: RecordingProvider | None = None

    def __post_init__(self) -> None:
        if self.provider is not None:
            self._recorder = RecordingProvider(self.provider)

    @property
    def now(self) -> datetime:
        return self.inputs.now

    @property
    def offline(self) -> bool:
        return self.provider is None

    @property
    def model(self) -> str:
        return getattr(self.provider, "model", None) or "offline"

    @property
    def llm_failures(self) -> list[tuple[str, str]]:
        """``(role, message)`` of each LLM call of this round that failed, in order."""
        return self.state.setdefault("llm_failures", [])

    def llm(self, span: Span, messages: list[dict[str, Any]], *, temperature: float, max_tokens: int,
            json_mode: bool = False, stream: bool = False, schema: dict[str, Any] | None = None) -> LLMResponse:
        """One LLM call of ``span``'s role: streamed text goes to the bus, the exchange to the trace.
        The prompt is sized to the model's context window (``core.llm.fit``; the cut is a ``fit``
        decision of the span); ``schema``: the JSON schema of the reply, where the server takes one.

        Once a call found the endpoint unreachable (no connection, a timeout, an overloaded or
        failing server after the client's own retries), the later roles of the same round are not
        sent: each would wait the whole timeout again. Our choice (the seeds only say each role
        degrades): they raise at once, with the first failure as their reason.
        """
        if self._recorder is None:
            raise LLMError("no LLM provider (offline)", kind="invalid")
        down = self.state.get("llm_down")
        if down is not None:
            message = f"not sent: the LLM was unavailable earlier in this round ({down})"
            self.llm_failures.append((span.role, message))
            raise LLMError(message, kind=down.kind, status=down.status)
        cancel = self.state.get("cancel")

        def on_delta(piece: str) -> None:
            # a streamed reply is stopped at its next piece: leaving the stream closes the
            # connection, so the server stops writing (a reply not streamed ends first)
            if cancel is not None and cancel.is_set():
                raise RoundCancelled(f"cancelled while the {span.role} was writing: its request was stopped")
            self.trace.delta(span.role, piece)

        before = len(self._recorder.exchanges)
        try:
            return complete_fitted(self._recorder, messages, max_tokens=max_tokens, role=f"the {span.role}",
                                   on_fit=lambda fit: span.decide("fit", fit.choice, fit.reason),
                                   temperature=temperature, json_mode=json_mode, stream=stream,
                                   on_delta=on_delta if stream else None,
                                   **({"schema": schema} if schema is not None else {}))
        except LLMError as exc:
            self.llm_failures.append((span.role, str(exc)))
            if is_outage(exc):
                self.state["llm_down"] = exc
            raise
        finally:
            # the recorder keeps failed calls too: both reach the trace (and a replay)
            for exchange in self._recorder.exchanges[before:]:
                span.llm.append(_summary(self.trace.add_exchange(span.role, exchange)))


def is_outage(exc: LLMError) -> bool:
    """True when the endpoint itself is unavailable (asking again now would fail the same way),
    not when one answer was unusable (empty, bad JSON)."""
    if exc.kind in ("connection", "timeout"):
        return True
    return exc.kind == "http" and (exc.status is None or exc.status >= 500 or exc.status in (401, 403, 404, 429))


def _summary(record: dict[str, Any]) -> dict[str, Any]:
    response = record.get("response") or {}
    return {
        "index": record["index"],
        "provider": record.get("provider"),
        "params": record.get("params"),
        "prompt": [{"role": m["role"], "content": clip(m["content"])} for m in record.get("messages", [])],
        "response": clip(response.get("text")) if response else None,
        "model": response.get("model"),
        "prompt_tokens": response.get("prompt_tokens"),
        "completion_tokens": response.get("completion_tokens"),
        "usage_source": usage_source(response) if response else None,
        "latency_ms": response.get("latency_ms"),
        "error": record.get("error"),
    }
