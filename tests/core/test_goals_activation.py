"""linghun_goal_get: the activation formula, its parts, the bridge rule and state weights."""
import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.errors import InvalidInputError
from linghun.core.goals.activation import (ALPHA, BETA, BRIDGE_MIN_SHARED, GoalIndex, goal_activate,
                                   similarity)
from linghun.core.goals.model import Goal


def goal(gid, statement, domain="general", triggers=(), state="active", priority="medium"):
    return Goal(gid, "user", statement, domain, priority, list(triggers), state, "t", "t")


def test_formula_and_parts():
    idx = GoalIndex([goal("g1", "save for my daughter's college fund", "money", ["family trip"])])
    (a,) = idx.rank("we booked a family trip to Hawaii and it is pricey")
    assert a.domain_hit and a.domain_words == ["pricey"]
    assert a.bridge_hit and a.bridge_trigger == "family trip" and a.bridge_tokens == ["famili", "trip"]
    assert a.similarity == 0.0 and a.state_weight == 1.0
    expected_act = 1.0 * (0.25 + 0.35 + 0.4 * 0 + 0.15)
    assert a.activation == pytest.approx(expected_act)
    assert a.score == pytest.approx(ALPHA * 0 + BETA * expected_act)
    d = a.to_dict()
    assert d["parts"]["bridge_tokens"] == ["famili", "trip"] and d["similarity_rank"] == 1


def test_bridge_needs_two_shared_tokens():
    assert BRIDGE_MIN_SHARED == 2
    idx = GoalIndex([goal("g1", "unrelated words here", triggers=["family trip"])])
    (one,) = idx.rank("a business trip next week")
    assert not one.bridge_hit and one.bridge_tokens == []
    (two,) = idx.rank("a family trip next week")
    assert two.bridge_hit
    assert two.score - one.score == pytest.approx(BETA * 0.35)


def test_state_weights_and_inactive_goals_never_activate():
    goals = [goal("a", "learn to play chess", state="active"),
             goal("p", "learn to play chess", state="paused"),
             goal("v", "learn to play chess", state="achieved"),
             goal("x", "learn to play chess", state="abandoned")]
    idx = GoalIndex(goals)
    ranked = idx.rank("play chess")
    assert [a.goal.id for a in ranked] == ["a", "p"]
    act, paused = ranked
    assert paused.activation == pytest.approx(act.activation * 0.5)
    everything = idx.rank("play chess", k=0, include_inactive=True)
    assert [a.goal.id for a in everything][2:] and all(a.score == 0 for a in everything[2:])
    assert {a.goal.id for a in everything[2:]} == {"v", "x"}


def test_similarity_rank_shows_the_residual_gain():
    goals = [goal("near", "book a hotel near the beach", "travel"),
             goal("fund", "save for the college fund", "money", ["family trip"]),
             goal("other", "book club on fridays", "art")]
    ranked = GoalIndex(goals).rank("book a family trip, it will be expensive", k=3)
    by_id = {a.goal.id: a for a in ranked}
    assert by_id["fund"].similarity == 0 and by_id["fund"].similarity_rank == 3
    assert by_id["fund"].rank < by_id["fund"].similarity_rank
    assert by_id["fund"].residual_gain > 0


def test_sim_is_a_binary_cosine_on_tokens():
    assert similarity("run a marathon", "run a marathon") == pytest.approx(1.0)
    assert similarity("run a marathon", "marathon") == pytest.approx(1 / 2 ** 0.5)
    assert similarity("run", "swim") == 0.0
    assert similarity("我想跑马拉松", "马拉松 比赛") > 0


def test_domain_hit_only_for_the_goals_domain():
    idx = GoalIndex([goal("m", "x y z", "money"), goal("h", "x y z", "health")])
    ranked = {a.goal.id: a for a in idx.rank("the gym membership", k=0)}
    assert ranked["h"].domain_hit and ranked["h"].domain_words == ["gym"]
    assert not ranked["m"].domain_hit and ranked["m"].domain_words == []


def test_k_and_bad_situation():
    idx = GoalIndex([goal(f"g{i}", f"goal number {i}") for i in range(8)])
    assert len(idx.rank("goal", k=3)) == 3 and len(idx.rank("goal", k=0)) == 8
    assert [a.rank for a in idx.rank("goal", k=3)] == [1, 2, 3]
    with pytest.raises(InvalidInputError):
        idx.rank("   ")
    assert GoalIndex([]).rank("anything") == []


def test_goal_activate_base_keeps_active_goals_above_zero():
    assert goal_activate(1.0, False, False, 0.0) == pytest.approx(0.15)
    assert goal_activate(0.0, True, True, 1.0) == 0.0


VOCAB = ["family", "trip", "college", "fund", "marathon", "run", "rumour", "privacy", "budget", "gym",
         "piano", "家庭", "旅行", "基金", "谣言", "健身", "zork", "quux"]


def _direct(g: Goal, situation: str) -> float:
    """The SPEC formula evaluated for one goal, without the index."""
    from linghun.core.goals.features import token_set
    from linghun.core.goals.lexicon import builtin_lexicon
    from linghun.core.goals.states import state_weight

    w = state_weight(g.state)
    if w == 0:
        return 0.0
    sim = similarity(situation, g.statement)
    q = token_set(situation)
    bridge = any(len(q & token_set(t)) >= 2 for t in g.triggers)
    dom = g.domain in builtin_lexicon().hits(situation)
    return ALPHA * sim + BETA * w * (0.25 * dom + 0.35 * bridge + 0.4 * sim + 0.15)


words = st.lists(st.sampled_from(VOCAB), min_size=1, max_size=5).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(statements=st.lists(st.tuples(words, st.lists(words, max_size=2),
                                     st.sampled_from(["active", "paused", "achieved", "abandoned"]),
                                     st.sampled_from(["money", "family", "travel", "belief", "general"])),
                           min_size=1, max_size=8),
       situation=words)
def test_index_scores_equal_the_formula_goal_by_goal(statements, situation):
    goals = [goal(f"g{i}", s, d, t, state) for i, (s, t, state, d) in enumerate(statements)]
    ranked = GoalIndex(goals).rank(situation, k=0, include_inactive=True)
    assert len(ranked) == len(goals)
    for a in ranked:
        assert a.score == pytest.approx(_direct(a.goal, situation), abs=1e-9)
    scores = [a.score for a in ranked]
    assert scores == sorted(scores, reverse=True)
