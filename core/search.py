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
- with the embeddings (:mod:`core.embeddings`, MiniLM; the :data:`SEMANTIC` mix, the rounds'
  default when its weights are installed): ``@late``, late interaction (MaxSim) of the query's
  word pieces against the unit's, the strongest channel; ``@late-context`` and ``@late-session``,
  the same for the unit's neighbours and the best of its session; ``@dense``, sentence-embedding
  similarity, and ``@dense-context`` for the neighbours. They rerank: the mix without them
  (``SearchConfig.unread``, the lexical channels and meaning) picks the best
  ``late_candidates`` units, and only those (with ``late_span`` neighbours) are scored by the
  full mix, their vectors made when a question first brings them and kept by text
  (``SearchConfig.late_candidates``). Where the units are long, a candidate is read to its first
  ``long_pieces`` word pieces, without its neighbours (``SearchConfig.long_scale``).

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

import hashlib
import re
import sys
import threading
from datetime import date
from dataclasses import dataclass, field, replace
from itertools import repeat
from operator import attrgetter
from typing import Any, Callable, Hashable, Sequence

import numpy as np

from linghun.core import embeddings, meaning
from linghun.core.relative_dates import month_words, referenced_dates
from linghun.core.postings import LiveBM25
from linghun.core.retrieval import Hit, recency_union, top_k
from linghun.core.sequences import common_ends
from linghun.core.text import stem, tokenize

__all__ = ["Unit", "Searcher", "TokenCache", "SearchConfig", "PLAIN", "SEMANTIC", "NEIGHBOUR_CHANNELS", "config_for", "Hit",
           "saved_units"]

_WORDS = re.compile(r"[a-z0-9']+|[\u3400-\u9fff]")
FIRST_PERSON = frozenset({"i", "i'm", "i've", "i'd", "my", "me", "mine", "myself", "我"})
#: the channels that give a unit the score of its neighbours or of its session (what a unit with
#: nothing of its own borrows, ``SearchConfig.borrowed_share``)
NEIGHBOUR_CHANNELS = ("@context", "@session", "@meaning-context", "@dense-context", "@late-context", "@late-session")


@dataclass(slots=True)
class Unit:
    """One searchable piece of memory (not frozen: a frozen dataclass's constructor sets each
    field through ``object.__setattr__``, and a new process makes one unit per warm entry: 50 ms
    of a 100k-entry home's turn; slots also keep 100k of them ~10 MB smaller).

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
    # > 0: the embedding channels rerank the best this-many units of the mix without them
    # (``unread``), each with ``late_span`` neighbours either side, instead of scoring every unit.
    # Their vectors are computed when a unit is first a candidate and kept by text
    # (core.embeddings' cache): nothing is encoded for the units no question comes near, and a
    # fresh process loads no unit vectors. A caller asking for more hits gets that many reranked, so
    # SEMANTIC reranks 50, the depth the evaluation ranks to: what it measures is what a round
    # (12-30 hits) gets. LoCoMo tuning conversations, R@10 of the rounds' ranking: 30 candidates
    # 85.4, 50: 85.8; 10k-entry `linghun context`, English, 358 -> 361 ms CPU, an English home of
    # 419 entries 377 -> 391 ms (core/evaluation/README.md, "The embeddings' rerank")
    late_candidates: int = 0
    late_span: int = 2
    # Where units are long (a neighbour scale, short_unit / median unit tokens, under long_scale:
    # a median unit over 40 tokens) the rerank reads each candidate's first long_pieces word pieces
    # and no neighbours. Measured on BEAM chats 1-7 (median message ~215 tokens), R@10 of the
    # rounds' ranking: no rerank 61.5; 256 pieces (the model's whole length) 64.3; 128 / 96 / 64 /
    # 48 / 32 pieces 64.6 (no neighbours) / 66.3 / 66.0 / 67.2 / 65.6: a message's opening says
    # what it is about, and the rest dilutes it. 64 with no neighbours gave 65.1 for a fifth of
    # the encoding: a cold candidate costs ~0.2 s of CPU at 256 pieces, ~30 ms at 64
    # (core/evaluation/README.md, "The embeddings' rerank")
    long_scale: float = 0.5
    long_pieces: int = 64
    # sentence meaning in both languages (core.meaning, USE multilingual): cosine above the floor,
    # stretched to 0..1; a unit that close counts as matched even when no word is shared
    # (0 here: the product's mixes are made by config_for, which adds MEANING_WEIGHT)
    meaning_weight: float = 0.0
    meaning_floor: float = 0.2
    meaning_context_weight: float = 0.6  # the neighbours' meaning score
    question_penalty: float = 0.3  # subtracted from units that end with a question mark (a question
    # rarely holds what is asked later; at most half the unit's score, so it stays a hit)
    dates: bool = True  # index the month and year of meta["time"] ("may 2023") with the unit
    relative_dates: bool = True  # ... and the months the text refers to ("last month": "april 2023")
    short_unit: int = 20  # context and session weights shrink by short_unit / median unit tokens (0: off)
    # a unit matched only through its neighbours (no word, meaning or embedding of its own: see
    # _embedded_own) keeps this share of its score (1: all of it); the rest shows as "@borrowed". A
    # warm entry's session is its day, so an unrelated entry written today ranked right under
    # today's entry the question was about; below 0.4 it falls under every entry sharing a word
    # with the question. LoCoMo
    # R@context 83.3 -> 83.0, A@context 87.1 -> 87.4, the cost in the adversarial category
    # (core/evaluation/README.md, "Several passages, and scores borrowed from neighbours")
    borrowed_share: float = 0.3
    # the weights for a query the embedding model cannot read (None: these); same indexes
    unread: "SearchConfig | None" = None

    @property
    def sentence_model(self) -> str | None:
        """The model that reads meaning in this mix, for the cue fusion beside the search: MiniLM
        when its channels are on, else the meaning channel's model, else none."""
        # A reranking mix gives MiniLM's vectors to a few candidates only; what reads meaning
        # across all units (the cue fusion, the situations) stays with the meaning channel.
        if (self.dense_weight > 0 or self.late_weight > 0) and not self.late_candidates:
            return embeddings.MODEL_KEY
        if self.meaning_weight > 0 or (self.unread is not None and self.unread.meaning_weight > 0):
            return meaning.MODEL_KEY
        return None


