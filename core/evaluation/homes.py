"""Turn an evaluation conversation into a memory home, reproducibly.

So a benchmark conversation can be opened in the workbench, consolidated, searched, mapped and
assembled like a real memory:

- ``journal/<day>.md``: every turn, in order, two turns per record (the first as the user line,
  the second as the assistant line; a speaker's name is kept in front of the words unless the
  speaker is literally the user or the assistant), stamped with the session's date plus one
  minute per record (sessions without a date are placed on consecutive days from 2000-01-01);
- ``warm.md``: one ``event`` entry per turn (``<speaker>: <text>``), medium confidence, with the
  same stamps, written in one go (the per-append merge rule would fold "Thanks!" turns together);
- ``goals/goals.json``: goals found by the offline extractor of :mod:`core.goals` in every turn,
  merged with the ``linghun_goal_update`` rules, each signal sourced by its turn id.

The same conversation always gives the same files.

:func:`grow_home` writes the home an agent would have grown from the same conversation instead:
each turn appended through ``Memory.append`` (``memory_append``) at its stamp with the home's
default memory settings, so the near-duplicate merge folds repeated turns and, once warm.md passes
``triggerRatio`` of ``maxBytes``, consolidation moves older entries into the ontologies, the cold
summary and the episodic archives; the journal and goals are written as :func:`build_home` writes
them.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from linghun.core.evaluation.data import Conversation, Turn
from linghun.core.errors import CapacityError
from linghun.core.formats.warm import append_entry, new_entry, parse_warm
from linghun.core.fsio import write_json
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory, MemoryConfig

_EPOCH = datetime(2000, 1, 1, 9, 0)
_ROLES = {"user": "user", "用户": "user", "assistant": "assistant", "助手": "assistant"}


@dataclass
class BuiltHome:
    home: MemoryHome
    journal_records: int
    entries: int
    goals: int
    refused: int = 0  # grown homes: turns memory_append refused (larger than warm.md can ever hold)

    def to_dict(self) -> dict:
        return {"home": str(self.home.root), "journal_records": self.journal_records,
                "entries": self.entries, "goals": self.goals, "refused": self.refused}


def entry_text(turn: Turn) -> str:
    """The body of the warm entry a turn becomes: ``<speaker>: <words>``."""
    return f"{turn.speaker}: {turn.text}"


def _line(turn: Turn) -> str:
    return turn.text if turn.speaker.lower() in _ROLES else entry_text(turn)


def _stamps(conversation: Conversation) -> list[datetime]:
    """One time per turn: the session's time plus one minute per record of two turns."""
    out, position = [], {}
    for turn in conversation.turns:
        base = conversation.session_times.get(turn.session) or turn.time or _EPOCH + timedelta(days=turn.session - 1)
        n = position.get(turn.session, 0)
        position[turn.session] = n + 1
        out.append(base + timedelta(minutes=n // 2))
    return out


def build_home(conversation: Conversation, dsh_home: str | Path, *, goals: bool = True) -> BuiltHome:
    """Write ``conversation`` into the (new or empty) home at ``dsh_home``."""
    home = MemoryHome.resolve(dsh_home)
    memory = Memory(home, MemoryConfig(auto_consolidate=False, max_bytes=1 << 40))
    records = _write_journal(memory, conversation)
    doc = parse_warm(home.warm.read_text(encoding="utf-8") if home.warm.is_file() else "")
    for turn, when in zip(conversation.turns, _stamps(conversation)):
        append_entry(doc, new_entry(when.strftime("%Y-%m-%d %H:%M"), "event", "medium", entry_text(turn)))
    memory.write_warm_text(doc.render())
    n_goals = _write_goals(home, conversation) if goals else 0
    return BuiltHome(home, records, len(conversation.turns), n_goals)


def grow_home(conversation: Conversation, dsh_home: str | Path, *, goals: bool = True) -> BuiltHome:
    """Append ``conversation`` turn by turn into the (new or empty) home at ``dsh_home``, as an
    agent grows its memory (see the module docstring); ``entries`` counts those left in warm.md."""
    home = MemoryHome.resolve(dsh_home)
    memory = Memory(home)  # the home's own (default) memory settings
    records = _write_journal(memory, conversation)
    refused = 0
    for turn, when in zip(conversation.turns, _stamps(conversation)):
        try:
            memory.append("event", entry_text(turn), "medium", when=when)
        except CapacityError:  # the agent's tool refuses it too (a BEAM message can be 300 KB)
            refused += 1
    n_goals = _write_goals(home, conversation) if goals else 0
    return BuiltHome(home, records, len(memory.entries()), n_goals, refused)


def _write_journal(memory: Memory, conversation: Conversation) -> int:
    """Two turns of a session per journal record (see the module docstring); returns the count."""
    stamps = _stamps(conversation)
    turns = conversation.turns
    records = 0
    i = 0
    while i < len(turns):
        first = turns[i]
        second = turns[i + 1] if i + 1 < len(turns) and turns[i + 1].session == first.session else None
        memory.journal_append(_line(first), _line(second) if second else "", when=stamps[i])
        records += 1
        i += 2 if second else 1
    return records


def _write_goals(home: MemoryHome, conversation: Conversation) -> int:
    from linghun.core.goals.extract import extract_offline
    from linghun.core.goals.lexicon import builtin_lexicon
    from linghun.core.goals.merge import GoalSet
    from linghun.core.goals.model import GoalFile, make_source

    lexicon = builtin_lexicon()
    file = GoalFile()
    goals = GoalSet(file, lexicon)
    for turn, when in zip(conversation.turns, _stamps(conversation)):
        for signal in extract_offline(turn.text, turn.speaker, lexicon=lexicon, ref=str(turn.id)):
            goals.apply(signal.to_signal(), when=when.strftime("%Y-%m-%d %H:%M:%S"),
                        source=make_source("turn", str(turn.id)))
    with home_lock(home).hold():
        write_json(home.goals, file.to_json())
    return len(file.goals)
