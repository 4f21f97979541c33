"""MCP round trips over stdio: a real `linghun mcp` process, the real `mcp` client in each of its
modes (the initialize handshake, the 2026-07-28 discover probe, stateless from the first request)."""
import json
import subprocess
import sys

import anyio
import pytest
from mcp import Client, ClientSession, StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, UNSUPPORTED_PROTOCOL_VERSION
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from linghun.core.memory import Memory
from linghun.core.home import MemoryHome
from linghun.core.tools import names


async def _round_trip(dsh_home: str) -> tuple[list[str], dict, dict, dict]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "linghun.core", "mcp", "--offline", "--home", dsh_home])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            appended = await session.call_tool(
                "memory_append", {"kind": "fact", "content": "支付网关 | 超时 | 30s | #1", "confidence": "high"})
            read_back = await session.call_tool("memory_read", {"ref": f"[{appended.structured_content['n']}]"})
            bad = await session.call_tool("memory_append", {"kind": "nonsense", "content": "x"})
            return ([t.name for t in listed.tools], appended.structured_content,
                    json.loads(read_back.content[0].text), {"is_error": bad.is_error, "text": bad.content[0].text})


def test_list_append_and_read_back_over_stdio(upstream_home):
    tool_names, appended, read_back, bad = anyio.run(_round_trip, str(upstream_home))
    assert tool_names == names()
    assert appended["ok"] is True and appended["mode"] == "append" and appended["n"] == 11
    assert "支付网关 | 超时 | 30s | #1" in read_back["text"]
    # the write reached the file the workbench reads
    entry = Memory(MemoryHome.resolve(upstream_home)).entries()[-1]
    assert entry.body == "支付网关 | 超时 | 30s | #1" and entry.confidence == "high"
    assert bad["is_error"] is True and "memory_append.kind must be one of" in bad["text"]


async def _context_over_stdio(dsh_home: str) -> tuple[list[str], str, list[str], str]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "linghun.core", "mcp", "--offline", "--home", dsh_home])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            prompts = await session.list_prompts()
            prompt = await session.get_prompt("memory_context", {"question": "订单服务的端口是多少？"})
            resources = await session.list_resources()
            resource = await session.read_resource("linghun://context")
            return ([p.name for p in prompts.prompts], prompt.messages[0].content.text,
                    [str(r.uri) for r in resources.resources], resource.contents[0].text)


def test_the_context_is_a_prompt_and_a_resource(upstream_home):
    from linghun.core.context import compose

    names_, prompt_text, uris, resource_text = anyio.run(_context_over_stdio, str(upstream_home))
    assert names_ == ["memory_context"] and uris == ["linghun://context"]
    home = MemoryHome.resolve(upstream_home)
    # the prompt is the context composed for the question (bundle from a dry run: nothing written)
    assert prompt_text == compose(home, "订单服务的端口是多少？", run_round=True).text()
    assert prompt_text.index("【判断纪律】") < prompt_text.index("【知识本体】") < prompt_text.index("【本轮素材包】")
    assert "8087" in prompt_text.split("【本轮素材包】")[1]
    # the resource carries the bundle on disk, which the dry run did not replace
    assert resource_text == compose(home).text()


def _params(dsh_home: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "linghun.core", "mcp", "--offline", "--home", dsh_home])


async def _unknown_tool_code(call) -> int | None:
    try:
        await call("no_such_tool", {})
    except MCPError as exc:
        return exc.error.code
    return None


async def _classic_unknown_tool(dsh_home: str) -> int | None:
    async with stdio_client(_params(dsh_home)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            return await _unknown_tool_code(session.call_tool)


def test_an_unknown_tool_is_a_json_rpc_invalid_params_error(upstream_home):
    # every revision of the MCP spec: an unknown tool is a protocol error, not a tool result
    assert anyio.run(_classic_unknown_tool, str(upstream_home)) == INVALID_PARAMS


async def _with_client(dsh_home: str, mode: str) -> dict:
    async with Client(_params(dsh_home), mode=mode) as client:
        listed = await client.list_tools()
        appended = await client.call_tool("memory_append", {"kind": "fact", "content": "支付网关 | 超时 | 30s | #1"})
        return {"version": client.protocol_version, "told_tools": client.server_capabilities.tools is not None,
                "initialized": client.session.initialize_result is not None,
                "tools": [t.name for t in listed.tools], "appended": appended.structured_content,
                "unknown": await _unknown_tool_code(client.call_tool)}


@pytest.mark.parametrize("mode, version, told_tools", [
    ("legacy", LATEST_HANDSHAKE_VERSION, True),  # the initialize handshake
    ("auto", "2026-07-28", True),                # the server/discover probe, then stateless requests
    ("2026-07-28", "2026-07-28", False),         # stateless from the first request: no probe, nothing told
])
def test_every_mode_of_the_official_client(upstream_home, mode, version, told_tools):
    seen = anyio.run(_with_client, str(upstream_home), mode)
    assert seen["version"] == version and seen["told_tools"] is told_tools
    assert seen["initialized"] is (mode == "legacy")
    assert seen["tools"] == names() and seen["appended"]["ok"] is True and seen["appended"]["n"] == 11
    assert seen["unknown"] == INVALID_PARAMS


def _exchange(dsh_home: str, requests: list[dict]) -> list[dict]:
    """Each request on the server's stdin, its reply read before the next goes (raw JSON-RPC)."""
    params = _params(dsh_home)
    replies = []
    with subprocess.Popen([params.command, *params.args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, encoding="utf-8") as proc:
        for request in requests:
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            replies.append(json.loads(proc.stdout.readline()))
    return replies  # leaving the block closed stdin (the server ends on it) and waited for the exit


ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}


def test_server_discover_before_any_initialize_over_raw_json_rpc(upstream_home):
    discover, bare, late_initialize = _exchange(str(upstream_home), [
        {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": ENVELOPE}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}},
        {"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {
            "protocolVersion": LATEST_HANDSHAKE_VERSION, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
    ])
    result = discover["result"]
    assert result["supportedVersions"] == ["2026-07-28"] and "tools" in result["capabilities"]
    assert result["instructions"].startswith("Long-term memory")
    # on the stateless connection it opened, the SDK's own answers: the envelope is missing, the
    # handshake is of another era (never this server's "send initialize first")
    assert bare["error"]["code"] == INVALID_PARAMS and "envelope" in bare["error"]["message"]
    assert late_initialize["error"]["code"] == UNSUPPORTED_PROTOCOL_VERSION
