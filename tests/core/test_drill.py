"""Drill-down from map pointers to evidence."""
import pytest

from linghun.core.drill import drill, entry, journal_window, node
from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.ontology import memory_project


@pytest.fixture
def home(upstream_home):
    return MemoryHome.resolve(upstream_home)


def test_entry_by_number_id_and_fragment(home):
    d = drill(home, "[8]")
    assert d["type"] == "entry" and d["n"] == 8 and d["body"] == "订单服务 | 端口 | 8087 | #7"
    assert d["text"].startswith("[8] 2026-10-07 11:30 [fact] high")
    assert drill(home, 8)["n"] == 8 and drill(home, "[4]?")["n"] == 4
    memory = Memory(home)  # ids belong to the Memory object that read the file (the workbench's)
    e = memory.entries()[6]
    assert entry(home, f"entry:{e.id}", memory)["n"] == 7
    assert entry(home, "回归测试")["n"] == 3
    wrong = drill(home, "[2]")
    assert wrong["confidence"] == "wrong" and wrong["display_text"].startswith("【已翻转·勿引用】")


def test_node_and_file(home):
    d = drill(home, "rules:经验规则")
    assert d["type"] == "node" and d["body"] == "- 改数据库结构前先在 staging 跑迁移脚本（2026-10-08）"
    assert d["date"] == "2026-10-08"
    assert drill(home, "knowledge:Redis")["body"].startswith("- 密码每 90 天")  # falls back to knowledge.md
    assert drill(home, "rules")["themes"] == ["判断纪律", "经验规则"]
    assert drill(home, "cold")["themes"] == ["2026-09-26"]


def test_projection_node_cites_its_entries(home):
    d = node(home, "ontology", "订单服务")
    assert [c["n"] for c in d["cites"]] == [7, 8]
    memory_project(home)
    theme = next(t for t in drill(home, "ontology")["themes"])
    cited = drill(home, f"ontology:{theme}")["cites"]
    assert cited and all(c["type"] == "entry" for c in cited)


def test_day_and_window(home):
    d = drill(home, "2026-10-07")
    assert d["type"] == "journal" and len(d["turns"]) == 2
    w = drill(home, "journal:2026-10-07 15:00..2026-10-07 16:00")
    assert [t["stamp"] for t in w["turns"]] == ["2026-10-07 15:02:10"]
    assert "迁移之后" in w["text"]
    assert journal_window(home)["text"] == "- 2026-10-07（2 条流水）"
    assert "journal" not in drill(home, "[7]")  # no journal on 2026-10-06
    assert drill(home, "[8]")["journal"] == "journal:2026-10-07"


def test_episodic_cold_situation_and_goal(home):
    assert "项目代号 Alpha" in drill(home, "episodic:2026-09-26")["text"]
    c = drill(home, "cold:2026-09-26")
    assert len(c["items"]) == 3 and c["episodic"] == "episodic:2026-09-26"
    s = drill(home, "situation:订单服务")
    assert [e["n"] for e in s["entries"]] == [7, 8]
    from linghun.core.goals import Goals

    Goals(home).goal_update("new", "按时发布 v2", priority="high", domain="career")
    assert drill(home, "goal:g1")["text"].startswith("career · active · high：按时发布 v2")


def test_bad_pointers(home):
    with pytest.raises(InvalidInputError):
        drill(home, "  ")
    for bad in ("[99]", "rules:没有", "nothing:here", "journal:2030-01-01", "episodic:2030-01-01", "goal:g9",
                "situation:无", "weird"):
        with pytest.raises(NotFoundError):
            drill(home, bad)
