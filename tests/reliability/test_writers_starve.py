"""Writers never starve: a long operation computes without the home lock and holds it only to
commit, and a writer that cannot get the lock gets a clear message and exit code, no traceback.

Timings are printed (``pytest -s``); what is asserted is behaviour: the write lands, exactly once.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client

from linghun.core import tools
from linghun.core.errors import HomeBusyError
from linghun.core.formats import episodic as episodic_format
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.perf.synth import make_home
from tests.reliability.crashkit import READY_THEN, REPO, WHEN, build_home, entry_keys

#: holds the home lock until its stdin closes; prints "held" once it has it
HOLDER = r"""
import sys
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
with home_lock(MemoryHome.resolve(sys.argv[1])).hold():
    print("held", flush=True)
    sys.stdin.read()
"""

def _start(script: str, *args: str, env=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", script, *args], cwd=REPO, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.fixture
def held_home(tmp_path):
    """A home whose lock another process holds for the whole test."""
    home = build_home(tmp_path / "dsh")
    holder = _start(HOLDER, str(home.dsh_home))
    assert holder.stdout.readline().strip() == "held"
    yield home
    holder.communicate(timeout=60)  # closing its stdin lets it go


def test_a_busy_home_gives_a_clear_message_and_exit_code_in_the_cli(held_home):
    env = dict(os.environ, LINGHUN_LOCK_TIMEOUT="1")
    before = held_home.warm.read_bytes()
    for argv in (["append", "fact", "网关 | 端口 | 8443 | #9"],
                 ["tool", "memory_append", "--args", '{"kind": "fact", "content": "网关 | 端口 | 8443 | #9"}']):
        done = subprocess.run([sys.executable, "-m", "linghun.core", *argv, "--home", str(held_home.dsh_home)],
                              cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == HomeBusyError.exit_code, done.stderr
        assert "Traceback" not in done.stderr
        assert "the memory home is busy" in done.stderr and "(pid " in done.stderr
        assert "nothing was written" in done.stderr
    assert held_home.warm.read_bytes() == before


def test_a_busy_home_is_a_tool_error_for_the_agent(held_home, monkeypatch):
    monkeypatch.setenv("LINGHUN_LOCK_TIMEOUT", "1")
    result = tools.call(str(held_home.dsh_home), "memory_append", {"kind": "fact", "content": "网关 | 端口 | 8443 | #9"})
    assert result["ok"] is False and result["error"]["type"] == "HomeBusyError"
    assert "busy" in result["error"]["message"]

    async def over_mcp():
        params = StdioServerParameters(command=sys.executable, cwd=str(REPO),
                                       args=["-m", "linghun.core", "mcp", "--offline", "--home", str(held_home.dsh_home)],
                                       env=dict(os.environ, LINGHUN_LOCK_TIMEOUT="1"))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                return await session.call_tool("memory_append", {"kind": "fact", "content": "网关 | 端口 | 8443"})

    reply = anyio.run(over_mcp)
    assert reply.is_error is True
    body = json.loads(reply.content[0].text)
    assert body["error"]["type"] == "HomeBusyError" and "busy" in body["error"]["message"]


def test_consolidation_computes_while_another_process_holds_the_lock(held_home):
    """The whole computation (what the preview shows) needs no lock."""
    t0 = time.perf_counter()
    plan = Memory(held_home).plan_consolidation(WHEN)
    assert plan.result.archived_bytes > 0 and len(plan.changes) >= 5
    print(f"\nplanned a consolidation in {(time.perf_counter() - t0) * 1000:.0f} ms while another process held the lock")


def test_a_write_made_while_consolidation_computes_is_archived_exactly_once(tmp_path, monkeypatch):
    """Another writer appends after consolidation has read warm: the commit sees warm changed
    (content hash), computes again and archives the new entry too, once."""
    home = build_home(tmp_path / "dsh")
    consolidating, other = Memory(home), Memory(MemoryHome.resolve(home.dsh_home))
    import linghun.core.memory as memory_module
    real_read = memory_module.read_bytes
    appended = []

    def read_then_write(path):
        data = real_read(path)
        if path == home.cold and not appended:  # warm was read already: the other writer lands now
            appended.append(other.append("fact", "迟到的事实 | 值 | 42 | #99", "high", when=WHEN))
        return data

    monkeypatch.setattr(memory_module, "read_bytes", read_then_write)
    originals = entry_keys(home.warm.read_text(encoding="utf-8"))
    result = consolidating.consolidate(WHEN)
    assert appended and result.knowledge > 0
    assert Memory(home).entries() == []
    archived = [k for p in home.episodic_days()[f"{WHEN:%Y-%m-%d}"]
                for s in episodic_format.parse_episodic(p.read_text(encoding="utf-8")).sections
                for k in entry_keys(s.text)]
    late = [k for k in archived if k[1] == "迟到的事实 | 值 | 42 | #99"]
    assert len(late) == 1
    assert all(archived.count(k) == 1 for k in originals)


@pytest.mark.slow
def test_an_agent_append_during_a_10k_consolidation_succeeds_promptly(tmp_path):
    home = make_home(tmp_path / "dsh", 10_000)
    originals = entry_keys(home.warm.read_text(encoding="utf-8"))
    consolidation = _start(READY_THEN, str(home.dsh_home), "consolidate")
    agent = _start(READY_THEN, str(home.dsh_home), "append")
    assert consolidation.stdout.readline().strip() == "ready"
    assert agent.stdout.readline().strip() == "ready"
    consolidation.stdin.write("go\n")
    consolidation.stdin.flush()
    time.sleep(0.05)  # the consolidation is computing
    agent.stdin.write("go\n")
    agent.stdin.flush()
    agent_out, agent_err = agent.communicate(timeout=600)
    agent_done = consolidation.poll() is None
    cons_out, cons_err = consolidation.communicate(timeout=600)
    assert agent.returncode == 0, agent_err
    assert consolidation.returncode == 0, cons_err
    agent_s = float(agent_out.split()[-1])
    cons_s = float(cons_out.split()[-1])
    print(f"\nagent append during a 10k consolidation: {agent_s:.3f} s wall "
          f"(consolidation {cons_s:.2f} s wall, {'still running' if agent_done else 'finished'} when the append returned)")
    # the agent's entry and every original entry exist exactly once: in warm or archived
    warm = entry_keys(home.warm.read_text(encoding="utf-8"))
    archived = [k for paths in home.episodic_days().values() for p in paths
                for s in episodic_format.parse_episodic(p.read_text(encoding="utf-8")).sections
                for k in entry_keys(s.text)]
    everything = warm + archived
    assert sum(1 for k in everything if "代理在沉淀进行中追加" in k[1]) == 1
    assert len(everything) == len(originals) + 1 and set(originals) <= set(everything)
