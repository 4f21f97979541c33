"""Whole offline rounds: feedback, debounce, archivist cache, advocate, editor rules, scribe files,
fallbackKeepLast, traces and their events."""
import json
from datetime import timedelta

import pytest

from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.assembler.trace import TraceStore
from linghun.core.assembler.archivist import same_topic
from linghun.core.assembler.context import RoundInputs
from linghun.core.assembler.feedback import measure
from linghun.core.assembler.round import read_inputs
from linghun.core.events import EventBus
from linghun.core.formats import team
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.core.text import approx_tokens
from tests.core.test_assembler_support import NOW, assembler, entry, filler, new_home, span


# -- feedback --------------------------------------------------------------------------------

def test_feedback_boundary_at_a_quarter():
    # 4 significant tokens (订单 单服 服务 端口), one found: overlap 0.25 is a hit
    quarter = measure("订单服务 端口", "素材：订单 ……")
    assert quarter.tokens == ["订单", "单服", "服务", "端口"]
    assert (quarter.matched, quarter.overlap, quarter.hit, quarter.recorded) == (["订单"], 0.25, True, True)
    # 5 tokens, one found: 0.2 is a recorded miss
    fifth = measure("订单服务 端口号", "素材：订单 ……")
    assert (fifth.overlap, fifth.hit, fifth.recorded) == (0.2, False, True)
    # nothing found: not recorded at all
    none = measure("支付网关", "素材：订单")
    assert (none.overlap, none.hit, none.recorded) == (0.0, False, False)
    # Latin words of 4+ characters count, shorter ones do not
    assert measure("pnpm or npm", "素材：用户偏好 PNPM").tokens == ["pnpm"]
    assert measure("pnpm or npm", "素材：用户偏好 PNPM").hit


