"""An MCP server over stdio exposing the agent tools of ``core.tools`` (``linghun mcp``).

Any MCP-capable agent can then read and write the same memory home the workbench shows. The tool
list, schemas and results are exactly those of ``core.tools``: ``tools/list`` returns each tool's
JSON-schema parameters; ``tools/call`` runs it through ``core.tools.call`` and answers with the
result as JSON text plus ``structuredContent``. A tool error (bad arguments, an unknown ``[n]``, a
corrupt file) comes back as a result with ``isError: true`` and the message, never as a crash.

The context the agent is shown each turn (``core.context``, CONTEXT.md) is offered twice: as the
prompt ``memory_context`` (argument ``question``: with one, the bundle is assembled for it in a dry
run) whose one user message is the context text, and as the resource ``linghun://context`` (the
context with the bundle the last round delivered).

Tool calls run in a worker thread (the memory operations are blocking file work), one at a time,
so calls from one agent are applied in order.
"""
from __future__ import annotations

import contextlib
import functools
import json
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from linghun.core import __version__
from linghun.core import tools as agent_tools
from linghun.core.home import MemoryHome
from linghun.core.redact import error_text, scrub

__all__ = ["SERVER_NAME", "make_server", "serve_stdio", "run"]

SERVER_NAME = "linghun-memory"
INSTRUCTIONS = (
    "Long-term memory of the linghun system. Read the map (memory_map), locate along an axis, drill "
    "down by number (memory_read ref=[n], memory_drill, memory_journal), cite what you used and "
    "memory_touch it; write with memory_append (update=[n] to correct an entry)."
)


def _tool_list() -> list[types.Tool]:
    return [types.Tool(name=t.name, description=t.description, input_schema=t.parameters)
            for t in agent_tools.TOOLS.values()]


CONTEXT_PROMPT = "memory_context"
CONTEXT_URI = "linghun://context"


def _context_text(home: MemoryHome, question: str, provider: Any) -> str:
    from linghun.core.context import compose

    return compose(home, question, run_round=bool(question.strip()), provider=provider).text()


def make_server(home: MemoryHome | str, *, provider: Any = None) -> Server:
    """A low-level MCP ``Server`` whose tools act on ``home``."""
    home = home if isinstance(home, MemoryHome) else MemoryHome.resolve(home)
    context = agent_tools.ToolContext(home, provider=provider)
    lock = anyio.Lock()

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=_tool_list())

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        async with lock:
            try:
                result = await anyio.to_thread.run_sync(
                    agent_tools.call, context, params.name, dict(params.arguments or {}))
            except Exception as exc:  # a defect must reach the agent as a tool error, not end the session
                result = {"ok": False, "error": {"type": type(exc).__name__, "message": error_text(exc, kind=False)}}
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
            raise ValueError(f"unknown prompt {params.name!r}; prompts: {CONTEXT_PROMPT}")
        question = str((params.arguments or {}).get("question") or "")
        async with lock:
            text = await anyio.to_thread.run_sync(_context_text, context.home, question, context.provider)
        return types.GetPromptResult(description="linghun memory context", messages=[
            types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))])

    async def list_resources(ctx, params) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[types.Resource(
            name="context", uri=CONTEXT_URI, mime_type="text/markdown",
            description="The injected memory context with the last delivered bundle")])

    async def read_resource(ctx, params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        if str(params.uri) != CONTEXT_URI:
            raise ValueError(f"unknown resource {params.uri!r}; resources: {CONTEXT_URI}")
        async with lock:
            text = await anyio.to_thread.run_sync(_context_text, context.home, "", context.provider)
        return types.ReadResourceResult(contents=[
            types.TextResourceContents(uri=CONTEXT_URI, mime_type="text/markdown", text=text)])

    return Server(SERVER_NAME, version=__version__, instructions=INSTRUCTIONS,
                  on_list_tools=list_tools, on_call_tool=call_tool,
                  on_list_prompts=list_prompts, on_get_prompt=get_prompt,
                  on_list_resources=list_resources, on_read_resource=read_resource)


async def serve_stdio(home: MemoryHome | str, *, provider: Any = None) -> None:
    """Serve one MCP session on this process's stdin / stdout until the client closes it."""
    server = make_server(home, provider=provider)
    async with stdio_server() as (read_stream, write_stream):
        inbound, outbound = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        async with anyio.create_task_group() as tg:
            tg.start_soon(_answer_bad_lines, read_stream, inbound, write_stream)
            await server.run(outbound, write_stream, server.create_initialization_options())


async def _answer_bad_lines(read_stream, inbound, write_stream) -> None:
    """Pass messages on to the server; answer a line that is not a JSON-RPC message.

    The ``mcp`` stdio transport hands such a line to the server as an exception, which the
    server only logs: the client waits forever for a reply. JSON-RPC 2.0 says to reply with
    an error whose id is null: -32700 when the line is not JSON, -32600 when it is JSON but not
    a message.
    """
    async with inbound:
        async for item in read_stream:
            if not isinstance(item, Exception):
                await inbound.send(item)
                continue
            code, text = ((types.PARSE_ERROR, "Parse error") if _is_parse_error(item)
                          else (types.INVALID_REQUEST, "Invalid Request"))
            error = types.JSONRPCError(jsonrpc="2.0", id=None,
                                       error=types.ErrorData(code=code, message=text, data=_why(item)))
            try:
                await write_stream.send(SessionMessage(error))
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                return


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
