"""The retriever every caller uses: the assembler, the workbench and the evaluation.

A :class:`Searcher` is built over :class:`Unit` objects (an id, the text, and metadata such as the
time, the speaker, the session, the entry kind and confidence) and answers ``search(query, k)``
with explained :class:`core.retrieval.Hit` objects, best first. No LLM, CPU only.

How a unit is scored (every part was measured on the development data; the evaluation README
lists what helped and what did not):

- text: BM25 (k1 1.2, b 0.6) over the unit's words with its speaker's name, the month and year
  of its time ("may 2023": questions name dates) and of the days its text refers to ("last
  month", 上个月: :mod:`core.relative_dates`), English words stemmed ("painted" finds "painting");
- ``@context``: BM25 over the neighbouring units of the same session, two each side (a reply
  often carries the words of the question while the turn itself says "yes, last week!");
- ``@session``: BM25 of the whole session the unit belongs to (what that talk was about);
- ``@named``: the query names a speaker: that speaker's matching units get a small boost;
- ``@own``: a first-person query ("my", "I", "我") favours what the memory's owner said
  (speakers named in :attr:`SearchConfig.own_speakers`, e.g. the journal's 用户 / user);
- ``@question``: a unit that ends with a question mark loses a little (at most half its score):
  a question rarely holds what is asked about later;
- with the optional embeddings (:mod:`core.embeddings`; the :data:`SEMANTIC` mix):
  ``@late``, late interaction (MaxSim) of the query's word pieces against the unit's, the
  strongest channel; ``@late-context`` and ``@late-session``, the same for the unit's
  neighbours and the best of its session; ``@dense``, sentence-embedding similarity, and
  ``@dense-context`` for the neighbours.

Neighbours and sessions help short chat turns, not long messages: their weights shrink by the
neighbour scale ``s = short_unit / median unit length`` (in tokens) when units are longer than
``short_unit``. The same scale moves the embedding channels: late interaction by ``sqrt(s)``,
sentence similarity by ``1/s`` (at most 10x), since a long unit holds a near match for every
query piece while its sentence vector still separates it from others.

The embedding model reads English: a query or unit whose Chinese characters outnumber its Latin
words (:func:`core.embeddings.reads`) gets no embedding channel and is searched lexically, as it
would be without the embeddings (MiniLM's vectors of Chinese text are noise).

Each channel is divided by its best score for the query, then mixed with the weights of
:class:`SearchConfig`. A unit is a hit only when it or its neighbours share a word with the query
(or, with embeddings, when the model reads the query and the unit). ``Hit.terms`` holds the text
channel's term contributions (scaled the same way) plus one ``@channel`` entry per other channel,
so the parts sum to ``Hit.score``.
"""
from __future__ import annotations

import re
from datetime import date
from dataclasses import dataclass, field
from typing import Any, Hashable, Sequence

import numpy as np

from core import embeddings
from core.relative_dates import month_words, referenced_dates
from core.retrieval import BM25Index, Hit, recency_union, top_k
from core.text import stem, tokenize

__all__ = ["Unit", "Searcher", "SearchConfig", "PLAIN", "SEMANTIC", "config_for", "Hit"]

_WORDS = re.compile(r"[a-z0-9']+|[\u3400-\u9fff]")
FIRST_PERSON = frozenset({"i", "i'm", "i've", "i'd", "my", "me", "mine", "myself", "我"})


