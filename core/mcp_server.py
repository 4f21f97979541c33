"""An MCP server over stdio exposing the agent tools of ``core.tools`` (``linghun mcp``).

Any MCP-capable agent can then read and write the same memory home the workbench shows. The tool
list, schemas and results are exactly those of ``core.tools``: ``tools/list`` returns each tool's
JSON-schema parameters; ``tools/call`` runs it through ``core.tools.call`` and answers with the
result as JSON text plus ``structuredContent``. A tool error (bad arguments, an unknown ``[n]``, a
corrupt file) comes back as a result with ``isError: true`` and the message, never as a crash; an
unknown tool is a JSON-RPC error -32602 (Invalid params), as every revision of MCP says.

Both eras of the protocol are served on one stdio connection, the client's first request choosing
(the SDK's dual-era loop): the ``initialize`` handshake, or the 2026-07-28 revision's stateless
requests, each carrying its protocol version and client capabilities in ``_meta``, with
``server/discover`` to learn the server's versions and capabilities first.

The context the agent is shown each turn (``core.context``, CONTEXT.md) is offered twice: as the
prompt ``memory_context`` (argument ``question``: with one, the bundle is assembled for it in a dry
run) whose one user message is the context text, and as the resource ``linghun://context`` (the
context with the bundle the last round delivered).

The server is the agent's long-lived path to the memory: when it starts, a warm-up thread parses
warm.md, builds the home's search index and groups the map's situations (:class:`WarmUp`), and
every later call finds them in memory, changed in place as the home changes. ``initialize`` is
answered while the warm-up runs; a call that searches or composes (:data:`NEEDS_INDEX`, the
prompt, the resource) waits for the warm-up to finish, any other call only for warm.md's parse.

Tool calls run in a worker thread (the memory operations are blocking file work). Calls that
write wait their turn, one at a time, so writes from one agent are applied in order; calls that
only read (``readOnlyHint``) do not queue behind them, so a long ``linghun_turn`` (a slow local
model) or a consolidation does not hold a ``memory_read`` (every write replaces files whole, so a
read sees the home before or after it, never half). Inputs are bounded (``core.limits``) and the
LLM calls have timeouts scaled to their prompts, so no call runs without end; while one runs, a
client that asked for progress (a ``progressToken``) hears from it every
:data:`PROGRESS_SECONDS`, so a long call is visibly alive. Each tool carries MCP's hints:
``readOnlyHint`` for the tools that only read, ``destructiveHint`` for those that replace what was
there (consolidation, projection, the soul card), ``openWorldHint`` for those that may call the LLM.

JSON-RPC errors as the specifications say: -32700 for a line that is not JSON, -32600 for one that
is not a request (an id that is an object, a request sent as a notification) and for a request
before ``initialize`` that is not a stateless one, -32602 for a request the transport's parser refuses though it is JSON
(nested too deeply, a lone surrogate: answered with its id, so the client does not wait forever),
-32002 for an unknown resource. ``resources/templates/list``
is answered (there are none: the one resource has a fixed address).
"""
from __future__ import annotations

import contextlib
import functools
import json
import threading
from typing import Any, Callable

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage

from linghun.core import __version__
from linghun.core import tools as agent_tools
from linghun.core.home import MemoryHome
from linghun.core.redact import error_text, scrub

__all__ = ["SERVER_NAME", "NEEDS_INDEX", "WarmUp", "warm_home", "make_server", "serve_stdio", "run"]

SERVER_NAME = "linghun-memory"
INSTRUCTIONS = (
    "Long-term memory of the linghun system. Read the map (memory_map), locate along an axis, drill "
    "down by number (memory_read ref=[n], memory_drill, memory_journal), cite what you used and "
    "memory_touch it; write with memory_append (update=[n] to correct an entry)."
)


def _tool_list() -> list[types.Tool]:
    return [types.Tool(name=t.name, description=t.description, input_schema=t.parameters,
                       annotations=types.ToolAnnotations(read_only_hint=t.read_only, destructive_hint=t.destructive,
                                                         idempotent_hint=t.read_only, open_world_hint=t.calls_llm))
            for t in agent_tools.TOOLS.values()]


