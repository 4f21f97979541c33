"""The MCP server holds against a hostile or careless client: bounded inputs, replies to every
request, JSON-RPC error codes as the specifications say, and hints on every tool.

The cases run through the real ``mcp`` stdio client against a real ``linghun mcp`` process; the
protocol-level ones a client library never sends (a request before ``initialize``, an id that is
an object) go as raw lines, one at a time, each waiting for its reply. Figures per family: tried /
held / written outside the home / keys leaked / hangs > 10 s (a reply that takes longer is a hang:
the calls are applied in order, so it holds every later call).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

from linghun.core import limits
from linghun.core.home import MemoryHome
from linghun.core.tools import TOOLS
from tests.fakeopenai import Reply
from tests.reliability.hostilekit import HANG_SECONDS, Family
from tests.reliability.test_hostile_provider import ECHO, KEY

REPO = Path(__file__).resolve().parents[2]
TEN_MB = "巨" + "x" * 10_000_000


def _nested(depth: int):
    value = "x"
    for _ in range(depth):
        value = [value]
    return value


def _params(dsh: Path, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "linghun.core", "mcp", "--home", str(dsh), *extra])


async def _client_cases(dsh: Path, family: Family, home: MemoryHome) -> None:
    soul, rules = home.identity.read_bytes(), home.rules.read_bytes()
    async with stdio_client(_params(dsh, "--offline")) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()

            async def tool_error(case: str, name: str, args: dict, check=lambda: True) -> None:
                family.start()
                with anyio.fail_after(60):
                    reply = await session.call_tool(name, args)
                family.record(case, held=bool(reply.is_error) and check(), why=reply.content[0].text[:200])

            async def request_error(case: str, call, code: int) -> None:
                family.start()
                try:
                    with anyio.fail_after(60):
                        await call()
                    held, why = False, "no error"
                except MCPError as exc:
                    held, why = exc.error.code == code, f"code {exc.error.code}: {exc.error.message}"
                family.record(case, held=held, why=why)

            await request_error("content nested 250 levels", lambda: session.call_tool(
                "memory_append", {"kind": "fact", "content": _nested(250)}), -32602)
            await tool_error("content nested 20 levels", "memory_append", {"kind": "fact", "content": _nested(20)})
            await tool_error("a 10 MB linghun_turn", "linghun_turn", {"message": TEN_MB})
            await tool_error("a 10 MB soul card", "soul_update", {"content": TEN_MB},
                             lambda: home.identity.read_bytes() == soul)
            await tool_error("a 10 MB rule", "memory_rules", {"rule": TEN_MB}, lambda: home.rules.read_bytes() == rules)
            await tool_error("a 10 MB topic", "memory_rules", {"rule": "先备份", "topic": TEN_MB})
            await tool_error("10,000 triggers", "linghun_goal_update",
                             {"signal": "new", "statement": "我想学会弹钢琴", "triggers": ["钢琴"] * 10_000})
            await tool_error("a 10 MB arguments text", "memory_read", {"ref": TEN_MB})
            await request_error("an unknown resource", lambda: session.read_resource("linghun://nope"), -32002)
            await request_error("an unknown prompt", lambda: session.get_prompt("nope"), -32602)

            family.start()
            templates = await session.list_resource_templates()
            family.record("resources/templates/list", held=templates.resource_templates == [])

            family.start()
            listed = {t.name: t.annotations for t in (await session.list_tools()).tools}
            hinted = all(listed[n] is not None and listed[n].read_only_hint == t.read_only
                         and listed[n].destructive_hint == t.destructive for n, t in TOOLS.items())
            family.record("read-only and destructive hints", held=hinted and listed["memory_read"].read_only_hint
                          and listed["memory_consolidate"].destructive_hint and listed["soul_update"].destructive_hint
                          and not listed["memory_append"].read_only_hint, why=str(listed["memory_read"]))

            family.start()
            with anyio.fail_after(HANG_SECONDS):
                later = await session.call_tool("memory_read", {})
            family.record("a call after them all", held=not later.is_error)


def test_hostile_calls_through_a_real_mcp_client(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    family = Family("MCP, hostile calls")
    anyio.run(_client_cases, upstream_home, family, home)
    family.report()


def _raw_session(dsh: Path, lines: list[dict | str]) -> list[dict]:
    """Send each line and wait for its reply (a request, or a line a reply is owed for)."""
    proc = subprocess.Popen([sys.executable, "-m", "linghun.core", "mcp", "--offline", "--home", str(dsh)], cwd=REPO,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    replies = []
    try:
        for line in lines:
            proc.stdin.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
            proc.stdin.flush()
            if isinstance(line, str) or "id" in line:
                replies.append(json.loads(proc.stdout.readline()))
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        stderr = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
    assert "Traceback" not in stderr, stderr
    return replies


INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}


def test_protocol_level_requests_get_replies_with_the_codes_the_specifications_give(upstream_home):
    family = Family("MCP, protocol")
    cases = [
        ("a call before initialize", {"jsonrpc": "2.0", "id": 100, "method": "tools/list"}, 100, -32600),
        ("initialize", INIT, 1, None),
        ("an id that is an object", {"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}, None, -32600),
        ("an id that is a list", {"jsonrpc": "2.0", "id": [1], "method": "tools/call",
                                  "params": {"name": "memory_read", "arguments": {}}}, None, -32600),
        ("a lone surrogate in an argument", '{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": '
                                            '{"name": "memory_rules", "arguments": {"rule": "bad \\ud800 rule"}}}', 5, -32602),
        ("content nested 5000 levels", json.dumps({"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {
            "name": "memory_append", "arguments": {"kind": "fact", "content": "@"}}}).replace(
            '"@"', "[" * 5000 + "]" * 5000), None, -32700),
        ("an unknown resource", {"jsonrpc": "2.0", "id": 7, "method": "resources/read",
                                 "params": {"uri": "linghun://nope"}}, 7, -32002),
        ("resources/templates/list", {"jsonrpc": "2.0", "id": 8, "method": "resources/templates/list"}, 8, None),
        ("a call after them", {"jsonrpc": "2.0", "id": 9, "method": "tools/list"}, 9, None),
    ]
    lines = [c[1] for c in cases]
    lines.insert(2, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    family.start()
    replies = iter(_raw_session(upstream_home, lines))
    for case, _line, want_id, want in cases:
        reply = next(replies)
        if want is None:
            held = reply.get("id") == want_id and "result" in reply
        else:
            held = reply.get("id") == want_id and reply.get("error", {}).get("code") == want
        family.record(case, held=held, why=json.dumps(reply, ensure_ascii=False)[:200])
        family.start()
    family.report()


async def _turn_with_key_echo(dsh: Path) -> str:
    async with stdio_client(_params(dsh)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            texts = []
            for name, args in [("linghun_turn", {"message": "订单服务现在跑在哪个端口？", "answer": "8087"}),
                               ("memory_project", {})]:
                reply = await session.call_tool(name, args)
                texts.append(reply.content[0].text)
            return "\n".join(texts)


def test_a_key_the_provider_echoes_reaches_no_mcp_reply(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"baseUrl": openai_server.base_url, "model": "m", "maxRetries": 0,
                                               "apiKey": KEY}, "assembler": {"team": {"judge": {"llm": True}}}}),
                           encoding="utf-8")
    openai_server.respond_with(lambda body: Reply(status=401, message=ECHO))
    family = Family("MCP, key-echoing provider")
    family.start()
    text = anyio.run(_turn_with_key_echo, upstream_home)
    stored = b"".join(p.read_bytes() for p in home.root.rglob("*") if p.is_file() and p != home.config)
    family.record("linghun_turn and memory_project", held=bool(openai_server.requests),
                  keys=text.count(KEY) + stored.count(KEY.encode()))
    family.report()


def test_the_limits_are_the_documented_ones():
    """SETTINGS.md lists each bound; the schemas the agent sees carry them."""
    settings = (REPO / "core" / "SETTINGS.md").read_text(encoding="utf-8")
    for name in limits.__all__:
        assert f"{getattr(limits, name):,}".replace(",", " ") in settings or str(getattr(limits, name)) in settings, name
    assert TOOLS["soul_update"].parameters["properties"]["content"]["maxLength"] == limits.MAX_SOUL_CHARS
    assert TOOLS["linghun_turn"].parameters["properties"]["message"]["maxLength"] == limits.MAX_MESSAGE_CHARS


SLOW_SECONDS = 8.0


async def _read_while_a_turn_waits(dsh: Path) -> dict:
    """A turn whose judge waits on a slow model, and a memory_read sent while it runs."""
    out: dict = {"progress": []}
    async with stdio_client(_params(dsh)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()

            async def on_progress(progress: float, total, message) -> None:
                out["progress"].append(message)

            async def turn() -> None:
                reply = await session.call_tool("linghun_turn", {"message": "订单服务现在跑在哪个端口？"},
                                                progress_callback=on_progress)
                out["turn_done"] = anyio.current_time()
                out["turn_ok"] = not reply.is_error

            async with anyio.create_task_group() as tg:
                tg.start_soon(turn)
                await anyio.sleep(1.0)  # the turn is waiting on the model now
                asked = anyio.current_time()
                with anyio.fail_after(HANG_SECONDS):
                    reply = await session.call_tool("memory_read", {})
                out["read_seconds"] = anyio.current_time() - asked
                out["read_done"] = anyio.current_time()
                out["read_ok"] = not reply.is_error
    return out


def test_a_long_call_holds_no_read_and_tells_of_its_progress(upstream_home, openai_server):
    """A turn waiting 8 s on its model (a slow local server) does not hold a memory_read sent
    meanwhile, and a client that asked for progress hears that the turn still runs."""
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"baseUrl": openai_server.base_url, "model": "m", "maxRetries": 0,
                                               "apiKey": "sk-local-test"},
                                       "assembler": {"team": {"judge": {"llm": True}}}}), encoding="utf-8")
    answer = json.dumps({"level": "light", "strategy": "general", "query": "订单服务 端口", "reason": "r"})
    openai_server.respond_with(lambda body: Reply(answer, delay=SLOW_SECONDS))
    family = Family("MCP, a long call")
    out = anyio.run(_read_while_a_turn_waits, upstream_home)
    family.start()  # the turn is slow on purpose: the read's own time is the figure (read_seconds)
    family.record("a memory_read during a slow turn", held=out["read_ok"] and out["read_done"] < out["turn_done"]
                  and out["read_seconds"] < SLOW_SECONDS / 2, why=str(out))
    family.start()
    family.record("progress of the slow turn", held=out["turn_ok"] and any("still running" in (m or "")
                                                                           for m in out["progress"]), why=str(out))
    family.report()
