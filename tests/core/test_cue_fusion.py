"""The cue fusion (issue 30): goals join a retriever's ranking only on a real activation signal,
after its first result, so the fusion does not drown the channel that works; and the developers'
cue set it was calibrated on."""
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from linghun.core.evaluation.cues import CueOutcome, CueRun, evaluate_cues
from linghun.core.goals.activation import (FUSION_TURNS, SEMANTIC_MIN, GoalIndex, admitted, combine, fuse,
                                           signal_reason, unsignalled)
from linghun.core.goals.cue_eval import RELATION_TYPES, load_cues
from linghun.core.goals.model import Goal
from tests.conftest import DATASETS

ROOT = Path(__file__).resolve().parents[2]
DEV_CUES = ROOT / "core" / "evaluation" / "cues_dev.json"
FIX = ROOT / "tests" / "fixtures_eval"


def test_fuse_keeps_every_result_and_places_the_admitted_after_the_first():
    ranking = ["a", "b", "c", "d"]
    assert fuse(ranking, ["x", "c", "y"]) == ["a", "x", "c", "y", "b", "d"]
    assert fuse(ranking, ["a", "x"]) == ["a", "x", "b", "c", "d"]   # a result in the head keeps its place
    assert fuse(ranking, []) == ranking
    many = [f"g{i}" for i in range(FUSION_TURNS + 5)]
    fused = fuse(ranking, many)
    assert fused[1:1 + FUSION_TURNS] == many[:FUSION_TURNS] and fused[1 + FUSION_TURNS:] == ranking[1:]


def test_goals_with_no_signal_come_only_when_the_retriever_brings_nothing():
    assert fuse(["a", "b", "c"], ["x"], fill=["q1", "b", "q2"]) == ["a", "x", "b", "c"]
    # a situation the retriever does not read: the admitted goals' turns, then the others by
    # priority, the goal channel's own order
    assert fuse([], ["x"], fill=["q1", "x", "q2"]) == ["x", "q1", "q2"]


def test_combine_adds_the_channels_and_keeps_the_best_within_one():
    goals = [("e1", 0.1), ("e2", 0.3), ("e1", 0.25)]       # e1 hangs on two goals: its best, not the sum
    meaning = [("e3", 0.3), ("e1", 0.2)]
    assert combine(goals) == ["e2", "e1"]
    assert combine(goals, meaning) == ["e1", "e2", "e3"]    # e1: 0.25 + 0.2 over two signals
    assert combine([("a", 0.1), ("b", 0.1)]) == ["a", "b"]  # ties keep the order given


_ids = st.lists(st.integers(0, 30), unique=True, max_size=15)


@given(ranking=_ids, admitted_items=st.lists(st.integers(0, 30), max_size=15), fill=_ids,
       slot=st.integers(1, 3), limit=st.integers(0, 12))
def test_what_fuse_promises_whatever_the_lists(ranking, admitted_items, fill, slot, limit):
    """The construction's promises (activation's docstring, SETTINGS.md "Cue fusion")."""
    fused = fuse(ranking, admitted_items, slot=slot, limit=limit, fill=fill)
    assert len(fused) == len(set(fused))
    head = ranking[:slot - 1]
    assert fused[:len(head)] == head                                      # its head in place
    joined = [x for x in dict.fromkeys(admitted_items) if x not in head][:limit]
    assert fused[len(head):len(head) + len(joined)] == joined             # the admitted next, limit at most
    # the ranking whole and in order but for the results admitted too (they move up), none
    # moved down by more than limit places
    assert set(ranking) <= set(fused)
    assert [x for x in fused if x in ranking and x not in joined] == [x for x in ranking if x not in joined]
    assert all(fused.index(x) <= i + limit for i, x in enumerate(ranking))
    quiet = [x for x in fused if x not in ranking and x not in joined]
    assert quiet == ([x for x in fill if x not in joined] if not ranking else [])  # only after nothing


def _goals():
    return [Goal(id="g1", speaker="user", statement="save money for the kids' college fund", domain="family",
                 priority="high", triggers=["family trip"]),
            Goal(id="g2", speaker="user", statement="learn to play the piano", domain="general", priority="high"),
            Goal(id="g3", speaker="user", statement="run a marathon before forty", domain="health", priority="medium")]


def test_only_goals_with_a_signal_are_admitted_each_with_its_reason():
    acts = GoalIndex(_goals()).rank("we booked an expensive family trip to Hawaii", k=0)
    got = admitted(acts)
    assert [a.goal.id for a in got] == ["g1"]          # the others score their state's base alone
    assert got[0].reason == "bridge 'family trip'"
    # a sentence similarity (the optional embeddings) admits a goal that shares no word, closest first
    got = admitted(acts, {"g1": 0.1, "g2": SEMANTIC_MIN + 0.01, "g3": 0.4})
    assert [a.goal.id for a in got] == ["g3", "g2", "g1"]
    assert got[0].reason == "meaning 0.40" and got[2].reason == "bridge 'family trip'"
    assert signal_reason(acts[0]) == "bridge 'family trip'"
    # the goals nothing admitted, in activation order: the tie-break, higher priority first
    assert [a.goal.id for a in unsignalled(acts, admitted(acts))] == ["g2", "g3"]
    assert not unsignalled(acts, got)


