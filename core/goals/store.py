"""The goal operations on a memory home: ``linghun_goal_update``, ``linghun_goal_get``,
``linghun_goal_state``, explicit state changes and extraction from the journal and warm entries.

Every write reads ``goals.json`` and writes it back atomically under the home lock, keeping the
fields it does not know. A file that is not JSON is quarantined (a dated ``.corrupt`` copy) and
the operation fails with ``CorruptFileError``; it is never overwritten. After a write, each state
change is published on the event bus as ``goal.transition`` and the write as ``memory.changed``
(``what="goals"``).
"""
from __future__ import annotations

from typing import Any, Iterable

from linghun.core.containment import check_home_write
from linghun.core.errors import CorruptFileError, InvalidInputError
from linghun.core.events import EventBus, bus as default_bus
from linghun.core.fsio import FileStamp, read_bytes, read_json, write_json
from linghun.core.goals.activation import GoalActivation, GoalIndex
from linghun.core.goals.extract import Extraction, extract
from linghun.core.goals.lexicon import Lexicon, extension_path, lexicon_for
from linghun.core.goals.merge import GoalSet, Signal, UpdateResult
from linghun.core.goals.model import Goal, GoalFile, make_source, parse_source
from linghun.core.goals.states import check_state
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock


class Goals:
    """The goal ontology of one home."""

    def __init__(self, home: MemoryHome, events: EventBus | None = None):
        self.home = home
        self.events = events or default_bus
        self._index: GoalIndex | None = None
        self._index_stamp: FileStamp | None = None
        self._index_lexicon: Lexicon | None = None
        self._lexicon: Lexicon | None = None
        self._lexicon_stamp: FileStamp | None = None

    @property
    def path(self):
        return self.home.goals

    # -- reading ------------------------------------------------------------------------------
    def load(self) -> GoalFile:
        """The parsed goals.json (empty when absent); ``CorruptFileError`` when unreadable."""
        data = read_json(self.path)
        try:
            return GoalFile.from_json(data)
        except ValueError as exc:  # valid JSON of the wrong shape: keep it as it is, refuse to write
            raise CorruptFileError(self.path, str(exc), None) from None

    def lexicon(self) -> Lexicon:
        """The domain lexicon, with the home's ``lexicon.json`` when present (re-read on change)."""
        ext = extension_path(self.home.goals_dir)
        stamp = FileStamp.read(ext)
        if self._lexicon is None or stamp != self._lexicon_stamp:
            self._lexicon, self._lexicon_stamp = lexicon_for(self.home.goals_dir), stamp
        return self._lexicon

    def goals(self) -> list[Goal]:
        return self.load().goals

    def index(self) -> GoalIndex:
        """Goals prepared for activation, rebuilt only when goals.json or the lexicon changed."""
        lexicon = self.lexicon()
        if self._index is not None and self._index_lexicon is lexicon and self._unchanged():
            return self._index
        raw = read_bytes(self.path)
        stamp = FileStamp.of_bytes(self.path, raw) if raw is not None else None
        self._index = GoalIndex(self.load().goals, lexicon)
        self._index_stamp, self._index_lexicon = stamp, lexicon
        return self._index

    def _unchanged(self) -> bool:
        """goals.json is as it was when the index was built (a stat first, a hash if needed)."""
        if self._index_stamp is None:
            return not self.path.exists()
        return self._index_stamp.same_content(self.path)

    def goal_get(self, situation: str, k: int = 5, *, include_inactive: bool = False) -> list[GoalActivation]:
        """``linghun_goal_get``: goals ranked by activation, each with its score parts."""
        if not isinstance(k, int) or k < 0:
            raise InvalidInputError(f"k must be a whole number >= 0, got {k!r}")
        return self.index().rank(situation, k, include_inactive=include_inactive)

    def goal_state(self, goal_id: str | None = None, state: str | None = None,
                   speaker: str | None = None) -> list[Goal]:
        """``linghun_goal_state``: one goal by id, or the goals in a state (all when neither)."""
        file = self.load()
        if goal_id:
            return [GoalSet(file).get(goal_id)]
        goals = file.goals
        if state:
            state = check_state(state)
            goals = [g for g in goals if g.state == state]
        if speaker:
            goals = [g for g in goals if g.speaker.casefold() == speaker.strip().casefold()]
        return goals

    # -- writing ------------------------------------------------------------------------------
    def _modify(self, change) -> Any:
        transitions: list[dict[str, Any]] = []
        with home_lock(self.home).hold():
            file = self.load()
            goals = GoalSet(file, self.lexicon(), on_transition=lambda g, t: transitions.append(
                {**t, "statement": g.statement, "speaker": g.speaker, "domain": g.domain}))
            result = change(goals)
            written = transitions or getattr(result, "action", None) != "unchanged"
            if written:
                check_home_write(self.home, self.path)  # a goals/ folder linked out of the home is refused
                write_json(self.path, file.to_json())
        root = str(self.home.root)
        for t in transitions:
            self.events.publish("goal.transition", home=root, path=str(self.path), **t)
        if written:
            self.events.publish("memory.changed", home=root, path=str(self.path), what="goals")
        return result

    def goal_update(self, signal: Signal | dict[str, Any] | str, statement: str = "", *,
                    speaker: str = "user", domain: str | None = None, priority: str | None = None,
                    triggers: Iterable[str] | str | None = None, goal_id: str | None = None,
                    source: dict | str | None = None, when: Any = None) -> UpdateResult:
        """``linghun_goal_update``: merge one signal (rules in ``core.goals.merge``)."""
        if isinstance(signal, dict):
            sig = Signal(**{k: v for k, v in signal.items() if k in Signal.__dataclass_fields__})
        elif isinstance(signal, Signal):
            sig = signal
        else:
            sig = Signal(signal, statement, speaker, domain, priority,
                         list(triggers) if triggers is not None and not isinstance(triggers, str)
                         else ([triggers] if triggers else None), goal_id)
        src = parse_source(source)
        return self._modify(lambda gs: gs.apply(sig, when=when, source=src))

    def set_state(self, goal_id: str, state: str, *, reason: str = "user",
                  source: dict | str | None = None, when: Any = None) -> UpdateResult:
        """An explicit state change (``IllegalTransitionError`` when not allowed)."""
        src = parse_source(source)
        return self._modify(lambda gs: gs.set_state(goal_id, state, when=when, source=src, reason=reason))

    # -- extraction ---------------------------------------------------------------------------
    def extract(self, text: str, speaker: str = "user", *, provider=None, apply: bool = False,
                source: dict | str | None = None, when: Any = None) -> tuple[Extraction, list[UpdateResult]]:
        """Signals in ``text``; with ``apply`` they are merged into goals.json."""
        src = parse_source(source)
        found = extract(text, speaker, provider=provider, lexicon=self.lexicon(), ref=src.get("ref"))
        results: list[UpdateResult] = []
        if apply and found.signals:
            src = make_source("extract" if src["kind"] == "user" else src["kind"], src.get("ref"))
            src["by"] = found.by  # offline, llm or fallback: which extractor produced the signal

            def apply_all(gs: GoalSet):
                for s in found.signals:
                    results.append(gs.apply(s.to_signal(), when=when, source=src))
                return results[-1]

            self._modify(apply_all)
        return found, results

    def extract_journal(self, day: str | None = None, start: str | None = None, end: str | None = None,
                        *, provider=None, apply: bool = False) -> list[tuple[str, Extraction, list[UpdateResult]]]:
        """Extraction over the user's side of journal turns (source: the turn's stamp)."""
        from linghun.core.memory import Memory

        out = []
        for turn in Memory(self.home).journal_turns(day, start, end):
            if turn.user.strip():
                found, results = self.extract(turn.user, "user", provider=provider, apply=apply,
                                              source=make_source("journal", turn.stamp))
                out.append((turn.stamp, found, results))
        return out

    def extract_entries(self, *, provider=None, apply: bool = False) -> list[tuple[str, Extraction, list[UpdateResult]]]:
        """Extraction over the warm entries that are not flipped (source: the entry's ``[n]``)."""
        from linghun.core.memory import Memory

        out = []
        for entry in Memory(self.home).entries():
            if entry.is_wrong:
                continue
            ref = f"[{entry.n}]"
            found, results = self.extract(entry.body, "user", provider=provider, apply=apply,
                                          source=make_source("entry", ref))
            out.append((ref, found, results))
        return out
