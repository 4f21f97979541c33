"""A provider for any OpenAI-compatible chat endpoint (DeepSeek, OpenAI, vLLM, Ollama...).

Built on the ``openai`` client: its own retry loop (``max_retries``, exponential back-off on
408/409/429/5xx and connection errors) and timeout are used as they are. Every client error
becomes an ``LLMError`` whose message names the endpoint and what went wrong.

``openai`` is imported when a provider is built, not when this module is: importing it costs about
a second (pydantic, httpx), which the workbench's start and every offline command would pay for
nothing. Providers are built on worker threads (``workbench.llm_setup``).
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import openai

from linghun.core.llm.base import DeltaCallback, LLMError, LLMResponse, Message, check_messages
from linghun.core.redact import remember


class OpenAIProvider:
    """Chat completions through the ``openai`` client.

    Attributes:
        name: ``"openai"`` (the protocol spoken, whatever the vendor).
        model: the model asked for.
        base_url: the endpoint, e.g. ``https://api.deepseek.com``.
    """

    name = "openai"

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str,
        timeout: float = 60.0,
        max_retries: int = 2,
        stream_usage: bool = True,
    ):
        if not api_key:
            raise LLMError("an API key is needed for an OpenAI-compatible endpoint", kind="invalid")
        if not model:
            raise LLMError("a model name is needed for an OpenAI-compatible endpoint", kind="invalid")
        remember(api_key)
        self.base_url = base_url
        self.model = model
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        #: ask for token usage in streamed replies (``stream_options``); a few servers reject it
        self.stream_usage = stream_usage
        import openai

        self._client = openai.OpenAI(
            base_url=base_url, api_key=api_key, timeout=self.timeout, max_retries=self.max_retries
        )

    @property
    def client(self) -> "openai.OpenAI":
        """The configured ``openai`` client (an agent loop calls it with its own messages and tools)."""
        return self._client

    def close(self) -> None:
        """Close the HTTP connections (a provider built for one task is closed by it)."""
        self._client.close()

    def __enter__(self) -> "OpenAIProvider":
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def __repr__(self) -> str:  # never shows the key
        return f"OpenAIProvider(base_url={self.base_url!r}, model={self.model!r})"

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
        import openai

        check_messages(messages)
        params: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": temperature,
            "max_tokens": max_tokens,
        }
        if json_mode:
            params["response_format"] = {"type": "json_object"}
        started = time.perf_counter()
        try:
            if stream:
                text, model, usage, raw = self._streamed_with_usage(params, on_delta)
            else:
                text, model, usage, raw = self._plain(params)
        except openai.APITimeoutError:
            raise LLMError(
                f"{self.base_url}: no answer within {self.timeout:g} s "
                f"(after {self.max_retries} retries)", kind="timeout") from None
        except openai.APIConnectionError as exc:
            raise LLMError(f"{self.base_url}: cannot connect ({exc})", kind="connection") from None
        except openai.APIStatusError as exc:
            raise LLMError(
                f"{self.base_url}: HTTP {exc.status_code}: {_error_message(exc)}",
                kind="http", status=exc.status_code) from None
        except openai.OpenAIError as exc:
            raise LLMError(f"{self.base_url}: {exc}", kind="http") from None
        latency = (time.perf_counter() - started) * 1000.0
        return LLMResponse(
            text=text,
            model=model or self.model,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            latency_ms=round(latency, 1),
            raw=raw,
        )

    # -- the two transports ----------------------------------------------------------------
    def _plain(self, params: dict[str, Any]) -> tuple[str, str, dict[str, Any], Any]:
        completion = self._client.chat.completions.create(**params)
        if not completion.choices:
            raise LLMError(f"{self.base_url}: the reply has no choices", kind="empty")
        text = completion.choices[0].message.content or ""
        usage = completion.usage.model_dump() if completion.usage else {}
        return text, completion.model, usage, completion.model_dump(mode="json")

    def _streamed_with_usage(
        self, params: dict[str, Any], on_delta: DeltaCallback | None
    ) -> tuple[str, str, dict[str, Any], Any]:
        """Stream asking for token usage; an endpoint that rejects ``stream_options`` with a 400
        is asked again without it, and not asked again for usage afterwards."""
        import openai

        if not self.stream_usage:
            return self._streamed(params, on_delta)
        try:
            return self._streamed({**params, "stream_options": {"include_usage": True}}, on_delta)
        except openai.BadRequestError:
            self.stream_usage = False
            return self._streamed(params, on_delta)

    def _streamed(
        self, params: dict[str, Any], on_delta: DeltaCallback | None
    ) -> tuple[str, str, dict[str, Any], Any]:
        pieces: list[str] = []
        usage: dict[str, Any] = {}
        model = ""
        finish = None
        chunks = 0
        with self._client.chat.completions.create(stream=True, **params) as events:
            for chunk in events:
                chunks += 1
                model = chunk.model or model
                if chunk.usage is not None:  # sent with the last chunk when asked for
                    usage = chunk.usage.model_dump()
                for choice in chunk.choices:
                    if choice.finish_reason:
                        finish = choice.finish_reason
                    piece = choice.delta.content if choice.delta else None
                    if piece:
                        pieces.append(piece)
                        if on_delta is not None:
                            on_delta(piece)
        raw = {"streamed": True, "chunks": chunks, "finish_reason": finish, "usage": usage or None}
        return "".join(pieces), model, usage, raw


def _error_message(exc: "openai.APIStatusError") -> str:
    body = exc.body
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
    return str(exc.message or exc)