#: The mix measured best when the optional embeddings are installed (``core.embeddings``): the
#: late-interaction channel carries most of the gain, and the lexical channels weigh more beside it.
SEMANTIC = SearchConfig(context_weight=1.5, session_weight=1.0, named_boost=0.7, own_speaker_boost=1.5,
                        dense_weight=0.3, dense_context_weight=0.0, late_weight=2.0, late_context_weight=0.8,
                        late_session_weight=1.0, question_penalty=0.7, meaning_weight=0.0,
                        late_candidates=50, unread=SearchConfig())


#: The meaning channel's weight beside the lexical mix, by coordinate ascent on the LoCoMo tuning
#: conversations (with the floor 0.2 and the neighbours' weight 0.6 of SearchConfig).
MEANING_WEIGHT = 0.3


def config_for(use_embeddings: bool, use_meaning: bool = False) -> SearchConfig:
    """:data:`SEMANTIC` when the optional English embeddings are asked for and installed, else the
    lexical mix; with ``use_meaning`` the sentence-meaning channel (:mod:`core.meaning`) joins
    the lexical mix (for a Chinese query under :data:`SEMANTIC`, its ``unread`` mix)."""
    config = SEMANTIC if use_embeddings and embeddings.available() else SearchConfig()
    if not use_meaning:
        return config
    if config.unread is not None:
        return replace(config, unread=replace(config.unread, meaning_weight=MEANING_WEIGHT))
    return replace(config, meaning_weight=MEANING_WEIGHT)


PLAIN = SearchConfig(k1=1.5, b=0.75, stem=False, speaker=False, context_weight=0.0, session_weight=0.0,
                     named_boost=0.0, own_speaker_boost=0.0, dense_weight=0.0, meaning_weight=0.0, dates=False,
                     relative_dates=False, question_penalty=0.0)


@dataclass(frozen=True)
class _Query:
    text: str
    tokens: list[str]
    words: frozenset[str]  # lowercased surface words, for names and first person


def _saved_vectors(state: dict | None, rows: int) -> np.ndarray | None:
    """The sentence vectors a snapshot holds (read-only), when they are of this model and of
    ``rows`` units; None otherwise (they are fetched by text again)."""
    if not isinstance(state, dict) or state.get("model") != meaning.version() or state.get("rows") != rows:
        return None
    vectors = state.get("vectors")
    if not isinstance(vectors, bytes) or len(vectors) != rows * meaning.DIM * 4:
        return None
    return np.frombuffer(vectors, dtype=np.float32).reshape(rows, meaning.DIM)


