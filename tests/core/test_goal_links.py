"""Goals as the memory's skeleton: the warm entries hanging on a goal, in the map's goal axis, in
``drill goal:<id>`` and through the agent's ``memory_drill`` tool in a fresh process."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from linghun.core.drill import drill
from linghun.core.goal_links import goal_links
from linghun.core.goals import Goals
from linghun.core.home import MemoryHome
from linghun.core.map import build_map, render_map
from linghun.core.memory import Memory

REPO = Path(__file__).resolve().parents[2]
GOAL = "我想学会弹钢琴，每天练习半小时"


@pytest.fixture
def home(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    memory = Memory(home)
    memory.append("event", "用户 | 练习 | 钢琴 | 音阶 | 每天练习半小时")          # shares 练习 每天 半小时
    memory.append("fact", "钢琴老师 | 电话 | 138-0000 | #1")                      # one word at most: not hung
    memory.append("event", "用户 | 报名 | 周末音乐课 | 琴行 | 试听一节")          # named as a signal's source
    memory.append("fact", "家庭旅行 | 目的地 | 大理 | #2")                         # holds the trigger
    Goals(home).goal_update("new", GOAL, triggers=["家庭旅行"], goal_id=None)
    n_signal = len(memory.entries()) - 1
    Goals(home).goal_update("progress", GOAL, source={"kind": "entry", "ref": f"[{n_signal}]"})
    return home


def _numbers(home) -> dict[str, int]:
    entries = Memory(home).entries()
    return {key: next(e.n for e in entries if key in e.body) for key in ("音阶", "钢琴老师", "周末音乐课", "大理")}


def test_an_entry_hangs_on_a_goal_by_signal_trigger_or_two_shared_topic_words(home):
    entries = Memory(home).entries()
    goals = Goals(home).goals()
    links = goal_links(home.root, goals, entries)[goals[0].id]
    n = _numbers(home)
    why = {link.n: link.why for link in links}
    assert set(why) == {n["音阶"], n["周末音乐课"], n["大理"]}
    assert why[n["周末音乐课"]] == "signal progress"
    assert why[n["大理"]] == "trigger 「家庭旅行」"
    assert why[n["音阶"]].startswith("shares ") and "练习" in why[n["音阶"]]


def test_a_flipped_entry_hangs_on_nothing(home):
    """...also once the links were worked out before the flip (they are kept by their inputs)."""
    n = _numbers(home)["音阶"]
    before = goal_links(home.root, Goals(home).goals(), Memory(home).entries())
    assert n in {link.n for hung in before.values() for link in hung}
    memory = Memory(home)
    memory.edit_entry(memory.resolve(f"[{n}]").id, confidence="wrong")
    links = goal_links(home.root, Goals(home).goals(), Memory(home).entries())
    assert n not in {link.n for hung in links.values() for link in hung}


def test_the_map_goal_axis_points_at_the_entries_hanging_on_each_goal(home):
    mm = build_map(home)
    n = _numbers(home)
    line = next(x for x in render_map(mm, 0).splitlines() if "«goal:" in x)
    assert f"挂 3 条 [{n['音阶']}] [{n['周末音乐课']}] [{n['大理']}]" in line
    hangs = [(a, b) for a, b, d in mm.graph.edges(data=True) if d.get("type") == "hangs"]
    assert len(hangs) == 3 and all(a == f"goal:{mm.goals[0].id}" for a, _ in hangs)


def test_drill_goal_lists_its_history_and_its_entries_with_the_rule(home):
    goal_id = Goals(home).goals()[0].id
    out = drill(home, f"goal:{goal_id}")
    assert [e["pointer"] for e in out["entries"]] == [f"[{n}]" for n in sorted(
        _numbers(home)[k] for k in ("音阶", "周末音乐课", "大理"))]
    assert "挂 3 条" in out["text"] and "← trigger 「家庭旅行」" in out["text"] and "progress" in out["text"]


def test_the_agent_drills_a_goal_through_its_tool_in_a_fresh_process(home):
    goal_id = Goals(home).goals()[0].id
    run = subprocess.run([sys.executable, "-m", "linghun.core", "tool", "memory_drill", "--home",
                          str(home.dsh_home), "--args", json.dumps({"pointer": f"goal:{goal_id}"})],
                         cwd=REPO, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "挂 3 条" in run.stdout and "周末音乐课" in run.stdout


# -- kept across processes -----------------------------------------------------------------------

def _new_process() -> None:
    """What a new process starts with: nothing in memory, the cache folder as it was left."""
    from linghun.core import goal_links as links_module, memory as memory_module, situation_cache

    links_module._MEMO.clear()
    links_module._BY_BODY.clear()
    links_module._BY_SOURCE.clear()
    situation_cache.forget()
    memory_module._PARSED.clear()  # what this process parsed or wrote


@pytest.fixture
def checked(monkeypatch):
    """How many (entry, goal) pairs were checked by content since the fixture started."""
    from linghun.core import goal_links as links_module

    seen = []
    real = links_module._check

    def counting(root, known, goals, entries, digests):
        seen.append(len(entries) * len(goals))
        return real(root, known, goals, entries, digests)

    monkeypatch.setattr(links_module, "_check", counting)
    return seen


def test_a_new_process_reads_the_links_and_an_append_checks_only_the_new_body(home, checked, monkeypatch):
    from linghun.core import goal_links as links_module

    monkeypatch.setattr(links_module, "SAVE_AFTER", 1)
    links_module._by_body(home.root).file.unlink(missing_ok=True)  # the fixture's writes made links
    _new_process()
    goals = Goals(home).goals()
    first = goal_links(home.root, goals, Memory(home).entries())
    assert sum(checked) > 0
    _new_process()
    checked.clear()
    assert goal_links(home.root, goals, Memory(home).entries()) == first
    assert sum(checked) == 0  # nothing looked at again: read from the cache folder
    checked.clear()
    Memory(home).append("event", "用户 | 练习 | 钢琴 | 琶音 | 每天练习半小时")
    _new_process()
    links = goal_links(home.root, goals, Memory(home).entries())[goals[0].id]
    assert [c for c in checked if c] == [len(goals)]  # the one new body, against the goal
    assert any("琶音" in Memory(home).resolve(f"[{link.n}]").body for link in links)


def test_a_goal_asked_alone_then_all_goals_give_the_links_worked_out_from_nothing(home, checked, monkeypatch):
    """The round asks for the goals a question names, the map for all: each finds the other's
    work, and the result is the same as from an empty cache."""
    from linghun.core import goal_links as links_module

    monkeypatch.setattr(links_module, "SAVE_AFTER", 1)
    Goals(home).goal_update("new", "规划家庭旅行去大理", triggers=["大理"], goal_id=None)
    goals = Goals(home).goals()
    entries = Memory(home).entries()
    alone = goal_links(home.root, goals[1:], entries)
    _new_process()
    both = goal_links(home.root, goals, entries)
    assert both[goals[1].id] == alone[goals[1].id]
    links_module._by_body(home.root).file.unlink()
    _new_process()
    assert goal_links(home.root, goals, entries) == both


def test_an_unreadable_saved_file_is_not_used_and_is_written_anew(home, monkeypatch):
    from linghun.core import goal_links as links_module

    monkeypatch.setattr(links_module, "SAVE_AFTER", 1)
    goals, entries = Goals(home).goals(), Memory(home).entries()
    expected = goal_links(home.root, goals, entries)
    file = links_module._by_body(home.root).file
    file.write_bytes(b"not a cache")
    _new_process()
    assert goal_links(home.root, goals, entries) == expected
    assert links_module.home_cache.load(file) is not None


def test_more_goals_than_the_cache_keeps_still_link_each_goal_asked_for(home, monkeypatch):
    from linghun.core import goal_links as links_module

    monkeypatch.setattr(links_module, "KEEP_GOALS", 0)  # every goal not asked for now is forgotten
    Goals(home).goal_update("new", "规划家庭旅行去大理", triggers=["大理"], goal_id=None)
    goals, entries = Goals(home).goals(), Memory(home).entries()
    links_module._by_body(home.root).file.unlink(missing_ok=True)
    _new_process()
    expected = goal_links(home.root, goals, entries)  # both goals asked for: both kept
    assert all(expected.values())
    _new_process()
    alone = goal_links(home.root, goals[:1], entries)  # the other is forgotten, this one is not
    assert alone[goals[0].id] == expected[goals[0].id]
    _new_process()
    assert goal_links(home.root, goals, entries) == expected


def test_links_kept_by_the_warm_files_digest_are_read_without_digesting_a_body(home, monkeypatch):
    """A process whose warm.md is as the last one left it reads the links by that digest: no body
    is digested or checked, and they are the links worked out from the bodies."""
    from linghun.core import situation_cache

    goals = Goals(home).goals()
    _new_process()
    doc = Memory(home).document()
    assert doc.parsed_from
    expected = goal_links(home.root, goals, doc.entries)
    assert any(expected.values())
    assert goal_links(home.root, goals, doc.entries, doc.parsed_from) == expected
    _new_process()

    def no_digests(*args):
        raise AssertionError("a body was digested")

    monkeypatch.setattr(situation_cache, "body_digests", no_digests)
    doc = Memory(home).document()
    assert goal_links(home.root, goals, doc.entries, doc.parsed_from) == expected
    assert goal_links(home.root, goals[:1], doc.entries, doc.parsed_from) == {goals[0].id: expected[goals[0].id]}
    monkeypatch.undo()

    # a changed warm.md is another digest: its links are worked out, the new entry among them
    Memory(home).append("event", "用户 | 练习 | 钢琴 | 琶音 | 每天练习半小时")
    _new_process()
    doc = Memory(home).document()
    links = goal_links(home.root, goals, doc.entries, doc.parsed_from)
    assert links == goal_links(home.root, goals, doc.entries)
    assert any("琶音" in doc.entries[link.n - 1].body for link in links[goals[0].id])


def test_an_unreadable_file_of_links_by_digest_is_not_used(home):
    from linghun.core import goal_links as links_module

    goals = Goals(home).goals()
    _new_process()
    doc = Memory(home).document()
    expected = goal_links(home.root, goals, doc.entries, doc.parsed_from)
    file = links_module._by_source(home.root).file
    assert file.exists()
    saved = links_module.home_cache.load(file)
    source, content = saved["sources"][-1]
    wrong = {key: ((10_000, "shares 假的"),) for key in content}  # numbers of no entry: of another shape
    links_module.home_cache.save(file, {**saved, "sources": [(source, {k: [list(p) for p in v] for k, v in wrong.items()})]})
    _new_process()
    assert goal_links(home.root, goals, doc.entries, doc.parsed_from) == expected
    file.write_bytes(b"not a cache")
    _new_process()
    assert goal_links(home.root, goals, doc.entries, doc.parsed_from) == expected


def test_checking_the_new_bodies_keeps_the_other_entries_known(home, monkeypatch):
    """After an append only the new body is checked; the topic cache still knows every other entry
    then, so asking again (the map after the round) digests no body a second time."""
    from linghun.core import goal_links as links_module, situation_cache

    monkeypatch.setattr(links_module, "SAVE_AFTER", 1)
    goals = Goals(home).goals()
    goal_links(home.root, goals, Memory(home).entries())
    Memory(home).append("event", "用户 | 练习 | 钢琴 | 琶音 | 每天练习半小时")
    _new_process()
    digested = []
    real = situation_cache._digests
    monkeypatch.setattr(situation_cache, "_digests", lambda bodies: digested.extend(b := list(bodies)) or real(b))
    entries = Memory(home).entries()
    goal_links(home.root, goals, entries)
    goal_links(home.root, goals[:1], entries)
    assert len(digested) == len([e for e in entries if not e.is_wrong])
