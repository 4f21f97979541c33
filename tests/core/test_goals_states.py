"""The goal state machine: every transition, allowed or refused, and its record."""
import itertools

import pytest

from linghun.core.errors import IllegalTransitionError, InvalidInputError
from linghun.core.goals.merge import GoalSet, Signal
from linghun.core.goals.states import STATES, TRANSITIONS, can_transition, check_state, check_transition

ALLOWED = {
    ("active", "paused"), ("active", "achieved"), ("active", "abandoned"),
    ("paused", "active"), ("paused", "achieved"), ("paused", "abandoned"),
    ("abandoned", "active"), ("abandoned", "achieved"),
    ("achieved", "active"),
}


def test_transition_table_is_exactly_the_documented_one():
    assert {(a, b) for a, targets in TRANSITIONS.items() for b in targets} == ALLOWED


def _goal_in(state: str) -> tuple[GoalSet, str]:
    gs = GoalSet()
    g = gs.apply(Signal("new", "I want to learn to sail a boat"), when="2026-01-01 09:00:00").goal
    path = {"active": [], "paused": ["paused"], "achieved": ["achieved"], "abandoned": ["abandoned"]}[state]
    for s in path:
        gs.set_state(g.id, s, when="2026-01-02 09:00:00")
    assert g.state == state
    return gs, g.id


@pytest.mark.parametrize("old,new", [p for p in itertools.product(STATES, STATES) if p[0] != p[1]])
def test_every_pair(old, new):
    gs, gid = _goal_in(old)
    goal = gs.get(gid)
    before = [dict(h) for h in goal.history]
    if (old, new) in ALLOWED:
        result = gs.set_state(gid, new, when="2026-01-03 10:00:00", reason="test")
        assert goal.state == new and result.action == "transitioned"
        last = goal.history[-1]
        assert (last["kind"], last["from"], last["to"], last["at"], last["reason"]) == (
            "transition", old, new, "2026-01-03 10:00:00", "test")
        assert result.transitions == [{"id": gid, "from": old, "to": new, "at": "2026-01-03 10:00:00",
                                       "reason": "test", "source": {"kind": "user"}}]
    else:
        with pytest.raises(IllegalTransitionError, match=f"cannot go from {old} to {new}"):
            gs.set_state(gid, new)
        assert goal.state == old and goal.history == before, "a refused change leaves no trace"


def test_same_state_is_not_a_transition():
    gs, gid = _goal_in("paused")
    n = len(gs.get(gid).history)
    assert gs.set_state(gid, "paused").action == "unchanged"
    assert len(gs.get(gid).history) == n


def test_creation_is_recorded_as_a_transition_from_nothing():
    gs, gid = _goal_in("active")
    (t,) = gs.get(gid).transitions()
    assert (t["from"], t["to"], t["reason"]) == (None, "active", "signal:new")


def test_unknown_state_and_helpers():
    with pytest.raises(InvalidInputError):
        check_state("done")
    assert check_state(" Paused ") == "paused"
    assert can_transition("active", "paused") and not can_transition("achieved", "paused")
    with pytest.raises(IllegalTransitionError):
        check_transition("abandoned", "paused", "g1")