def test_feedback_is_recorded_in_cycle_json(tmp_path):
    home = new_home(tmp_path, [entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7")])
    a = assembler(home)
    first = a.run("订单服务的端口", session="a")
    assert first.feedback is None  # no previous bundle
    second = a.run("订单服务还在 8087 吗", session="b")
    assert second.feedback["hit"] is True
    third = a.run("支付网关超时", session="c")
    assert third.feedback["recorded"] is False
    cycle, _ = team.read_team_json(home.team_file(team.CYCLE_FILE))
    assert (cycle["feedback"]["hits"], cycle["feedback"]["misses"]) == (1, 0)
    assert cycle["feedback"]["recent"] == [{"hit": True, "query": "订单服务还在 8087 吗", "at": cycle["feedback"]["lastAt"]}]


# -- debounce --------------------------------------------------------------------------------

def test_debounce_per_session(tmp_path):
    home = new_home(tmp_path, [entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7")])
    a = assembler(home)
    t0 = NOW
    assert a.run("订单服务的端口", session="s1", now=t0).status == "ok"
    bundle = read_text(home.assembled)
    skipped = a.run("订单服务的端口？", session="s1", now=t0 + timedelta(milliseconds=4999))
    assert skipped.status == "debounced"
    assert "debounceMs 5000" in span(skipped, "debounce")["decisions"][0]["reason"]
    assert [s.role for s in skipped.trace.spans] == ["feedback", "debounce", "scribe"]  # feedback still recorded
    assert read_text(home.assembled) == bundle
    # another session is not held back by the first one (upstream kept one timer per process)
    assert a.run("订单服务的端口", session="s2", now=t0 + timedelta(milliseconds=10)).status == "ok"
    assert a.run("订单服务的端口", session="s1", now=t0 + timedelta(milliseconds=5000)).status == "ok"
    cycle, _ = team.read_team_json(home.team_file(team.CYCLE_FILE))
    assert cycle["turnCount"] == 3


def test_debounce_off(tmp_path):
    a = assembler(new_home(tmp_path, []), debounceMs=0)
    assert a.run("x1", now=NOW).status == a.run("x2", now=NOW).status == "ok"


# -- archivist -------------------------------------------------------------------------------

def _story_home(tmp_path) -> MemoryHome:
    home = new_home(tmp_path, [
        entry("2026-10-01 09:00", "fact", "high", "订单服务 | 端口 | 8080 | #1", "2026-10-01 09:00"),
        entry("2026-10-06 16:00", "event", "medium",
              "用户 | 迁移 | 订单服务数据库 | PostgreSQL 15 | 从 MySQL 5.7 迁到 PostgreSQL 15，停机 40 分钟",
              "2026-10-07 10:00"),
        entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7", "2026-10-07 11:30"),
        entry("2026-10-08 09:00", "rule", "high", "改数据库结构前先在 staging 跑一遍迁移脚本。", "2026-10-08 09:00"),
    ])
    (home.journal_dir / "2026-10-06.md").write_text(
        "\n2026-10-06 15:00:00\n用户：订单服务数据库今天迁移\n助手：好的\n", encoding="utf-8")
    return home


def test_archivist_offline_timeline_and_change_of_position(tmp_path):
    home = _story_home(tmp_path)
    result = assembler(home).run("订单服务的来龙去脉", now=NOW)
    arch = span(result, "archivist")
    finding = arch["outputs"]["finding"]
    assert finding.startswith("脉络：") and len(finding) <= 600
    assert finding.index("2026-10-01") < finding.index("2026-10-06") < finding.index("2026-10-07")
    assert "⚠️ 口径变化：订单服务 端口：8080（2026-10-01） → 8087（2026-10-07）" in finding
    journal_text = (home.journal_dir / "2026-10-06.md").read_text(encoding="utf-8")
    assert arch["inputs"]["material"]["journal"] == [{"day": "2026-10-06", "chars": len(journal_text)}]
    assert "用户：订单服务数据库今天迁移" in finding
    assert "脉络：" in result.bundle
    index, _ = team.read_team_json(home.team_file(team.TIMELINES_FILE))
    assert index == [{"topic": "订单服务的来龙去脉", "query": "订单服务的来龙去脉", "stamp": "2026-10-10",
                      "finding": finding}]
    bundles = read_text(home.team_file(team.EDITOR_BUNDLES_FILE)).splitlines()
    assert json.loads(bundles[-1])["timeline"] is True


def test_archivist_cache_reused_within_7_days_refreshed_after(tmp_path):
    home = _story_home(tmp_path)
    a = assembler(home, debounceMs=0)
    first = a.run("订单服务的来龙去脉", now=NOW)
    finding = span(first, "archivist")["outputs"]["finding"]
    # 7 days later, the same topic asked another way: reused, marked, no new entry
    reused = a.run("订单服务的历史演变", now=NOW + timedelta(days=7))
    out = span(reused, "archivist")["outputs"]
    assert out["cached"] is True and out["finding"] == "【史官·缓存复用 2026-10-10】" + finding
    assert "【史官·缓存复用 2026-10-10】" in reused.bundle
    index, _ = team.read_team_json(home.team_file(team.TIMELINES_FILE))
    assert len(index) == 1
    # a question sharing nothing with the topic is worked out afresh
    other = a.run("staging 脚本的历史", now=NOW + timedelta(days=1))
    assert span(other, "archivist")["outputs"]["cached"] is False
    # 8 days later: stale, refreshed in place (upsert by topic)
    refreshed = a.run("订单服务的来龙去脉", now=NOW + timedelta(days=8))
    assert span(refreshed, "archivist")["outputs"]["cached"] is False
    index, _ = team.read_team_json(home.team_file(team.TIMELINES_FILE))
    assert [i["topic"] for i in index] == ["订单服务的来龙去脉", "staging 脚本的历史"]
    assert index[0]["stamp"] == "2026-10-18"


def test_archivist_cache_is_not_reused_for_another_topic(tmp_path):
    home = _story_home(tmp_path)
    a = assembler(home, debounceMs=0)
    a.run("订单服务的来龙去脉", now=NOW)
    # the marker 来龙去脉 (and its bigrams 的来, 龙去...) is no topic; one shared word is not the same topic
    for question in ("支付网关超时配置的来龙去脉", "订单迁移脚本的历史"):
        other = a.run(question, now=NOW + timedelta(days=1))
        assert span(other, "archivist")["outputs"]["cached"] is False, question
        assert "史官·缓存复用" not in other.bundle


def test_the_same_entity_is_not_the_same_topic():
    """Same topic = the same question subject (seed A25): a cached 订单服务迁移 timeline serves
    another wording of it, not 订单服务端口变更 (another subject of the entity) nor 订单服务 (wider)."""
    assert same_topic("订单服务迁移的来龙去脉", "订单服务迁移是怎么回事的历史")
    assert same_topic("订单服务迁移的来龙去脉", "订单服务迁移的演变")
    assert not same_topic("订单服务迁移的来龙去脉", "订单服务端口变更的来龙去脉")
    assert not same_topic("订单服务迁移的来龙去脉", "订单服务的来龙去脉")


def test_archivist_only_on_deep_and_can_be_disabled(tmp_path):
    home = _story_home(tmp_path)
    light = assembler(home).run("订单服务的端口")
    assert span(light, "archivist")["status"] == "skipped"
    off = assembler(home, team__archivist__enabled=False).run("订单服务的来龙去脉")
    assert span(off, "archivist")["status"] == "skipped" and "脉络" not in off.bundle


# -- advocate and editor ---------------------------------------------------------------------

def test_advocate_off_by_default_and_offline_fact_conflicts(tmp_path):
    home = _story_home(tmp_path)
    default = assembler(home).run("订单服务端口前后矛盾吗")
    assert span(default, "advocate")["status"] == "skipped"
    on = assembler(home, team__advocate__enabled=True).run("订单服务端口前后矛盾吗")
    block = span(on, "advocate")["outputs"]["block"]
    assert block.startswith("⚠️ 冲突：") and "8080（[1] 2026-10-01 09:00） ≠ 8087（[3] 2026-10-07 11:30）" in block
    assert json.loads(read_text(home.team_file(team.EDITOR_BUNDLES_FILE)).splitlines()[-1])["advocate"] is True


def test_advocate_without_conflict_is_dropped(tmp_path):
    home = new_home(tmp_path, [entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7")])
    result = assembler(home, team__advocate__enabled=True).run("订单服务端口的来龙去脉")
    adv = span(result, "advocate")
    assert adv["outputs"]["block"] is None and adv["decisions"][-1]["choice"] == "无冲突"


def test_editor_rules_offline(tmp_path):
    home = _story_home(tmp_path)
    result = assembler(home).run("订单服务现在的端口是多少")
    bundle = result.bundle
    assert bundle.startswith("素材：") and len(bundle) <= 800
    # details verbatim, conflicts marked, never resolved
    assert "订单服务 | 端口 | 8087 | #7" in bundle and "订单服务 | 端口 | 8080 | #1" in bundle
    assert "⚠️ 冲突：订单服务 端口：" in bundle
    # knowledge_update: newest first
    assert bundle.index("8087 | #7") < bundle.index("8080 | #1")
    assert read_text(home.assembled) == bundle + "\n"


def test_editor_keeps_huge_candidates_within_max_tokens(tmp_path):
    """The bundle's budget is the seed's assemble.maxTokens (1200), in whole entries (~90 tokens
    each: 13 of the 20 fit); a character cap (assemble.maxChars, ours) applies on top when set."""
    blocks = [entry(f"2026-09-{1 + i:02d} 10:00", "fact", "high", f"部署 | 参数{i} | {'9' * 300} | #{i}") for i in range(20)]
    result = assembler(new_home(tmp_path, blocks)).run("部署参数")
    assert result.bundle.startswith("素材：") and approx_tokens(result.bundle) <= 1200
    lines = [line for line in result.bundle.splitlines() if "9" * 300 in line]
    assert len(lines) == 13 and all(line.endswith("| #" + line.split("参数")[1].split(" ")[0]) for line in lines)
    capped = assembler(new_home(tmp_path / "capped", blocks), assemble__maxChars=800).run("部署参数")
    assert len(capped.bundle) <= 800 and "9" * 300 in capped.bundle


def test_dual_track_for_summarization(tmp_path):
    home = new_home(tmp_path, [
        entry("2026-10-01 10:00", "event", "medium", "用户 | 完成 | 部署脚本重写 | CI | 部署时间从 20 分钟降到 6 分钟"),
        entry("2026-10-02 10:00", "fact", "high", "部署脚本 | 语言 | Go 1.22 | #2"),
        entry("2026-10-03 10:00", "rule", "high", "部署脚本应该模块化，每个步骤单独验证。"),
        entry("2026-10-04 10:00", "event", "medium", "建议 部署配置集中到一个文件，提升健壮性。"),
    ] + [entry(f"2026-09-{1 + i:02d} 10:00", "event", "medium", f"部署 记录 {i} " + "流水" * 60) for i in range(10)])
    result = assembler(home).run("总结一下部署脚本学到了什么")
    assert span(result, "judge")["outputs"]["strategy"] == "summarization"
    bundle = result.bundle
    assert "事实线：" in bundle and "建议线：" in bundle and approx_tokens(bundle) <= 1200
    facts, hints = bundle.split("建议线：")
    assert "6 分钟" in facts and "Go 1.22" in facts
    assert "模块化" in hints and "健壮性" in hints
    assert span(result, "editor")["inputs"]["dual_track"] is True


def test_dual_track_keeps_an_empty_suggestion_line(tmp_path):
    home = new_home(tmp_path, [entry("2026-10-01 10:00", "event", "medium", "用户 | 完成 | 部署脚本重写 | CI | 6 分钟")])
    bundle = assembler(home).run("总结一下部署脚本").bundle
    assert "事实线：" in bundle and "建议线：候选条目中未检索到该数据" in bundle


# -- scribe, files, failure ------------------------------------------------------------------

def test_cycle_json_in_the_spec_shape_on_an_empty_home(tmp_path):
    home = MemoryHome.resolve(tmp_path / "fresh")  # not even created
    result = assembler(home).run("订单服务的端口")
    assert result.status == "ok"
    text = read_text(home.team_file(team.CYCLE_FILE))
    cycle = json.loads(text)
    assert text == json.dumps(cycle, ensure_ascii=False, indent=2) + "\n"
    assert list(cycle) == ["version", "turnCount", "lastJudge", "judgeStats", "feedback", "gaps", "createdAt", "updatedAt"]
    assert cycle["version"] == 1 and cycle["turnCount"] == 1
    assert cycle["lastJudge"] == {"level": "light", "strategy": "general", "query": "订单服务的端口",
                                  "reason": cycle["lastJudge"]["reason"], "by": "code"}
    assert cycle["judgeStats"] == {"light": 1, "medium": 0, "deep": 0, "strategy": {"general": 1}}
    assert cycle["feedback"] == {"hits": 0, "misses": 0, "lastAt": None, "recent": []}
    assert cycle["createdAt"].endswith("Z") and len(cycle["createdAt"]) == 24
    history = [json.loads(line) for line in read_text(home.team_file(team.JUDGE_HISTORY_FILE)).splitlines()]
    assert list(history[0]) == ["at", "turn", "query", "level", "strategy", "by", "model"]
    assert history[0]["turn"] == 1 and history[0]["model"] == "offline"
    bundles = [json.loads(line) for line in read_text(home.team_file(team.EDITOR_BUNDLES_FILE)).splitlines()]
    assert bundles[0]["entryCount"] == 0 and bundles[0]["chars"] == len(result.bundle)


def test_fixture_home_round_keeps_unknown_fields_and_old_lines(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    path = home.team_file(team.CYCLE_FILE)
    cycle = json.loads(read_text(path))
    cycle["pluginExtra"] = {"keep": "me"}
    path.write_text(json.dumps(cycle, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    old_history = read_text(home.team_file(team.JUDGE_HISTORY_FILE))
    result = assembler(home).run("订单服务现在跑在哪个端口？")
    assert result.status == "ok" and "8087" in result.bundle
    after = json.loads(read_text(path))
    assert after["pluginExtra"] == {"keep": "me"} and after["turnCount"] == 4
    assert after["createdAt"] == "2026-10-05T02:00:00.000Z"
    assert after["judgeStats"]["medium"] == 2 and after["judgeStats"]["strategy"]["knowledge_update"] == 2
    assert read_text(home.team_file(team.JUDGE_HISTORY_FILE)).startswith(old_history)
    # the fixture's previous bundle mentions 订单服务 and 端口: a hit
    assert after["feedback"]["hits"] == 2


def test_empty_question_writes_nothing(tmp_path):
    home = new_home(tmp_path, [entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7")])
    home.assembled.write_text("素材：旧的\n", encoding="utf-8")
    result = assembler(home).run("   ")
    assert result.status == "skipped" and result.error == "empty question"
    assert read_text(home.assembled) == "素材：旧的\n"
    assert not home.team_file(team.CYCLE_FILE).exists()


def test_unreadable_team_file_is_left_alone(tmp_path):
    home = new_home(tmp_path, [])
    home.team_file(team.GAPS_FILE).parent.mkdir(parents=True, exist_ok=True)
    home.team_file(team.GAPS_FILE).write_bytes(b"\xff\xfe not utf-8")
    result = assembler(home, debounceMs=0).run("支付网关")
    assert result.status == "ok"
    home.warm.write_text(filler(1)[0], encoding="utf-8")
    gap = assembler(home).run("支付网关超时")
    assert gap.gap and home.team_file(team.GAPS_FILE).read_bytes() == b"\xff\xfe not utf-8"
    assert any(d["choice"] == "left alone" for d in span(gap, "scribe")["decisions"])


def test_corrupt_cycle_json_reads_as_empty_and_is_kept_aside(tmp_path):
    home = new_home(tmp_path, [])
    path = home.team_file(team.CYCLE_FILE)
    path.write_text("{broken", encoding="utf-8")
    result = assembler(home).run("订单")
    assert result.status == "ok"
    assert json.loads(read_text(path))["turnCount"] == 1
    assert list(path.parent.glob("cycle.json.*.corrupt"))


def test_fallback_keep_last_when_the_editor_fails(tmp_path):
    """A failing editor (a provider that always fails) keeps the previous bundle; the round is
    still recorded and the failure is in the trace."""
    from linghun.core.llm import OpenAIProvider

    home = new_home(tmp_path, [entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7")])
    home.assembled.write_text("素材：上一轮的素材\n", encoding="utf-8")
    dead = OpenAIProvider(base_url="http://127.0.0.1:9/v1", api_key="k", model="m", max_retries=0, timeout=1)
    result = assembler(home, dead).run("订单服务的端口")
    assert result.status == "degraded" and "cannot connect" in result.error
    assert read_text(home.assembled) == "素材：上一轮的素材\n"
    assert span(result, "editor")["status"] == "failed"
    assert span(result, "scribe")["decisions"][-1]["choice"] == "kept"
    assert not home.team_file(team.EDITOR_BUNDLES_FILE).exists()
    assert read_text(home.team_file(team.JUDGE_HISTORY_FILE)).count("\n") == 1
    off = assembler(home, dead, fallbackKeepLast=False).run("订单服务的端口")
    assert off.status == "degraded" and read_text(home.assembled) == ""
    assert "assembled.md was emptied" in off.error


# -- traces ----------------------------------------------------------------------------------

ROLES = ["feedback", "debounce", "judge", "retriever", "archivist", "advocate", "editor", "scribe"]


def test_every_role_publishes_spans_and_the_round_is_kept(tmp_path):
    home = _story_home(tmp_path)
    bus = EventBus()
    events = []
    bus.subscribe("*", events.append)
    result = assembler(home, bus=bus).run("订单服务的来龙去脉")
    changed = [e.payload for e in events if e.topic == "memory.changed"]
    assert {c["what"] for c in changed} == {"team", "assembled"}
    assert any(c["path"].endswith("cycle.json") for c in changed)
    events = [e for e in events if e.topic != "memory.changed"]
    topics = [(e.topic, e.payload.get("role"), e.payload.get("phase")) for e in events]
    assert topics[0] == ("round.started", None, None) and topics[-1] == ("round.finished", None, None)
    spans = [(role, phase) for topic, role, phase in topics if topic == "trace.span"]
    assert spans == [(r, p) for r in ROLES for p in ("start", "end")]
    end = [e.payload for e in events if e.payload.get("phase") == "end"]
    assert all(p["round"] == result.round_id and p["span"]["duration_ms"] >= 0 for p in end)
    retr = next(p["span"] for p in end if p["role"] == "retriever")
    assert retr["candidates"][0]["terms"] and retr["decisions"]
    scribe = next(p["span"] for p in end if p["role"] == "scribe")
    assert {f["path"] for f in scribe["files"]} == {"cycle.json", "judge/history.jsonl", "editor/bundles.jsonl",
                                                      "assembled.md"}
    assert all(f["diff"].startswith("--- a/") for f in scribe["files"])

    store = TraceStore(home)
    assert store.rounds()[0]["round"] == result.round_id and store.rounds()[0]["status"] == "ok"
    loaded = store.load(result.round_id)
    assert [s["role"] for s in loaded["spans"]] == ROLES
    assert loaded["result"]["bundle"] == result.bundle
    assert loaded["header"]["inputs"]["now"] and loaded["header"]["config"]["retrieval"]["topK"] == 12


def test_trace_files_rotate_by_size(tmp_path):
    home = new_home(tmp_path, [])
    a = Assembler(home, bus=EventBus(), debouncer=Debouncer())
    a.store.max_file_bytes = 2000
    ids = [a.run(f"问题 {i}", session=str(i)).round_id for i in range(3)]
    files = a.store.all_files()
    assert len(files) == 3 and files[1].name.endswith(".1.jsonl")
    assert [r["round"] for r in a.store.rounds()] == ids[::-1]
    assert a.store.load(ids[1])["result"]["status"] == "ok"


def test_rerun_from_trace_is_identical_and_overrides_show_in_the_diff(tmp_path):
    from linghun.core.assembler.replay import rerun

    home = _story_home(tmp_path)
    original = assembler(home).run("订单服务现在的端口是多少")
    same = rerun(home, original.round_id, bus=EventBus())
    assert same.identical, same.differences
    assert same.result.bundle == original.bundle
    changed = rerun(home, original.round_id, ["retrieval.mode=always", "retrieval.topK=1"], bus=EventBus())
    assert "settings: retrieval.mode: \"auto\" -> \"always\"" in changed.differences
    assert any(d.startswith("retriever.mode") for d in changed.differences)
    # a re-run writes nothing but its own trace
    assert read_text(home.assembled) == original.bundle + "\n"
    cycle, _ = team.read_team_json(home.team_file(team.CYCLE_FILE))
    assert cycle["turnCount"] == 1


def test_rerun_can_be_cancelled(tmp_path):
    import threading

    from linghun.core.assembler.replay import rerun

    home = _story_home(tmp_path)
    original = assembler(home).run("订单服务现在的端口是多少")
    stop = threading.Event()
    stop.set()
    cancelled = rerun(home, original.round_id, bus=EventBus(), cancel=stop)
    assert cancelled.result.status == "cancelled" and not cancelled.identical


def test_settings_are_checked():
    from linghun.core.errors import InvalidInputError

    with pytest.raises(InvalidInputError):
        AssemblerConfig().with_overrides({"retrieval.nope": 1})
    with pytest.raises(InvalidInputError):
        AssemblerConfig().with_overrides(["retrieval.topK=many"])
    with pytest.raises(InvalidInputError):
        AssemblerConfig({"retrieval": {"mode": "sometimes"}})
    c = AssemblerConfig().with_overrides(["team.judge.llm=true", "retrieval.workspaceDirs=a,b", "assemble.temperature=0.5"])
    assert c.get("team.judge.llm") is True and c.get("retrieval.workspaceDirs") == ["a", "b"]
    assert c.get("assemble.temperature") == 0.5


def test_inputs_round_trip():
    inputs = RoundInputs(NOW, "素材：x", {"version": 1}, [{"topic": "t"}])
    assert RoundInputs.from_dict(inputs.to_dict()) == inputs


def test_read_inputs_of_the_fixture(upstream_home):
    inputs = read_inputs(MemoryHome.resolve(upstream_home))
    assert inputs.previous_bundle.startswith("素材：订单服务 | 端口 | 8087")
    assert inputs.cycle_before["turnCount"] == 3 and inputs.timelines_before[0]["stamp"] == "2026-10-07"


def test_cancel_between_roles(tmp_path):
    import threading

    home = new_home(tmp_path, [entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7")])
    home.assembled.write_text("素材：旧\n", encoding="utf-8")
    stop = threading.Event()
    bus = EventBus()
    bus.subscribe("trace.span", lambda e: stop.set() if e.payload["role"] == "retriever" and e.payload["phase"] == "end" else None)
    result = assembler(home, bus=bus).run("订单服务的端口", cancel=stop)
    assert result.status == "cancelled" and result.error == "cancelled before the archivist"
    assert [s.role for s in result.trace.spans] == ["feedback", "debounce", "judge", "retriever"]
    assert read_text(home.assembled) == "素材：旧\n" and not home.team_file(team.CYCLE_FILE).exists()
    assert TraceStore(home).rounds()[0]["status"] == "cancelled"


def test_legacy_team_folder_is_read_and_the_current_one_written(upstream_home):
    import shutil

    home = MemoryHome.resolve(upstream_home)
    shutil.move(str(home.team_dir), str(home.legacy_team_dir))
    legacy_history = read_text(home.legacy_team_dir / team.JUDGE_HISTORY_FILE)
    result = assembler(home).run("订单服务的端口")
    assert result.status == "ok"
    cycle = json.loads(read_text(home.team_file(team.CYCLE_FILE)))
    assert cycle["turnCount"] == 4 and cycle["createdAt"] == "2026-10-05T02:00:00.000Z"
    assert read_text(home.team_file(team.JUDGE_HISTORY_FILE)).startswith(legacy_history)
    assert read_text(home.legacy_team_dir / team.JUDGE_HISTORY_FILE) == legacy_history  # never written


def test_stale_cache_says_refresh(upstream_home):
    result = assembler(MemoryHome.resolve(upstream_home)).run("订单服务迁移的来龙去脉", now=NOW + timedelta(days=30))
    decision = span(result, "archivist")["decisions"][0]
    assert decision["choice"] == "refresh" and "2026-10-07" in decision["reason"]
