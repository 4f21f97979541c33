"""linghun_goal_update: signal merging, the same-topic rule, belief goals, triggers."""
import pytest

from linghun.core.errors import IllegalTransitionError, InvalidInputError, NotFoundError
from linghun.core.goals.merge import GoalSet, Signal
from linghun.core.goals.topic import OVERLAP_THRESHOLD, TopicMatcher

T0, T1, T2 = "2026-01-01 09:00:00", "2026-01-02 09:00:00", "2026-01-03 09:00:00"


def apply(gs, signal, statement, when=T1, **kw):
    return gs.apply(Signal(signal, statement, **kw), when=when)


@pytest.fixture
def gs():
    g = GoalSet()
    g.apply(Signal("new", "I want to run a marathon next spring"), when=T0)
    return g


def test_new_creates_an_active_goal_with_its_record(gs):
    (goal,) = gs.goals
    assert (goal.id, goal.state, goal.domain, goal.priority, goal.speaker) == ("g1", "active", "health", "medium", "user")
    assert goal.created == goal.updated == T0
    assert [h["kind"] for h in goal.history] == ["signal", "transition"]
    assert 1 <= len(goal.triggers) <= 2


def test_progress_merges_into_the_same_topic(gs):
    r = apply(gs, "progress", "I started training for the marathon")
    assert (r.action, r.goal.id, len(gs.goals)) == ("merged", "g1", 1)
    assert r.overlap == 1.0 and r.transitions == []
    assert r.goal.history[-1]["signal"] == "progress" and r.goal.updated == T1


def test_achieve_and_abandon_move_the_state(gs):
    r = apply(gs, "achieve", "I finally finished the marathon!")
    assert r.goal.state == "achieved" and [(t["from"], t["to"]) for t in r.transitions] == [("active", "achieved")]
    again = apply(gs, "achieve", "The marathon is finished", when=T2)
    assert again.action == "merged" and again.transitions == [] and again.goal.state == "achieved"


def test_achieved_goal_is_not_reopened_by_a_new_plan(gs):
    apply(gs, "achieve", "I finished the marathon")
    r = apply(gs, "new", "I want to run a marathon again next year", when=T2)
    assert r.action == "created" and r.goal.id == "g2" and gs.get("g1").state == "achieved"


def test_abandoned_goal_is_revived_by_new_or_progress(gs):
    apply(gs, "abandon", "I gave up on the marathon")
    assert gs.get("g1").state == "abandoned"
    r = apply(gs, "progress", "I'm training for the marathon again", when=T2)
    assert r.goal.id == "g1" and r.goal.state == "active"
    assert [(t["from"], t["to"]) for t in r.transitions] == [("abandoned", "active")]


def test_paused_goal_resumes_on_progress(gs):
    gs.set_state("g1", "paused")
    r = apply(gs, "progress", "back to marathon training")
    assert r.goal.state == "active"


def test_signal_without_match_creates_then_moves():
    gs = GoalSet()
    r = gs.apply(Signal("abandon", "I quit learning the violin"), when=T0)
    assert r.action == "created" and r.goal.state == "abandoned"
    assert [(t["from"], t["to"]) for t in r.transitions] == [(None, "active"), ("active", "abandoned")]
    r = gs.apply(Signal("achieve", "I paid off my student loan"), when=T0)
    assert r.goal.state == "achieved"


def test_change_replaces_the_statement_and_keeps_the_old_one(gs):
    r = gs.apply(Signal("change", "I'd rather run a half marathon in the spring", priority="high",
                        triggers=["sports day"], id="g1"), when=T1)
    g = r.goal
    assert g.statement.startswith("I'd rather run a half marathon") and g.priority == "high"
    assert g.triggers == ["sports day"]
    prev = g.history[-1]["previous"]
    assert prev["statement"] == "I want to run a marathon next spring" and prev["priority"] == "medium"


def test_other_speaker_or_other_domain_never_merges(gs):
    r = apply(gs, "new", "I want to run a marathon next spring", speaker="Leo")
    assert r.action == "created" and r.goal.speaker == "Leo"
    r = apply(gs, "progress", "training for the marathon", speaker="  USER ")
    assert r.goal.id == "g1", "speakers compare case- and space-insensitively"
    r = apply(gs, "new", "marathon", domain="travel")
    assert r.action == "created"


def test_same_topic_thresholds():
    m = TopicMatcher()
    assert OVERLAP_THRESHOLD == 0.5
    college = m.overlap("I want to save for my daughter's college fund",
                        "I put another 200 dollars into the college fund")
    assert college and college.overlap == pytest.approx(2 / 3.5, abs=1e-3)
    assert m.overlap("save money for a house", "save money for a car") is None, "generic words only"
    assert m.overlap("I want to run a marathon", "I finished the marathon") is not None, "nested"
    assert m.overlap("learn to paint portraits", "fix the kitchen sink") is None
    assert m.overlap("我想给孩子存大学基金", "大学基金已经存了一半") is not None
    assert m.overlap("want", "finished") is None, "signal words say nothing about the topic"


def test_value_statements_become_high_priority_belief_goals():
    gs = GoalSet()
    for text in ("I believe in treating everyone with respect", "I refused to lie to my boss",
                 "我相信做人要诚实", "我绝不传播别人的谣言"):
        g = gs.apply(Signal("new", text), when=T0).goal
        assert (g.domain, g.priority) == ("belief", "high"), text
        assert 1 <= len(g.triggers) <= 2


def test_triggers_are_capped_at_two_and_merged(gs):
    r = gs.apply(Signal("progress", "marathon training", triggers=["sports day", "running shoes", "gym plan"],
                        id="g1"), when=T1)
    assert len(r.goal.triggers) == 2 and r.dropped_triggers
    low = gs.apply(Signal("new", "maybe learn origami someday", priority="low"), when=T1).goal
    assert low.triggers == [], "low priority goals get no automatic triggers"


def test_bad_input_is_refused_clearly(gs):
    with pytest.raises(InvalidInputError, match="empty"):
        gs.apply(Signal("new", "   "))
    with pytest.raises(InvalidInputError, match="signal"):
        gs.apply(Signal("finish", "x y"))
    with pytest.raises(InvalidInputError, match="priority"):
        gs.apply(Signal("new", "learn chess openings", priority="urgent"))
    with pytest.raises(NotFoundError):
        gs.apply(Signal("progress", id="g99"))
    with pytest.raises(InvalidInputError, match="needs a statement"):
        gs.apply(Signal("change", "", id="g1"))
    apply(gs, "achieve", "finished the marathon")
    before = len(gs.get("g1").history)
    with pytest.raises(IllegalTransitionError):
        gs.apply(Signal("abandon", id="g1"))
    assert len(gs.get("g1").history) == before


def test_progress_by_id_needs_no_statement(gs):
    r = gs.apply(Signal("progress", id="g1"), when=T1)
    assert r.goal.history[-1]["statement"] == r.goal.statement
