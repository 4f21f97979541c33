"""Record every LLM exchange, and answer from a recording with no network.

An *exchange* is a JSON-able dict::

    {"messages": [...], "params": {"temperature", "max_tokens", "json_mode", "stream"},
     "response": {"text", "model", "prompt_tokens", "completion_tokens", "latency_ms", "raw"},
     "error": null | {"kind", "status", "message"}}

``RecordingProvider`` wraps a real provider and hands each exchange to a sink (a list or a
callable); a failed call is recorded too, with its error, and re-raised. ``ReplayProvider``
answers recorded exchanges in order: the same messages and parameters get the same response
(or the same error); anything else is ``LLMError(kind="replay_mismatch")``.
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Iterable

from linghun.core.llm.base import DeltaCallback, LLMError, LLMProvider, LLMResponse, Message, check_messages

Exchange = dict[str, Any]


def _params(temperature: float, max_tokens: int, json_mode: bool, stream: bool) -> dict[str, Any]:
    return {"temperature": temperature, "max_tokens": max_tokens, "json_mode": json_mode, "stream": stream}


class RecordingProvider:
    """Passes calls to ``inner`` and gives each exchange to ``sink``.

    Attributes:
        exchanges: every exchange recorded by this wrapper, in order.
    """

    name = "recording"

    def __init__(self, inner: LLMProvider, sink: list[Exchange] | Callable[[Exchange], None] | None = None):
        self.inner = inner
        self.model = inner.model
        self.exchanges: list[Exchange] = []
        self._sink = sink

    def complete(
        self,
        messages: list[Message],
        *,
        temperature: float = 0.2,
        max_tokens: int = 1200,
        json_mode: bool = False,
        stream: bool = False,
        on_delta: DeltaCallback | None = None,
    ) -> LLMResponse:
        exchange: Exchange = {
            "messages": copy.deepcopy(check_messages(messages)),
            "params": _params(temperature, max_tokens, json_mode, stream),
            "provider": getattr(self.inner, "name", "?"),
            "response": None,
            "error": None,
        }
        try:
            response = self.inner.complete(
                messages, temperature=temperature, max_tokens=max_tokens,
                json_mode=json_mode, stream=stream, on_delta=on_delta)
        except LLMError as exc:
            exchange["error"] = {"kind": exc.kind, "status": exc.status, "message": str(exc)}
            self._keep(exchange)
            raise
        exchange["response"] = response.to_dict()
        self._keep(exchange)
        return response

    def _keep(self, exchange: Exchange) -> None:
        self.exchanges.append(exchange)
        if self._sink is None:
            return
        if callable(self._sink):
            self._sink(exchange)
        else:
            self._sink.append(exchange)


class ReplayProvider:
    """Answers from recorded exchanges, in order, with no network.

    With ``strict=False`` a call is matched against any unused exchange with the same messages
    and parameters (a re-run whose settings changed the order of calls); a call with no
    recorded twin is still an error: a replay never invents an answer.

    With ``ignore_prompts=True`` the recorded answers are given in order whatever was asked (a
    "tape" for a new round on a changed home); each difference is noted in ``mismatches``.
    """

    name = "replay"

    def __init__(self, exchanges: Iterable[Exchange], *, strict: bool = True, model: str | None = None,
                 ignore_prompts: bool = False):
        self.exchanges = [e for e in exchanges if isinstance(e, dict) and "messages" in e]
        self.strict = strict
        self.ignore_prompts = ignore_prompts
        self.mismatches: list[str] = []
        self._used = [False] * len(self.exchanges)
        self._next = 0
        first = next((e["response"] for e in self.exchanges if e.get("response")), None)
        self.model = model or (first or {}).get("model", "replay")

    @property
    def remaining(self) -> int:
        return self._used.count(False)

    def complete(
        self,
        messages: list[Message],
        *,
        temperature: float = 0.2,
        max_tokens: int = 1200,
        json_mode: bool = False,
        stream: bool = False,
        on_delta: DeltaCallback | None = None,
    ) -> LLMResponse:
        check_messages(messages)
        params = _params(temperature, max_tokens, json_mode, stream)
        index = self._find(messages, params)
        self._used[index] = True
        self._next = index + 1
        exchange = self.exchanges[index]
        if exchange.get("error"):
            err = exchange["error"]
            raise LLMError(f"(replayed) {err.get('message', '')}", kind=err.get("kind", "http"), status=err.get("status"))
        response = LLMResponse.from_dict(exchange.get("response") or {})
        if stream and on_delta is not None and response.text:
            on_delta(response.text)
        return response

    def _find(self, messages: list[Message], params: dict[str, Any]) -> int:
        if self.ignore_prompts:
            if self._next >= len(self.exchanges):
                raise LLMError(
                    f"replay has no exchange left (recorded {len(self.exchanges)})", kind="replay_exhausted")
            why = _difference(self.exchanges[self._next], messages, params)
            if why:
                self.mismatches.append(f"exchange {self._next + 1}: {why}")
            return self._next
        if self.strict:
            if self._next >= len(self.exchanges):
                raise LLMError(
                    f"replay has no exchange left (recorded {len(self.exchanges)})", kind="replay_exhausted")
            recorded = self.exchanges[self._next]
            why = _difference(recorded, messages, params)
            if why:
                raise LLMError(f"replay mismatch at exchange {self._next + 1}: {why}", kind="replay_mismatch")
            return self._next
        for i, recorded in enumerate(self.exchanges):
            if not self._used[i] and not _difference(recorded, messages, params):
                return i
        raise LLMError("replay has no recorded exchange with these messages and parameters", kind="replay_mismatch")


def _difference(recorded: Exchange, messages: list[Message], params: dict[str, Any]) -> str:
    """Why a call does not match a recorded exchange ('' when it does). ``stream`` is ignored:
    streaming changes how a reply arrives, not what it says."""
    want = recorded.get("messages") or []
    if len(want) != len(messages):
        return f"{len(messages)} messages, recorded {len(want)}"
    for i, (a, b) in enumerate(zip(want, messages)):
        if a.get("role") != b.get("role") or a.get("content") != b.get("content"):
            return f"message {i + 1} ({b.get('role')}) differs from the recording"
    rec = recorded.get("params") or {}
    for key in ("temperature", "max_tokens", "json_mode"):
        if key in rec and rec[key] != params[key]:
            return f"{key} is {params[key]!r}, recorded {rec[key]!r}"
    return ""
