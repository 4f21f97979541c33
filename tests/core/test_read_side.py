"""memory_read as the seed's read side: grouped by kind, forgetting gradient, ledger always there."""
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from linghun.core.cli import main as cli_main
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo-home"


@pytest.fixture
def demo_home(tmp_path) -> Path:
    shutil.copytree(DEMO, tmp_path / "demo")
    return tmp_path / "demo"


def _sections(text: str) -> dict[str, str]:
    out = {}
    for block in text.split("\n\n"):
        out[block.split("】", 1)[0] + "】"] = block
    return out


def test_default_read_on_the_demo_home_shows_recent_warm_entries_by_kind(demo_home, capsys):
    assert cli_main(["read", "--home", str(demo_home)]) == 0
    text = capsys.readouterr().out
    assert len(text.rstrip("\n")) <= 6000
    sections = _sections(text.rstrip("\n"))
    warm = sections["【近期记忆 · 按本体分组】"]
    assert "【团队账本】" in sections and "轮次" in sections["【团队账本】"]
    groups = [line for line in warm.splitlines() if line.startswith("◆ ")]
    assert [g.split("（")[0] for g in groups] == ["◆ 事件 event", "◆ 事实 fact", "◆ 规则 rule"]
    memory = Memory(MemoryHome.resolve(demo_home))
    newest = max((e for e in memory.entries() if not e.is_wrong), key=lambda e: (e.stamp, e.n))
    assert f"[{newest.n}] {newest.stamp}" in warm
    assert "条不列" in warm  # the demo has flipped entries: counted, not listed
    assert "久未使用" in warm  # 129 live entries do not fit: the bottom of the gradient is pushed out


def test_touch_lifts_an_old_entry_to_the_top_of_its_group(demo_home):
    memory = Memory(MemoryHome.resolve(demo_home))
    from linghun.core.read_side import gradient_key

    oldest_fact = min((e for e in memory.entries() if e.kind == "fact" and not e.is_wrong), key=gradient_key)
    before = memory.read()
    assert f"[{oldest_fact.n}] " not in before  # sunk and pushed out
    memory.touch(f"[{oldest_fact.n}]", when=datetime(2026, 12, 1, 9, 0))
    facts = memory.read().split("◆ 事实 fact")[1].splitlines()
    assert facts[1].startswith(f"[{oldest_fact.n}] ")


def test_flipped_entries_stay_reachable_by_number(upstream_home):
    memory = Memory(MemoryHome.resolve(upstream_home))
    flipped = [e for e in memory.entries() if e.is_wrong]
    assert flipped
    text = memory.read(full=True)
    for e in flipped:
        assert f"[{e.n}] " not in text
        assert memory.read(ref=f"[{e.n}]").startswith(f"[{e.n}] ")


def test_the_ledger_is_there_before_any_round(empty_home):
    memory = Memory(MemoryHome.resolve(empty_home))
    memory.append("fact", "支付网关 | 超时 | 30s | #1")
    text = memory.read()
    assert "【团队账本】\n尚无回合" in text and "◆ 事实 fact（1）" in text
