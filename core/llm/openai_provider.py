"""A provider for any OpenAI-compatible chat endpoint (DeepSeek, OpenAI, vLLM, Ollama...).

Built on the ``openai`` client: its own retry loop (``max_retries``, exponential back-off on
408/409/429/5xx and connection errors) and timeout are used as they are. Every client error
becomes an ``LLMError`` whose message names the endpoint and what went wrong; a prompt the server
refuses as too long for its context window is ``LLMError(kind="context")`` whose message says
``prompt N tokens`` and ``context window W tokens`` where the server told them (``core.llm.fit``
learns from it).

A local server (``local``) is asked what it is on first need (``core.llm.local.discover``): its
model when none is configured, its context window, how it takes a JSON schema. Each request's
timeout grows with the prompt's size there (``request_timeout``).

A reply's token figures are the server's usage where it sent one (``reported``). Where it sent
none (llama.cpp's servers in a stream), a llama.cpp server counts the prompt and the reply with its
tokenizer (``counted``, ``core.llm.local.count_tokens``); any other server's are estimated from the
text (``estimated``, ``core.llm.fit.estimate_tokens``). The reply says which (``usage_source``), so
the trace and the health figures never take a 0 for a measurement.

``openai`` is imported when a provider is built, not when this module is: importing it costs about
a second (pydantic, httpx), which the workbench's start and every offline command would pay for
nothing. Providers are built on worker threads (``workbench.llm_setup``).
"""
from __future__ import annotations

import re
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import openai

from linghun.core.llm.base import DeltaCallback, LLMError, LLMResponse, Message, check_messages
from linghun.core.llm.fit import estimate_tokens
from linghun.core.llm.local import DISCOVERY_TIMEOUT, ServerInfo, can_count, count_tokens, discover, structured_output
from linghun.core.redact import remember

#: the key sent to a local server that needs none (the ``openai`` client insists on one)
NO_KEY = "no-key"
#: a model name for a local server whose model list could not be read (llama.cpp ignores it)
DEFAULT_LOCAL_MODEL = "default"
#: how servers say a prompt is longer than the model's window: OpenAI's wording (also vLLM's and
#: llama-cpp-python's), llama.cpp's own
_OVERFLOW = (re.compile(r"maximum context length is (?P<window>\d+) tokens.*?\((?P<prompt>\d+) in the messages", re.S),
             re.compile(r"maximum context length is (?P<window>\d+) tokens", re.S),
             re.compile(r"Requested tokens \((?P<prompt>\d+)\) exceed context window of (?P<window>\d+)"),
             re.compile(r"exceeds? the available context size|context length|context window|context_length_exceeded",
                        re.I))
#: a 400 that refuses the reply's format (and not, say, the model's name)
_FORMAT_REFUSED = re.compile(r"response_format|json|schema|grammar", re.I)


