"""The MCP server warms the home up in the background: initialize is answered while the warm-up
runs, the calls that search wait for it, the others only for warm.md's parse."""
import threading

import anyio
from mcp import ClientSession
from mcp.shared.memory import create_client_server_memory_streams

from linghun.core import mcp_server
from linghun.core.home import MemoryHome


class HeldWarmUp(mcp_server.WarmUp):
    """The real warm-up, held before the index until the test lets it go."""

    def __init__(self, home):
        self.go = threading.Event()
        super().__init__(home, self._held)

    def _held(self, home, parsed):
        parsed.set()  # warm.md's parse is not what is held here
        assert self.go.wait(30), "the test never let the warm-up go"
        mcp_server.warm_home(home, threading.Event())


async def _session(home, warm, steps):
    server = mcp_server.make_server(home, provider=False, warm=warm)
    async with create_client_server_memory_streams() as (client, served):
        async with anyio.create_task_group() as tg:
            tg.start_soon(server.run, served[0], served[1], server.create_initialization_options())
            async with ClientSession(*client) as session:
                result = await steps(session)
            tg.cancel_scope.cancel()
    return result


def test_initialize_answers_while_the_warm_up_runs_and_a_round_waits_for_it(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    warm = HeldWarmUp(home)
    seen = {}

    async def steps(session):
        with anyio.fail_after(20):
            await session.initialize()
        seen["ready at initialize"] = warm.ready.is_set()
        read = await session.call_tool("memory_read", {"ref": "[8]"})  # needs no index
        seen["read"] = (read.is_error, read.structured_content.get("text", ""))
        turn_done = anyio.Event()

        async def turn():
            seen["turn"] = await session.call_tool("linghun_turn", {"message": "订单服务的端口是多少？"})
            turn_done.set()

        async with anyio.create_task_group() as tg:
            tg.start_soon(turn)
            await anyio.sleep(0.5)
            seen["turn done before the warm-up"] = turn_done.is_set()
            warm.go.set()
            with anyio.fail_after(60):
                await turn_done.wait()
        seen["ready after"] = warm.ready.is_set()

    anyio.run(_session, home, warm, steps)
    assert seen["ready at initialize"] is False
    assert seen["read"][0] is False and "8087" in seen["read"][1]
    assert seen["turn done before the warm-up"] is False
    assert not seen["turn"].is_error and seen["turn"].structured_content["round"]["status"] == "ok"
    assert seen["ready after"] is True


def test_a_failed_warm_up_leaves_the_calls_to_report_the_problem(upstream_home):
    home = MemoryHome.resolve(upstream_home)

    def broken(home, parsed):
        raise OSError("disk gone")

    warm = mcp_server.WarmUp(home, broken)

    async def steps(session):
        await session.initialize()
        return await session.call_tool("memory_map", {})

    result = anyio.run(_session, home, warm, steps)
    assert warm.ready.is_set() and not result.is_error and "◆ 情境轴" in result.structured_content["text"]


def test_the_default_warm_up_makes_the_index_and_the_situations(upstream_home, monkeypatch, tmp_path):
    from linghun.core import home_index, situation_cache

    monkeypatch.setenv("LINGHUN_CACHE_DIR", str(tmp_path / "cache"))
    home = MemoryHome.resolve(upstream_home)
    home_index.forget()
    warm = mcp_server.WarmUp(home).start()
    assert warm.ready.wait(60)
    assert any(k[0] == str(home.root) for k in home_index._SEARCHERS)
    assert situation_cache._GROUPINGS.get(str(home.root))