class Searcher:
    """Search over units; results are explained hits (rank, id, index, score, terms).

    Building tokenises every unit once (jieba for Chinese; with a ``cache``, a unit whose text was
    tokenised before is not tokenised again); a search is a few numpy operations over inverted
    indexes, so one searcher serves many queries, from any thread. :meth:`updated` follows a
    changed list of units (appended, edited, removed) without rebuilding: a memory home changes
    between two questions, and rebuilding 10k entries per round was most of a round's time.
    """

    def __init__(self, units: Sequence[Unit], config: SearchConfig | None = None, *,
                 cache: "TokenCache | None" = None):
        self.config = config or SearchConfig()
        self._cache = cache
        self._lock = threading.RLock()
        #: counts the changes made in place (``updated``), for whoever saves the searcher
        self.version = 0
        self._build(list(units))

    def _build(self, units: list[Unit]) -> None:
        cfg = self.config
        #: the units by slot; a removed unit leaves None (see :meth:`updated`)
        self.units: list[Unit | None] = units
        ids = [u.id for u in units]
        #: each slot's index tokens; None where a restored searcher has not needed them yet
        own = self._own = [self._unit_tokens(u) for u in units]
        self._index = LiveBM25(own, ids, k1=cfg.k1, b=cfg.b)
        sessions = self._describe(units)
        self._context: LiveBM25 | None = None
        if cfg.context_weight > 0 and cfg.context_window > 0:
            self._context = LiveBM25(_neighbour_tokens(own, sessions, cfg.context_window), ids, k1=cfg.k1, b=cfg.b)
        self._sessions: LiveBM25 | None = None
        if self._session_slot:
            docs: list[list[str]] = [[] for _ in self._session_slot]
            for i, s in enumerate(self._session_of):
                if s >= 0:
                    docs[s].extend(own[i])
            self._sessions = LiveBM25(docs, list(self._session_slot), k1=cfg.k1, b=cfg.b)
        self._neighbour_scale = self._scale()
        self._embed_all()

    def _describe(self, units: list[Unit], session_order: Sequence | None = None) -> list:
        """What a searcher knows of its units besides their tokens (:func:`_description`), taken
        (:meth:`_take_description`); returns each unit's session."""
        numbered, key, speakers, questions, sessions = _description(units)
        self._take_description(numbered, key, speakers, questions, session_order)
        return sessions

    def _take_description(self, numbered: list, key: np.ndarray, speakers: list[str], questions: np.ndarray,
                          session_order: Sequence | None) -> None:
        """Sessions (numbers, slots: in ``session_order`` when given, as a restored session index
        has them, else in order of appearance; members when first asked for), speakers,
        first-person and question masks, from :func:`_description`'s values."""
        cfg = self.config
        self._session_numbers = dict(zip(numbered, range(len(numbered))))
        self._session_key = key
        self._session_slot: dict[Any, int] = {}
        self._dirty_sessions: set = set()
        self._session_of = np.full(len(key), -1, dtype=np.int64)
        self._members_of: dict[Any, list[int]] | None = None
        if cfg.session_weight > 0:
            self._slot_sessions(session_order)
        self._speakers = speakers
        own_names = self._own_names = {s.lower() for s in cfg.own_speakers}
        # each unit's speaker as a number, the masks compared in numpy
        number = {s: k for k, s in enumerate(dict.fromkeys(speakers))}
        code = np.fromiter(map(number.__getitem__, speakers), dtype=np.int64, count=len(speakers)) \
            if len(number) > 1 else np.zeros(len(speakers), dtype=np.int64)
        self._speaker_units: dict[str, np.ndarray] = {}
        for name in set(speakers) - {""}:
            if name.lower() not in own_names:  # "user" in a query is a word, not a name
                self._speaker_units[name.lower()] = (code == number[name]).astype(float)
        self._own_mask = np.array([s.lower() in own_names for s in number], dtype=float)[code]
        self._questions = questions

    def _slot_sessions(self, session_order: Sequence | None) -> None:
        """Each session's slot in the sessions' index: in ``session_order`` when given, else in
        order of appearance (the order of the session numbers)."""
        numbers, key = self._session_numbers, self._session_key
        if session_order is None:
            self._session_slot = dict(numbers)
        else:
            self._session_slot = {s: i for i, s in enumerate(session_order)}
            if self._session_slot.keys() != numbers.keys():
                raise ValueError("the saved session order does not fit the units")
        slot_of = np.fromiter(map(self._session_slot.__getitem__, numbers), dtype=np.int64, count=len(numbers))
        inside = np.flatnonzero(key >= 0)
        self._session_of[inside] = slot_of[key[inside]]

    @property
    def _members(self) -> dict[Any, list[int]]:
        """Each session's units, in order; made when a change first needs them (a one-shot command
        that only searches never does), from the session numbers in numpy."""
        if self._members_of is None:
            members: dict[Any, list[int]] = {}
            if self.config.session_weight > 0:
                key = self._session_key
                inside = np.flatnonzero(key >= 0)
                # the units sorted by session number, cut where it changes
                flat = inside[np.argsort(key[inside], kind="stable")].tolist()
                ends = np.cumsum(np.bincount(key[inside], minlength=len(self._session_numbers))).tolist()
                members = {s: flat[a:b] for s, a, b in zip(self._session_numbers, [0, *ends], ends) if b > a}
            self._members_of = members
        return self._members_of

    def _take_saved_description(self, saved: dict, count: int, session_order: Sequence | None) -> None:
        """:meth:`_take_description` of what :meth:`snapshot` saved for ``count`` units
        (ValueError when it does not have that shape)."""
        numbered, key, speakers, questions = saved["numbered"], saved["key"], saved["speakers"], saved["questions"]
        if not (type(numbered) is list and len(set(numbered)) == len(numbered)
                and type(key) is bytes and len(key) == 8 * count
                and type(questions) is bytes and len(questions) == count
                and type(speakers) is list and len(speakers) == count and set(map(type, speakers)) <= {str}):
            raise ValueError("the saved description does not fit the units")
        key = np.frombuffer(key, dtype=np.int64).copy()  # changed in place by updates
        alone = np.flatnonzero(key < 0)
        questions = np.frombuffer(questions, dtype=np.uint8)
        if (key >= len(numbered)).any() or (key[alone] != -1 - alone).any() or (questions > 1).any():
            raise ValueError("the saved description does not fit the units")
        self._take_description(numbered, key, speakers, questions.astype(float), session_order)

    # -- another process's searcher ---------------------------------------------------------
    def snapshot(self) -> dict:
        """What :meth:`restore` needs to rebuild this searcher in another process without
        tokenising, indexing or describing: the live units as plain values (and a sample of them
        apart, for :meth:`restore_over`), what it knows of them (:func:`_description`), the order
        of the sessions' slots, and the BM25 indexes' arrays (compacted: removed units leave no
        empty slot)."""
        units = [u for u in self.units if u is not None]
        numbered, key, speakers, questions, _sessions = _description(units)
        return {"units": _plain(units), "sample": _plain([units[i] for i in _sample_slots(len(units))]),
                "described": {"numbered": numbered, "key": key.tobytes(), "speakers": speakers,
                              "questions": questions.astype(np.uint8).tobytes()},
                "sessions": sorted(self._session_slot, key=self._session_slot.__getitem__),
                "indexes": {name: (index.state() if index is not None else None)
                            for name, index in self._indexes().items()},
                "meaning": self._meaning_state()}

    def _meaning_state(self) -> dict | None:
        """The live units' sentence vectors as saved (None without the channel): read back in a
        few milliseconds, where fetching 10k vectors from the machine's cache by text took 0.4 s
        of every agent command at 10k entries."""
        if self._meaning is None:
            return None
        alive = self._alive_mask()
        return {"model": meaning.version(), "rows": int(alive.sum()),
                "vectors": np.ascontiguousarray(self._meaning[alive], dtype=np.float32).tobytes()}

    def _indexes(self) -> dict[str, LiveBM25 | None]:
        return {"text": self._index, "context": self._context, "sessions": self._sessions}

    @classmethod
    def restore(cls, units: Sequence[Unit], snapshot: dict, config: SearchConfig | None = None, *,
                cache: "TokenCache | None" = None) -> "Searcher":
        """The searcher :meth:`snapshot` saved, over ``units``: exactly those units (ValueError
        otherwise, or when the snapshot is damaged; the caller builds anew). It scores as the
        searcher that was saved; the units' tokens are read (from ``cache``) only when a change
        needs them."""
        units = list(units)
        saved = snapshot.get("units")
        # the count first: after an append it differs, and listing 10k units' values costs ~10 ms
        if not (isinstance(saved, tuple) and len(saved) == 3 and len(saved[0]) == len(units)) or saved != _plain(units):
            raise ValueError("the saved searcher is of other units")
        return cls._restored(units, snapshot, config, cache)

    @classmethod
    def restore_over(cls, units: Sequence[Unit], snapshot: dict, config: SearchConfig | None = None, *,
                     cache: "TokenCache | None" = None) -> "Searcher":
        """:meth:`restore` for a caller that knows by a content key that ``units`` are the units
        saved (``core.home_index``): only a sample of them is compared, and the snapshot need not
        hold the others (listing and comparing 100k units was a tenth of a turn at that size).
        ValueError when the sample, the count or the snapshot does not fit."""
        units = list(units)
        if snapshot.get("sample") != _plain([units[i] for i in _sample_slots(len(units))]):
            raise ValueError("the saved searcher is of other units")
        return cls._restored(units, snapshot, config, cache)

    @classmethod
    def restore_saved(cls, snapshot: dict, config: SearchConfig | None = None, *,
                      cache: "TokenCache | None" = None) -> "Searcher":
        """The searcher :meth:`snapshot` saved, over the units it names (to change it in place to
        the units of now: :meth:`updated`). ValueError when the snapshot is damaged."""
        return cls._restored(saved_units(snapshot), snapshot, config, cache)

    @classmethod
    def _restored(cls, units: list[Unit], snapshot: dict, config: SearchConfig | None,
                  cache: "TokenCache | None") -> "Searcher":
        self = cls.__new__(cls)
        self.config = config or SearchConfig()
        self._cache = cache
        self._lock = threading.RLock()
        self.version = 0
        self.units = units
        self._own = [None] * len(units)
        # described as saved: the units are those saved (compared, or named by a content key)
        self._take_saved_description(snapshot["described"], len(units), snapshot.get("sessions"))
        indexes = snapshot.get("indexes") or {}
        ids = [u.id for u in units]
        want = {"text": True, "context": self.config.context_weight > 0 and self.config.context_window > 0,
                "sessions": bool(self._session_slot)}
        restored: dict[str, LiveBM25 | None] = {}
        for name, wanted in want.items():
            state = indexes.get(name)
            if wanted != (state is not None):
                raise ValueError(f"the saved searcher's {name} index does not fit its settings")
            restored[name] = LiveBM25.restore(state, list(self._session_slot) if name == "sessions" else ids) \
                if wanted else None
        self._index, self._context, self._sessions = restored["text"], restored["context"], restored["sessions"]
        if (self._index.k1, self._index.b) != (self.config.k1, self.config.b):
            raise ValueError("the saved searcher has other BM25 parameters")
        self._neighbour_scale = self._scale()
        self._embed_all(snapshot.get("meaning"))
        return self

    def _tokens_of(self, slot: int) -> list[str]:
        """The index tokens of the unit at ``slot`` (a restored searcher reads them on demand)."""
        tokens = self._own[slot]
        if tokens is None and self.units[slot] is not None:
            tokens = self._own[slot] = self._unit_tokens(self.units[slot])
        return tokens or []

    def _embed_all(self, saved_meaning: dict | None = None) -> None:
        cfg = self.config
        # Late interaction is a short-text signal (a long unit holds a near match for every query
        # piece); sentence similarity is the long-text one. Both shift with the neighbour scale:
        # measured on LoCoMo turns (scale 1) and BEAM messages (scale 0.09).
        self._late_scale = self._neighbour_scale ** 0.5
        self._dense_scale = min(10.0, 1.0 / self._neighbour_scale)
        self._dense: np.ndarray | None = None
        self._late: LateIndex | None = None
        self._readable = np.zeros(len(self.units), dtype=bool)
        embedded = bool(self.units) and embeddings.available() and (cfg.late_weight > 0 or cfg.dense_weight > 0)
        #: the embedding channels rerank candidates (whose vectors are fetched per query) rather
        #: than scoring every unit; they do while the units are short (:meth:`_reranking`)
        self._reranks = embedded and cfg.late_candidates > 0
        if embedded and not self._reranks:
            self._embed([self._index_text(u, ": ") for u in self.units])
        self._meaning: np.ndarray | None = None
        #: whether the sentence vectors were fetched rather than restored (a snapshot should be saved)
        self.meaning_fetched = False
        if (cfg.meaning_weight > 0 or (cfg.unread is not None and cfg.unread.meaning_weight > 0)) and meaning.available():
            self._meaning = _saved_vectors(saved_meaning, len(self.units))
            if self._meaning is None:
                self._meaning = self._meaning_of(self.units)
                self.meaning_fetched = True

    def _meaning_of(self, units: Sequence["Unit | None"]) -> np.ndarray:
        """Sentence vectors of ``units`` (zero rows for removed ones), from the cache by text."""
        rows = [i for i, u in enumerate(units) if u is not None]
        out = np.zeros((len(units), meaning.DIM), dtype=np.float32)
        if rows:
            out[rows] = meaning.encoder().encode([self._index_text(units[i], ": ") for i in rows])
        return out

    def _session_number(self, session, slot: int) -> int:
        if session is None:
            return -1 - slot
        return self._session_numbers.setdefault(session, len(self._session_numbers))

    def _scale(self) -> float:
        """The neighbour scale ``short_unit / median unit tokens`` (at most 1)."""
        lengths = self._index._len[self._index._alive]
        if self.config.short_unit > 0 and len(lengths):
            median = float(np.median(lengths))
            return min(1.0, self.config.short_unit / median) if median > 0 else 1.0
        return 1.0

    def _unit_tokens(self, unit: Unit) -> list[str]:
        """The unit's own index tokens (text, speaker, the months of its time), from the cache
        when this text was tokenised before with the same settings."""
        cfg = self.config
        key = None
        if self._cache is not None:
            key = self._cache_key(unit)
            found = self._cache.get(key)
            if found is not None:
                return found
        tokens = self._analyse(self._index_text(unit))
        if cfg.dates:
            tokens = tokens + self._analyse(_date_words(unit.meta.get("time"), unit.text, cfg.relative_dates))
        if key is not None:
            tokens = self._cache.put(key, tokens)
        return tokens

    def __len__(self) -> int:
        """How many units are searched (removed ones not counted)."""
        return self._index.live

    @property
    def cache(self) -> "TokenCache | None":
        return self._cache

    def cache_keys(self) -> list[bytes]:
        """The token cache keys of the live units (what a saved cache must keep)."""
        if self._cache is None:
            return []
        return [self._cache_key(u) for u in self.units if u is not None]

    def _cache_key(self, unit: Unit) -> bytes:
        """Everything that shapes a unit's tokens: its text, speaker and time, and the settings."""
        cfg = self.config
        return TokenCache.key(cfg.stem, cfg.speaker and unit.meta.get("speaker"), cfg.dates, cfg.relative_dates,
                              unit.meta.get("time"), unit.text)

    def _alive_mask(self) -> np.ndarray:
        return np.fromiter((u is not None for u in self.units), dtype=bool, count=len(self.units))

    def word_matches(self, query: str) -> int:
        """How many live units share an index word with ``query`` (the BM25 text channel). The
        fused score gives every unit a little of the meaning channel, so a ranking with no hit no
        longer says that nothing matched: this does (a round's gap)."""
        with self._lock:
            if not len(self):
                return 0
            return int(np.count_nonzero(self._index.scores(self._query(query).tokens) > 0))

    def meaning_scores(self, text: str) -> np.ndarray | None:
        """The sentence cosine of ``text`` with each unit (-1 for a removed one), from the vectors
        this searcher holds; None without the meaning channel. The cue fusion reads it rather than
        fetching every unit's vector again (0.3 s of a command at 10k entries)."""
        if self._meaning is None:
            return None
        scores = self._meaning @ meaning.encoder().encode_query(text)
        scores[~self._alive_mask()] = -1.0
        return scores

    @property
    def meaning_encoded(self) -> int:
        """How many units the sentence-meaning channel has vectors of (0 when it is off)."""
        return 0 if self._meaning is None else int(np.count_nonzero(np.any(self._meaning != 0, axis=1)))

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

    # -- scoring ----------------------------------------------------------------------------
    def _query(self, text: str) -> _Query:
        return _Query(text, self._analyse(text), frozenset(_WORDS.findall(text.lower())))

    def _score(self, q: _Query, depth: int = 0) -> tuple[np.ndarray, float, dict[str, tuple[float, np.ndarray]]]:
        """Fused scores, the text channel's scale, and the other channels as (weight, scores).
        ``depth``: how many hits the caller wants (a reranking mix reranks at least that many)."""
        cfg = self.config
        # A query the model cannot read (Chinese) is left to the lexical channels, with the weights
        # measured for them alone: the semantic mix's lexical weights lean on the embeddings.
        semantic = (self._dense is not None or self._late is not None or self._reranks) and embeddings.reads(q.text)
        if not semantic:
            return self._mix(q, cfg.unread if cfg.unread is not None else cfg, None)
        query_vec, query_pieces = embeddings.encoder().encode_query(q.text)
        if not self._reranks:
            return self._mix(q, cfg, _Embedded(
                self._readable,
                self._dense @ query_vec if self._dense is not None else None,
                self._late.scores(query_pieces) if self._late is not None else None))
        first, _, _ = self._mix(q, cfg.unread if cfg.unread is not None else SearchConfig(), None)
        rows = self._candidates(first, max(cfg.late_candidates, depth))
        total, text_max, parts = self._mix(q, cfg, self._embedded_rows(rows, query_vec, query_pieces))
        kept = np.zeros(len(total), dtype=bool)
        kept[rows] = True
        return np.where(kept, total, 0.0), text_max, parts

    def _long_units(self) -> bool:
        return self._neighbour_scale < self.config.long_scale

    def _candidates(self, first: np.ndarray, count: int) -> np.ndarray:
        """The best ``count`` units of ``first`` with ``late_span`` neighbours of the same
        session either side (what the neighbours' channels read), in slot order."""
        best = top_k(first, count)
        span = self.config.late_span if not self._long_units() else 0
        rows = set(best.tolist())
        key = self._session_key
        for i in best.tolist():
            for j in range(max(0, i - span), min(len(key), i + span + 1)):
                if key[j] == key[i] and self.units[j] is not None:
                    rows.add(j)
        return np.array(sorted(rows), dtype=np.int64)

    def _embedded_rows(self, rows: np.ndarray, query_vec: np.ndarray,
                       query_pieces: "embeddings.TokenVectors") -> "_Embedded":
        """The embedding channels' raw scores over ``rows`` (0 elsewhere), from their vectors
        (encoded once per text and kept by the model's cache)."""
        n = len(self.units)
        readable = np.zeros(n, dtype=bool)
        texts = [self._index_text(self.units[i], ": ") for i in rows.tolist()]
        read = [k for k, text in enumerate(texts) if embeddings.reads(text)]
        readable[rows[read]] = True
        dense = late = None
        if read:
            model = embeddings.encoder()
            length = self.config.long_pieces if self._long_units() else embeddings.MAX_TOKENS
            # the sentence vectors come with the pieces, from the same pass
            pieces = model.encode_tokens([texts[k] for k in read], pieces=length)
            if self.config.dense_weight > 0:
                dense = np.zeros(n)
                dense[rows[read]] = model.encode([texts[k] for k in read], pieces=length) @ query_vec
            if self.config.late_weight > 0:  # the unread candidates count as units without pieces
                by_row = dict(zip(read, pieces))
                late = np.zeros(n)
                late[rows] = LateIndex([by_row.get(k) or embeddings.TokenVectors.empty(model.dim)
                                        for k in range(len(rows))]).scores(query_pieces)
        return _Embedded(readable, dense, late)

    def _mix(self, q: _Query, cfg: "SearchConfig", embedded: "_Embedded | None"
             ) -> tuple[np.ndarray, float, dict[str, tuple[float, np.ndarray]]]:
        """:meth:`_score` in the mix ``cfg``, with the embedding channels' raw scores when the
        model reads the query."""
        text = self._index.scores(q.tokens)
        text_max = float(text.max()) if len(text) else 0.0
        total = text / text_max if text_max > 0 else np.zeros(len(self.units))
        parts: dict[str, tuple[float, np.ndarray]] = {}
        matched = text > 0
        own = matched.copy()
        if self._context is not None:
            context = _normalised(self._context.scores(q.tokens))
            parts["@context"] = (cfg.context_weight * self._neighbour_scale, context)
            matched |= context > 0
        if self._sessions is not None:
            per_session = _normalised(self._sessions.scores(q.tokens))
            parts["@session"] = (cfg.session_weight * self._neighbour_scale, np.where(self._session_of >= 0,
                                                              per_session[np.maximum(self._session_of, 0)], 0.0))
        if embedded is not None:
            matched = matched | embedded.readable
            own |= _embedded_own(embedded)
        if embedded is not None and embedded.dense is not None:
            dense = _normalised(np.maximum(embedded.dense, 0.0))
            parts["@dense"] = (cfg.dense_weight * self._dense_scale, dense)
            if cfg.dense_context_weight > 0 and cfg.context_window > 0:
                parts["@dense-context"] = (cfg.dense_context_weight,
                                           _normalised(_spread(dense, self._session_key, cfg.context_window)))
        if self._meaning is not None and cfg.meaning_weight > 0:
            close = self._meaning @ meaning.encoder().encode_query(q.text) - cfg.meaning_floor
            near = close > 0
            if near.any():
                stretched = np.where(near, close, 0.0) / float(close.max())
                parts["@meaning"] = (cfg.meaning_weight, stretched)
                if cfg.meaning_context_weight > 0 and cfg.context_window > 0:
                    # neighbours among the live units: a searcher changed in place has holes
                    live = np.flatnonzero(self._alive_mask())
                    spread = np.zeros_like(stretched)
                    spread[live] = _spread(stretched[live], self._session_key[live], cfg.context_window)
                    parts["@meaning-context"] = (cfg.meaning_context_weight, _normalised(spread))
                matched = matched | near
                own |= near
        if embedded is not None and embedded.late is not None:
            late = embedded.late
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
        if cfg.own_speaker_boost > 0 and q.words & FIRST_PERSON and self._own_mask.any():
            parts["@own"] = (cfg.own_speaker_boost, self._own_mask * matched)
        for weight, scores in parts.values():
            total = total + weight * scores
        if cfg.borrowed_share < 1.0:
            borrowed = np.where(own, 0.0, (1.0 - cfg.borrowed_share) * np.maximum(total, 0.0))
            parts["@borrowed"] = (-1.0, borrowed)
            total = total - borrowed
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
        with self._lock:
            return self._search(query, k, follow)

    def _search(self, query: str, k: int, follow: bool) -> list[Hit]:
        if not len(self):
            return []
        q = self._query(query)
        total, text_max, parts = self._score(q, k)
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
        while j < len(self.units) and self.units[j] is None:  # a removed unit's empty slot
            j += 1
        if j >= len(self.units) or self._session_key[i] < 0 or self._session_key[j] != self._session_key[i]:
            return None
        speaker, next_speaker = self._speakers[i], self._speakers[j]
        return j if speaker and next_speaker and speaker != next_speaker else None

    def explain(self, query: str, unit_id: Hashable) -> Hit:
        """Score, rank and score parts of one unit for ``query`` (also when it was not found).

        ``rank`` is 1 + the number of units scoring strictly higher. Raises
        ``core.errors.NotFoundError`` for an unknown id.
        """
        with self._lock:
            i = self._index.position(unit_id)
            q = self._query(query)
            total, text_max, parts = self._score(q)
            rank = int(np.count_nonzero(total > total[i])) + 1
            return self._hit(rank, i, float(total[i]), q, text_max, parts)

    def explain_matches(self, query: str, unit_ids: Sequence[Hashable]) -> tuple[int, dict[Hashable, Hit]]:
        """How many units match ``query``, and the hits of those of ``unit_ids`` that match,
        ranked as ``search`` ranks them (ties by position). Direct material cites a few dozen
        entries of a large warm: a hit for each of 10k matches cost 80 ms, with its trace 270 ms.
        Unknown ids are left out."""
        with self._lock:
            if not len(self):
                return 0, {}
            q = self._query(query)
            total, text_max, parts = self._score(q)
            order = top_k(total, len(total))
            rank = np.zeros(len(total), dtype=np.int64)
            rank[order] = np.arange(1, len(order) + 1)
            hits: dict[Hashable, Hit] = {}
            for unit_id in unit_ids:
                i = self._index.position_of(unit_id)
                if i >= 0 and rank[i]:
                    hits[unit_id] = self._hit(int(rank[i]), i, float(total[i]), q, text_max, parts)
            return len(order), hits

    def match_scores(self, query: str, unit_ids: Sequence[Hashable]) -> dict[Hashable, float]:
        """The scores of those of ``unit_ids`` that match ``query``: the ``score`` of each hit
        :meth:`explain_matches` gives, without the parts and ranks it adds (a situation of a big
        home has thousands of entries, and a round orders them by score only). Unknown ids are
        left out."""
        with self._lock:
            if not len(self):
                return {}
            total, _text_max, _parts = self._score(self._query(query))
            scores: dict[Hashable, float] = {}
            for unit_id in unit_ids:
                i = self._index.position_of(unit_id)
                if i >= 0 and total[i] > 0:
                    scores[unit_id] = float(total[i])
            return scores

    def newest_ids(self, n: int) -> list[Hashable]:
        """Ids of the ``n`` newest units, newest first: by ``meta['time']`` when every unit has
        one, else by position (later units are newer, as in warm.md)."""
        if n <= 0:
            return []
        with self._lock:
            units = self.units
            order = [i for i, u in enumerate(units) if u is not None]
            if order and all(units[i].meta.get("time") for i in order):
                order.sort(key=lambda i: (str(units[i].meta["time"]), i))
            return [units[i].id for i in reversed(order[-n:])]

    def search_with_recency(self, query: str, k: int, newest: int) -> list[Hit]:
        """``search`` plus the SPEC 13 recency safeguard (the ``newest`` units unioned after)."""
        with self._lock:
            return recency_union(self.search(query, k), self.newest_ids(newest), index=self._index)

    # -- following changes ------------------------------------------------------------------
    def updated(self, units: Sequence[Unit]) -> "Searcher":
        """A searcher over ``units``: this one changed in place when ``units`` is the current list
        with units appended at the end, replaced or removed (what edits of a warm.md do), else a
        new one built with the same token cache (nothing already tokenised is tokenised again).

        In place, the result scores exactly as a searcher built from scratch on ``units`` (tests
        check it): BM25 statistics are those of the live units, neighbours skip removed ones.
        The embedding channels are not updated in place: with them a change builds anew (their
        vectors come from the on-disk cache).
        """
        units = list(units)
        with self._lock:
            live = [i for i, u in enumerate(self.units) if u is not None]
            old = [self.units[i] for i in live]
            if old == units:
                return self
            p, s = common_ends(old, units)
            gone, come = live[p:len(old) - s], units[p:len(units) - s]
            changes = max(len(gone), len(come))
            if (self._dense is not None or self._late is not None or changes > 1000
                    or (len(come) > len(gone) and s > 0)  # an insertion before other units
                    or (self._sessions is None and self.config.session_weight > 0 and any(
                        u.meta.get("session") is not None for u in come))):
                return Searcher(units, self.config, cache=self._cache)
            slots = gone[:len(come)] + list(range(len(self.units), len(self.units) + max(0, len(come) - len(gone))))
            for slot, unit in zip(slots, come):
                self._put(slot, unit)
            for slot in gone[len(come):]:
                self._put(slot, None)
            self._after_change(slots + gone[len(come):])
            self.version += 1
            if self._index.needs_compaction:
                return Searcher(units, self.config, cache=self._cache)
            return self

    def _put(self, slot: int, unit: Unit | None) -> None:
        """Put ``unit`` at ``slot`` (``slot == len(self.units)`` appends; None removes)."""
        members = self._members  # made (when first needed) from the session numbers before the change
        if slot == len(self.units):
            self.units.append(None)
            self._own.append([])
            self._speakers.append("")
            self._session_key = np.append(self._session_key, -1 - slot)
            self._session_of = np.append(self._session_of, -1)
            self._own_mask = np.append(self._own_mask, 0.0)
            self._questions = np.append(self._questions, 0.0)
            self._readable = np.append(self._readable, False)
            for name, mask in self._speaker_units.items():
                self._speaker_units[name] = np.append(mask, 0.0)
        before = self.units[slot]
        if before is not None:
            session = before.meta.get("session")
            if session in members:
                members[session].remove(slot)
                self._dirty_sessions.add(session)
            if self._speakers[slot].lower() in self._speaker_units:
                self._speaker_units[self._speakers[slot].lower()][slot] = 0.0
        self.units[slot] = unit
        if unit is None:
            self._own[slot] = []
            self._speakers[slot] = ""
            self._index.remove(slot)
            if self._context is not None:
                self._context.remove(slot)
            self._session_key[slot] = -1 - slot
            self._session_of[slot] = -1
            self._own_mask[slot] = self._questions[slot] = 0.0
            return
        self._own[slot] = tokens = self._unit_tokens(unit)
        self._index.set(slot, unit.id, tokens)
        session = unit.meta.get("session")
        self._session_key[slot] = self._session_number(session, slot)
        if session is not None and self._sessions is not None:
            self._dirty_sessions.add(session)
            joined = members.setdefault(session, [])
            joined.append(slot)
            joined.sort()
        speaker = self._speakers[slot] = str(unit.meta.get("speaker") or "")
        if speaker and speaker.lower() not in self._own_names:
            mask = self._speaker_units.setdefault(speaker.lower(), np.zeros(len(self.units)))
            mask[slot] = 1.0
        self._own_mask[slot] = float(speaker.lower() in self._own_names)
        self._questions[slot] = float(_is_question(unit.text))

    def _after_change(self, slots: list[int]) -> None:
        """Recompute what the changed ``slots`` feed: their neighbours' context and their sessions."""
        cfg = self.config
        if self._context is not None:
            window = cfg.context_window
            affected: set[int] = set()
            for slot in slots:
                affected.update(self._live_around(slot, window))
            for slot in sorted(affected):
                unit = self.units[slot]
                if unit is None:
                    continue
                session = unit.meta.get("session")
                tokens: list[str] = []
                if session is not None:
                    for j in self._live_around(slot, window):
                        if j != slot and self.units[j].meta.get("session") == session:
                            tokens.extend(self._tokens_of(j))
                self._context.set(slot, unit.id, tokens)
        if self._sessions is not None:
            for session in self._dirty_sessions:
                self._update_session(session)
        self._dirty_sessions.clear()
        self._neighbour_scale = self._scale()
        self._late_scale = self._neighbour_scale ** 0.5
        self._dense_scale = min(10.0, 1.0 / self._neighbour_scale)
        if self._meaning is not None:
            # appended slots get rows; changed ones their new vectors (cached by text, so only a
            # new text is encoded); restored vectors are read-only until then
            if not self._meaning.flags.writeable:
                self._meaning = self._meaning.copy()
            grown = len(self.units) - len(self._meaning)
            if grown > 0:
                self._meaning = np.vstack([self._meaning, np.zeros((grown, meaning.DIM), dtype=np.float32)])
            changed = sorted(set(slots))
            self._meaning[changed] = self._meaning_of([self.units[i] for i in changed])

    def _update_session(self, session) -> None:
        members = self._members.get(session) or []
        slot = self._session_slot.get(session)
        if not members:
            self._members.pop(session, None)
            if slot is not None:
                self._sessions.remove(slot)
                del self._session_slot[session]
            return
        if slot is None:
            slot = self._session_slot[session] = len(self._sessions)
        tokens = [t for m in members for t in self._tokens_of(m)]
        self._sessions.set(slot, session, tokens)
        self._session_of[members] = slot

    def _live_around(self, slot: int, window: int) -> list[int]:
        """The live slots within ``window`` live units of ``slot`` on each side, and ``slot`` if live."""
        out: list[int] = []
        for step in (-1, 1):
            j, found = slot + step, 0
            while 0 <= j < len(self.units) and found < window:
                if self.units[j] is not None:
                    out.append(j)
                    found += 1
                j += step
        if slot < len(self.units) and self.units[slot] is not None:
            out.append(slot)
        return sorted(out)


