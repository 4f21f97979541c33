"""Record every LLM exchange, and answer from a recording with no network.

An *exchange* is a JSON-able dict::

    {"messages": [...], "params": {"temperature", "max_tokens", "json_mode", "stream"[, "schema"]},
     "response": {"text", "model", "prompt_tokens", "completion_tokens", "latency_ms", "raw",
                  "usage_source"},
     "error": null | {"kind", "status", "message"}[, "window": tokens, "token_ratio": r]}

``window`` and ``token_ratio`` are what the prompt was sized with (``core.llm.fit``), kept when the
model's context window was known: a replay sizes its prompts the same way, so they match.

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


def _params(temperature: float, max_tokens: int, json_mode: bool, stream: bool,
            schema: dict[str, Any] | None = None) -> dict[str, Any]:
    params = {"temperature": temperature, "max_tokens": max_tokens, "json_mode": json_mode, "stream": stream}
    if schema is not None:
        params["schema"] = schema
    return params


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

    # the inner provider's window (``core.llm.fit``), read and learned through the recorder
    @property
    def context_window(self) -> int | None:
        return getattr(self.inner, "context_window", None)

    @property
    def token_ratio(self) -> float:
        return float(getattr(self.inner, "token_ratio", 1.0) or 1.0)

    @token_ratio.setter
    def token_ratio(self, value: float) -> None:
        if hasattr(self.inner, "token_ratio"):
            self.inner.token_ratio = value

    def learn_window(self, tokens: int) -> None:
        if hasattr(self.inner, "learn_window"):
            self.inner.learn_window(tokens)

    def complete(
        self,
        messages: list[Message],
        *,
        temperature: float = 0.2,
        max_tokens: int = 1200,
        json_mode: bool = False,
        stream: bool = False,
        on_delta: DeltaCallback | None = None,
        schema: dict[str, Any] | None = None,
    ) -> LLMResponse:
        exchange: Exchange = {
            "messages": copy.deepcopy(check_messages(messages)),
            "params": _params(temperature, max_tokens, json_mode, stream, schema),
            "provider": getattr(self.inner, "name", "?"),
            "response": None,
            "error": None,
        }
        window = self.context_window
        if window:
            exchange.update(window=window, token_ratio=self.token_ratio)
        try:
            response = self.inner.complete(
                messages, temperature=temperature, max_tokens=max_tokens,
                json_mode=json_mode, stream=stream, on_delta=on_delta,
                **({"schema": schema} if schema is not None else {}))
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

    @property
    def context_window(self) -> int | None:
        """The window the next recorded exchange was sized with (``None``: it was not)."""
        return self._upcoming("window")

    @property
    def token_ratio(self) -> float:
        return float(self._upcoming("token_ratio") or 1.0)

    @token_ratio.setter
    def token_ratio(self, value: float) -> None:
        """Learned from a replayed refusal: the recording says what the next exchange used."""

    def learn_window(self, tokens: int) -> None:
        """As ``token_ratio``: the next exchange's recorded window is used."""

    def _upcoming(self, key: str) -> Any:
        if 0 <= self._next < len(self.exchanges):
            return self.exchanges[self._next].get(key)
        return None

    def complete(
        self,
        messages: list[Message],
        *,
        temperature: float = 0.2,
        max_tokens: int = 1200,
        json_mode: bool = False,
        stream: bool = False,
        on_delta: DeltaCallback | None = None,
        schema: dict[str, Any] | None = None,
    ) -> LLMResponse:
        check_messages(messages)
        params = _params(temperature, max_tokens, json_mode, stream, schema)
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
    for key in ("temperature", "max_tokens", "json_mode", "schema"):  # a recording without one: any
        if key in rec and rec[key] != params.get(key):
            return f"{key} is {params.get(key)!r}, recorded {rec[key]!r}"
    return ""
