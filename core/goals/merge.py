"""Signal merging and state changes over an in-memory set of goals (``linghun_goal_update``).

The rules, per signal (a *match* is an existing goal of the same speaker on the same topic, see
``core.goals.topic``, or the goal named by ``id``):

===========  ==============================================  ===================================
signal       with a match                                    without a match
===========  ==============================================  ===================================
new          restated: signal recorded; paused / abandoned   a new goal, ``active``
             goals become active again
progress     recorded; paused / abandoned become active      a new ``active`` goal (progress
                                                             reveals a goal we had not recorded)
change       statement replaced (the old one stays in the    a new ``active`` goal
             history); domain / priority / triggers
             replaced when given; abandoned -> active
achieve      -> ``achieved`` (already achieved: recorded)    a new goal, then ``achieved``
abandon      -> ``abandoned`` (already abandoned: recorded)  a new goal, then ``abandoned``
===========  ==============================================  ===================================

Achieved goals are matched only by ``achieve`` signals: a new plan on a topic already achieved is
a new goal. Value statements ("I believe in...", "我绝不...") go to the ``belief`` domain with
priority high. High and medium goals without triggers get 1-2 offline bridge triggers.

Every state change is recorded in the goal's history as a ``transition`` item (the creation too,
from ``null``), every signal as a ``signal`` item, each with its time and source.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from linghun.core.errors import IllegalTransitionError, InvalidInputError, NotFoundError
from linghun.core.goals.lexicon import BELIEF, GENERAL, Lexicon
from linghun.core.goals.model import (MAX_TRIGGERS, PRIORITY_RANK, Goal, GoalFile, check_priority,
                              check_signal, clean_text, clean_triggers, make_source, now_stamp)
from linghun.core.goals.patterns import is_value_statement
from linghun.core.goals.states import (ABANDONED, ACHIEVED, ACTIVE, PAUSED, check_state, check_transition)
from linghun.core.goals.topic import TopicMatcher, compatible_domains, same_speaker
from linghun.core.goals.triggers import suggest_triggers

#: the states a signal may merge into
MERGE_STATES: dict[str, tuple[str, ...]] = {
    "new": (ACTIVE, PAUSED, ABANDONED),
    "progress": (ACTIVE, PAUSED, ABANDONED),
    "change": (ACTIVE, PAUSED, ABANDONED),
    "achieve": (ACTIVE, PAUSED, ABANDONED, ACHIEVED),
    "abandon": (ACTIVE, PAUSED, ABANDONED),
}
#: the state a signal leaves its goal in
TARGET_STATE: dict[str, str] = {
    "new": ACTIVE, "progress": ACTIVE, "change": ACTIVE, "achieve": ACHIEVED, "abandon": ABANDONED,
}


@dataclass
class Signal:
    """One ``linghun_goal_update`` call."""

    signal: str
    statement: str = ""
    speaker: str = "user"
    domain: str | None = None
    priority: str | None = None
    triggers: list[str] | None = None
    id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v not in (None, [], "")}


@dataclass
class UpdateResult:
    """What an update did: ``action`` is ``created`` or ``merged``; ``transitions`` lists the
    state changes made (``{id, from, to, at, source, reason}``)."""

    goal: Goal
    action: str
    overlap: float | None = None
    transitions: list[dict[str, Any]] = field(default_factory=list)
    dropped_triggers: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "overlap": self.overlap, "goal": self.goal.to_dict(),
                "transitions": self.transitions, "dropped_triggers": self.dropped_triggers}


TransitionListener = Callable[[Goal, dict[str, Any]], None]


class GoalSet:
    """The goals of one file (or of an evaluation run), with the update rules above."""

    def __init__(self, file: GoalFile | None = None, lexicon: Lexicon | None = None,
                 on_transition: TransitionListener | None = None):
        from linghun.core.goals.lexicon import builtin_lexicon

        self.file = file or GoalFile()
        self.lexicon = lexicon or builtin_lexicon()
        self.topics = TopicMatcher()
        self.on_transition = on_transition

    @property
    def goals(self) -> list[Goal]:
        return self.file.goals

    def get(self, goal_id: str) -> Goal:
        goal = next((g for g in self.goals if g.id == str(goal_id).strip()), None)
        if goal is None:
            raise NotFoundError(f"no goal with id {goal_id!r}")
        return goal

    # -- matching ---------------------------------------------------------------------------
    def find_same_topic(self, speaker: str, statement: str, domain: str,
                        states: Iterable[str]) -> tuple[Goal, float] | None:
        """The existing goal the statement belongs to (see ``core.goals.topic``), or ``None``."""
        states = set(states)
        best: tuple[float, str, int, Goal] | None = None
        for i, g in enumerate(self.goals):
            if g.state not in states or not same_speaker(g.speaker, speaker):
                continue
            if not compatible_domains(g.domain, domain):
                continue
            m = self.topics.overlap(g.statement, statement)
            if m is None:
                continue
            key = (m.overlap, g.updated, i, g)
            if best is None or key[:3] > best[:3]:
                best = key
        return (best[3], best[0]) if best else None

    # -- the update -------------------------------------------------------------------------
    def apply(self, sig: Signal, *, when: Any = None, source: dict[str, str] | None = None) -> UpdateResult:
        """Merge one signal (the rules in the module docstring)."""
        kind = check_signal(sig.signal)
        at = now_stamp(when)
        source = source or make_source("user")
        statement = clean_text(sig.statement)
        speaker = clean_text(sig.speaker) or "user"
        priority = check_priority(sig.priority)
        triggers = clean_triggers(sig.triggers) if sig.triggers is not None else None
        domain = clean_text(sig.domain).lower() or None

        if sig.id:
            goal, overlap = self.get(sig.id), None
            if kind in ("new", "change") and not statement:
                raise InvalidInputError(f"a {kind} signal needs a statement")
        else:
            if not statement:
                raise InvalidInputError("the goal statement is empty")
            if domain is None:
                domain = BELIEF if is_value_statement(statement) else self.lexicon.classify(statement)[0]
            found = self.find_same_topic(speaker, statement, domain, MERGE_STATES[kind])
            goal, overlap = found if found else (None, None)

        if goal is None:
            return self._create(kind, statement, speaker, domain or GENERAL, priority, triggers, at, source)
        return self._merge(goal, kind, statement, domain, priority, triggers, at, source, overlap)

    def _create(self, kind, statement, speaker, domain, priority, triggers, at, source) -> UpdateResult:
        priority = priority or ("high" if domain == BELIEF else "medium")
        goal = Goal(id=self.file.next_id(), speaker=speaker, statement=statement, domain=domain,
                    priority=priority, state=ACTIVE, created=at, updated=at)
        dropped = self._set_triggers(goal, triggers)
        goal.history.append(_signal_item(kind, statement, at, source))
        result = UpdateResult(goal, "created", dropped_triggers=dropped)
        self.goals.append(goal)
        self._record(goal, None, ACTIVE, at, source, f"signal:{kind}", result)
        target = TARGET_STATE[kind]
        if target != ACTIVE:
            self._record(goal, ACTIVE, target, at, source, f"signal:{kind}", result)
        return result

    def _merge(self, goal, kind, statement, domain, priority, triggers, at, source, overlap) -> UpdateResult:
        target = TARGET_STATE[kind]
        if goal.state == ACHIEVED and kind != "achieve":
            raise IllegalTransitionError(
                f"goal {goal.id} is achieved; a {kind} signal cannot reopen it (change its state "
                "explicitly, or state the new goal without an id)")
        if target != goal.state:
            check_transition(goal.state, target, goal.id)  # refuse before changing anything
        result = UpdateResult(goal, "merged", overlap=overlap)
        item = _signal_item(kind, statement or goal.statement, at, source)
        if kind == "change":
            item["previous"] = {"statement": goal.statement, "domain": goal.domain,
                                "priority": goal.priority, "triggers": list(goal.triggers)}
            goal.statement = statement or goal.statement
            if domain:
                goal.domain = domain
            if priority:
                goal.priority = priority
            if triggers is not None:
                goal.triggers = []
        elif priority and PRIORITY_RANK[priority] > PRIORITY_RANK.get(goal.priority, 1):
            goal.priority = priority  # a restated goal can become more important, not less
        goal.history.append(item)
        result.dropped_triggers = self._set_triggers(goal, triggers, merge=kind != "change")
        if target != goal.state:
            self._record(goal, goal.state, target, at, source, f"signal:{kind}", result)
        goal.updated = at
        return result

    def set_state(self, goal_id: str, state: str, *, when: Any = None,
                  source: dict[str, str] | None = None, reason: str = "user") -> UpdateResult:
        """An explicit state change; an illegal one raises ``IllegalTransitionError``."""
        goal = self.get(goal_id)
        state = check_state(state)
        result = UpdateResult(goal, "unchanged")
        if state == goal.state:
            return result
        check_transition(goal.state, state, goal.id)
        at = now_stamp(when)
        self._record(goal, goal.state, state, at, source or make_source("user"), reason, result)
        goal.updated = at
        result.action = "transitioned"
        return result

    # -- helpers ----------------------------------------------------------------------------
    def _set_triggers(self, goal: Goal, given: list[str] | None, merge: bool = False) -> list[str]:
        """Apply given triggers (merged after the existing ones, capped); suggest when none."""
        if given:
            combined = clean_triggers((goal.triggers if merge else []) + given)
            goal.triggers, dropped = combined[:MAX_TRIGGERS], combined[MAX_TRIGGERS:]
            return dropped
        if not goal.triggers and goal.priority in ("high", "medium"):
            goal.triggers = suggest_triggers(goal.statement, goal.domain, self.lexicon)
        return []

    def _record(self, goal: Goal, old: str | None, new: str, at: str, source: dict[str, str],
                reason: str, result: UpdateResult) -> None:
        if old is not None:
            check_transition(old, new, goal.id)
        item = {"at": at, "kind": "transition", "from": old, "to": new, "reason": reason,
                "source": dict(source)}
        goal.history.append(item)
        goal.state = new
        goal.updated = at
        event = {"id": goal.id, **{k: item[k] for k in ("from", "to", "at", "reason", "source")}}
        result.transitions.append(event)
        if self.on_transition is not None:
            self.on_transition(goal, event)


def _signal_item(kind: str, statement: str, at: str, source: dict[str, str]) -> dict[str, Any]:
    return {"at": at, "kind": "signal", "signal": kind, "statement": statement, "source": dict(source)}
