"""One MCP round trip over stdio: a real `linghun mcp` process, the real `mcp` client."""
import json
import sys

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from core.memory import Memory
from core.home import MemoryHome
from core.tools import names


async def _round_trip(dsh_home: str) -> tuple[list[str], dict, dict, dict]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "core", "mcp", "--offline", "--home", dsh_home])
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