@dataclass(frozen=True)
class Unit:
    """One searchable piece of memory.

    Attributes:
        id: the caller's id (an entry id, a dia_id, a message id...), unique within a searcher.
        text: what the unit says.
        meta: optional facts about it: ``time`` (``YYYY-MM-DD[ HH:MM[:SS]]`` or any text the
            caller sorts by), ``speaker``, ``session`` (units of one session, in order, are
            neighbours), ``kind``, ``confidence``.
    """

    id: Hashable
    text: str
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchConfig:
    """The retriever's levers. The defaults are the mix that measured best on the development
    data; :data:`PLAIN` is upstream BM25 (k1 1.5, b 0.75, no other channel)."""

    k1: float = 1.2
    b: float = 0.6
    stem: bool = True  # English Snowball stemming of index and query words
    speaker: bool = True  # index the speaker's name with the unit
    context_weight: float = 0.6  # BM25 of the same-session neighbours (0: off)
    context_window: int = 2  # neighbours each side
    session_weight: float = 0.5  # BM25 of the whole session (0: off)
    named_boost: float = 0.2  # units of a speaker the query names
    own_speakers: tuple[str, ...] = ("user", "用户")  # who "I" / "my" is in a first-person query
    own_speaker_boost: float = 0.8
    dense_weight: float = 0.0  # embedding similarity; used only when core.embeddings.available()
    dense_context_weight: float = 0.6  # neighbours' embedding similarity (with dense_weight > 0)
    late_weight: float = 0.0  # late interaction (MaxSim over word-piece vectors); needs the embeddings
    late_context_weight: float = 0.8  # neighbours' late-interaction score (with late_weight > 0)
    late_session_weight: float = 0.5  # the best late-interaction score in the unit's session
    question_penalty: float = 0.3  # subtracted from units that end with a question mark (a question
    # rarely holds what is asked later; at most half the unit's score, so it stays a hit)
    dates: bool = True  # index the month and year of meta["time"] ("may 2023") with the unit
    relative_dates: bool = True  # ... and the months the text refers to ("last month": "april 2023")
    short_unit: int = 20  # context and session weights shrink by short_unit / median unit tokens (0: off)
    # the weights for a query the embedding model cannot read (None: these); same indexes
    unread: "SearchConfig | None" = None


#: The mix measured best when the optional embeddings are installed (``core.embeddings``): the
#: late-interaction channel carries most of the gain, and the lexical channels weigh more beside it.
SEMANTIC = SearchConfig(context_weight=1.5, session_weight=1.0, named_boost=0.7, own_speaker_boost=1.5,
                        dense_weight=0.3, dense_context_weight=0.0, late_weight=2.0, late_context_weight=0.8,
                        late_session_weight=1.0, question_penalty=0.7, unread=SearchConfig())


def config_for(use_embeddings: bool) -> SearchConfig:
    """:data:`SEMANTIC` when embeddings are asked for and installed, else the lexical default."""
    return SEMANTIC if use_embeddings and embeddings.available() else SearchConfig()


PLAIN = SearchConfig(k1=1.5, b=0.75, stem=False, speaker=False, context_weight=0.0, session_weight=0.0,
                     named_boost=0.0, own_speaker_boost=0.0, dense_weight=0.0, dates=False,
                     relative_dates=False, question_penalty=0.0)


@dataclass(frozen=True)
class _Query:
    text: str
    tokens: list[str]
    words: frozenset[str]  # lowercased surface words, for names and first person