class OpenAIProvider:
    """Chat completions through the ``openai`` client.

    Attributes:
        name: ``"openai"`` (the protocol spoken, whatever the vendor).
        model: the model asked for (a local server's first listed model when none was given).
        base_url: the endpoint, e.g. ``https://api.deepseek.com``.
        local: a server on this machine (no key needed, slow prompts waited for).
        token_ratio: how many of the server's tokens one estimated token is (``core.llm.fit``
            raises it when the server refuses a prompt it estimated too short).
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
        local: bool = False,
        server: str = "",
        context_window: int | None = None,
        prompt_tokens_per_second: float = 0.0,
        tokens_per_second: float = 0.0,
        max_answer_tokens: int | None = None,
    ):
        if not api_key and not local:
            raise LLMError("an API key is needed for an OpenAI-compatible endpoint", kind="invalid")
        if not model and not local:
            raise LLMError("a model name is needed for an OpenAI-compatible endpoint", kind="invalid")
        if api_key:
            remember(api_key)
        self.base_url = base_url
        #: the model as configured ("": the first one a local server lists, learned on first use)
        self.configured_model = model
        self._model = model
        self._api_key = api_key
        self.local = local
        self.timeout = float(timeout)
        self.max_retries = int(max_retries)
        #: ask for token usage in streamed replies (``stream_options``); a few servers reject it
        self.stream_usage = stream_usage
        self.prompt_tokens_per_second = float(prompt_tokens_per_second or 0.0)
        self.tokens_per_second = float(tokens_per_second or 0.0)
        self.token_ratio = 1.0
        #: the longest answer an agent loop on ``client`` asks for (``llm.maxAnswerTokens``)
        self.max_answer_tokens = int(max_answer_tokens) if max_answer_tokens else None
        self._server = server
        self._configured_window = int(context_window) if context_window else None
        self._learned_window: int | None = None
        self._info: ServerInfo | None = None
        self._info_lock = threading.Lock()
        self._structured: str | None = None  # how a schema is sent; downgraded when refused
        self._can_count = True  # the server's tokenizer answered (or was not asked yet)
        import openai  # start-up time: see the module docstring

        self._client = openai.OpenAI(
            base_url=base_url, api_key=api_key or NO_KEY, timeout=self.timeout, max_retries=self.max_retries
        )

    # -- what the server is ----------------------------------------------------------------
    def server_info(self) -> ServerInfo:
        """What the server says about itself (asked once; the public presets are not asked)."""
        with self._info_lock:
            if self._info is None:
                if self._server in ("DeepSeek", "OpenAI"):
                    self._info = ServerInfo(server=self._server, models=[self._model] if self._model else [])
                else:
                    self._info = discover(self.base_url, self._api_key, model=self._model, server=self._server,
                                          timeout=min(self.timeout, 5.0))
            return self._info

    @property
    def server(self) -> str:
        """The kind of server (``llama.cpp``, ``Ollama``...), ``""`` when not recognised."""
        return self._server if self._server in ("DeepSeek", "OpenAI") else self.server_info().server

    @property
    def model(self) -> str:
        if not self._model:
            models = self.server_info().models
            self._model = models[0] if models else DEFAULT_LOCAL_MODEL
        return self._model

    @property
    def context_window(self) -> int | None:
        """The model's context window in tokens: what the server refused at, else what it says,
        else ``llm.contextWindow``, else ``None`` (unknown: prompts are not sized)."""
        if self._learned_window:
            return self._learned_window
        if self._server not in ("DeepSeek", "OpenAI"):
            found = self.server_info().context_window
            if found:
                return found
        return self._configured_window

    @property
    def window_source(self) -> str:
        if self._learned_window:
            return "the server's refusal of a longer prompt"
        info = self._info
        if info is not None and info.context_window:
            return f"the server ({info.window_source})"
        return "llm.contextWindow" if self._configured_window else ""

    def learn_window(self, tokens: int) -> None:
        """The server refused a prompt and said its window: use it from now on."""
        self._learned_window = int(tokens)

    def request_timeout(self, messages: list[Message], max_tokens: int) -> float:
        """Seconds to wait for one answer: ``timeout``, plus (with speeds set: local servers) the
        prompt read at ``prompt_tokens_per_second`` and ``max_tokens`` written at
        ``tokens_per_second``, so a long prompt on a slow CPU is not taken for a dead server."""
        seconds = self.timeout
        if self.prompt_tokens_per_second > 0:
            seconds += estimate_tokens(messages, self.token_ratio) / self.prompt_tokens_per_second
        if self.tokens_per_second > 0:
            seconds += max_tokens / self.tokens_per_second
        return round(seconds, 1)

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

    def __repr__(self) -> str:  # never shows the key (nor asks the server for its model)
        return f"OpenAIProvider(base_url={self.base_url!r}, model={self._model!r})"

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
        import openai  # start-up time: see the module docstring

        check_messages(messages)
        params: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": temperature,
            "max_tokens": max_tokens,
        }
        timeout = self.request_timeout(messages, max_tokens)
        if timeout != self.timeout:
            params["timeout"] = timeout
        started = time.perf_counter()
        try:
            text, model, usage, raw = self._structured_call(params, json_mode, schema, stream, on_delta)
        except openai.APITimeoutError:
            raise LLMError(
                f"{self.base_url}: no answer within {timeout:g} s "
                f"(after {self.max_retries} retries)", kind="timeout") from None
        except openai.APIConnectionError as exc:
            raise LLMError(f"{self.base_url}: cannot connect ({exc})", kind="connection") from None
        except openai.APIStatusError as exc:
            overflow = _overflow(exc)
            if overflow is not None:
                raise LLMError(f"{self.base_url}: {overflow}", kind="context", status=exc.status_code) from None
            raise LLMError(
                f"{self.base_url}: HTTP {exc.status_code}: {_error_message(exc)}",
                kind="http", status=exc.status_code) from None
        except openai.OpenAIError as exc:
            raise LLMError(f"{self.base_url}: {exc}", kind="http") from None
        latency = (time.perf_counter() - started) * 1000.0
        prompt_tokens, completion_tokens, source = self._usage(messages, text, usage)
        return LLMResponse(
            text=text,
            model=model or self.model,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            latency_ms=round(latency, 1),
            raw=raw,
            usage_source=source,
        )

    def _usage(self, messages: list[Message], text: str, usage: dict[str, Any]) -> tuple[int, int, str]:
        """``(prompt, completion, source)``: the server's usage, else its tokenizer's count, else
        our estimate (see the module docstring). Asked after the latency is measured: counting
        is not the answer's time."""
        if usage.get("prompt_tokens") or usage.get("completion_tokens"):
            return int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0), "reported"
        counted = self._counted(messages, text)
        if counted is not None:
            return counted[0], counted[1], "counted"
        return estimate_tokens(messages, self.token_ratio), estimate_tokens(text, self.token_ratio), "estimated"

    def _counted(self, messages: list[Message], text: str) -> tuple[int, int] | None:
        """The server's tokenizer's count; a server whose tokenizer did not answer is not asked
        again (each failed ask would add its timeout to every later reply)."""
        if not self._can_count or not can_count(self.server):
            return None
        counted = count_tokens(self.base_url, self.server, messages, text, self._api_key,
                               timeout=min(self.timeout, DISCOVERY_TIMEOUT))
        self._can_count = counted is not None
        return counted

    def _structured_call(self, params: dict[str, Any], json_mode: bool, schema: dict[str, Any] | None,
                         stream: bool, on_delta: DeltaCallback | None) -> tuple[str, str, dict[str, Any], Any]:
        """The request with the reply's format: ``schema`` the way this server takes one, else JSON
        mode, else none. A server that refuses a form with a 400 is asked again with the next
        one, and not sent the refused form again."""
        import openai  # start-up time: see the module docstring

        forms = self._formats(json_mode, schema)
        while True:
            form = forms.pop(0)
            call = {**params, **({"response_format": form[1]} if form[1] else {})}
            try:
                if stream:
                    return self._streamed_with_usage(call, on_delta)
                return self._plain(call)
            except openai.BadRequestError as exc:
                if not forms or _overflow(exc) is not None or not _FORMAT_REFUSED.search(_error_message(exc)):
                    raise
                self._structured = forms[0][0]

    def _formats(self, json_mode: bool, schema: dict[str, Any] | None) -> list[tuple[str, dict[str, Any] | None]]:
        """``(name, response_format)`` to try in order for this request."""
        if schema is None:
            return [("json_object", {"type": "json_object"})] if json_mode else [("none", None)]
        if self._structured is None:
            self._structured = structured_output(self.server)
        ladder = [("json_object+schema", {"type": "json_object", "schema": schema}),
                  ("json_schema", {"type": "json_schema",
                                   "json_schema": {"name": str(schema.get("title") or "answer"), "schema": schema}}),
                  ("json_object", {"type": "json_object"}),
                  ("none", None)]
        names = [name for name, _ in ladder]
        start = names.index(self._structured)
        if self._structured == "json_schema":  # json_object+schema is for llama.cpp alone
            return ladder[start:]
        return ladder[start:start + 1] + [f for f in ladder[start + 1:] if f[0] != "json_schema"]

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
        import openai  # start-up time: see the module docstring

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


def _overflow(exc: "openai.APIStatusError") -> str | None:
    """The reason, when ``exc`` says the prompt is longer than the context window; its figures
    in one wording (``prompt N tokens``, ``context window W tokens``) where the server gave them."""
    message = _error_message(exc)
    body = exc.body if isinstance(exc.body, dict) else {}
    err = body.get("error", body) if isinstance(body.get("error", body), dict) else {}
    if exc.status_code not in (400, 413, 500) and not err.get("n_ctx"):
        return None
    window, prompt = err.get("n_ctx"), err.get("n_prompt_tokens")  # llama.cpp's own server
    if not window:
        for pattern in _OVERFLOW:
            found = pattern.search(message)
            if found:
                groups = found.groupdict()
                window, prompt = groups.get("window"), groups.get("prompt")
                break
        else:
            return None
    figures = [f"prompt {prompt} tokens" if prompt else "", f"context window {window} tokens" if window else ""]
    said = ", ".join(f for f in figures if f)
    return f"the prompt does not fit the model's context window{f' ({said})' if said else ''}: {message}"


def _error_message(exc: "openai.APIStatusError") -> str:
    body = exc.body
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
    return str(exc.message or exc)
