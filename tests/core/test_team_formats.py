"""The team workspace files (SPEC 12): exact shapes, caps, and byte-exact round trips."""
import json

from linghun.core.formats import team
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome


def _home(upstream_home):
    return MemoryHome.resolve(upstream_home)


def test_fixture_cycle_json_round_trips_byte_for_byte(upstream_home):
    path = _home(upstream_home).team_file(team.CYCLE_FILE)
    text = read_text(path)
    value, problem = team.read_team_json(path)
    assert problem is None
    normalised = team.normalise_cycle(value, "2026-11-30T00:00:00.000Z")
    assert normalised == value
    assert team.render_json(normalised) == text


def test_fixture_timelines_index_round_trips(upstream_home):
    path = _home(upstream_home).team_file(team.TIMELINES_FILE)
    text = read_text(path)
    value, _ = team.read_team_json(path)
    assert team.render_json(team.normalise_timelines(value)) == text


def test_fixture_jsonl_and_gaps_keep_their_bytes_when_appended(upstream_home):
    home = _home(upstream_home)
    for rel in (team.JUDGE_HISTORY_FILE, team.EDITOR_BUNDLES_FILE):
        old = read_text(home.team_file(rel))
        new = team.append_jsonl(old, [{"at": "x", "turn": 4}])
        assert new.startswith(old) and new.endswith('{"at":"x","turn":4}\n')
        assert all(isinstance(r, dict) for r in team.parse_jsonl(old))
    gaps = read_text(home.team_file(team.GAPS_FILE))
    parsed = team.parse_gaps(gaps)
    assert parsed == [team.GapLine("2026-10-06T12:15:00.000Z", "支付网关的超时配置是多少")]
    assert team.append_gap(gaps, "2026-11-30T01:02:03.004Z", "新的 问题") == (
        gaps + "- 2026-11-30T01:02:03.004Z 提到「新的 问题」，记忆无命中\n")


def test_cycle_updates_keep_unknown_keys_in_place():
    cycle = team.normalise_cycle({"version": 1, "turnCount": 2, "custom": {"x": 1}, "judgeStats": {"light": 2, "extra": 5}},
                                 "2026-01-01T00:00:00.000Z")
    team.cycle_record_judge(cycle, {"level": "deep", "strategy": "timeline", "query": "q", "reason": "r", "by": "code",
                                    "marker": "ignored"}, "2026-01-02T00:00:00.000Z")
    assert list(cycle)[:3] == ["version", "turnCount", "custom"]
    assert cycle["custom"] == {"x": 1} and cycle["judgeStats"]["extra"] == 5
    assert cycle["turnCount"] == 3 and cycle["judgeStats"]["deep"] == 1
    assert cycle["judgeStats"]["strategy"] == {"timeline": 1}
    assert cycle["lastJudge"] == {"level": "deep", "strategy": "timeline", "query": "q", "reason": "r", "by": "code"}


def test_caps_recent_20_gaps_50_jsonl_200_timelines_20():
    cycle = team.empty_cycle("t0")
    for i in range(30):
        team.cycle_record_feedback(cycle, i % 2 == 0, "问" * 100 + str(i), f"t{i}")
    for i in range(60):
        team.cycle_record_gap(cycle, "缺" * 200, f"g{i}")
    fb = cycle["feedback"]
    assert (fb["hits"], fb["misses"], fb["lastAt"]) == (15, 15, "t29")
    assert len(fb["recent"]) == 20 and fb["recent"][0]["at"] == "t10"
    assert all(len(r["query"]) == 80 for r in fb["recent"])
    assert len(cycle["gaps"]) == 50 and cycle["gaps"][0]["at"] == "g10"
    assert len(cycle["gaps"][0]["query"]) == 120 and cycle["gaps"][0]["note"] == ""
    text = ""
    for i in range(205):
        text = team.append_jsonl(text, [{"turn": i}])
    lines = text.splitlines()
    assert len(lines) == 200 and json.loads(lines[0]) == {"turn": 5}
    index = []
    for i in range(25):
        index = team.upsert_timeline(index, f"topic {i}", "q", "2026-10-01", "脉络：x")
    assert len(index) == 20 and index[0]["topic"] == "topic 5"
    index = team.upsert_timeline(index, "topic 10", "q2", "2026-10-02", "脉络：y")
    assert len(index) == 20 and index[5] == {"topic": "topic 10", "query": "q2", "stamp": "2026-10-02", "finding": "脉络：y"}


def test_records_have_the_spec_keys_in_order():
    decision = {"level": "medium", "strategy": "knowledge_update", "query": "端口？", "reason": "r", "by": "code"}
    assert list(team.judge_record("t", 3, decision, "deepseek-chat")) == [
        "at", "turn", "query", "level", "strategy", "by", "model"]
    rec = team.bundle_record("t", 3, decision, 10, 96, False, False)
    assert list(rec) == ["at", "turn", "query", "level", "strategy", "entryCount", "chars", "timeline", "advocate"]
    assert team.dump_line(rec).startswith('{"at":"t","turn":3,"query":"端口？"')


def test_corrupt_cycle_reads_as_empty_and_a_copy_is_kept(tmp_path):
    path = tmp_path / "cycle.json"
    path.write_text("{not json", encoding="utf-8")
    value, problem = team.read_team_json(path)
    assert value is None and "not valid JSON" in problem
    assert list(tmp_path.glob("cycle.json.*.corrupt"))
    assert team.normalise_cycle(value, "t")["turnCount"] == 0
    assert team.normalise_cycle(["wrong", "type"], "t") == team.empty_cycle("t")


def test_iso_now_is_javascript_style():
    from datetime import datetime, timezone

    assert team.iso_now(datetime(2026, 10, 7, 7, 2, 10, 114000, tzinfo=timezone.utc)) == "2026-10-07T07:02:10.114Z"


def test_load_team_reads_the_fixture(upstream_home):
    state = team.load_team(_home(upstream_home))
    assert state.cycle["turnCount"] == 3 and state.problems == []
    assert [g.query for g in state.gaps] == ["支付网关的超时配置是多少"]
    assert [r["turn"] for r in state.judge_history] == [1, 2, 3]
    assert [r["entryCount"] for r in state.bundles] == [8, 10]
    assert state.timelines[0]["topic"] == "订单服务迁移的来龙去脉"
