"""The work the conversation pane runs off the GUI thread (plain Python: no Qt here).

One message is one ``core.chat.ChatAgent.send``: the turn (the assembler round, whose live trace
reaches the rounds pane through ``core.events.bus`` and the bridge), the composed context, the
model's tool calls through ``core.tools`` and the journal. The LLM client is built here from the
``LLMSettings`` snapshot the pane took (``None``: offline).
"""
from __future__ import annotations

from typing import Any

from core.chat import ChatAgent
from core.home import MemoryHome
from workbench.llm_setup import provider_for

#: the workbench's conversation is its own session (debounce and turns are per session)
SESSION = "workbench-chat"


def send_message(state, home: MemoryHome, message: str, *, history: list[dict[str, Any]], llm) -> dict[str, Any]:
    """Task: one message through a turn; returns the reply, the recorded turn and the history
    the next message continues (``ChatAgent.history``: only answered exchanges)."""
    state.set_progress(0.05, "turn")
    with provider_for(llm) as provider:
        agent = ChatAgent(home, provider, session=SESSION,
                          on_tool=lambda record: state.set_message(f"tool {record['name']}"))
        agent.history = list(history)
        reply = agent.send(message)
    state.set_progress(1.0, "done")
    return {"reply": reply.to_dict(), "turn": reply.turn.to_dict(), "history": agent.history}
