"""Goals on disk: goals.json round trips, unknown fields kept, corrupt files quarantined, events,
extraction from the journal and from warm entries, and the `linghun goal` CLI."""
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.cli import main
from linghun.core.errors import CorruptFileError, IllegalTransitionError, NotFoundError
from linghun.core.events import EventBus
from linghun.core.goals.model import GoalFile
from linghun.core.goals.store import Goals
from linghun.core.home import MemoryHome


@pytest.fixture
def home(upstream_home) -> MemoryHome:
    return MemoryHome.resolve(upstream_home)


def test_update_get_state_round_trip(home):
    bus = EventBus()
    seen = []
    bus.subscribe("goal.transition", seen.append)
    changed = []
    bus.subscribe("memory.changed", changed.append)
    goals = Goals(home, events=bus)
    r = goals.goal_update("new", "I want to save for my daughter's college fund", priority="high",
                          triggers=["family trip"], source="journal:2026-10-07 11:28:41",
                          when="2026-10-07 11:28:41")
    assert r.action == "created" and home.goals.exists()
    assert [(e.payload["id"], e.payload["from"], e.payload["to"]) for e in seen] == [("g1", None, "active")]
    assert changed[-1].payload["what"] == "goals"
    data = json.loads(home.goals.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["goals"][0]["history"][0]["source"] == {
        "kind": "journal", "ref": "2026-10-07 11:28:41"}
    (top,) = goals.goal_get("We booked a family trip to Hawaii, pricey!", k=3)
    assert top.goal.id == "g1" and top.bridge_hit and top.domain_hit
    goals.set_state("g1", "paused", reason="waiting for the bonus")
    assert [e.payload["to"] for e in seen] == ["active", "paused"]
    (g,) = goals.goal_state("g1")
    assert g.state == "paused" and g.transitions()[-1]["reason"] == "waiting for the bonus"
    assert goals.goal_state(state="active") == []
    goals.set_state("g1", "achieved")
    before = home.goals.read_bytes()
    with pytest.raises(IllegalTransitionError):
        goals.set_state("g1", "paused")
    assert home.goals.read_bytes() == before, "a refused transition writes nothing"
    assert goals.goal_get("family trip") == [], "achieved goals never activate"
    with pytest.raises(NotFoundError):
        goals.goal_state("g42")


def test_unknown_fields_survive_a_rewrite(home):
    home.goals.parent.mkdir(parents=True, exist_ok=True)
    home.goals.write_text(json.dumps({
        "version": 1, "owner": "agent", "goals": [{
            "id": "g7", "speaker": "user", "statement": "learn to sail a boat", "domain": "lifestyle",
            "priority": "medium", "triggers": ["windy weekend"], "state": "active",
            "created": "2026-01-01 09:00:00", "updated": "2026-01-01 09:00:00",
            "color": "blue", "history": [{"at": "2026-01-01 09:00:00", "kind": "signal", "signal": "new",
                                          "statement": "learn to sail a boat", "mood": "keen"}]}]},
        ensure_ascii=False), encoding="utf-8")
    Goals(home).goal_update("progress", "sailing lessons booked", goal_id="g7")
    data = json.loads(home.goals.read_text(encoding="utf-8"))
    assert data["owner"] == "agent"
    g = data["goals"][0]
    assert g["color"] == "blue" and g["history"][0]["mood"] == "keen"
    assert g["history"][-1]["signal"] == "progress"
    new = Goals(home).goal_update("new", "I plan to write a novel").goal
    assert new.id == "g8", "ids continue after the largest one"


def test_bare_list_file_stays_a_list(home):
    home.goals.parent.mkdir(parents=True, exist_ok=True)
    home.goals.write_text('[{"id": "g1", "statement": "run a marathon", "state": "active"}]', encoding="utf-8")
    Goals(home).goal_update("achieve", "finished the marathon", goal_id="g1")
    data = json.loads(home.goals.read_text(encoding="utf-8"))
    assert isinstance(data, list) and data[0]["state"] == "achieved"


@pytest.mark.parametrize("content", ["{broken", '"a string"', '{"goals": {"g1": {}}}'])
def test_corrupt_file_is_quarantined_and_never_overwritten(home, content):
    home.goals.parent.mkdir(parents=True, exist_ok=True)
    home.goals.write_text(content, encoding="utf-8")
    goals = Goals(home)
    with pytest.raises(CorruptFileError):
        goals.goal_update("new", "I want to learn to sail a boat")
    with pytest.raises(CorruptFileError):
        goals.goal_get("sailing")
    assert home.goals.read_text(encoding="utf-8") == content
    if content == "{broken":
        assert list(home.goals.parent.glob("goals.json.*.corrupt"))


def test_extract_from_journal_and_entries(home):
    from linghun.core.memory import Memory
    from datetime import datetime

    mem = Memory(home)
    mem.journal_append("我打算明年去日本旅行，顺便学点日语。", "好的，我记下了。", when=datetime(2026, 10, 8, 9, 0, 0))
    goals = Goals(home)
    runs = goals.extract_journal("2026-10-08", apply=True)
    assert [(stamp, [s.signal for s in found.signals]) for stamp, found, _ in runs] == [
        ("2026-10-08 09:00:00", ["new"])]
    (g,) = goals.goal_state()
    assert g.domain == "travel" and g.history[0]["source"] == {
        "kind": "journal", "ref": "2026-10-08 09:00:00", "by": "offline"}
    mem.append("rule", "用户打算下个月把 CI 迁到新平台。", "medium")
    runs = goals.extract_entries(apply=True)
    applied = [(ref, r.goal.id) for ref, _, results in runs for r in results]
    assert applied and applied[0][0].startswith("[")
    assert goals.goal_state(applied[0][1])[0].history[0]["source"]["kind"] == "entry"


def cli(home_dir, *argv) -> tuple[int, str]:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main([*argv[:2], "--home", str(home_dir), *argv[2:]])
    return rc, out.getvalue()


def test_cli_add_signal_list_get_state(upstream_home, capsys):
    rc, out = cli(upstream_home, "goal", "add", "I want to save for my daughter's college fund",
                  "--priority", "high", "--trigger", "family trip")
    assert rc == 0 and out.startswith("created: g1")
    rc, out = cli(upstream_home, "goal", "signal", "progress", "another 200 dollars into the college fund",
                  "--source", "entry:[3]")
    assert rc == 0 and "merged: g1" in out
    rc, out = cli(upstream_home, "goal", "list", "--json")
    (g,) = json.loads(out)
    assert g["history"][-1]["source"] == {"kind": "entry", "ref": "[3]"}
    rc, out = cli(upstream_home, "goal", "get", "a family trip to Hawaii", "--json")
    (a,) = json.loads(out)
    assert a["id"] == "g1" and a["parts"]["bridge_hit"] and "similarity_rank" in a
    rc, out = cli(upstream_home, "goal", "get", "a family trip to Hawaii")
    assert "bridge 'family trip'" in out and "similarity alone" in out
    rc, out = cli(upstream_home, "goal", "state", "g1", "--set", "achieved")
    assert rc == 0 and "active -> achieved" in out
    assert main(["goal", "state", "g1", "--set", "paused", "--home", str(upstream_home)]) == 7
    assert "cannot go from achieved to paused" in capsys.readouterr().err
    rc, out = cli(upstream_home, "goal", "state", "g1")
    assert "∅ -> active" in out and "active -> achieved" in out
    assert main(["goal", "add", "  ", "--home", str(upstream_home)]) == 2
    assert main(["goal", "state", "g9", "--home", str(upstream_home)]) == 3


def test_cli_extract_and_eval(upstream_home):
    rc, out = cli(upstream_home, "goal", "extract", "I refused to spread the rumour. 我想学潜水。", "--apply")
    assert rc == 0 and "belief" in out and "created" in out
    fixtures = Path(__file__).resolve().parent.parent / "fixtures_goals"
    rc, out = cli(upstream_home, "goal", "eval", str(fixtures / "cues.json"), str(fixtures / "conversation.json"),
                  "--json")
    summary = json.loads(out)["summary"]
    assert summary["all"]["n"] >= 20 and set(summary) == {"causal", "state", "goal", "value", "all"}



json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=10)
goal_like = st.dictionaries(st.sampled_from(["id", "speaker", "statement", "domain", "priority", "triggers",
                                             "state", "created", "history", "extra_field"]), json_values, max_size=8)