class Searcher:
    """Search over units; results are explained hits (rank, id, index, score, terms).

    Building tokenises every unit once (jieba for Chinese); a search is a few numpy operations
    over inverted indexes, so one searcher serves many queries, from any thread.
    """

    def __init__(self, units: Sequence[Unit], config: SearchConfig | None = None):
        self.units: list[Unit] = list(units)
        self.config = cfg = config or SearchConfig()
        ids = [u.id for u in self.units]
        own = [self._analyse(self._index_text(u)) for u in self.units]
        if cfg.dates:
            own = [o + self._analyse(_date_words(u.meta.get("time"), u.text, cfg.relative_dates))
                   for o, u in zip(own, self.units)]
        self._index = BM25Index([u.text for u in self.units], ids, k1=cfg.k1, b=cfg.b,
                                tokenizer=self._analyse, tokens=own)
        sessions = [u.meta.get("session") for u in self.units]
        # One number per session; units without a session get one of their own (no neighbours).
        keys: dict[Any, int] = {}
        self._session_key = np.array([keys.setdefault(x, len(keys)) if x is not None else -1 - i
                                      for i, x in enumerate(sessions)])
        self._neighbour_scale = 1.0
        if cfg.short_unit > 0 and own:
            median = float(np.median([len(t) for t in own]))
            self._neighbour_scale = min(1.0, cfg.short_unit / median) if median > 0 else 1.0
        self._context: BM25Index | None = None
        if cfg.context_weight > 0 and cfg.context_window > 0:
            self._context = BM25Index([""] * len(own), ids, k1=cfg.k1, b=cfg.b, tokenizer=self._analyse,
                                      tokens=_neighbour_tokens(own, sessions, cfg.context_window))
        self._sessions: BM25Index | None = None
        self._session_of = np.full(len(self.units), -1)
        if cfg.session_weight > 0:
            self._build_sessions(own, sessions)
        self._speakers = speakers = [str(u.meta.get("speaker") or "") for u in self.units]
        self._speaker_units: dict[str, np.ndarray] = {}
        own_names = {s.lower() for s in cfg.own_speakers}
        for name in set(speakers) - {""}:
            if name.lower() not in own_names:  # "user" in a query is a word, not a name
                self._speaker_units[name.lower()] = np.array([s == name for s in speakers], dtype=float)
        self._own = np.array([s.lower() in own_names for s in speakers], dtype=float)
        self._questions = np.array([_is_question(u.text) for u in self.units], dtype=float)
        # Late interaction is a short-text signal (a long unit holds a near match for every query
        # piece); sentence similarity is the long-text one. Both shift with the neighbour scale:
        # measured on LoCoMo turns (scale 1) and BEAM messages (scale 0.09).
        self._late_scale = self._neighbour_scale ** 0.5
        self._dense_scale = min(10.0, 1.0 / self._neighbour_scale)
        self._dense: np.ndarray | None = None
        self._late: LateIndex | None = None
        self._readable = np.zeros(len(self.units), dtype=bool)
        if self.units and embeddings.available() and (cfg.late_weight > 0 or cfg.dense_weight > 0):
            self._embed([self._index_text(u, ": ") for u in self.units])

    def __len__(self) -> int:
        return len(self.units)

    @property
    def embedded(self) -> int:
        """How many units have embeddings (0 without the embedding channels)."""
        return int(self._readable.sum())

    def _embed(self, texts: list[str]) -> None:
        """Vectors for the units the model can read (``embeddings.reads``); the others get none
        (no word pieces, a zero sentence vector), so the embedding channels give them nothing
        and they must match lexically."""
        self._readable = np.array([embeddings.reads(t) for t in texts], dtype=bool)
        read = [int(i) for i in np.flatnonzero(self._readable)]
        model = embeddings.encoder()
        if self.config.late_weight > 0:  # one encoder pass gives the sentence vectors too
            pieces = dict(zip(read, model.encode_tokens([texts[i] for i in read])))
            self._late = LateIndex([pieces.get(i) or embeddings.TokenVectors.empty(model.dim)
                                    for i in range(len(texts))])
        if self.config.dense_weight > 0:
            self._dense = np.zeros((len(texts), model.dim), dtype=np.float32)
            if read:
                self._dense[read] = model.encode([texts[i] for i in read])

    # -- building ---------------------------------------------------------------------------
    def _analyse(self, text: str) -> list[str]:
        tokens = tokenize(text)
        return stem(tokens) if self.config.stem else tokens

    def _index_text(self, unit: Unit, sep: str = " ") -> str:
        speaker = unit.meta.get("speaker") if self.config.speaker else None
        text = unit.text or ""
        return f"{speaker}{sep}{text}" if speaker else text

    def _build_sessions(self, own: list[list[str]], sessions: list) -> None:
        keys: dict[Any, int] = {}
        for i, s in enumerate(sessions):
            if s is not None:
                self._session_of[i] = keys.setdefault(s, len(keys))
        if not keys:
            return
        docs: list[list[str]] = [[] for _ in keys]
        for i, s in enumerate(self._session_of):
            if s >= 0:
                docs[s].extend(own[i])
        self._sessions = BM25Index([""] * len(docs), k1=self.config.k1, b=self.config.b,
                                   tokenizer=self._analyse, tokens=docs)

    # -- scoring ----------------------------------------------------------------------------
    def _query(self, text: str) -> _Query:
        return _Query(text, self._analyse(text), frozenset(_WORDS.findall(text.lower())))

    def _score(self, q: _Query) -> tuple[np.ndarray, float, dict[str, tuple[float, np.ndarray]]]:
        """Fused scores, the text channel's scale, and the other channels as (weight, scores)."""
        cfg = self.config
        # A query the model cannot read (Chinese) is left to the lexical channels, with the weights
        # measured for them alone: the semantic mix's lexical weights lean on the embeddings.
        semantic = (self._dense is not None or self._late is not None) and embeddings.reads(q.text)
        if not semantic and cfg.unread is not None:
            cfg = cfg.unread
        text = self._index.scores(q.tokens)
        text_max = float(text.max()) if len(text) else 0.0
        total = text / text_max if text_max > 0 else np.zeros(len(self.units))
        parts: dict[str, tuple[float, np.ndarray]] = {}
        matched = text > 0
        if self._context is not None:
            context = _normalised(self._context.scores(q.tokens))
            parts["@context"] = (cfg.context_weight * self._neighbour_scale, context)
            matched |= context > 0
        if self._sessions is not None:
            per_session = _normalised(self._sessions.scores(q.tokens))
            parts["@session"] = (cfg.session_weight * self._neighbour_scale, np.where(self._session_of >= 0,
                                                              per_session[np.maximum(self._session_of, 0)], 0.0))
        if semantic:
            query_vec, query_pieces = embeddings.encoder().encode_query(q.text)
            matched = matched | self._readable
        if semantic and self._dense is not None:
            dense = _normalised(np.maximum(self._dense @ query_vec, 0.0))
            parts["@dense"] = (cfg.dense_weight * self._dense_scale, dense)
            if cfg.dense_context_weight > 0 and cfg.context_window > 0:
                parts["@dense-context"] = (cfg.dense_context_weight,
                                           _normalised(_spread(dense, self._session_key, cfg.context_window)))
        if semantic and self._late is not None:
            late = self._late.scores(query_pieces)
            scale = self._late_scale
            parts["@late"] = (cfg.late_weight * scale, late)
            if cfg.late_context_weight > 0 and cfg.context_window > 0:
                parts["@late-context"] = (cfg.late_context_weight * scale,
                                          _normalised(_spread(late, self._session_key, cfg.context_window)))
            if cfg.late_session_weight > 0 and self._sessions is not None:
                parts["@late-session"] = (cfg.late_session_weight * scale, _session_max(late, self._session_of))
        if cfg.named_boost > 0:
            named = [mask for name, mask in self._speaker_units.items() if _names(name, q)]
            if named:
                parts["@named"] = (cfg.named_boost, np.maximum.reduce(named) * matched)
        if cfg.own_speaker_boost > 0 and q.words & FIRST_PERSON and self._own.any():
            parts["@own"] = (cfg.own_speaker_boost, self._own * matched)
        for weight, scores in parts.values():
            total = total + weight * scores
        if cfg.question_penalty > 0 and self._questions.any():
            # At most half a unit's score, so a question that matches stays a hit.
            penalty = np.minimum(cfg.question_penalty, 0.5 * np.maximum(total, 0.0)) * self._questions * matched
            parts["@question"] = (-1.0, penalty)
            total = total - penalty
        return np.where(matched, total, 0.0), text_max, parts

    def _hit(self, rank: int, i: int, score: float, q: _Query, text_max: float, parts, source="bm25") -> Hit:
        scale = 1.0 / text_max if text_max > 0 else 0.0
        terms = {t: v * scale for t, v in self._index.contributions(q.tokens, i).items()}
        for name, (weight, scores) in parts.items():
            if scores[i] > 0 and score != 0:
                terms[name] = weight * float(scores[i])
        return Hit(rank, self.units[i].id, i, score, terms, source)

    def search(self, query: str, k: int = 12, follow: bool = False) -> list[Hit]:
        """The ``k`` best units for ``query``, best first (only units that match at all).

        With ``follow`` each hit that is a turn of a conversation is followed by the reply to it
        (``source`` "follow"), still ``k`` in all: a summary needs what was said together with the
        answer after it (SPEC 11.7, the fact line and the suggestion line), and the answer rarely
        repeats the question's words. Measured on BEAM summarisation questions: R@10 11.5 -> 19.
        Units without speakers (warm entries) are not turns: the entry after one is another note
        (on the demo home following them pushed relevant entries out of a summary).
        """
        if not self.units:
            return []
        q = self._query(query)
        total, text_max, parts = self._score(q)
        order = [int(i) for i in top_k(total, k)]
        if not follow:
            return [self._hit(r, i, float(total[i]), q, text_max, parts) for r, i in enumerate(order, start=1)]
        hits: list[Hit] = []
        listed: set[int] = set()
        for i in order:
            for j, source in ((i, "bm25"), (self._reply_to(i), "follow")):
                if j is None or j in listed or len(hits) >= k:
                    continue
                listed.add(j)
                hits.append(self._hit(len(hits) + 1, j, float(total[j]), q, text_max, parts, source))
        return hits

    def _reply_to(self, i: int) -> int | None:
        """The unit after unit ``i`` in its session when another speaker says it (units of a session
        are given in order), else None."""
        j = i + 1
        if j >= len(self.units) or self._session_key[i] < 0 or self._session_key[j] != self._session_key[i]:
            return None
        speaker, next_speaker = self._speakers[i], self._speakers[j]
        return j if speaker and next_speaker and speaker != next_speaker else None

    def explain(self, query: str, unit_id: Hashable) -> Hit:
        """Score, rank and score parts of one unit for ``query`` (also when it was not found).

        ``rank`` is 1 + the number of units scoring strictly higher. Raises
        ``core.errors.NotFoundError`` for an unknown id.
        """
        i = self._index.position(unit_id)
        q = self._query(query)
        total, text_max, parts = self._score(q)
        rank = int(np.count_nonzero(total > total[i])) + 1
        return self._hit(rank, i, float(total[i]), q, text_max, parts)

    def newest_ids(self, n: int) -> list[Hashable]:
        """Ids of the ``n`` newest units, newest first: by ``meta['time']`` when every unit has
        one, else by position (later units are newer, as in warm.md)."""
        if n <= 0:
            return []
        order = list(range(len(self.units)))
        if self.units and all(u.meta.get("time") for u in self.units):
            order.sort(key=lambda i: (str(self.units[i].meta["time"]), i))
        return [self.units[i].id for i in reversed(order[-n:])]

    def search_with_recency(self, query: str, k: int, newest: int) -> list[Hit]:
        """``search`` plus the SPEC 13 recency safeguard (the ``newest`` units unioned after)."""
        return recency_union(self.search(query, k), self.newest_ids(newest), index=self._index)


