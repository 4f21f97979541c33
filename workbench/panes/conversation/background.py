"""The work the conversation pane runs off the GUI thread (plain Python: no Qt here).

One message is one ``core.chat.ChatAgent.send``: the turn (the assembler round, whose live trace
reaches the rounds pane through ``core.events.bus`` and the bridge), the composed context, the
model's tool calls through ``core.tools``, its reply streamed (the text so far is the task's
progress message) and the journal. The LLM client is built here from the
``LLMSettings`` snapshot the pane took (``None``: offline).
"""
from __future__ import annotations

from typing import Any

from linghun.core.chat import ChatAgent
from linghun.core.errors import LinghunError
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.workbench.llm_setup import provider_for

#: the workbench's conversation is its own session (debounce and turns are per session)
SESSION = "workbench-chat"
TOOL_PREFIX = "tool "  # the task's progress message while the model's tool calls are answered
REPLY_PREFIX = "reply "  # ... while the model writes its reply: the text so far follows


def send_message(state, home: MemoryHome, message: str, *, history: list[dict[str, Any]], llm) -> dict[str, Any]:
    """Task: one message through a turn; returns the reply, the recorded turn and the history
    the next message continues (``ChatAgent.history``: only answered exchanges)."""
    state.set_progress(0.05, "turn")
    entries = Memory(home).entries()
    last = (entries[-1].id, entries[-1].raw) if entries else None  # the round itself never writes warm.md
    written: list[str] = []

    def on_delta(piece: str) -> None:
        # the reply is streamed so a person sees a slow model write; Stop leaves the stream,
        # which closes the request (the server stops writing)
        state.check_cancelled()
        written.append(piece)
        state.set_message(REPLY_PREFIX + "".join(written))

    with provider_for(llm) as provider:
        agent = ChatAgent(home, provider, session=SESSION,
                          on_tool=lambda record: state.set_message(TOOL_PREFIX + record["name"]),
                          on_delta=on_delta)
        agent.history = list(history)
        reply = agent.send(message)
    state.check_cancelled()  # stopped while the model wrote: the turn is journaled, the reply dropped
    state.set_progress(1.0, "done")
    appended, undo = undo_of_appends(home, reply.tool_calls, last)
    return {"reply": reply.to_dict(), "turn": reply.turn.to_dict(), "history": agent.history,
            "appended": appended, "undo": undo}


def undo_of_appends(home: MemoryHome, tool_calls: list[dict[str, Any]], last: tuple[str, str] | None):
    """The numbers of the new entries the agent's ``memory_append`` calls added, and the operation
    that takes them all back (``workbench.undo``; None when there are none): each deleted if it is
    still as written, and the entry that was last before them given back its exact text (an
    append adds a blank separator to it). A merge into an existing entry (dedupe, update, revive)
    is not offered: the text it replaced is not known here."""
    from linghun.workbench.undo import Batch, DeleteEntry, ReplaceRaw

    memory = Memory(home)
    ids = [c["result"]["id"] for c in tool_calls if c.get("name") == "memory_append"
           and (c.get("result") or {}).get("mode") == "append" and c["result"].get("id")]
    steps, numbers = [], []
    for entry_id in reversed(ids):
        try:
            entry = memory.entry(entry_id)
        except LinghunError:  # already gone (consolidated, or the agent wrote on): nothing to take back
            continue
        numbers.insert(0, entry.n)
        steps.append(DeleteEntry(entry_id, expect=entry.raw))
    if not steps:
        return [], None
    if last is not None:
        try:
            now = memory.entry(last[0]).raw
        except LinghunError:
            now = None
        if now is not None and now != last[1]:
            steps.append(ReplaceRaw(last[0], last[1], expect=now))
    return numbers, Batch(steps)