@settings(max_examples=100, deadline=None)
@given(goals=st.lists(goal_like, max_size=4), top=st.dictionaries(st.text(max_size=5), json_values, max_size=2))
def test_any_goal_objects_load_and_rewrite_stably(goals, top):
    data = {**{k: v for k, v in top.items() if k not in ("goals", "version")}, "version": 1, "goals": goals}
    once = GoalFile.from_json(data).to_json()
    assert GoalFile.from_json(once).to_json() == once
    for k, v in top.items():
        if k not in ("goals", "version"):
            assert once[k] == v
    assert [g.get("extra_field") for g in once["goals"]] == [
        g.get("extra_field") for g in goals if isinstance(g, dict)]


def test_cli_extract_with_the_homes_llm(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"base_url": openai_server.base_url, "api_key": "k",
                                               "model": "fake-model", "max_retries": 0}}), encoding="utf-8")
    openai_server.reply(json.dumps({"signals": [{"signal": "new", "statement": "Learn to sail a boat",
                                                 "domain": "lifestyle", "priority": "high",
                                                 "triggers": ["windy weekend at the coast"]}]}))
    rc, out = cli(upstream_home, "goal", "extract", "I'd love to sail someday.", "--llm", "--apply", "--json")
    (row,) = json.loads(out)
    assert rc == 0 and row["by"] == "llm" and row["applied"][0]["action"] == "created"
    (g,) = Goals(home).goal_state()
    assert g.triggers == ["windy weekend at the coast"]
    assert g.history[0]["source"] == {"kind": "extract", "by": "llm"}
    assert openai_server.requests and openai_server.requests[-1]["model"] == "fake-model"
