"""A minimal agent on the ``openai`` client, to prove the agent's side works end to end.

For each user message ``ChatAgent.send``:
1. runs the turn (``core.turn.begin_turn``: the assembler round, the bundle on the inject path, the
   composed context);
2. sends the composed context as the system message, the conversation so far and the message,
   with every memory tool as an OpenAI function (``core.tools.schemas``, without ``linghun_turn``:
   the loop runs the turn itself);
3. answers each function call through ``core.tools.call`` (errors go back to the model as the
   tool's result) until the model replies with text, at most ``max_steps`` calls;
4. journals the exchange and records the tool calls with the turn.

With no LLM configured the reply is ``None`` and ``offline`` is set: the caller shows the context
the model would have got. The rounds use the same provider as the chat (or none, offline).

Local models are met where they are (``ChatReply.notes`` says what was given up):
- a model that answers in plain text is answered in plain text ("the model did not call a
  tool"), and a server that refuses ``tools`` is asked again without them;
- with a known context window (``provider.context_window``) the request is sized to it: the tools
  (about 4,000 tokens of schemas) are left out when they do not fit, then the oldest exchanges of
  the conversation, then the context's parts give way (``CHAT_KEEP_ORDER``: the bundle stays
  longest), and the answer gets what is left (at most ``MAX_ANSWER_TOKENS``);
- each request waits as long as the provider's ``request_timeout`` says for its size.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Callable

from linghun.core import tools
from linghun.core.context import AgentContext
from linghun.core.home import MemoryHome
from linghun.core.llm.fit import MIN_ANSWER, estimate_tokens, text_tokens
from linghun.core.redact import error_text
from linghun.core.turn import Turn, begin_turn

MAX_STEPS = 6
AGENT_TOOLS = [s for s in tools.schemas() if s["function"]["name"] != "linghun_turn"]
#: the longest answer asked for with a known window (a base model writes until it is stopped);
#: ``llm.maxAnswerTokens`` sets another
MAX_ANSWER_TOKENS = 1024
#: which parts of the context stay when it must shrink for a small window: the bundle (the memory
#: for this question) first, the identity next; the rest in the order they give way elsewhere
CHAT_KEEP_ORDER = ("bundle", "identity", "knowledge", "rules", "timeline", "cold", "discipline", "judgment",
                   "map", "goals")
NO_TOOL_CALL = "the model did not call a tool"
TOOLS_REFUSED = "the server does not take tools: asked again without them"
#: a 400 that refuses the tools themselves
_TOOLS_REFUSED = re.compile(r"tool|function", re.I)


@dataclass
class ChatReply:
    turn: Turn
    answer: str | None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    offline: bool = False
    error: str | None = None
    #: what the reply gave up or how it was had (``NO_TOOL_CALL``, the context cut for the window...)
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn.id, "answer": self.answer, "tool_calls": self.tool_calls,
                "offline": self.offline, "error": self.error, "round": self.turn.round,
                "context_chars": len(self.turn.context.text()), "notes": self.notes}


class ChatAgent:
    """One conversation. ``provider``: an ``OpenAIProvider`` (``None``: offline)."""

    def __init__(self, home: MemoryHome, provider: Any = None, *, session: str = "chat",
                 max_steps: int = MAX_STEPS, on_tool: Callable[[dict[str, Any]], None] | None = None,
                 on_delta: Callable[[str], None] | None = None):
        self.home = home
        self.provider = provider
        self.session = session
        self.max_steps = max_steps
        self.on_tool = on_tool
        #: with it, each reply is streamed and its text handed over piece by piece as it arrives
        #: (a person watches a slow local model write); raising in it stops the request
        self.on_delta = on_delta
        self.history: list[dict[str, Any]] = []
        self.tool_context = tools.ToolContext(home, provider=provider if provider is not None else False)

    def send(self, message: str, *, bus: Any = None) -> ChatReply:
        turn = begin_turn(self.home, message, session=self.session, provider=self.provider,
                          llm_label=None if self.provider else "offline", bus=bus)
        if self.provider is None or not hasattr(self.provider, "client"):
            turn.finish("")
            return ChatReply(turn, None, offline=True)
        window = getattr(self.provider, "context_window", None)
        notes: list[str] = []
        limit = getattr(self.provider, "max_answer_tokens", None) or MAX_ANSWER_TOKENS
        system, history, offer, answer_room = fit_request(turn.context, self.history, message, window, notes, limit)
        messages = [{"role": "system", "content": system}] + history + [{"role": "user", "content": message}]
        calls: list[dict[str, Any]] = []
        answer, error = None, None
        try:
            for _step in range(self.max_steps + 1):
                offer_tools = offer and len(calls) < self.max_steps
                completion = self._create(messages, offer_tools, answer_room, notes)
                if TOOLS_REFUSED in notes:
                    offer = False
                reply = completion.choices[0].message if completion.choices else None
                if reply is None or not reply.tool_calls:
                    answer = (reply.content if reply is not None else "") or ""
                    if not calls and offer_tools:
                        notes.append(NO_TOOL_CALL)
                    if not answer.strip():
                        notes.append("the model's reply was empty")
                    break
                messages.append({"role": "assistant", "content": reply.content,
                                 "tool_calls": [{"id": c.id, "type": "function",
                                                 "function": {"name": c.function.name,
                                                              "arguments": c.function.arguments}}
                                                for c in reply.tool_calls]})
                for call in reply.tool_calls:
                    result = tools.call(self.tool_context, call.function.name, call.function.arguments)
                    record = {"name": call.function.name, "arguments": _arguments(call.function.arguments),
                              "result": result}
                    calls.append(record)
                    if self.on_tool is not None:
                        self.on_tool(record)
                    messages.append({"role": "tool", "tool_call_id": call.id,
                                     "content": json.dumps(result, ensure_ascii=False)})
        except Exception as exc:  # a provider failure ends this reply, never the conversation
            error = error_text(exc)  # a provider's error may repeat the key it was sent
        turn.finish(answer or "", calls)
        if answer is not None:
            self.history += [{"role": "user", "content": message}, {"role": "assistant", "content": answer}]
        return ChatReply(turn, answer, calls, error=error, notes=notes)

    def _create(self, messages: list[dict[str, Any]], offer_tools: bool, answer_room: int | None,
                notes: list[str]):
        """One chat completion; a server that refuses the tools with a 400 is asked without them."""
        import openai  # start-up time: the offline chat never loads the client

        params: dict[str, Any] = {"model": self.provider.model, "messages": messages}
        if answer_room is not None:
            params["max_tokens"] = answer_room
        timeout = getattr(self.provider, "request_timeout", None)
        if callable(timeout):
            params["timeout"] = timeout(messages, answer_room or MAX_ANSWER_TOKENS)
        plain = self.provider.client.chat.completions.create
        create = plain if self.on_delta is None else (lambda **kw: _streamed(plain, self.on_delta, **kw))
        if not offer_tools:
            return create(**params)
        try:
            return create(tools=AGENT_TOOLS, **params)
        except openai.BadRequestError as exc:
            if not _TOOLS_REFUSED.search(str(exc)):
                raise
            notes.append(TOOLS_REFUSED)
            return create(**params)


def _streamed(create, on_delta: Callable[[str], None], **params) -> SimpleNamespace:
    """``create(**params)`` streamed: the text goes to ``on_delta`` as it arrives, and the pieces
    (text, tool calls by their index) are put together into what a plain completion holds
    (``.choices[0].message.content`` / ``.tool_calls``). An exception from ``on_delta`` leaves the
    stream, which closes the connection: the server stops writing."""
    text: list[str] = []
    calls: dict[int, dict[str, str]] = {}
    with create(stream=True, **params) as events:
        for chunk in events:
            for choice in chunk.choices:
                delta = choice.delta
                if delta is None:
                    continue
                if delta.content:
                    text.append(delta.content)
                    on_delta(delta.content)
                for part in delta.tool_calls or []:
                    call = calls.setdefault(part.index, {"id": "", "name": "", "arguments": ""})
                    call["id"] = part.id or call["id"]
                    if part.function is not None:
                        call["name"] += part.function.name or ""
                        call["arguments"] += part.function.arguments or ""
    tool_calls = [SimpleNamespace(id=c["id"] or f"call_{i}", type="function",
                                  function=SimpleNamespace(name=c["name"], arguments=c["arguments"]))
                  for i, c in sorted(calls.items())]
    message = SimpleNamespace(content="".join(text) or None, tool_calls=tool_calls or None)
    return SimpleNamespace(choices=[SimpleNamespace(message=message)])


def fit_request(context: AgentContext, history: list[dict[str, Any]], message: str, window: int | None,
                notes: list[str], limit: int = MAX_ANSWER_TOKENS) -> tuple[str, list[dict[str, Any]], bool, int | None]:
    """``(system text, history, offer tools, answer tokens)`` for a model with ``window`` tokens
    (``None``: unknown, everything is sent as it is and the answer is limited only when ``limit``
    was configured) and answers of at most ``limit`` tokens."""
    system = context.text()
    if not window:
        return system, history, True, (limit if limit != MAX_ANSWER_TOKENS else None)
    margin = max(16, window // 32)
    answer = min(limit, max(MIN_ANSWER, window // 4))
    tools_cost = text_tokens(json.dumps(AGENT_TOOLS, ensure_ascii=False))

    def cost(text: str, past: list[dict[str, Any]]) -> int:
        return estimate_tokens([{"content": text}] + past + [{"content": message}])

    room = window - margin - answer
    offer = cost(system, history) + tools_cost <= room
    if not offer:
        notes.append(f"the memory tools (≈{tools_cost} tokens) do not fit the model's context window "
                     f"({window} tokens): plain text only")
    past = list(history)
    while past and cost(system, past) > room:
        past = past[2:]  # the oldest exchange first
    if len(past) < len(history):
        notes.append(f"{(len(history) - len(past)) // 2} earlier exchange(s) left out for the context window")
    if cost(system, past) > room:
        system = _context_within(context, room - cost("", past), notes, window)
    return system, past, offer, max(min(MIN_ANSWER, limit), min(limit, window - margin - cost(system, past)))


def _context_within(context: AgentContext, budget: int, notes: list[str], window: int) -> str:
    """The context's parts that fit ``budget`` tokens, kept in ``CHAT_KEEP_ORDER`` and shown in
    their own order; the first kept part is cut when even it does not fit."""
    order = sorted(context.parts, key=lambda p: CHAT_KEEP_ORDER.index(p.key) if p.key in CHAT_KEEP_ORDER
                   else len(CHAT_KEEP_ORDER))
    kept: set[str] = set()
    cut: dict[str, str] = {}
    spent = 0
    for part in order:
        need = text_tokens(part.render()) + 1
        if spent + need <= budget:
            kept.add(part.key)
            spent += need
        elif not kept and budget > 32:
            text = part.render()
            while text and text_tokens(text) + 2 > budget:
                text = text[: int(len(text) * 0.9)]
            cut[part.key] = text + "…"
            kept.add(part.key)
            spent = budget
    dropped = [p.key for p in context.parts if p.key not in kept]
    if dropped:
        notes.append(f"context cut for the model's context window ({window} tokens): "
                     f"{', '.join(dropped)} left out" + (f"; {', '.join(cut)} cut" if cut else ""))
    return "\n\n".join(cut.get(p.key, p.render()) for p in context.parts if p.key in kept)


def _arguments(text: str) -> Any:
    try:
        return json.loads(text or "{}")
    except json.JSONDecodeError:
        return text


__all__ = ["AGENT_TOOLS", "ChatAgent", "ChatReply", "MAX_STEPS", "NO_TOOL_CALL", "fit_request"]
