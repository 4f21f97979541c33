"""The memory map: its graph, its text within the budget, pointers aligned with memory_read."""
import re

import pytest

from linghun.core.drill import drill
from linghun.core.goals import Goals
from linghun.core.home import MemoryHome
from linghun.core.map import DEFAULT_BUDGET, build_map, map_text, render_map
from linghun.core.memory import Memory
from linghun.core.ontology import memory_project
from tests.perf.synth import make_home

_POINTER = re.compile(r"\[(\d+)\]")


def _situation_pointers(text: str) -> list[int]:
    lines = text.split("◆ 目标轴")[0].splitlines()
    return [int(n) for line in lines if line.startswith("- ") for n in _POINTER.findall(line)]


def test_fixture_map_text(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    text = map_text(home)
    lines = text.splitlines()
    assert lines[0].startswith("【记忆地图】")
    assert [l[:5] for l in lines if l.startswith("◆")] == ["◆ 情境轴", "◆ 目标轴", "◆ 档案轴", "◆ 证据层"]
    assert "◆ 目标轴（0 个目标）：（空）" in lines
    assert "◆ 情境轴（暖态 9 条 · 4 个情境 · 1 条已翻转不列）" in lines
    assert "- 订单服务（2026-10-06~2026-10-07）：[7] [8]" in lines
    assert "[4]?" in text  # low confidence marked
    assert 2 not in _situation_pointers(text)  # the flipped entry is never pointed at
    assert "- 规则本体 rules.md（2 节点）：判断纪律（2026-10-07）、经验规则（2026-10-08） «rules»" in lines
    assert "- 冷储 cold.md（1 段）：2026-09-26 沉淀 3 条 «cold»" in lines
    assert "- 序时账 journal（共 1 天）：2026-10-07（2 条）" in lines
    assert "- 情景归档 episodic（共 1 天）：2026-09-26" in lines
    assert "超出地图预算" not in text


def test_graph_has_typed_edges(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    memory_project(home)
    mm = build_map(home)
    types = {d["type"] for _, _, d in mm.graph.edges(data=True)}
    assert {"axis", "groups", "contains", "cites", "conflicts", "archived_in"} <= types
    entry8 = next(n for n, d in mm.graph.nodes(data=True) if d.get("pointer") == "[8]")
    assert mm.graph.nodes[entry8]["type"] == "entry"
    assert any(mm.graph.nodes[a]["type"] == "ontology_node" for a in mm.graph.predecessors(entry8))
    data = mm.to_dict()
    assert {"nodes", "edges", "notes"} <= set(data) and all("type" in e for e in data["edges"])
    # every node pointer resolves through the drill-down shared with the tools
    for node, attrs in mm.graph.nodes(data=True):
        if attrs["type"] in ("entry", "ontology_node", "journal_day", "episodic_day", "cold_section", "situation"):
            assert drill(home, attrs["pointer"])["text"]


def test_goals_axis(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    Goals(home).goal_update("new", "今年存够孩子的大学基金", priority="high", triggers=["家庭旅行"], domain="money")
    text = map_text(home)
    line = next(l for l in text.splitlines() if "大学基金" in l)
    assert line.startswith("- money · active · high：今年存够孩子的大学基金（触发：家庭旅行）")
    assert line.endswith("«goal:g1»")


def test_corrupt_goals_file_is_a_note_not_a_crash(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    home.goals.parent.mkdir(parents=True, exist_ok=True)
    home.goals.write_text("{not json", encoding="utf-8")
    text = map_text(home)
    assert "（注意：goals.json 无法读取" in text and "◆ 情境轴" in text


def test_pointers_valid_after_append_and_flip(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    memory = Memory(home)
    memory.append("fact", "订单服务 | 超时 | 3s | #12", "high")
    flipped = memory.append("fact", "订单服务 | 端口 | 8088 | #13", update="[8]")
    assert flipped.mode == "update"
    text = map_text(home, memory=memory)
    pointers = _situation_pointers(text)
    entries = memory.entries()
    assert 8 not in pointers and flipped.n in pointers and 11 in pointers
    for n in pointers:
        entry = memory.resolve(f"[{n}]")
        assert entry.n == n and not entry.is_wrong
        assert memory.read(ref=f"[{n}]").startswith(f"[{n}] ")
    assert len(entries) == 12


def test_budget_is_respected_with_whole_lines_and_an_overflow_hint(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    mm = build_map(home)
    full = render_map(mm, 0).splitlines()
    text = render_map(mm, 420)
    assert len(text) <= 420
    lines = text.splitlines()
    assert lines[-1].startswith("…（超出地图预算：") and "memory_map full=true" in lines[-1]
    assert all(l in full for l in lines[:-1])  # whole lines only
    assert sum(l.startswith("◆") for l in lines) == 4  # every axis keeps its header
    assert len(render_map(mm, 40)) <= 40


@pytest.fixture(scope="module")
def big_home(tmp_path_factory):
    return make_home(tmp_path_factory.mktemp("big"), 10_000)


def test_map_of_10k_entries_is_within_the_budget(big_home):
    mm = build_map(big_home)
    assert len(mm.entries) == 10_000
    text = render_map(mm)
    assert len(text) <= DEFAULT_BUDGET
    full = render_map(mm, 0)
    assert len(full) > DEFAULT_BUDGET or text == full
    assert "(+" in text  # long situations show their newest pointers and how many more there are
    tight = render_map(mm, 600)
    assert len(tight) <= 600 and tight.splitlines()[-1].startswith("…（超出地图预算：情境轴省略")
    pointers = _situation_pointers(text)
    assert pointers and all(1 <= n <= 10_000 and not mm.entries[n - 1].is_wrong for n in pointers)
    # the newest situation is shown first and carries the newest entries
    newest = max((e for e in mm.entries if not e.is_wrong), key=lambda e: e.stamp)
    assert newest.n in pointers


def test_map_settings_from_the_home(upstream_home):
    import json

    from linghun.core.map import injection_text, map_settings

    home = MemoryHome.resolve(upstream_home)
    assert map_settings(home) == {"enabled": True, "budget": 2000}
    home.config.write_text(json.dumps({"map": {"budget": 300}}), encoding="utf-8")
    assert len(map_text(home)) <= 300 and len(injection_text(home)) <= 300
    home.config.write_text(json.dumps({"map": {"enabled": False}}), encoding="utf-8")
    assert injection_text(home) == "" and map_text(home).startswith("【记忆地图】")


def test_outline_for_a_tree_view(upstream_home):
    mm = build_map(MemoryHome.resolve(upstream_home))
    outline = mm.outline()
    assert [a["axis"] for a in outline] == ["situations", "goals", "archive", "evidence"]
    situation = next(i for i in outline[0]["items"] if i["label"] == "订单服务")
    assert [c["pointer"] for c in situation["children"]] == ["[7]", "[8]"]
    assert situation["children"][1]["label"] == "[8] 订单服务 | 端口 | 8087 | #7"
    rules = next(i for i in outline[2]["items"] if i["pointer"] == "rules")
    assert [c["label"] for c in rules["children"]] == ["判断纪律", "经验规则"]
    assert [i["label"] for i in outline[3]["items"]] == ["2026-10-07（2 条）", "2026-09-26"]


def test_any_budget_gives_whole_lines_within_it(upstream_home):
    from hypothesis import given, settings, strategies as st

    mm = build_map(MemoryHome.resolve(upstream_home))
    full_lines = set(render_map(mm, 0).splitlines())

    @settings(max_examples=60, deadline=None)
    @given(st.integers(min_value=1, max_value=800))
    def check(budget):
        text = render_map(mm, budget)
        assert len(text) <= budget
        for line in text.splitlines():
            assert line in full_lines or line.startswith("…（超出地图预算：")

    check()


def test_empty_home_has_four_empty_axes_and_creates_nothing(empty_home):
    home = MemoryHome.resolve(empty_home)
    text = map_text(home)
    assert text.splitlines()[1:] == ["◆ 情境轴（暖态 0 条 · 0 个情境）：（空）", "◆ 目标轴（0 个目标）：（空）",
                                     "◆ 档案轴：（空）", "◆ 证据层：（空）"]
    assert list(empty_home.iterdir()) == []


def test_map_enabled_false_turns_off_the_tool_and_the_command(upstream_home, capsys):
    import json

    from linghun.core import tools
    from linghun.core.cli import main as cli_main

    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"map": {"enabled": False, "budget": 500}}), encoding="utf-8")
    out = tools.dispatch(home, "memory_map", {})
    assert out["text"] == "" and out["enabled"] is False and "map.enabled" in out["note"]
    assert cli_main(["map", "--home", str(upstream_home)]) == 0
    printed = capsys.readouterr().out
    assert "map.enabled = false" in printed and "◆ 情境轴" not in printed
    assert cli_main(["map", "--anyway", "--home", str(upstream_home)]) == 0
    assert "◆ 情境轴" in capsys.readouterr().out