class TokenCache:
    """Index tokens by content: a unit whose text (and the settings that shape its tokens) was
    tokenised before is not tokenised again. Keys are digests, so the cache holds no text; it can
    be saved and loaded (:mod:`core.home_index` keeps one per home in the user's cache folder).
    With a ``loader`` the saved tokens are read on first use: a searcher restored whole from the
    home's persisted index never needs them.

    Thread-safe for ``get``/``put`` (dict operations under the GIL; the first load under a lock)."""

    #: bump when tokenising changes (a saved cache of another version is ignored)
    VERSION = 1

    def __init__(self, signature: str = "", loader: "Callable[[], dict[bytes, tuple[str, ...]]] | None" = None):
        self.signature = signature
        self._tokens: dict[bytes, tuple[str, ...]] | None = None if loader is not None else {}
        self._loader = loader
        self._load_lock = threading.Lock()
        self.added = 0

    @property
    def tokens(self) -> dict[bytes, tuple[str, ...]]:
        if self._tokens is None:
            with self._load_lock:
                if self._tokens is None:
                    self._tokens = self._loader() if self._loader is not None else {}
        return self._tokens

    @tokens.setter
    def tokens(self, value: dict[bytes, tuple[str, ...]]) -> None:
        self._tokens = value

    @property
    def loaded(self) -> bool:
        """Whether the saved tokens were read (or there were none to read)."""
        return self._tokens is not None

    @staticmethod
    def key(*parts: Any) -> bytes:
        return hashlib.blake2b(repr(parts).encode("utf-8", "surrogatepass"), digest_size=16).digest()

    def get(self, key: bytes) -> list[str] | None:
        found = self.tokens.get(key)
        return list(found) if found is not None else None

    def put(self, key: bytes, tokens: list[str]) -> list[str]:
        self.tokens[key] = tuple(sys.intern(t) for t in tokens)
        self.added += 1
        return tokens


