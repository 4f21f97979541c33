"""What each system under test puts before the answerer: the memories of one question.

Three sources, prepared once per conversation (``prepare(conversation)``, then ``memories(question)``
per question), each giving its memories strongest first (``core.llm.fit`` cuts from the end when a
prompt does not fit the model's window):

- ``linghun``: the context the agent is shown, as ``linghun context QUESTION`` composes it on the
  home ``linghun eval home`` writes from the conversation (``context_recall.HomeContext``, the
  written home of R@context): its parts in the order the agent reads them.
- ``full-context``: the whole conversation, a session per memory with its date. Newest session
  first, so that a model whose window cannot hold it all loses the oldest sessions (the full-context
  baseline of the peers' papers is cut at the window too; where they cut is not said).
- ``rank-bm25``: rank-bm25's ``BM25Okapi`` top :data:`BM25_K` turns (``runner.PlainBM25Retriever``,
  the retrieval baseline of the R@k reports), each with its session's date, best first.
"""
from __future__ import annotations

from typing import Protocol

from linghun.core.evaluation.context_recall import HomeContext
from linghun.core.evaluation.data import Conversation, Turn
from linghun.core.evaluation.homes import entry_text
from linghun.core.evaluation.runner import PlainBM25Retriever
from linghun.core.context import compose
from linghun.core.text import tokenize

#: turns the rank-bm25 baseline gives the answerer (the peers' RAG baselines use 5-10 chunks)
BM25_K = 10
LINGHUN, FULL_CONTEXT, BM25 = "linghun", "full-context", "rank-bm25"
SOURCES = (LINGHUN, FULL_CONTEXT, BM25)


class Prepared(Protocol):
    def memories(self, question: str) -> list[str]: ...

    def close(self) -> None: ...


def dated(turn: Turn) -> str:
    """A turn as a memory: ``[YYYY-MM-DD] speaker: words``."""
    return f"[{turn.time:%Y-%m-%d}] {entry_text(turn)}" if turn.time else entry_text(turn)


class _LinghunContext:
    def __init__(self, conversation: Conversation):
        self._home = HomeContext(conversation, "written")

    def memories(self, question: str) -> list[str]:
        context = compose(self._home.home, question, run_round=True)
        return [part.text for part in context.parts if part.text.strip()]

    def close(self) -> None:
        self._home.close()


class _FullContext:
    def __init__(self, conversation: Conversation):
        sessions: dict[int, list[Turn]] = {}
        for turn in conversation.turns:
            sessions.setdefault(turn.session, []).append(turn)
        self._memories = []
        for number in sorted(sessions, reverse=True):
            when = conversation.session_times.get(number) or sessions[number][0].time
            head = f"Session {number}" + (f" ({when:%Y-%m-%d %H:%M})" if when else "") + ":"
            self._memories.append("\n".join([head, *(entry_text(t) for t in sessions[number])]))

    def memories(self, question: str) -> list[str]:
        return list(self._memories)

    def close(self) -> None:
        pass


class _BM25TopK:
    def __init__(self, conversation: Conversation):
        self._search = PlainBM25Retriever(tokenize).prepare(conversation)
        self._turns = {t.id: t for t in conversation.turns}

    def memories(self, question: str) -> list[str]:
        return [dated(self._turns[i]) for i in self._search(question, BM25_K)]

    def close(self) -> None:
        pass


_MAKERS = {LINGHUN: _LinghunContext, FULL_CONTEXT: _FullContext, BM25: _BM25TopK}


def prepare(source: str, conversation: Conversation) -> Prepared:
    """The source named ``source`` (one of :data:`SOURCES`) ready for ``conversation``'s questions."""
    return _MAKERS[source](conversation)


__all__ = ["BM25", "BM25_K", "FULL_CONTEXT", "LINGHUN", "Prepared", "SOURCES", "dated", "prepare"]
