"""R@context: how much of a question's gold evidence reaches the context the agent is shown.

The retriever's ranking (R@k) and what it hands the editor (R@bundle) say what the memory could
deliver; the agent only ever reads the composed context. Here every question is asked the way the
agent's path asks it: a memory home is written from the conversation, and the question gets
``core.context.compose(home, question, run_round=True)`` after an offline dry-run round, which is
exactly what ``linghun context QUESTION`` prints (no file of the home changes, so the questions of
one conversation do not disturb each other).

Two homes per conversation (:data:`HOMES`):

- ``written``: the home ``linghun eval home`` writes (every turn a warm entry, the journal, goals);
- ``grown``: the turns appended one by one through ``Memory.append`` with the default memory
  settings, as an agent grows its memory: once warm.md passes ``triggerRatio`` of ``maxBytes``,
  consolidation moves older entries into the ontologies, the cold summary and the archives.

A gold turn *reaches* the agent when its entry text (``<speaker>: <words>``, white space folded)
stands whole in a part of the context; a turn cut by a budget does not count. The part that
carries it is recorded too, so a report can say where evidence arrives (bundle, ontology parts,
goals, map). A map pointer is counted apart (``pointer``): it reaches the evidence only when the
text the pointer resolves to (``core.drill``, what ``memory_read``/``drill`` would give the agent)
holds the turn whole (entry and node pointers only, see :data:`_POINTER`); injected text always
counts first.

Beside the turns, a probe looks for the question's short answers (``Question.facts``) in the
injected parts, by the rule of :mod:`core.evaluation.answers` (A@context): the agent can answer
from any line that states the fact, not only from the gold turn.

An excerpt of a long entry (``core/excerpt.py``) is not the turn whole, so it never counts for
R@context. It is counted apart too (``excerpt``): a gold turn not injected whole whose entry stands
in the bundle as an excerpt, i.e. the excerpt's ``memory_drill`` pointer (``[n]``, or
``memory@<line>`` for a consolidated entry) resolves to text that holds the turn whole. R@context plus ``excerpt`` is the excerpt-aware figure: the evidence the
agent reads a passage of, with the pointer to the rest.
"""
from __future__ import annotations

import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Hashable, Sequence

from linghun.core.context import compose
from linghun.core.drill import drill
from linghun.core.errors import LinghunError
from linghun.core.evaluation import answers
from linghun.core.evaluation.data import Conversation
from linghun.core.evaluation.homes import build_home, entry_text, grow_home
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section
from linghun.core.text import approx_tokens

HOMES = ("written", "grown")
POINTER = "pointer"
EXCERPT = "excerpt"
#: the pointer an excerpt's mark gives for the whole entry (``core.excerpt.MARK``)
_EXCERPT_POINTER = re.compile(r"memory_drill pointer=(\S+) 读全文）")
#: the map's pointers to evidence (core/MAP.md): an entry ``[n]`` (``[n]?`` when low), and a
#: ``«file:theme»`` node or a ``«goal:id»``. A whole file (``«memory»``, ``«cold»``), a day of the
#: journal, the cold summary or the episodic archive is a place to search, not a pointer to a
#: piece of evidence: resolving one would count most of the conversation as found.
_POINTER = re.compile(r"\[(\d+)\]|«((?!(?:cold|episodic|journal):)[a-z_]+:[^»]+)»")


def folded(text: str) -> str:
    return " ".join(text.split())


@dataclass
class ContextProbe:
    """What one question's context holds of its gold evidence.

    Attributes:
        reached: gold turn ids whose text stands whole in the injected context.
        parts: per part key, the gold ids found in that part (a turn may be in several).
        pointed: gold ids reached only through a map pointer (not injected).
        excerpted: gold ids not injected whole whose entry stands as an excerpt.
        chars / tokens: the context's size (tokens as ``core.text.approx_tokens`` counts them).
        cpu_ms: process CPU time of composing it (round included).
        answer: where the question's short answers stand (``core.evaluation.answers``), or None
            when the probe was not asked about them.
    """

    reached: list[Hashable] = field(default_factory=list)
    parts: dict[str, list[Hashable]] = field(default_factory=dict)
    pointed: list[Hashable] = field(default_factory=list)
    excerpted: list[Hashable] = field(default_factory=list)
    chars: int = 0
    tokens: int = 0
    cpu_ms: float = 0.0
    answer: answers.AnswerProbe | None = None