class LateIndex:
    """Late interaction (MaxSim, as ColBERT scores) over the units' word-piece vectors.

    A unit's score is the mean over the query's word pieces of their best cosine similarity with
    any of the unit's pieces, each query piece weighted by its IDF among the units (so "what" and
    "?" count little). Scores are then stretched so the median unit gets 0 and the best 1: every
    unit has some similarity, and only how far it stands above the crowd carries information.
    """

    def __init__(self, tokens: Sequence["embeddings.TokenVectors"]):
        lengths = np.array([len(t.ids) for t in tokens])
        self._n = len(tokens)
        self._nonempty = np.flatnonzero(lengths > 0)
        self._starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])[self._nonempty]
        self._vectors = (np.concatenate([t.vectors for t in tokens]).astype(np.float32)
                         if self._nonempty.size else np.zeros((0, 0), np.float32))
        self._df: dict[int, int] = {}
        for t in tokens:
            for piece in set(t.ids.tolist()):
                self._df[piece] = self._df.get(piece, 0) + 1

    def scores(self, query: "embeddings.TokenVectors") -> np.ndarray:
        out = np.zeros(self._n)
        if not len(query.ids) or not self._nonempty.size:
            return out
        sims = self._vectors @ query.vectors.astype(np.float32).T  # (all unit pieces, query pieces)
        best = np.maximum.reduceat(sims, self._starts, axis=0)  # (non-empty units, query pieces)
        idf = np.log((self._n + 1) / (np.array([self._df.get(int(p), 0) for p in query.ids]) + 0.5))
        raw = np.full(self._n, -1.0)
        raw[self._nonempty] = best @ idf / idf.sum()
        low, high = float(np.median(raw)), float(raw.max())
        if high > low:
            out = np.clip((raw - low) / (high - low), 0.0, None)
        return out


