"""One MCP round trip over stdio: a real `linghun mcp` process, the real `mcp` client."""
import json
import sys

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

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