class HomeContext:
    """One conversation as a memory home in a temporary folder, asked question by question.

    ``kind`` is ``written`` or ``grown`` (see the module docstring). Call :meth:`close` (or use it
    as a context manager) to remove the folder.
    """

    def __init__(self, conversation: Conversation, kind: str = "written", meaning: bool = True,
                 embeddings: bool = True):
        if kind not in HOMES:
            raise LinghunError(f"unknown home kind {kind!r}: one of {', '.join(HOMES)}")
        self.kind = kind
        self._dir = Path(tempfile.mkdtemp(prefix=f"linghun-eval-{kind}-"))
        build = build_home if kind == "written" else grow_home
        self.home: MemoryHome = build(conversation, self._dir).home
        # the home's rounds with or without the sentence-meaning channel and the embeddings' rerank
        # (`linghun eval --no-meaning`, `--no-dense`)
        update_section(self.home, "assembler", lambda section: {
            **(section or {}), "retrieval": {**(section or {}).get("retrieval", {}), "meaning": meaning,
                                             "embeddings": embeddings}})
        self._texts = {t.id: folded(entry_text(t)) for t in conversation.turns}
        # what a gold turn states: its words and the day it was said (the entry's stamp)
        self._stated = {t.id: f"{self._texts[t.id]} {t.time:%Y-%m-%d}" if t.time else self._texts[t.id]
                        for t in conversation.turns}
        self._resolved: dict[str, str] = {}  # pointer -> folded text it resolves to

    def probe(self, question: str, gold, facts: Sequence[str] | None = None) -> ContextProbe:
        """What the context composed for ``question`` holds of the ``gold`` turns and, when
        ``facts`` is given (an empty list: the question has no short answer), of its short answers."""
        t0 = time.process_time()
        ctx = compose(self.home, question, run_round=True)
        cpu_ms = (time.process_time() - t0) * 1000
        text = ctx.text()
        out = ContextProbe(chars=len(text), tokens=approx_tokens(text), cpu_ms=cpu_ms)
        wanted = [g for g in gold if g in self._texts]
        for part in ctx.parts:
            body = folded(part.text)
            found = [g for g in wanted if self._texts[g] in body]
            if found:
                out.parts[part.key] = found
        reached = {g for found in out.parts.values() for g in found}
        out.reached = [g for g in wanted if g in reached]
        if facts is not None:
            out.answer = answers.probe(answers.facts_of(facts, question), (self._stated[g] for g in wanted),
                                       ((part.key, part.text) for part in ctx.parts))
        missing = [g for g in wanted if g not in reached]
        bundle_part = ctx.part("bundle")
        if missing and bundle_part is not None:
            refs = dict.fromkeys(_EXCERPT_POINTER.findall(bundle_part.text))
            out.excerpted = self._held(refs, missing)
            if out.excerpted:
                out.parts[EXCERPT] = out.excerpted
                missing = [g for g in missing if g not in out.excerpted]  # a passage is shown: before a pointer
        map_part = ctx.part("map")
        if missing and map_part is not None:
            pointed = self._pointed(map_part.text, missing)
            out.pointed = pointed
            if pointed:
                out.parts[POINTER] = pointed
        return out

    def _pointed(self, map_text: str, missing: list[Hashable]) -> list[Hashable]:
        return self._held(dict.fromkeys(n and f"[{n}]" or other for n, other in _POINTER.findall(map_text)), missing)

    def _held(self, refs, missing: list[Hashable]) -> list[Hashable]:
        """The ``missing`` gold ids whose text stands whole in what ``refs`` resolve to."""
        resolved = " ".join(self._resolve(ref) for ref in refs)
        return [g for g in missing if self._texts[g] in resolved]

    def _resolve(self, ref: str) -> str:
        if ref not in self._resolved:
            try:
                self._resolved[ref] = folded(str(drill(self.home, ref).get("text") or ""))
            except LinghunError:
                self._resolved[ref] = ""
        return self._resolved[ref]

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> "HomeContext":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = ["ContextProbe", "EXCERPT", "HOMES", "HomeContext", "POINTER", "folded"]