@dataclass(frozen=True)
class _Embedded:
    """The embedding channels' raw scores for one query: which units the model reads, their
    sentence similarity and their late-interaction score (None: the channel is off)."""
    readable: np.ndarray
    dense: np.ndarray | None
    late: np.ndarray | None


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


def _embedded_own(embedded: "_Embedded") -> np.ndarray:
    """The units the embeddings match on their own: read by the model, and with a late score above
    the median (late scores are stretched so the median unit gets 0). Every unit the model reads
    has some similarity, so "read" alone made an entry written today with nothing of the question
    in it its own match, lifted whole by its neighbours' @late-context and @late-session instead of
    discounted as @borrowed. Measured on the LoCoMo tuning conversations: R@10 86.1 -> 85.8, the
    adversarial category 93.7 -> 92.4 (a share of 0.5 or 0.7 for these units instead of
    ``borrowed_share``: 85.8 / 85.9, and 0.7 let the unrelated entry through again)."""
    if embedded.late is not None:
        return embedded.readable & (embedded.late > 0)
    if embedded.dense is not None:
        return embedded.readable & (embedded.dense > 0)
    return embedded.readable


def _session_max(scores: np.ndarray, session_of: np.ndarray) -> np.ndarray:
    """Each unit gets the best score of its session (0 for units without a session)."""
    best = np.zeros(int(session_of.max()) + 1 if len(session_of) else 0)
    inside = session_of >= 0
    np.maximum.at(best, session_of[inside], scores[inside])
    return np.where(inside, best[np.maximum(session_of, 0)], 0.0)


