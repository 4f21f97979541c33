"""The agent tool surface (SPEC 14): every tool as an OpenAI function-calling schema, one dispatcher.

``schemas()`` gives the list to pass as ``tools=`` to a chat completion; ``dispatch(home, name,
args)`` runs one call and returns a JSON-able dict (``ok: true`` plus the tool's fields). Arguments
are validated against the tool's schema first: an unknown tool, a missing or unknown argument, a
wrong type or a value outside its enum raises ``InvalidInputError`` naming the tool and argument,
and nothing is written. ``call()`` is the same but never raises a ``LinghunError``: it returns
``{"ok": false, "error": {"type", "message"}}`` (what the MCP server and ``linghun tool`` report).

Tools of SPEC 14: memory_append, memory_read, memory_touch, memory_consolidate, memory_project,
memory_rules, memory_journal, linghun_goal_update, linghun_goal_get, linghun_goal_state, soul_read,
soul_update. Ours, for the map (SPEC 9): memory_map (the map text or its graph) and memory_drill
(any map pointer to its evidence); memory_history (the versions of an entry or a file, with their
writers, from the home's history).

``null`` for an optional argument means "not given" (models send it often).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from linghun.core.errors import InvalidInputError, LinghunError, NotFoundError
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.core.redact import error_text

__all__ = ["Tool", "ToolContext", "TOOLS", "names", "schemas", "get", "validate", "dispatch", "call"]

_KINDS = ["event", "fact", "rule", "decision", "preference", "experience", "identity"]
_CONFIDENCES = ["high", "medium", "low"]
_REF = {"type": ["string", "integer"], "description": "[n] (memory_read numbering) or a fragment of the entry's text"}
_DAY = {"type": "string", "pattern": r"^\d{4}-\d\d-\d\d$", "description": "YYYY-MM-DD"}
_STAMP = {"type": "string", "description": "YYYY-MM-DD[ HH:MM[:SS]] (inclusive)"}


class ToolContext:
    """What a tool call runs against: the home, its Memory, and an LLM provider when one is set.

    ``provider``: an ``LLMProvider``, ``None`` to resolve one from the home's ``workbench.json``
    ``llm`` settings and the environment on first use, or ``False`` to stay offline.
    """

    def __init__(self, home: MemoryHome | str, *, provider: Any = None, memory=None):
        from linghun.core.memory import Memory

        self.home = home if isinstance(home, MemoryHome) else MemoryHome.resolve(home)
        self.memory = memory or Memory(self.home)
        self._provider = provider

    @property
    def provider(self):
        if self._provider is None:
            from linghun.core.llm import provider_for_home

            self._provider = provider_for_home(self.home) or False
        return self._provider or None

    def goals(self):
        from linghun.core.goals import Goals

        return Goals(self.home)


@dataclass(frozen=True)
class Tool:
    """One tool: its name, what it does, its JSON-schema parameters and the function running it."""

    name: str
    description: str
    parameters: dict
    run: Callable[[ToolContext, dict], dict] = field(repr=False)

    def schema(self) -> dict:
        """The OpenAI function-calling form ``{"type": "function", "function": {...}}``."""
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}


def _params(properties: dict | None = None, required: tuple[str, ...] = ()) -> dict:
    out: dict = {"type": "object", "properties": properties or {}, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


# -- the tools --------------------------------------------------------------------------------------
def _append(ctx: ToolContext, a: dict) -> dict:
    result = ctx.memory.append(a["kind"], a["content"], a.get("confidence"), update=a.get("update"))
    return result.to_dict()


def _read(ctx: ToolContext, a: dict) -> dict:
    ref = a.get("ref")
    return {"text": ctx.memory.read(full=bool(a.get("full", False)), ref=str(ref) if ref is not None else None)}


def _touch(ctx: ToolContext, a: dict) -> dict:
    return {"touched": ctx.memory.touch(a["ref"])}


def _consolidate(ctx: ToolContext, a: dict) -> dict:
    return ctx.memory.consolidate().to_dict()


def _project(ctx: ToolContext, a: dict) -> dict:
    from linghun.core.ontology import memory_project

    provider = None if a.get("offline") else ctx.provider
    return memory_project(ctx.home, a.get("buckets"), provider=provider, memory=ctx.memory).to_dict()


def _rules(ctx: ToolContext, a: dict) -> dict:
    return ctx.memory.rules_append(a["rule"], a.get("topic"))


def _journal(ctx: ToolContext, a: dict) -> dict:
    return {"text": ctx.memory.journal_read(a.get("date"), a.get("start"), a.get("end"))}


def _goal_update(ctx: ToolContext, a: dict) -> dict:
    result = ctx.goals().goal_update(
        a["signal"], a.get("statement", ""), speaker=a.get("speaker") or "user", domain=a.get("domain"),
        priority=a.get("priority"), triggers=a.get("triggers"), goal_id=a.get("id"))
    return result.to_dict()


def _goal_get(ctx: ToolContext, a: dict) -> dict:
    ranked = ctx.goals().goal_get(a["situation"], a.get("k", 5), include_inactive=bool(a.get("include_inactive")))
    return {"goals": [r.to_dict() for r in ranked]}


def _goal_state(ctx: ToolContext, a: dict) -> dict:
    goals = ctx.goals().goal_state(a.get("id"), a.get("state"), a.get("speaker"))
    return {"goals": [g.to_dict() for g in goals]}


def _soul_read(ctx: ToolContext, a: dict) -> dict:
    return {"text": ctx.memory.soul_read()}


def _soul_update(ctx: ToolContext, a: dict) -> dict:
    return ctx.memory.soul_update(a["content"])


def _map(ctx: ToolContext, a: dict) -> dict:
    from linghun.core.map import build_map, map_settings, render_map

    from linghun.core.map import MAP_OFF_NOTE

    settings = map_settings(ctx.home)
    if not settings["enabled"]:  # the seed: map.enabled=false turns the map off, for the tool too
        return {"text": "", "chars": 0, "enabled": False, "note": MAP_OFF_NOTE}
    mm = build_map(ctx.home, ctx.memory)
    if a.get("format") == "graph":
        return {"graph": mm.to_dict()}
    budget = 0 if a.get("full") else a.get("budget", settings["budget"])
    text = render_map(mm, budget)
    return {"text": text, "chars": len(text), "budget": budget}


def _turn(ctx: ToolContext, a: dict) -> dict:
    from linghun.core.turn import begin_turn

    turn = begin_turn(ctx.home, a["message"], session=a.get("session") or "default", provider=ctx.provider)
    if "answer" in a:
        turn.finish(a["answer"])
    return {"turn": turn.id, "round": turn.round, "journaled": turn.journaled, "context": turn.context.text(),
            "parts": [{"key": p.key, "chars": p.chars, "budget": p.budget} for p in turn.context.parts]}


def _history(ctx: ToolContext, a: dict) -> dict:
    """Versions of one warm entry (with who changed it and how), or of one file of the home."""
    from linghun.core.history.entries import entry_history, key_for_number

    capture.flush()  # this process's own writes first
    history = capture.history_of(ctx.home)
    if history is None:
        return {"versions": [], "note": "history is turned off for this home (history.enabled)"}
    ref = a.get("ref")
    if ref is not None:
        n = _entry_number(ref)
        try:
            key = key_for_number(ctx.memory.document().render(), n)
        except IndexError:
            raise NotFoundError(f"no entry [{n}]") from None
        return {"entry": n, "versions": [v.to_dict() for v in entry_history(history, key)]}
    path = a.get("path") or "memory/warm.md"
    return {"path": path, "versions": [v.to_dict() for v in history.versions(path)[: a.get("limit", 20)]]}


def _entry_number(ref: Any) -> int:
    try:
        return int(str(ref).strip().strip("[]"))
    except ValueError:
        raise InvalidInputError(f"ref must be [n], got {ref!r}") from None


def _drill(ctx: ToolContext, a: dict) -> dict:
    from linghun.core.drill import drill

    return drill(ctx.home, a["pointer"], ctx.memory)


TOOLS: dict[str, Tool] = {t.name: t for t in [
    Tool("memory_append",
         "Write one memory entry to warm.md (写入记忆). kind event = 主语|动作|宾语|关联实体|细节, fact = "
         "实体|属性|值|来源#, rule = one executable sentence. With update=[n] or a text fragment the old "
         "entry is flipped to wrong and this one is appended (a flipped entry is revived in place). "
         "Near-duplicates merge. Returns mode append/update/dedupe/revive, n, bytes.",
         _params({
             "kind": {"type": "string", "enum": _KINDS, "description": "event, fact or rule (legacy kinds accepted)"},
             "content": {"type": ["string", "object", "array"],
                         "description": "the body text, or its fields as an object / list"},
             "confidence": {"type": "string", "enum": _CONFIDENCES,
                            "description": "default medium; a near-duplicate keeps its confidence unless given"},
             "update": _REF,
         }, ("kind", "content")), _append),
    Tool("memory_read",
         "Read memory (读取记忆): recent warm entries [n] grouped by kind (event / fact / rule), most recently "
         "used first (untouched entries sink and are left out first), the team ledger, the archive index and "
         "the cold summary (6000 characters; 50000 with full). Flipped entries are not listed. ref=[n] reads "
         "one entry (flipped ones too); ref=an ontology name (knowledge, rules, memory, ontology, cold, "
         "identity) reads that file.",
         _params({"full": {"type": "boolean", "default": False},
                  "ref": {"type": ["string", "integer"], "description": "[n] or an ontology name"}}), _read),
    Tool("memory_touch",
         "Mark entries as used (读到即用): refresh last_access of [n] or of every entry containing the text. "
         "Touch only what was actually used. Returns how many entries changed.",
         _params({"ref": _REF}, ("ref",)), _touch),
    Tool("memory_consolidate",
         "Consolidate (沉淀): events to the event timeline, high-confidence facts to the knowledge ontology, "
         "rules to rules.md, a cold.md summary and an episodic archive; warm is then emptied.",
         _params(), _consolidate),
    Tool("memory_project",
         "Project warm entries into ontology.md topic nodes (本体投影), at most 12, aligned to the given "
         "topic buckets; values verbatim, conflicts marked ⚠️ 冲突：. Nothing is written when the result "
         "is unchanged. Returns ok, path, changed, nodes.",
         _params({"buckets": {"type": "array", "items": {"type": "string"}, "description": "topic names"},
                  "offline": {"type": "boolean", "default": False,
                              "description": "use the deterministic projection even when an LLM is set"}}),
         _project),
    Tool("memory_rules",
         "Add a long-term rule (规则本体) as '- rule（date）' under a topic of rules.md (default 经验规则). "
         "A rule already present is not added twice.",
         _params({"rule": {"type": "string", "minLength": 1}, "topic": {"type": "string"}}, ("rule",)), _rules),
    Tool("memory_journal",
         "Read the raw conversation ledger (序时账): a day, or a time window start..end; with no argument, "
         "the index of days.",
         _params({"date": _DAY, "start": _STAMP, "end": _STAMP}), _journal),
    Tool("linghun_goal_update",
         "Record a goal signal (目标): new, progress, change, achieve or abandon. The same speaker on the "
         "same topic merges into the existing goal. Value statements become goals of the belief domain. "
         "Give 1-2 short triggers naming situations that should bring the goal to mind.",
         _params({
             "signal": {"type": "string", "enum": ["new", "progress", "change", "achieve", "abandon"]},
             "statement": {"type": "string"},
             "speaker": {"type": "string", "default": "user"},
             "domain": {"type": "string"},
             "priority": {"type": "string", "enum": ["high", "medium", "low"]},
             "triggers": {"type": ["array", "string"], "items": {"type": "string"}},
             "id": {"type": "string", "description": "the goal id, to update a known goal"},
         }, ("signal",)), _goal_update),
    Tool("linghun_goal_get",
         "Which goals does this situation activate (处境激活)? Goals ranked by activation, each with the "
         "parts of its score (similarity, domain hit, bridge hit, state weight).",
         _params({"situation": {"type": "string", "minLength": 1},
                  "k": {"type": "integer", "minimum": 0, "maximum": 100, "default": 5},
                  "include_inactive": {"type": "boolean", "default": False}}, ("situation",)), _goal_get),
    Tool("linghun_goal_state",
         "Goals and their state history: one goal by id, or the goals in a state "
         "(active, paused, achieved, abandoned); all goals when neither is given.",
         _params({"id": {"type": "string"},
                  "state": {"type": "string", "enum": ["active", "paused", "achieved", "abandoned"]},
                  "speaker": {"type": "string"}}), _goal_state),
    Tool("soul_read", "Read the identity card (灵魂卡 identity.md).", _params(), _soul_read),
    Tool("soul_update", "Replace the identity card (identity.md) with the given text.",
         _params({"content": {"type": "string", "minLength": 1}}, ("content",)), _soul_update),
    Tool("memory_map",
         "The memory map (记忆地图): four axes of pointers (situations with [n], goals, archive nodes, "
         "journal and episodic days) within a character budget. Locate along an axis, then drill down.",
         _params({"budget": {"type": "integer", "minimum": 0, "description": "characters (default: the home's map.budget, 2000)"},
                  "full": {"type": "boolean", "default": False},
                  "format": {"type": "string", "enum": ["text", "graph"], "default": "text"}}), _map),
    Tool("memory_drill",
         "Drill down from a map pointer to its evidence (按编号下钻): [n], knowledge:<theme>, rules:<theme>, "
         "ontology:<theme>, memory:<theme>, journal:<day> or journal:<start>..<end>, episodic:<day>, "
         "cold:<day>, goal:<id>, situation:<label>, or a file name.",
         _params({"pointer": {"type": ["string", "integer"], "minLength": 1}}, ("pointer",)), _drill),
    Tool("memory_history",
         "The history of the memory (记忆的历史): ref=[n] lists every version of that entry, newest first, "
         "with when, who wrote it (agent, workbench, cli, tool) and what changed (created, edited, flipped, "
         "confidence, touched) with its text; path=a file of the home (default memory/warm.md) lists the "
         "file's versions.",
         _params({"ref": {"type": ["string", "integer"], "description": "[n] as memory_read numbers it"},
                  "path": {"type": "string", "description": "e.g. memory/warm.md, memory/rules.md"},
                  "limit": {"type": "integer", "minimum": 1, "default": 20}}), _history),
    Tool("linghun_turn",
         "Run the per-message turn (每条用户消息一轮): feedback on the last bundle, judge, retrieval, archivist, "
         "editor, scribe; the bundle goes to the inject path and the composed context comes back. With answer "
         "the exchange is journaled (序时账) in full.",
         _params({"message": {"type": "string", "minLength": 1, "description": "the user's message"},
                  "answer": {"type": "string", "description": "the reply, journaled with the message"},
                  "session": {"type": "string", "default": "default"}}, ("message",)), _turn),
]}


def names() -> list[str]:
    return list(TOOLS)


def schemas() -> list[dict]:
    """Every tool in the OpenAI function-calling form."""
    return [t.schema() for t in TOOLS.values()]


def get(name: str) -> Tool:
    tool = TOOLS.get(name)
    if tool is None:
        raise NotFoundError(f"unknown tool {name!r}; tools: {', '.join(TOOLS)}")
    return tool


# -- validation ------------------------------------------------------------------------------------
_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def _check(value: Any, schema: dict, where: str) -> None:
    import re

    types = schema.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else types
        if not any(_TYPES[t](value) for t in types):
            raise InvalidInputError(f"{where} must be {' or '.join(types)}, got {type(value).__name__} {value!r:.60}")
    if "enum" in schema and value not in schema["enum"]:
        raise InvalidInputError(f"{where} must be one of {', '.join(map(str, schema['enum']))}, got {value!r:.60}")
    if isinstance(value, str):
        if len(value.strip()) < schema.get("minLength", 0):
            raise InvalidInputError(f"{where} must not be empty")
        if "pattern" in schema and not re.match(schema["pattern"], value):
            raise InvalidInputError(f"{where} must look like {schema.get('description', schema['pattern'])}, got {value!r:.60}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise InvalidInputError(f"{where} must be >= {schema['minimum']}, got {value}")
        if "maximum" in schema and value > schema["maximum"]:
            raise InvalidInputError(f"{where} must be <= {schema['maximum']}, got {value}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            _check(item, schema["items"], f"{where}[{i}]")


def validate(name: str, args: Any) -> dict:
    """The arguments of tool ``name`` checked against its schema, ``null`` values dropped.

    ``args`` may be a dict or a JSON object text (as models send it). Raises ``InvalidInputError``.
    """
    tool = get(name)
    if args is None or args == "":
        args = {}
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{name}: arguments are not valid JSON ({exc})") from None
    if not isinstance(args, Mapping):
        raise InvalidInputError(f"{name}: arguments must be a JSON object, got {type(args).__name__}")
    params = tool.parameters
    props = params.get("properties", {})
    clean = {k: v for k, v in args.items() if v is not None}
    unknown = sorted(set(clean) - set(props))
    if unknown:
        raise InvalidInputError(f"{name}: unknown argument(s) {', '.join(unknown)}; expected {', '.join(props) or 'none'}")
    missing = [k for k in params.get("required", []) if k not in clean]
    if missing:
        raise InvalidInputError(f"{name}: missing required argument(s) {', '.join(missing)}")
    for key, value in clean.items():
        _check(value, props[key], f"{name}.{key}")
    return clean


# -- running ---------------------------------------------------------------------------------------------
def dispatch(home: MemoryHome | str | ToolContext, name: str, args: Any = None, *, provider: Any = None) -> dict:
    """Run tool ``name`` with ``args`` on ``home``; returns ``{"ok": true, ...}``.

    Raises the typed errors of ``core.errors`` (``InvalidInputError`` for bad arguments, before
    anything is read or written). ``provider``: see :class:`ToolContext`.
    """
    clean = validate(name, args)
    ctx = home if isinstance(home, ToolContext) else ToolContext(home, provider=provider)
    capture.enable(ctx.home)
    with capture.writing_as("tool"):  # the home's history names the agent's tool calls
        result = TOOLS[name].run(ctx, clean)
    out = {"ok": True}
    out.update(_jsonable(result))
    out["ok"] = out.get("ok", True) is not False
    return out


def call(home: MemoryHome | str | ToolContext, name: str, args: Any = None, *, provider: Any = None) -> dict:
    """``dispatch`` that reports errors in the result instead of raising (for transports)."""
    try:
        return dispatch(home, name, args, provider=provider)
    except LinghunError as exc:
        return {"ok": False, "error": {"type": type(exc).__name__, "message": error_text(exc, kind=False)}}


def _jsonable(value: Any) -> Any:
    from linghun.core.cli import to_jsonable

    return to_jsonable(value)