def _session_max(scores: np.ndarray, session_of: np.ndarray) -> np.ndarray:
    """Each unit gets the best score of its session (0 for units without a session)."""
    best = np.zeros(int(session_of.max()) + 1 if len(session_of) else 0)
    inside = session_of >= 0
    np.maximum.at(best, session_of[inside], scores[inside])
    return np.where(inside, best[np.maximum(session_of, 0)], 0.0)


def _is_question(text: str) -> bool:
    return (text or "").rstrip().endswith(("?", "？"))


def _spread(scores: np.ndarray, session_key: np.ndarray, window: int) -> np.ndarray:
    """Each unit's sum of its same-session neighbours' scores, weighted 1/distance."""
    out = np.zeros_like(scores)
    for d in range(1, min(window, len(scores) - 1) + 1):
        same = session_key[d:] == session_key[:-d]
        out[d:] += np.where(same, scores[:-d], 0.0) / d
        out[:-d] += np.where(same, scores[d:], 0.0) / d
    return out


def _neighbour_tokens(own: list[list[str]], sessions: list, window: int) -> list[list[str]]:
    """Tokens of each unit's neighbours within ``window`` that share its (non-empty) session."""
    out = []
    for i, session in enumerate(sessions):
        toks: list[str] = []
        if session is not None:
            for j in range(max(0, i - window), min(len(own), i + window + 1)):
                if j != i and sessions[j] == session:
                    toks.extend(own[j])
        out.append(toks)
    return out


