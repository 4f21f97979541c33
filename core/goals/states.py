"""The goal state machine (SPEC 8): ``active``, ``paused``, ``achieved``, ``abandoned``.

Allowed transitions (anything else raises ``IllegalTransitionError``)::

    active    -> paused | achieved | abandoned
    paused    -> active | achieved | abandoned
    abandoned -> active | achieved      (taken up again; or done after all)
    achieved  -> active                 (reopened: only by an explicit state change, never by a
                                         signal; a new goal on the same topic is a new goal)

Asking for the state a goal is already in is not a transition: nothing is recorded.
State weights of the activation score: active 1, paused 0.5, achieved 0, abandoned 0 (a goal
whose weight is 0 never activates).
"""
from __future__ import annotations

from linghun.core.errors import IllegalTransitionError, InvalidInputError

ACTIVE, PAUSED, ACHIEVED, ABANDONED = "active", "paused", "achieved", "abandoned"
STATES: tuple[str, ...] = (ACTIVE, PAUSED, ACHIEVED, ABANDONED)

TRANSITIONS: dict[str, frozenset[str]] = {
    ACTIVE: frozenset({PAUSED, ACHIEVED, ABANDONED}),
    PAUSED: frozenset({ACTIVE, ACHIEVED, ABANDONED}),
    ABANDONED: frozenset({ACTIVE, ACHIEVED}),
    ACHIEVED: frozenset({ACTIVE}),
}

STATE_WEIGHT: dict[str, float] = {ACTIVE: 1.0, PAUSED: 0.5, ACHIEVED: 0.0, ABANDONED: 0.0}


def check_state(state: str) -> str:
    """``state`` lowercased if it is one of ``STATES``, else ``InvalidInputError``."""
    s = str(state or "").strip().lower()
    if s not in STATES:
        raise InvalidInputError(f"unknown goal state {state!r} (one of {', '.join(STATES)})")
    return s


def can_transition(old: str, new: str) -> bool:
    return new in TRANSITIONS.get(old, frozenset())


def check_transition(old: str, new: str, goal_id: str = "") -> None:
    """Raise ``IllegalTransitionError`` unless ``old -> new`` is allowed."""
    new = check_state(new)
    if not can_transition(old, new):
        allowed = ", ".join(sorted(TRANSITIONS.get(old, ()))) or "none"
        who = f"goal {goal_id} " if goal_id else ""
        raise IllegalTransitionError(
            f"{who}cannot go from {old} to {new} (allowed from {old}: {allowed})")


def state_weight(state: str) -> float:
    """The activation weight of a state; an unknown state (a hand-edited file) weighs 0."""
    return STATE_WEIGHT.get(state, 0.0)
