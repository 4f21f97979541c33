"""The review queue of the agent's changes: what is listed, in which words; accept; reject of one
change alone (three-way); contradictions; writes held for review."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest

from linghun.core import tools
from linghun.core.errors import ConflictError
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section
from linghun.core.memory import Memory
from linghun.core.review import hold, service, unreviewed_summary
from linghun.core.review.reject import reverse_lines
from linghun.core.review.state import ReviewState


@pytest.fixture
def home(tmp_path):
    h = MemoryHome.resolve(tmp_path / "dsh")
    h.ensure()
    capture.enable(h)
    yield h
    capture.recorder.disable(h)


def _user(memory, *calls):
    with capture.writing_as("workbench"):
        for fn, args, kwargs in calls:
            getattr(memory, fn)(*args, **kwargs)
    capture.flush()


def _agent(memory, fn, *args, **kwargs):
    with capture.writing_as("agent"):
        result = getattr(memory, fn)(*args, **kwargs)
    capture.flush()
    return result


def _seeded(home):
    memory = Memory(home)
    _user(memory, ("append", ("fact", "订单服务 | 端口 | 8080 | 运维"), {"confidence": "high"}),
          ("append", ("fact", "用户服务 | 端口 | 7070 | 运维"), {"confidence": "high"}))
    return memory


def _queue(home):
    return service.build_queue(home)


def test_each_kind_of_change_is_listed_with_its_consequence(home):
    memory = _seeded(home)
    _agent(memory, "append", "event", "我 | 部署 | 订单服务 | | 灰度", "medium")
    _agent(memory, "append", "fact", "订单服务 | 端口 | 9090 | 运维", update="[1]")
    _agent(memory, "append", "fact", "用户服务 | 端口 | 7070 | 运维 复核", "medium")
    _agent(memory, "append", "fact", "订单服务 | 端口 | 8081 | 运维", update="[1]")  # [1] is wrong: a revive
    _agent(memory, "rules_append", "周五不要发布")
    _agent(memory, "soul_update", "我是灵魂卡。\n")
    _agent(memory, "consolidate")
    kinds = [i.kind for i in reversed(_queue(home).items)]  # oldest first
    assert kinds == ["append", "update", "merge", "revive", "rule", "soul", "consolidate"]
    said = {i.kind: i.consequences for i in _queue(home).items}
    assert said["update"][0] == "retires fact [1] 订单服务 | 端口 | 8080 | 运维"
    assert said["update"][1].startswith("adds fact [4] 订单服务 | 端口 | 9090 | 运维")
    assert said["merge"][0] == "merges into [2], confidence high → medium"
    assert said["revive"][0].startswith("revives [1] fact 订单服务 | 端口 | 8081")
    assert said["rule"] == ["adds rule: 周五不要发布"]
    assert "moves 2 entries to the knowledge ontology" in said["consolidate"]
    assert "moves 1 event to the event timeline" in said["consolidate"]
    consolidation = next(i for i in _queue(home).items if i.kind == "consolidate")
    assert "memory/cold.md" in consolidation.paths and "memory/knowledge_ontology.md" in consolidation.paths
    assert "-订单服务 | 端口 | 9090 | 运维" in consolidation.diff


def test_the_users_own_writes_and_touches_are_not_listed(home):
    memory = _seeded(home)
    _agent(memory, "touch", "[1]", when=__import__("datetime").datetime(2031, 1, 1))
    assert _queue(home).items == []
    assert unreviewed_summary(home) == (0, None)


def test_reject_of_a_flip_brings_the_old_fact_back_and_keeps_later_appends_byte_for_byte(home):
    memory = _seeded(home)
    _agent(memory, "append", "fact", "订单服务 | 端口 | 9090 | 运维", update="[1]")
    before_later = home.warm.read_bytes()
    _agent(memory, "append", "event", "我 | 重启 | 用户服务 | | 夜间", "medium")
    _agent(memory, "append", "fact", "缓存 | 过期 | 60s | 配置", "low")
    later = home.warm.read_bytes()[len(before_later):]
    queue = _queue(home)
    flip = next(i for i in queue.items if i.kind == "update")
    service.reject(home, queue, flip)
    text = home.warm.read_text()
    entries = Memory(home).entries()
    assert entries[0].effective_confidence == "high" and "8080" in entries[0].body
    assert "9090" not in text
    assert home.warm.read_bytes().endswith(later)  # the later appends, byte for byte
    assert [e.body for e in entries[2:]] == ["我 | 重启 | 用户服务 | | 夜间", "缓存 | 过期 | 60s | 配置"]
    # the reject is the review's write: not a change to review; the flip is marked rejected
    assert [i.kind for i in _queue(home).items] == ["append", "append"]
    state = ReviewState.load(queue.history.path)
    assert state.status(flip.id) == "rejected" or state.until >= flip.when


def test_reject_changes_nothing_when_a_later_write_changed_what_it_wrote(home):
    memory = _seeded(home)
    _agent(memory, "append", "fact", "缓存 | 过期 | 60s | 配置", "low")
    _agent(memory, "append", "fact", "缓存 | 过期 | 120s | 配置", update="[3]")  # flips the append
    queue = _queue(home)
    first = queue.items[-1]
    assert first.kind == "append"
    before = home.warm.read_bytes()
    with pytest.raises(ConflictError, match="changed by a later write"):
        service.reject(home, queue, first)
    assert home.warm.read_bytes() == before
    assert len(_queue(home).items) == 2  # still waiting


def test_reject_of_a_consolidation_puts_warm_and_the_archives_back_keeping_a_later_append(home):
    memory = _seeded(home)
    knowledge_before = home.knowledge_ontology.read_bytes() if home.knowledge_ontology.exists() else None
    _agent(memory, "consolidate")
    _agent(memory, "append", "fact", "缓存 | 过期 | 60s | 配置", "low")
    queue = _queue(home)
    consolidation = next(i for i in queue.items if i.kind == "consolidate")
    service.reject(home, queue, consolidation)
    bodies = [e.body for e in Memory(home).entries()]
    assert bodies == ["订单服务 | 端口 | 8080 | 运维", "用户服务 | 端口 | 7070 | 运维", "缓存 | 过期 | 60s | 配置"]
    assert (home.knowledge_ontology.read_bytes() if home.knowledge_ontology.exists() else None) == knowledge_before


def test_accept_clears_the_count_and_the_state_stays_small(home):
    memory = _seeded(home)
    for i in range(5):
        _agent(memory, "append", "fact", f"服务{i} | 副本 | {i} | 运维", "medium")
    queue = _queue(home)
    assert unreviewed_summary(home)[0] == 5
    service.accept(home, queue, queue.items[:2])  # the two newest
    assert unreviewed_summary(home)[0] == 3
    service.accept(home, _queue(home), _queue(home).items)
    count, oldest = unreviewed_summary(home)
    assert (count, oldest) == (0, None)
    state = json.loads((queue.history.path / "review" / "state.json").read_text())
    assert state["marks"] == {} and state["until"]  # all covered by the watermark
    _agent(memory, "append", "fact", "新服务 | 副本 | 3 | 运维", "medium")
    assert [i.kind for i in _queue(home).items] == ["append"]


def test_reverse_lines_takes_one_hunk_back_and_keeps_later_lines():
    before = ["a\n", "b\n"]
    after = ["a\n", "X\n", "b\n"]
    now = ["a\n", "X\n", "b\n", "later\n"]
    assert reverse_lines(after, before, now) == ["a\n", "b\n", "later\n"]
    assert reverse_lines(after, before, ["a\n", "Y\n", "b\n"]) is None  # X was changed since


def test_a_new_fact_contradicting_a_live_one_is_caught_and_resolved(home):
    memory = _seeded(home)
    _agent(memory, "append", "fact", "订单服务 | 端口 | 9999 | 新来源", "medium")
    queue = _queue(home)
    item = queue.items[0]
    assert [c.message for c in item.contradictions] == ["supersedes [1]? (订单服务 | 端口 | 8080)"]
    key = item.contradictions[0].key
    assert service.flip_old(home, queue, item, key) == 1
    assert Memory(home).entries()[0].is_wrong
    assert _queue(home).items == []  # accepted; the flip is the review's own write


def test_keep_both_is_remembered(home):
    memory = _seeded(home)
    _agent(memory, "append", "fact", "订单服务 | 端口 | 9999 | 新来源", "medium")
    queue = _queue(home)
    service.keep_both(queue, queue.items[0])
    assert _queue(home).items == []
    assert ReviewState.load(queue.history.path).dismissed == {queue.items[0].contradictions[0].key}


def test_an_event_against_a_rule_and_a_goal_against_a_belief(home):
    from linghun.core.goals import Goals

    memory = _seeded(home)
    _user(memory, ("rules_append", ("周五不要发布",), {}))
    with capture.writing_as("workbench"):
        Goals(home).goal_update("new", "不要为了速度牺牲代码质量", speaker="user", domain="belief")
    capture.flush()
    _agent(memory, "append", "event", "团队 | 发布 | checkout-api | | 周五晚上", "medium")
    with capture.writing_as("agent"):
        Goals(home).goal_update("new", "为了速度牺牲代码质量也要按时上线", speaker="user", domain="career")
    capture.flush()
    said = {i.kind: [c.message for c in i.contradictions] for i in _queue(home).items}
    assert said["append"] == ["contradicts the rule “周五不要发布”"]
    assert any("contradicts the belief “不要为了速度牺牲代码质量”" in m for m in said["goal"])


def test_held_writes_reach_warm_only_when_accepted(home):
    memory = _seeded(home)
    update_section(home, "review", lambda _old: {"hold": "risky"})
    plain = tools.dispatch(home, "memory_append", {"kind": "fact", "content": "缓存 | 过期 | 60s | 配置"})
    assert plain["mode"] == "append"  # risky: a plain append is not held
    held = tools.dispatch(home, "memory_append", {"kind": "fact", "content": "订单服务 | 端口 | 9090 | 运维",
                                                  "update": "[1]"})
    assert held["held"] is True and "held for review" in held["note"]
    assert "9090" not in home.warm.read_text()
    read = tools.dispatch(home, "memory_read", {})["text"]
    assert "【待审·pending】" in read and f"(pending {held['id']}) fact: 订单服务 | 端口 | 9090" in read
    queue = _queue(home)
    item = queue.find(held["id"])
    assert item.kind == "held"
    service.accept(home, queue, [item])
    assert "9090" in home.warm.read_text() and Memory(home).entries()[0].is_wrong
    assert hold.held_writes(home) == []
    assert [i.kind for i in _queue(home).items] == ["append"]  # the accepted write is not asked again


def test_hold_all_holds_every_write_and_reject_drops_it(home):
    _seeded(home)
    update_section(home, "review", lambda _old: {"hold": "all"})
    held = tools.dispatch(home, "memory_rules", {"rule": "不要在周五发布"})
    assert held["held"] is True
    queue = _queue(home)
    service.reject(home, queue, queue.find(held["id"]))
    assert hold.held_writes(home) == [] and not home.rules.exists()


def test_the_tool_result_says_what_a_new_fact_supersedes_on_the_write_itself(home):
    _seeded(home)
    result = tools.dispatch(home, "memory_append", {"kind": "fact", "content": "订单服务 | 端口 | 9999 | 口头"})
    assert result["contradicts"] == ["supersedes [1]? (订单服务 | 端口 | 8080)"]
    same = tools.dispatch(home, "memory_append", {"kind": "fact", "content": "用户服务 | 协议 | gRPC | 文档"})
    assert "contradicts" not in same
    tools.dispatch(home, "memory_rules", {"rule": "周五不要发布"})
    event = tools.dispatch(home, "memory_append", {"kind": "event", "content": "团队 | 发布 | 订单服务 | | 周五"})
    assert event["contradicts"] == ["contradicts the rule “周五不要发布”"]


def test_unmark_puts_one_change_back_under_the_watermark(home):
    memory = _seeded(home)
    for i in range(3):
        _agent(memory, "append", "fact", f"服务{i} | 副本 | {i} | 运维", "medium")
    queue = _queue(home)
    middle = queue.items[1]
    service.accept(home, queue, queue.items)
    assert _queue(home).items == []
    service.unmark(queue.history, middle)
    assert [i.id for i in _queue(home).items] == [middle.id]


def test_a_write_through_the_mcp_server_is_held_and_read_back_as_pending(home):
    import sys

    import anyio
    from mcp import ClientSession, StdioServerParameters, stdio_client

    _seeded(home)
    update_section(home, "review", lambda _old: {"hold": "risky"})

    async def session_calls():
        params = StdioServerParameters(command=sys.executable,
                                       args=["-m", "linghun.core", "mcp", "--offline", "--home", str(home.dsh_home)])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                held = await session.call_tool("memory_append", {"kind": "fact", "update": "[1]",
                                                                 "content": "订单服务 | 端口 | 9090 | 运维"})
                read_back = await session.call_tool("memory_read", {})
                return held.structured_content, json.loads(read_back.content[0].text)["text"]

    held, text = anyio.run(session_calls)
    assert held["held"] is True and held["reason"] == "flip" and "held for review" in held["note"]
    assert "9090" not in home.warm.read_text()
    assert f"(pending {held['id']}) fact: 订单服务 | 端口 | 9090 | 运维, flips [1]" in text
    assert _queue(home).items[0].kind == "held"


def test_reject_of_a_goal_change_keeps_a_later_goal(home):
    from linghun.core.goals import Goals

    _seeded(home)
    with capture.writing_as("workbench"):
        Goals(home).goal_update("new", "今年跑完一次马拉松", speaker="user", domain="health")
    capture.flush()
    with capture.writing_as("agent"):
        Goals(home).goal_update("new", "学会弹钢琴", speaker="user", domain="hobby")
    capture.flush()
    with capture.writing_as("agent"):
        Goals(home).goal_update("new", "把房贷提前还清", speaker="user", domain="money")
    capture.flush()
    queue = _queue(home)
    piano = queue.items[-1]
    assert piano.kind == "goal" and any("学会弹钢琴" in c for c in piano.consequences)
    service.reject(home, queue, piano)
    statements = [g["statement"] for g in json.loads(home.goals.read_text())["goals"]]
    assert statements == ["今年跑完一次马拉松", "把房贷提前还清"]


def test_reject_of_a_merge_a_deletion_and_a_rule_each_alone(home):
    memory = _seeded(home)
    _agent(memory, "append", "fact", "用户服务 | 端口 | 7070 | 运维 复核", "medium")  # merges into [2]
    _agent(memory, "delete_entry", Memory(home).entries()[0].id)
    _agent(memory, "rules_append", "周五不要发布")
    _agent(memory, "rules_append", "上线前先灰度")
    _agent(memory, "append", "fact", "缓存 | 过期 | 60s | 配置", "low")
    queue = _queue(home)
    by_kind = {i.kind: i for i in reversed(queue.items)}  # the oldest of each kind
    service.reject(home, queue, by_kind["merge"])
    service.reject(home, _queue(home), next(i for i in _queue(home).items if i.kind == "delete"))
    bodies = [e.body for e in Memory(home).entries()]
    assert bodies == ["订单服务 | 端口 | 8080 | 运维", "用户服务 | 端口 | 7070 | 运维", "缓存 | 过期 | 60s | 配置"]
    first_rule = [i for i in _queue(home).items if i.kind == "rule"][-1]
    service.reject(home, _queue(home), first_rule)
    rules = home.rules.read_text()
    assert "周五不要发布" not in rules and "上线前先灰度" in rules


def test_the_health_figures_count_the_changes_waiting_and_their_contradictions(home):
    from linghun.core.review import review_figures

    memory = _seeded(home)
    _agent(memory, "append", "fact", "订单服务 | 端口 | 9999 | 新来源", "medium")
    _agent(memory, "append", "fact", "支付服务 | 端口 | 6060 | 运维", "medium")
    figures = review_figures(home)
    assert figures["unreviewed"] == 2 and figures["contradictions"] == 1 and figures["oldest"]


def test_the_arrivals_a_state_file_names_are_read_as_input(tmp_path):
    from linghun.core.review.state import STATE_FILE, review_dir

    folder = review_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / STATE_FILE).write_text(json.dumps({"version": 1, "until": "2026-10-01T10:00:00+00:00", "arrived": {
        "a" * 40: "2026-10-02T10:00:00+00:00", "b" * 40: "not a time", "c" * 40: 7,
        "d" * 40: "2026-10-02T10:00:00"}}), encoding="utf-8")  # no zone: not comparable, left out
    state = ReviewState.load(tmp_path)
    assert list(state.arrived) == ["a" * 40]
    old = state.until - timedelta(days=3)
    assert state.seen_at("a" * 40, old) == state.arrived["a" * 40] and state.seen_at("e" * 40, old) == old
