"""What every LLM provider offers: one chat completion, a typed response, a typed error.

The assembler roles, goal extraction and the ontology projection talk to a ``LLMProvider`` and
never to a client library, so a round can run against a real endpoint, a recording of one, or
(with no provider at all) each role's deterministic offline behaviour.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Protocol, runtime_checkable

from linghun.core.errors import LinghunError
from linghun.core.redact import scrub

#: one chat message: ``{"role": "system"|"user"|"assistant", "content": str}``
Message = dict[str, Any]
#: called with each piece of text as a streamed reply arrives
DeltaCallback = Callable[[str], None]


class LLMError(LinghunError):
    """A completion could not be had: HTTP error, timeout, no connection, bad output, replay miss.

    Attributes:
        kind: ``http`` | ``timeout`` | ``connection`` | ``empty`` | ``bad_json`` | ``context``
            (the prompt does not fit the model's context window) | ``replay_mismatch`` |
            ``replay_exhausted`` | ``invalid``.
        status: the HTTP status for ``http`` errors, else ``None``.
    """

    exit_code = 8

    def __init__(self, message: str, *, kind: str = "http", status: int | None = None):
        self.kind = kind
        self.status = status
        super().__init__(scrub(message))  # a provider's message may repeat the key it was sent


#: where a reply's token figures come from: the server's usage, the server's tokenizer asked
#: afterwards, or our estimate from the text (``core.llm.fit.estimate_tokens``)
USAGE_SOURCES = ("reported", "counted", "estimated")


@dataclass
class LLMResponse:
    """One completion. ``raw`` is the provider's own payload (JSON-able), kept for traces.

    ``usage_source`` says what ``prompt_tokens`` and ``completion_tokens`` are (``USAGE_SOURCES``):
    some servers send no usage in a stream (llama.cpp's), and a 0 there is not a measurement.
    """

    text: str
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0
    raw: Any = field(default=None, repr=False)
    usage_source: str = "reported"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "LLMResponse":
        return cls(
            text=str(data.get("text", "")),
            model=str(data.get("model", "")),
            prompt_tokens=int(data.get("prompt_tokens") or 0),
            completion_tokens=int(data.get("completion_tokens") or 0),
            latency_ms=float(data.get("latency_ms") or 0.0),
            raw=data.get("raw"),
            usage_source=usage_source(data),
        )


def usage_source(record: dict[str, Any]) -> str:
    """A recorded reply's or call's ``usage_source``; records written before it existed held only
    what servers reported, so they read as ``reported``."""
    source = record.get("usage_source")
    return source if source in USAGE_SOURCES else "reported"


def tokens_source(calls: dict[str, int]) -> str:
    """What tokens summed over calls are (``calls``: how many calls had each source): ``reported``
    (every call's usage came from the server), ``counted`` / ``estimated`` (every call's was), or
    ``counted in part`` / ``estimated in part``; an estimate among them names the sum, being the
    least exact."""
    total = sum(calls.values())
    for source in ("estimated", "counted"):
        if calls.get(source):
            return source if calls[source] == total else f"{source} in part"
    return "reported"


def usage_note(calls: dict[str, int]) -> str:
    """``estimated for 3 of 10 calls, counted for 2 of 10 calls`` (``""`` when all were reported)."""
    total = sum(calls.values())
    parts = [source if calls[source] == total else f"{source} for {calls[source]} of {total} calls"
             for source in ("estimated", "counted") if calls.get(source)]
    return ", ".join(parts)


@runtime_checkable
class LLMProvider(Protocol):
    """A chat-completion endpoint.

    Attributes:
        name: a short label for traces (``openai``, ``replay``...).
        model: the model that answers.

    A provider may also tell its model's context window (``context_window``: tokens, or ``None``
    when unknown; ``core.llm.fit`` sizes prompts to it) and accept ``schema`` (a JSON schema the
    reply must follow, sent as the server's structured output where it has one).
    """

    name: str
    model: str

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
        """Answer ``messages``; raise ``LLMError`` when no answer can be had."""
        ...


def check_messages(messages: Any) -> list[Message]:
    """The messages as a list of ``{role, content}`` dicts, or ``LLMError(kind="invalid")``."""
    if not isinstance(messages, list) or not messages:
        raise LLMError("messages must be a non-empty list of {role, content}", kind="invalid")
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or not isinstance(m.get("role"), str) or not isinstance(m.get("content"), str):
            raise LLMError(f"message {i} must be a dict with string 'role' and 'content'", kind="invalid")
    return messages
