"""The agent tool surface (SPEC 14): every tool as an OpenAI function-calling schema, one dispatcher.

``schemas()`` gives the list to pass as ``tools=`` to a chat completion; ``dispatch(home, name,
args)`` runs one call and returns a JSON-able dict (``ok: true`` plus the tool's fields). Arguments
are validated against the tool's JSON schema first (``jsonschema``, ``core.schema_check``): an
unknown tool, a missing or unknown argument, a wrong type, a value outside its enum, a text over its
bound (``core.limits``), arguments nested too deeply or a string no UTF-8 file can hold raise
``InvalidInputError`` naming the tool and argument, and nothing is written. Each tool says whether
it only reads and whether it replaces what was there (``read_only``, ``destructive``: the MCP
server's tool hints). ``call()`` is the same but never raises a ``LinghunError``: it returns
``{"ok": false, "error": {"type", "message"}}`` (what the MCP server and ``linghun tool`` report).

Tools of SPEC 14: memory_append, memory_read, memory_touch, memory_consolidate, memory_project,
memory_rules, memory_journal, linghun_goal_update, linghun_goal_get, linghun_goal_state, soul_read,
soul_update. Ours, for the map (SPEC 9): memory_map (the map text or its graph) and memory_drill
(any map pointer to its evidence); memory_history (the versions of an entry or a file, with their
writers, from the home's history); linghun_check (the memory checks of core/CHECKS.md).

``null`` for an optional argument means "not given" (models send it often).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from linghun.core import limits
from linghun.core.errors import InvalidInputError, LinghunError, NotFoundError
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.core.redact import error_text
from linghun.core.review import contradictions, hold as review_hold
from linghun.core.schema_check import Schema, depth_exceeds, json_path, lone_surrogate

__all__ = ["Tool", "ToolContext", "TOOLS", "names", "schemas", "get", "validate", "dispatch", "call"]

_KINDS = ["event", "fact", "rule", "decision", "preference", "experience", "identity"]
_CONFIDENCES = ["high", "medium", "low"]
_NAME = {"type": "string", "maxLength": limits.MAX_NAME_CHARS}
#: a text that must hold something besides white space
_SOME = {"minLength": 1, "pattern": r"\S"}
_REF = {"type": ["string", "integer"], "maxLength": limits.MAX_NAME_CHARS,
        "description": "[n] (memory_read numbering) or a fragment of the entry's text"}
_DAY = {"type": "string", "pattern": r"^\d{4}-\d\d-\d\d$", "maxLength": 10, "description": "YYYY-MM-DD"}
_STAMP = {"type": "string", "maxLength": 19, "description": "YYYY-MM-DD[ HH:MM[:SS]] (inclusive)"}
_NAMES = {"type": "array", "items": _NAME, "maxItems": limits.MAX_ITEMS}
#: one field of an entry's content given as an object or a list
_FIELD = {"type": ["string", "number", "boolean", "null"], "maxLength": limits.MAX_CONTENT_CHARS}


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
    """One tool: its name, what it does, its JSON-schema parameters, the function running it, and
    what it may change."""

    name: str
    description: str
    parameters: dict
    run: Callable[[ToolContext, dict], dict] = field(repr=False)
    #: it writes nothing; it replaces or removes what was there (MCP's readOnly / destructive hints)
    read_only: bool = False
    destructive: bool = False
    #: it may call the LLM (the world outside the home)
    calls_llm: bool = False

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
    out = result.to_dict()
    found = contradictions.on_write(ctx.home, ctx.memory.latest(), result.entry)
    if found:  # caught on the write itself, not only in the review queue (core/REVIEW.md)
        out["contradicts"] = [c.message for c in found]
    return out


def _read(ctx: ToolContext, a: dict) -> dict:
    ref = a.get("ref")
    text = ctx.memory.read(full=bool(a.get("full", False)), ref=str(ref) if ref is not None else None)
    pending = "" if ref is not None else review_hold.pending_text(ctx.home)  # writes held for review
    return {"text": f"{text}\n\n{pending}" if pending else text}


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
    """Begin a turn for ``message`` (a round), or, with ``turn``, finish the one a call began by
    journaling its ``answer``: the agent knows the answer only after answering, and a second
    call with the message would run a second round for it."""
    from linghun.core.turn import begin_turn, finish_turn  # the assembler loads for a turn only: start-up time of the other tools

    if a.get("turn"):
        if a.get("message"):
            raise InvalidInputError("give message to begin a turn, or turn (with answer) to finish one, not both")
        record = finish_turn(ctx.home, a["turn"], a.get("answer", ""))
        return {"turn": record["id"], "journaled": record["journaled"], "round": record.get("round")}
    if not a.get("message"):
        raise InvalidInputError("message is required to begin a turn (or turn, to finish one)")
    turn = begin_turn(ctx.home, a["message"], session=a.get("session") or "default", provider=ctx.provider,
                      store="answer" not in a)  # finished at once: stored then
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


def _check(ctx: ToolContext, a: dict) -> dict:
    # imported on call, for start-up time: the checks run rounds (the search stack)
    from linghun.core.checks.run import run_checks
    from linghun.core.checks.store import load_checks

    checks = load_checks(ctx.home)
    if a.get("id") is not None:
        checks = [c for c in checks if c.id == a["id"]]
        if not checks:
            raise NotFoundError(f"no check {a['id']!r}")
    report = run_checks(ctx.home, checks, trigger="tool")
    return report.to_dict()


TOOLS: dict[str, Tool] = {t.name: t for t in [
    Tool("memory_append",
         "Write one memory entry to warm.md (写入记忆). One entry holds one fact, event or rule "
         "(一条目一事实): several things are several calls. kind event = 主语|动作|宾语|关联实体|细节, fact = "
         "实体|属性|值|来源#, rule = one executable sentence. With update=[n] or a text fragment the old "
         "entry is flipped to wrong and this one is appended (a flipped entry is revived in place). "
         "Near-duplicates merge. Returns mode append/update/dedupe/revive, n, bytes.",
         _params({
             "kind": {"type": "string", "enum": _KINDS, "description": "event, fact or rule (legacy kinds accepted)"},
             "content": {"type": ["string", "object", "array"], "maxLength": limits.MAX_CONTENT_CHARS,
                         "items": _FIELD, "maxItems": limits.MAX_ITEMS,
                         "additionalProperties": _FIELD, "maxProperties": limits.MAX_ITEMS,
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
                  "ref": {"type": ["string", "integer"], "maxLength": limits.MAX_NAME_CHARS,
                          "description": "[n] or an ontology name"}}), _read, read_only=True),
    Tool("memory_touch",
         "Mark entries as used (读到即用): refresh last_access of [n] or of every entry containing the text. "
         "Touch only what was actually used. Returns how many entries changed.",
         _params({"ref": _REF}, ("ref",)), _touch),
    Tool("memory_consolidate",
         "Consolidate (沉淀): events to the event timeline, high-confidence facts to the knowledge ontology, "
         "rules to rules.md, a cold.md summary and an episodic archive; warm is then emptied.",
         _params(), _consolidate, destructive=True),
    Tool("memory_project",
         "Project warm entries into ontology.md topic nodes (本体投影), at most 12, aligned to the given "
         "topic buckets; values verbatim, conflicts marked ⚠️ 冲突：. Nothing is written when the result "
         "is unchanged. Returns ok, path, changed, nodes.",
         _params({"buckets": {**_NAMES, "description": "topic names"},
                  "offline": {"type": "boolean", "default": False,
                              "description": "use the deterministic projection even when an LLM is set"}}),
         _project, destructive=True, calls_llm=True),
    Tool("memory_rules",
         "Add a long-term rule (规则本体) as '- rule（date）' under a topic of rules.md (default 经验规则). "
         "A rule already present is not added twice.",
         _params({"rule": {"type": "string", **_SOME, "maxLength": limits.MAX_RULE_CHARS}, "topic": _NAME},
                 ("rule",)), _rules),
    Tool("memory_journal",
         "Read the raw conversation ledger (序时账): a day, or a time window start..end; with no argument, "
         "the index of days.",
         _params({"date": _DAY, "start": _STAMP, "end": _STAMP}), _journal, read_only=True),
    Tool("linghun_goal_update",
         "Record a goal signal (目标): new, progress, change, achieve or abandon. The same speaker on the "
         "same topic merges into the existing goal. Value statements become goals of the belief domain. "
         "Give 1-2 short triggers naming situations that should bring the goal to mind.",
         _params({
             "signal": {"type": "string", "enum": ["new", "progress", "change", "achieve", "abandon"]},
             "statement": {"type": "string", "maxLength": limits.MAX_MESSAGE_CHARS},
             "speaker": {**_NAME, "default": "user"},
             "domain": _NAME,
             "priority": {"type": "string", "enum": ["high", "medium", "low"]},
             "triggers": {"type": ["array", "string"], "items": _NAME, "maxItems": limits.MAX_ITEMS,
                          "maxLength": limits.MAX_NAME_CHARS},
             "id": {**_NAME, "description": "the goal id, to update a known goal"},
         }, ("signal",)), _goal_update),
    Tool("linghun_goal_get",
         "Which goals does this situation activate (处境激活)? Goals ranked by activation, each with the "
         "parts of its score (similarity, domain hit, bridge hit, state weight).",
         _params({"situation": {"type": "string", **_SOME, "maxLength": limits.MAX_MESSAGE_CHARS},
                  "k": {"type": "integer", "minimum": 0, "maximum": 100, "default": 5},
                  "include_inactive": {"type": "boolean", "default": False}}, ("situation",)), _goal_get,
         read_only=True),
    Tool("linghun_goal_state",
         "Goals and their state history: one goal by id, or the goals in a state "
         "(active, paused, achieved, abandoned); all goals when neither is given.",
         _params({"id": _NAME,
                  "state": {"type": "string", "enum": ["active", "paused", "achieved", "abandoned"]},
                  "speaker": _NAME}), _goal_state, read_only=True),
    Tool("soul_read", "Read the identity card (灵魂卡 identity.md).", _params(), _soul_read, read_only=True),
    Tool("soul_update", "Replace the identity card (identity.md) with the given text.",
         _params({"content": {"type": "string", **_SOME, "maxLength": limits.MAX_SOUL_CHARS}}, ("content",)),
         _soul_update, destructive=True),
    Tool("memory_map",
         "The memory map (记忆地图): four axes of pointers (situations with [n], goals, archive nodes, "
         "journal and episodic days) within a character budget. Locate along an axis, then drill down.",
         _params({"budget": {"type": "integer", "minimum": 0, "description": "characters (default: the home's map.budget, 2000)"},
                  "full": {"type": "boolean", "default": False},
                  "format": {"type": "string", "enum": ["text", "graph"], "default": "text"}}), _map, read_only=True),
    Tool("memory_drill",
         "Drill down from a map pointer to its evidence (按编号下钻): [n], knowledge:<theme>, rules:<theme>, "
         "ontology:<theme>, memory:<theme>, memory@<line>, journal:<day> or journal:<start>..<end>, episodic:<day>, "
         "cold:<day>, goal:<id>, situation:<label>, or a file name.",
         _params({"pointer": {"type": ["string", "integer"], **_SOME, "maxLength": limits.MAX_NAME_CHARS}},
                 ("pointer",)), _drill, read_only=True),
    Tool("memory_history",
         "The history of the memory (记忆的历史): ref=[n] lists every version of that entry, newest first, "
         "with when, who wrote it (agent, workbench, cli, tool) and what changed (created, edited, flipped, "
         "confidence, touched) with its text; path=a file of the home (default memory/warm.md) lists the "
         "file's versions.",
         _params({"ref": {"type": ["string", "integer"], "maxLength": limits.MAX_NAME_CHARS,
                          "description": "[n] as memory_read numbers it"},
                  "path": {**_NAME, "description": "e.g. memory/warm.md, memory/rules.md"},
                  "limit": {"type": "integer", "minimum": 1, "default": 20}}), _history, read_only=True),
    Tool("linghun_turn",
         "Run the per-message turn (每条用户消息一轮): feedback on the last bundle, judge, retrieval, archivist, "
         "editor, scribe; the bundle goes to the inject path and the composed context comes back with the turn's "
         "id. Once you have answered, call again with turn=<that id> and answer to journal the exchange (序时账) "
         "without a second round; answer with message does both in one call.",
         _params({"message": {"type": "string", **_SOME, "maxLength": limits.MAX_MESSAGE_CHARS,
                              "description": "the user's message (begins a turn)"},
                  "turn": {"type": "string", "maxLength": 64,
                           "description": "the id a call with message returned: finishes that turn"},
                  "answer": {"type": "string", "maxLength": limits.MAX_ANSWER_CHARS,
                             "description": "the reply, journaled with the message"},
                  "session": {**_NAME, "default": "default"}}, ()), _turn, calls_llm=True),
    Tool("linghun_check",
         "Run the memory checks (记忆检查, checks.json): for each pinned question, whether the entries it must be "
         "shown reach the context and the forbidden (flipped) ones do not; for each missing entry, why not. "
         "passed/failed counts and per-check results; recorded in the checks' history.",
         _params({"id": {**_NAME, "description": "run only this check"}}), _check),
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
_SCHEMAS = {name: Schema(tool.parameters) for name, tool in TOOLS.items()}


def validate(name: str, args: Any) -> dict:
    """The arguments of tool ``name`` checked against its schema, ``null`` values dropped.

    ``args`` may be a dict or a JSON object text (as models send it). Raises ``InvalidInputError``.
    """
    tool = get(name)
    if args is None or args == "":
        args = {}
    if isinstance(args, str):
        if len(args) > 2 * limits.MAX_ANSWER_CHARS:
            raise InvalidInputError(f"{name}: arguments are {len(args)} characters, at most {2 * limits.MAX_ANSWER_CHARS}")
        try:
            args = json.loads(args)
        except RecursionError:
            raise InvalidInputError(f"{name}: arguments nest more than {limits.MAX_NESTING} levels") from None
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{name}: arguments are not valid JSON ({exc})") from None
    if not isinstance(args, Mapping):
        raise InvalidInputError(f"{name}: arguments must be a JSON object, got {type(args).__name__}")
    clean = {k: v for k, v in args.items() if v is not None}
    if depth_exceeds(clean, limits.MAX_NESTING):
        raise InvalidInputError(f"{name}: arguments nest more than {limits.MAX_NESTING} levels of lists or objects")
    error = _SCHEMAS[name].first_error(clean)
    if error is not None:
        raise InvalidInputError(_wording(name, tool.parameters, error))
    where = lone_surrogate(clean)
    if where is not None:
        raise InvalidInputError(f"{name}{where} is not valid Unicode text (a lone surrogate such as \\ud800)")
    return clean


def _wording(name: str, params: dict, error) -> str:
    """A ``jsonschema`` error said as the tools always said it (``memory_append.kind must be one
    of event, fact, ...``), naming the tool and argument."""
    props = params.get("properties", {})
    where = name + json_path(error.absolute_path)
    value, rule, bound = error.instance, error.validator, error.validator_value
    if rule == "additionalProperties" and not error.absolute_path:
        unknown = sorted(set(value) - set(props))
        return f"{name}: unknown argument(s) {', '.join(unknown)}; expected {', '.join(props) or 'none'}"
    if rule == "required" and not error.absolute_path:
        missing = [k for k in params.get("required", []) if k not in value]
        return f"{name}: missing required argument(s) {', '.join(missing)}"
    if rule == "type":
        types = [bound] if isinstance(bound, str) else bound
        return f"{where} must be {' or '.join(types)}, got {type(value).__name__} {value!r:.60}"
    if rule == "enum":
        return f"{where} must be one of {', '.join(map(str, bound))}, got {value!r:.60}"
    if rule == "minLength" or (rule == "pattern" and bound == r"\S"):
        return f"{where} must not be empty"
    if rule == "pattern":
        return f"{where} must look like {error.schema.get('description', bound)}, got {value!r:.60}"
    if rule == "maxLength":
        return f"{where} is {len(value)} characters, at most {bound} are taken (SETTINGS.md, Limits)"
    if rule in ("maxItems", "maxProperties"):
        return f"{where} has {len(value)} items, at most {bound} are taken (SETTINGS.md, Limits)"
    if rule == "minimum":
        return f"{where} must be >= {bound}, got {value}"
    if rule == "maximum":
        return f"{where} must be <= {bound}, got {value}"
    return f"{where}: {' '.join(error.message.split())[:200]}"


# -- running ---------------------------------------------------------------------------------------------
def dispatch(home: MemoryHome | str | ToolContext, name: str, args: Any = None, *, provider: Any = None,
             hold: bool = True) -> dict:
    """Run tool ``name`` with ``args`` on ``home``; returns ``{"ok": true, ...}``.

    Raises the typed errors of ``core.errors`` (``InvalidInputError`` for bad arguments, before
    anything is read or written). ``provider``: see :class:`ToolContext`. With the home's
    ``review.hold`` set, a write it holds is staged for review instead (``core.review.hold``);
    ``hold`` False runs it now, as the review's own write (the user accepted it).
    """
    clean = validate(name, args)
    ctx = home if isinstance(home, ToolContext) else ToolContext(home, provider=provider)
    capture.enable(ctx.home)
    reason = hold and name in review_hold.WRITING_TOOLS and review_hold.hold_reason(
        ctx.memory, review_hold.hold_tier(ctx.home), name, clean, TOOLS[name].destructive)
    if reason:
        return {"ok": True, **review_hold.stage(ctx.home, name, clean, reason)}
    with capture.writing_as("tool" if hold else review_hold.REVIEW_WRITER):  # the history names the agent's calls
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