def _known_tool(name: str) -> agent_tools.Tool:
    """The tool called ``name``; an unknown name is a JSON-RPC error -32602, as every revision of the
    MCP specification says (a protocol error: there is no tool to report a result)."""
    tool = agent_tools.TOOLS.get(name)
    if tool is None:
        raise MCPError(types.INVALID_PARAMS, scrub(f"unknown tool {name[:200]!r}; tools: {', '.join(agent_tools.TOOLS)}"),
                       data={"name": name[:200]})
    return tool


#: MCP's error code for a resource that does not exist
RESOURCE_NOT_FOUND = -32002


CONTEXT_PROMPT = "memory_context"
CONTEXT_URI = "linghun://context"


def _context_text(home: MemoryHome, question: str, provider: Any) -> str:
    from linghun.core.context import compose

    return compose(home, question, run_round=bool(question.strip()), provider=provider).text()


#: the tools that search the index or compose the context: they wait for the warm-up
NEEDS_INDEX = frozenset({"linghun_turn", "memory_map", "memory_drill"})


def warm_home(home: MemoryHome, parsed: threading.Event) -> None:
    """What the first round, map and context need, made ready: warm.md parsed (``parsed`` is set
    then), the home's searcher (``core.home_index``), the situations and what regrouping them after
    a change reads (``core.situation_cache``)."""
    # imported on the warm-up thread for start-up time: initialize is answered without the
    # search stack (numpy, the tokenizer, the assembler); the first linghun_turn finds them loaded
    import linghun.core.turn  # noqa: F401
    from linghun.core.assembler.retriever import warm_up
    from linghun.core.map import build_map
    from linghun.core.memory import Memory
    from linghun.core.situation_cache import prepare

    memory = Memory(home)  # its own: a tool call's Memory then takes the shared parse
    memory.document()
    parsed.set()
    warm_up(memory)
    build_map(home, memory)
    prepare(home.root, memory.entries())


class WarmUp:
    """The warm-up of one home on a daemon thread.

    A failure (an unreadable warm.md...) ends the warm-up and is not reported here: the tool
    calls that wait meet the same problem and report it to the agent.

    Attributes:
        parsed: set once warm.md is parsed (or the warm-up ended).
        ready: set once the warm-up ended.
    """

    def __init__(self, home: MemoryHome, work: Callable[[MemoryHome, threading.Event], None] = warm_home):
        self.home, self._work = home, work
        self.parsed, self.ready = threading.Event(), threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> "WarmUp":
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="linghun-warm-up", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        try:
            self._work(self.home, self.parsed)
        except Exception:  # noqa: BLE001 - see the class docstring: the calls report it
            pass
        finally:
            self.parsed.set()
            self.ready.set()

    async def wait(self, needs_index: bool) -> None:
        """Until the call can run (without holding the event loop)."""
        event = self.ready if needs_index else self.parsed
        if not event.is_set():
            await anyio.to_thread.run_sync(event.wait)


#: seconds between two progress notifications of a call still running
PROGRESS_SECONDS = 2.0


@contextlib.asynccontextmanager
async def _nothing():
    """No turn to wait for (a read-only call)."""
    yield


async def _report_progress(ctx, name: str) -> None:
    """Tell a client that asked for progress, every :data:`PROGRESS_SECONDS`, that ``name`` still
    runs (a no-op for a request without a ``progressToken``); cancelled when the call ends."""
    seconds = 0.0
    while True:
        await anyio.sleep(PROGRESS_SECONDS)
        seconds += PROGRESS_SECONDS
        await ctx.session.report_progress(seconds, None, f"{name}: still running after {seconds:.0f} s")