def _date_words(stamp, text: str = "", relative: bool = False) -> str:
    """``"2023-05-08 13:56"`` -> ``"may 2023"`` (what a question says of a date); with ``relative``,
    also the months that ``text`` refers to from that day ("last month" -> ``"april 2023"``)."""
    stamp = str(stamp or "")
    if not (len(stamp) >= 7 and stamp[:4].isdigit() and stamp[5:7].isdigit()):
        return ""
    day = int(stamp[8:10]) if len(stamp) >= 10 and stamp[8:10].isdigit() else 1
    try:
        anchor = date(int(stamp[:4]), int(stamp[5:7]), day)
    except ValueError:  # a day the month does not have: the month alone still counts
        try:
            anchor = date(int(stamp[:4]), int(stamp[5:7]), 1)
        except ValueError:  # no such month or year
            return ""
    months = [month_words(anchor)]
    if relative:
        months += [month_words(d) for d in referenced_dates(text, anchor)]
    return " ".join(dict.fromkeys(months))


def _names(name: str, q: _Query) -> bool:
    """Whether the query names ``name`` (a whole word for Latin names, a substring for Chinese)."""
    if name.isascii():
        return name in q.words or (" " in name and name in q.text.lower())
    return name in q.text.lower()


def _normalised(scores: np.ndarray) -> np.ndarray:
    top = float(scores.max()) if len(scores) else 0.0
    return scores / top if top > 0 else np.zeros_like(scores)
