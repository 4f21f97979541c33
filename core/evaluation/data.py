"""The shapes every loader produces: conversations of turns, and questions with gold evidence."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Turn:
    """One utterance.

    Attributes:
        id: the dataset's id of the turn (LoCoMo ``D3:5``, BEAM message id), unique in its conversation.
        speaker: who says it (a name, or ``user`` / ``assistant``).
        text: what is said (an image caption, when the dataset gives one, is part of it).
        session: the session (LoCoMo) or batch (BEAM) number.
        time: when the session took place, if known.
    """

    id: Any
    speaker: str
    text: str
    session: int
    time: datetime | None = None


@dataclass(frozen=True)
class Question:
    """A question whose answer lies in known turns.

    Attributes:
        id: unique within the run (``<conversation>#<n>``).
        conversation: the id of the conversation it is asked about.
        text: the question.
        evidence: gold turn ids (cleaned; may be empty: such questions are counted but not scored).
        group: what the report groups by (a LoCoMo category number, a BEAM ability, a cue relation).
        answer: the reference answer, for the report.
        facts: the short answers answer-in-context looks for (``core.evaluation.answers``); empty
            when the question has no short answer.
    """

    id: str
    conversation: str
    text: str
    evidence: tuple
    group: str
    answer: str = ""
    facts: tuple[str, ...] = ()


@dataclass
class Conversation:
    """One conversation: its turns in order, the speakers and the session dates."""

    id: str
    turns: list[Turn]
    speakers: tuple[str, ...] = ()
    session_times: dict[int, datetime] = field(default_factory=dict)


@dataclass
class Dataset:
    """Conversations and the questions asked about them."""

    name: str
    conversations: list[Conversation]
    questions: list[Question]
    notes: list[str] = field(default_factory=list)  # what the loader cleaned or skipped

    def conversation(self, conversation_id: str) -> Conversation:
        for conv in self.conversations:
            if conv.id == conversation_id:
                return conv
        from linghun.core.errors import NotFoundError

        raise NotFoundError(f"no conversation {conversation_id!r} in {self.name}")

    def subset(self, conversation_ids) -> "Dataset":
        keep = set(conversation_ids)
        return Dataset(
            self.name,
            [c for c in self.conversations if c.id in keep],
            [q for q in self.questions if q.conversation in keep],
            list(self.notes),
        )
