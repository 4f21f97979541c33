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
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from linghun.core import tools
from linghun.core.home import MemoryHome
from linghun.core.redact import error_text
from linghun.core.turn import Turn, begin_turn

MAX_STEPS = 6
AGENT_TOOLS = [s for s in tools.schemas() if s["function"]["name"] != "linghun_turn"]


@dataclass
class ChatReply:
    turn: Turn
    answer: str | None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    offline: bool = False
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn.id, "answer": self.answer, "tool_calls": self.tool_calls,
                "offline": self.offline, "error": self.error, "round": self.turn.round,
                "context_chars": len(self.turn.context.text())}


class ChatAgent:
    """One conversation. ``provider``: an ``OpenAIProvider`` (``None``: offline)."""

    def __init__(self, home: MemoryHome, provider: Any = None, *, session: str = "chat",
                 max_steps: int = MAX_STEPS, on_tool: Callable[[dict[str, Any]], None] | None = None):
        self.home = home
        self.provider = provider
        self.session = session
        self.max_steps = max_steps
        self.on_tool = on_tool
        self.history: list[dict[str, Any]] = []
        self.tool_context = tools.ToolContext(home, provider=provider if provider is not None else False)

    def send(self, message: str, *, bus: Any = None) -> ChatReply:
        turn = begin_turn(self.home, message, session=self.session, provider=self.provider,
                          llm_label=None if self.provider else "offline", bus=bus)
        if self.provider is None or not hasattr(self.provider, "client"):
            turn.finish("")
            return ChatReply(turn, None, offline=True)
        messages = ([{"role": "system", "content": turn.context.text()}] + self.history
                    + [{"role": "user", "content": message}])
        calls: list[dict[str, Any]] = []
        answer, error = None, None
        try:
            for _step in range(self.max_steps + 1):
                offer_tools = len(calls) < self.max_steps
                completion = self.provider.client.chat.completions.create(
                    model=self.provider.model, messages=messages,
                    **({"tools": AGENT_TOOLS} if offer_tools else {}))
                reply = completion.choices[0].message
                if not reply.tool_calls:
                    answer = reply.content or ""
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
        return ChatReply(turn, answer, calls, error=error)


def _arguments(text: str) -> Any:
    try:
        return json.loads(text or "{}")
    except json.JSONDecodeError:
        return text


__all__ = ["AGENT_TOOLS", "ChatAgent", "ChatReply", "MAX_STEPS"]