def _plain(units: Sequence[Unit]) -> tuple[list, list, list]:
    """Units as values ``marshal`` writes and ``==`` compares (a saved searcher names its units):
    their ids, texts and metadata, as three lists, each mapped in C. The metadata are the units'
    own dicts (written as they are when saved): a tuple of items per unit cost a 100k-entry home
    ~40 ms to make and ~15 ms more to read back, in every process that opened its index."""
    return list(map(_ID, units)), list(map(_TEXT, units)), list(map(_META, units))


_ID, _TEXT, _META = attrgetter("id"), attrgetter("text"), attrgetter("meta")

#: a snapshot names every this-many-th unit and the last apart (:meth:`Searcher.restore_over`)
SAMPLE_EVERY = 4096


def _sample_slots(count: int) -> list[int]:
    return sorted({*range(0, count, SAMPLE_EVERY), count - 1}) if count else []


def _description(units: Sequence[Unit]) -> tuple[list, np.ndarray, list[str], np.ndarray, list]:
    """What a searcher knows of ``units`` besides their tokens: the sessions by number (in order
    of appearance), each unit's session number (``-1 - slot`` for a unit without a session: no
    neighbours), speakers, a question mask (:func:`_questions`), and each unit's session. Each
    step is mapped in C or numpy: describing a 100k-entry home's units, in every process that
    opened its index, took 85 ms; a restored searcher now takes what was saved."""
    metas = list(map(_META, units))
    sessions = [m.get("session") for m in metas]
    numbered = dict.fromkeys(sessions)
    numbered.pop(None, None)
    number = dict(zip(numbered, range(len(numbered))))
    key = np.fromiter(map(number.get, sessions, repeat(-1)), dtype=np.int64, count=len(sessions))
    alone = np.flatnonzero(key < 0)
    key[alone] = -1 - alone
    spoken = [m.get("speaker") for m in metas]
    speakers = [str(s or "") for s in spoken] if any(spoken) else [""] * len(spoken)
    return list(numbered), key, speakers, _questions(list(map(_TEXT, units))), sessions


def saved_units(snapshot: dict) -> list[Unit]:
    """The units a snapshot names (to restore it as it was, then change it in place)."""
    ids, texts, metas = snapshot["units"]
    return [Unit(i, text, dict(meta)) for i, text, meta in zip(ids, texts, metas, strict=True)]


#: what ends a question
QUESTION_MARKS = ("?", "？")


def _is_question(text: str) -> bool:
    return (text or "").rstrip().endswith(QUESTION_MARKS)


def _questions(texts: list[str]) -> np.ndarray:
    """1.0 where a text is a question (:func:`_is_question`), else 0.0; mapped in C when no text
    is None (a function call per unit was a fifth of describing a 100k-entry home's units; the
    unbound method with the marks repeated is twice as fast as a ``methodcaller``)."""
    if None in texts:
        return np.array([_is_question(t) for t in texts], dtype=float)
    ends = map(str.endswith, map(str.rstrip, texts), repeat(QUESTION_MARKS))
    return np.fromiter(ends, dtype=bool, count=len(texts)).astype(float)


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
