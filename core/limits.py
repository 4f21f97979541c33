"""The bounds of every input an agent or a user gives the memory (SETTINGS.md, "Limits").

An input without a bound is a way in: a 10 MB ``linghun_turn`` message took minutes and, the MCP
server's calls being applied in order, blocked every later call; a 10 MB rule or soul card went
into every context after it. Each bound is far above what an honest input needs. The agent tools
(``core.tools``: MCP, ``linghun tool``, the chat agent's function calls) check them in their JSON
schemas, the command line in its argument types; a value over its bound is refused (exit 2, a
tool error) before anything is read or written.
"""
from __future__ import annotations

#: a user's message (``linghun_turn``, ``linghun turn``, ``linghun chat``), a situation, a goal statement
MAX_MESSAGE_CHARS = 32_000
#: the agent's reply journaled with a message
MAX_ANSWER_CHARS = 100_000
#: one memory entry's content (``memory_append``; warm.md holds 64 KiB in all)
MAX_CONTENT_CHARS = 32_000
#: one long-term rule (``memory_rules``): rules.md goes into every context
MAX_RULE_CHARS = 4_000
#: the identity card (``soul_update``): it goes into every context
MAX_SOUL_CHARS = 20_000
#: a name-like argument: a topic, a domain, an id, a speaker, a session, a reference, a pointer, a path
MAX_NAME_CHARS = 1_000
#: items of a list argument (topic buckets, goal triggers)
MAX_ITEMS = 64
#: how deeply the arguments of one call may nest lists and objects (a fact's content is one level)
MAX_NESTING = 8

__all__ = ["MAX_MESSAGE_CHARS", "MAX_ANSWER_CHARS", "MAX_CONTENT_CHARS", "MAX_RULE_CHARS", "MAX_SOUL_CHARS",
           "MAX_NAME_CHARS", "MAX_ITEMS", "MAX_NESTING"]