def make_server(home: MemoryHome | str, *, provider: Any = None, warm: WarmUp | None = None) -> Server:
    """A low-level MCP ``Server`` whose tools act on ``home``; its warm-up (``warm``, by default
    :func:`warm_home`) starts now."""
    home = home if isinstance(home, MemoryHome) else MemoryHome.resolve(home)
    context = agent_tools.ToolContext(home, provider=provider)
    lock = anyio.Lock()
    warm = (warm or WarmUp(home)).start()

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=_tool_list())

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        tool = _known_tool(params.name)
        async with (_nothing() if tool.read_only else lock):
            await warm.wait(params.name in NEEDS_INDEX)
            async with anyio.create_task_group() as tg:
                tg.start_soon(_report_progress, ctx, params.name)
                try:
                    result = await anyio.to_thread.run_sync(
                        agent_tools.call, context, params.name, dict(params.arguments or {}))
                except Exception as exc:  # a defect must reach the agent as a tool error, not end the session
                    result = {"ok": False, "error": {"type": type(exc).__name__,
                                                     "message": error_text(exc, kind=False)}}
                tg.cancel_scope.cancel()
        text = json.dumps(result, ensure_ascii=False, indent=2)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                    structured_content=result, is_error=not result.get("ok", False))

    async def list_prompts(ctx, params) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[types.Prompt(
            name=CONTEXT_PROMPT, description="What the agent is shown this turn: identity, disciplines, "
            "ontologies, cold summary, goal evidence, map and the bundle assembled for the question.",
            arguments=[types.PromptArgument(name="question", description="the user's question", required=False)])])

    async def get_prompt(ctx, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != CONTEXT_PROMPT:
            raise MCPError(types.INVALID_PARAMS, scrub(f"unknown prompt {params.name!r}; prompts: {CONTEXT_PROMPT}"))
        question = str((params.arguments or {}).get("question") or "")
        async with lock:
            await warm.wait(True)
            text = await anyio.to_thread.run_sync(_context_text, context.home, question, context.provider)
        return types.GetPromptResult(description="linghun memory context", messages=[
            types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    async def list_resources(ctx, params) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[types.Resource(
            name="context", uri=CONTEXT_URI, mime_type="text/markdown",
            description="The injected memory context with the last delivered bundle")])

    async def read_resource(ctx, params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        if str(params.uri) != CONTEXT_URI:
            raise MCPError(RESOURCE_NOT_FOUND, scrub(f"unknown resource {str(params.uri)[:200]!r}; resources: {CONTEXT_URI}"),
                           data={"uri": str(params.uri)[:200]})
        async with lock:
            await warm.wait(True)
            text = await anyio.to_thread.run_sync(_context_text, context.home, "", context.provider)
        return types.ReadResourceResult(contents=[
            types.TextResourceContents(uri=CONTEXT_URI, mime_type="text/markdown", text=text)])

    async def list_resource_templates(ctx, params) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[])

    return Server(SERVER_NAME, version=__version__, instructions=INSTRUCTIONS,
                  on_list_tools=list_tools, on_call_tool=call_tool,
                  on_list_prompts=list_prompts, on_get_prompt=get_prompt,
                  on_list_resources=list_resources, on_read_resource=read_resource,
                  on_list_resource_templates=list_resource_templates)


async def serve_stdio(home: MemoryHome | str, *, provider: Any = None) -> None:
    """Serve one MCP session on this process's stdin / stdout until the client closes it."""
    server = make_server(home, provider=provider)
    async with stdio_server() as (read_stream, write_stream):
        inbound, outbound = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        async with anyio.create_task_group() as tg:
            tg.start_soon(_answer_bad_lines, read_stream, inbound, write_stream)
            await server.run(outbound, write_stream, server.create_initialization_options())


async def _answer_bad_lines(read_stream, inbound, write_stream) -> None:
    """Pass messages on to the server; answer what it would leave unanswered.

    The ``mcp`` stdio transport hands a line that is not a JSON-RPC message to the server as an
    exception, which the server only logs, and reads a request whose id is an object as a
    notification, which it ignores: the client waits forever for a reply. JSON-RPC 2.0 says to
    reply with an error: -32700 when the line is not JSON, -32600 when it is not a request (id
    null: its id could not be read). A request the transport's parser refuses though it is JSON
    (nested too deeply, a lone surrogate) is answered with its own id (-32602), read by Python's
    parser. A request before ``initialize`` that is not one of the stateless era
    (:func:`_needs_no_handshake`) is refused here with a message that says so.
    """
    initialized = False
    async with inbound:
        async for item in read_stream:
            if isinstance(item, Exception):
                reply = _error_for_bad_line(item)
            else:
                message = item.message
                if isinstance(message, types.JSONRPCNotification) and not message.method.startswith("notifications/"):
                    reply = _error(None, types.INVALID_REQUEST, "Invalid Request",
                                   f"{message.method[:80]} is a request: it needs an id that is a string or a number")
                elif isinstance(message, types.JSONRPCRequest) and not initialized and not _needs_no_handshake(message):
                    reply = _error(message.id, types.INVALID_REQUEST, "Invalid Request",
                                   "the session is not initialized: send initialize first")
                else:
                    initialized = initialized or _opens_session(message)
                    await inbound.send(item)
                    continue
            try:
                await write_stream.send(SessionMessage(reply))
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                return


def _needs_no_handshake(request: types.JSONRPCRequest) -> bool:
    """Whether ``request`` may come before ``initialize``: the handshake itself, ``ping``, and the
    2026-07-28 revision's stateless requests (``server/discover`` and any request carrying the
    per-request ``_meta`` envelope), which the SDK serves without a handshake: refusing them made
    the newest clients fall back to the old protocol. A ``server/discover`` without the envelope
    is the SDK's to answer (-32601 on the handshake era, which a client reads as "legacy")."""
    return request.method in ("initialize", "ping", "server/discover") or _has_envelope(request)


def _opens_session(message: types.JSONRPCMessage) -> bool:
    """``initialize`` opens a session of the handshake era; an enveloped request one of the
    stateless era, where the SDK itself answers a request without an envelope (-32602 naming the
    missing key) and a late ``initialize`` (-32022)."""
    return isinstance(message, types.JSONRPCRequest) and (message.method == "initialize" or _has_envelope(message))


def _has_envelope(request: types.JSONRPCRequest) -> bool:
    """The 2026-07-28 per-request ``_meta`` envelope: its protocol-version key (spec-reserved, so
    no request of the handshake era carries it) is what the SDK routes on too."""
    meta = (request.params or {}).get("_meta")
    return isinstance(meta, dict) and types.PROTOCOL_VERSION_META_KEY in meta


def _error(request_id: Any, code: int, text: str, why: str) -> types.JSONRPCError:
    return types.JSONRPCError(jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=text, data=why))


def _error_for_bad_line(exc: Exception) -> types.JSONRPCError:
    if not _is_parse_error(exc):
        return _error(None, types.INVALID_REQUEST, "Invalid Request", _why(exc))
    request_id = _id_of(_raw_line(exc))
    if request_id is not None:  # JSON to Python, not to the transport: too deep, or a lone surrogate
        return _error(request_id, types.INVALID_PARAMS, "Invalid params", f"the server cannot read this request ({_why(exc)})")
    return _error(None, types.PARSE_ERROR, "Parse error", _why(exc))


def _raw_line(exc: Exception) -> str | None:
    with contextlib.suppress(Exception):
        raw = exc.errors()[0].get("input")
        return raw if isinstance(raw, str) else None
    return None


def _id_of(line: str | None) -> str | int | None:
    """The id of a request line that Python's parser reads (``None`` when it does not, or the id
    is not a string or a whole number)."""
    if not line:
        return None
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return None
    request_id = value.get("id") if isinstance(value, dict) else None
    return request_id if isinstance(request_id, (str, int)) and not isinstance(request_id, bool) else None


def _why(exc: Exception) -> str:
    """The first problem pydantic found, in one line (the whole report is pages long)."""
    with contextlib.suppress(Exception):
        first = exc.errors()[0]
        return scrub(f"{first['msg']} ({'.'.join(map(str, first.get('loc', ()))) or 'message'})")[:300]
    return scrub(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__


def _is_parse_error(exc: Exception) -> bool:
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return True
    try:
        return any(e.get("type") == "json_invalid" for e in errors())
    except Exception:  # noqa: BLE001 - an unexpected shape is still a line we could not read
        return True


def run(home: MemoryHome | str, *, provider: Any = None) -> None:
    """Blocking entry point of ``linghun mcp``."""
    anyio.run(functools.partial(serve_stdio, home, provider=provider))