def test_the_fused_channel_reaches_a_goal_cue_the_retriever_misses():
    run = evaluate_cues(FIX / "cues_tiny.json", FIX / "locomo_tiny.json")
    assert "goal/signal" in run.channels and "linghun+goal" in run.channels
    for o in run.outcomes:
        lin, sig, fused = o.ranks["linghun"], o.ranks["goal/signal"], o.ranks["linghun+goal"]
        if lin == 1:
            assert fused == 1                          # the retriever's first result is never moved
        if sig is not None and sig <= FUSION_TURNS:
            assert fused is not None and fused <= sig + 1
    assert any((o.ranks["linghun"] or 99) > 10 and (o.ranks["linghun+goal"] or 99) <= 10 for o in run.outcomes)


def test_the_dev_cue_set_is_ours_balanced_and_bilingual():
    cues = load_cues(json.loads(DEV_CUES.read_text(encoding="utf-8")))
    count = Counter(c.relation_type for c in cues)
    assert count == {r: 25 for r in RELATION_TYPES}
    chinese = Counter(c.relation_type for c in cues if any("\u4e00" <= ch <= "\u9fff" for ch in c.cue_dialogue))
    assert all(chinese[r] >= 5 for r in RELATION_TYPES)
    tiny = {c["trigger_query"] for c in json.loads((FIX / "cues_tiny.json").read_text(encoding="utf-8"))}
    assert not tiny & {c.trigger_query for c in cues}    # never the test fixture
    # every conversation receives all four relations (cue i goes into conversation i % N)
    assert all(len({c.relation_type for c in cues if c.index % 7 == k}) == 4 for k in range(7))


@pytest.mark.skipif(not (DATASETS / "locomo" / "locomo_dev7.json").is_file(), reason="LoCoMo dev data absent")
def test_on_the_dev_cues_the_fusion_is_not_below_the_retriever_or_the_admitted_goals():
    """Words only, on the tune conversations and on the held-out ones alike: per relation not below
    the retriever or the admitted goals, and over all cues not below any channel, the goal channel
    with its goals of no signal included (they fill the places the others leave)."""
    run = evaluate_cues(DEV_CUES, DATASETS / "locomo" / "locomo_dev7.json")
    held = set(run.conversations[5:])
    for split in (None, held, set(run.conversations) - held):
        table = run.table(split)
        for name, e in table.items():
            for ch in ("linghun", "goal/signal"):
                assert e["linghun+goal"]["hit@10"] >= e[ch]["hit@10"], (split, name, ch)
        assert not [f for f in run.shortfalls(conversations=split) if f["relation"] == "all"], split
    assert run.table()["all"]["linghun+goal"]["hit@10"] > run.table()["all"]["linghun"]["hit@10"]


def test_the_report_names_a_relation_where_the_fusion_is_below_a_channel():
    channels = ("linghun", "goal/signal", "linghun+goal")
    run = CueRun(channels=channels, outcomes=[
        CueOutcome(0, "goal", {"linghun": None, "goal/signal": 3, "linghun+goal": 12}, True, 1.0),
        CueOutcome(1, "state", {"linghun": 2, "goal/signal": None, "linghun+goal": 2}, False, 1.0)])
    assert run.shortfalls() == [{"relation": "goal", "channel": "goal/signal", "best": 100.0, "fused": 0.0}]


def test_a_shortfall_of_one_split_is_named_even_when_the_cues_together_hide_it():
    channels = ("linghun", "goal/signal", "linghun+goal")
    run = CueRun(channels=channels, conversations=["c0", "c1"], outcomes=[
        CueOutcome(0, "goal", {"linghun": None, "goal/signal": 3, "linghun+goal": None}, True, 1.0, "c1"),
        CueOutcome(1, "goal", {"linghun": 1, "goal/signal": None, "linghun+goal": 1}, True, 1.0, "c0"),
        CueOutcome(2, "goal", {"linghun": None, "goal/signal": None, "linghun+goal": 4}, True, 1.0, "c0")])
    assert run.shortfalls() == []                                  # 66.7 fused against 33.3 each
    assert run.shortfalls(conversations={"c1"}) == [
        {"relation": "goal", "channel": "goal/signal", "best": 100.0, "fused": 0.0},
        {"relation": "all", "channel": "goal/signal", "best": 100.0, "fused": 0.0}]
    assert run.shortfalls(conversations={"c0"}) == []
