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
    live = [e for e in memory.entries() if not e.is_wrong]
    newest_high = max((e for e in live if e.effective_confidence == "high"), key=lambda e: e.n)
    assert f"[{newest_high.n}] {newest_high.stamp}" in warm
    assert "条不列" in warm  # the demo has flipped entries: counted, not listed
    # 129 live entries do not fit: low ones are pushed out first, high ones last (SPEC 3's
    # injection order: verified knowledge does not decay), and a line says so
    assert "低置信或久未使用" in warm
    shown = {int(line[1:line.index("]")]) for line in warm.splitlines() if line.startswith("[")}
    assert not shown & {e.n for e in live if e.effective_confidence == "low"}
    assert {e.n for e in live if e.effective_confidence != "high"} & shown == set() or \
        {e.n for e in live if e.effective_confidence == "high"} <= shown


def test_touch_lifts_an_old_entry_to_the_top_of_its_group(demo_home):
    memory = Memory(MemoryHome.resolve(demo_home))
    from linghun.core.read_side import gradient_key

    oldest_fact = min((e for e in memory.entries() if e.kind == "fact" and not e.is_wrong
                       and e.effective_confidence == "medium"), key=gradient_key)
    before = memory.read(full=True).split("◆ 事实 fact")[1].splitlines()
    assert not before[1].startswith(f"[{oldest_fact.n}] ")  # sunk to the bottom of its group
    memory.touch(f"[{oldest_fact.n}]", when=datetime(2026, 12, 1, 9, 0))
    facts = memory.read(full=True).split("◆ 事实 fact")[1].splitlines()
    assert facts[1].startswith(f"[{oldest_fact.n}] ")
    # under the default budget a used medium entry still yields to the high ones: verified
    # knowledge does not decay (SPEC 3), and the high ones fill the demo's budget
    assert f"[{oldest_fact.n}] " not in memory.read()


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
