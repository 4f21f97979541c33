"""Chinese word segmentation as rjieba (jieba-rs) does it, from a dictionary opened in milliseconds.

rjieba cuts fast, but importing it builds its whole dictionary (349k words) in memory: 110-170 ms of
CPU in every process that cuts a single Chinese word, a quarter of what ``linghun context`` costs
once the home's index is restored from the cache (measured with ``python -X importtime`` and
``tests/perf/bench_agent.py``). A one-shot command cuts only its question, a few runs of characters.

This module cuts the same way over the same data, with the dictionary kept in an SQLite file in the
cache folder: jieba's ``dict.txt`` (the dictionary jieba-rs embeds) and its HMM emission
probabilities, built once per machine from the installed ``jieba`` package. A process reads only the
rows its text needs. The algorithm is jieba-rs's ``cut(text, hmm=True)`` on a run of CJK characters
(what :func:`core.text.tokenize` hands it): a DAG of dictionary words, the most probable route
through it, and the HMM (Viterbi over B/M/E/S) on runs of single characters that are not a word.
``tests/core/test_segmenter.py`` holds it to rjieba's words on the seeds, the fixtures and random
text.

The file is built by :func:`build` into a temporary name and moved into place, so a reader sees a
whole file or none. It is keyed by this module's :data:`VERSION` and the size and time of the jieba
files it was built from; a file that does not open, or whose key does not match, is not used.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import subprocess
import sys
import threading
import time
from importlib.util import find_spec
from pathlib import Path
from typing import Iterable

__all__ = ["VERSION", "Segmenter", "build", "dictionary_path", "jieba_sources", "open_cached"]

#: bump when the file's layout or the algorithm changes: a file of another version is rebuilt
VERSION = 1
MIN_FLOAT = -3.14e100
STATES = "BEMS"  # jieba-rs's state order: ties go to the later state, as in jieba
#: the states that may precede each state (jieba's PrevStatus)
_PREV = {"B": "ES", "M": "MB", "S": "SE", "E": "BM"}
#: SQLite's default limit of bound parameters is 999 on older builds
_CHUNK = 900


def jieba_sources() -> tuple[Path, Path] | None:
    """``(dict.txt, finalseg folder)`` of the installed jieba package, found without importing it
    (its import loads the HMM tables: 130 ms); None when jieba is not installed."""
    spec = find_spec("jieba")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    words, finalseg = folder / "dict.txt", folder / "finalseg"
    return (words, finalseg) if words.is_file() and (finalseg / "prob_emit.py").is_file() else None


def _source_key(sources: tuple[Path, Path]) -> str:
    parts = [VERSION]
    for path in (sources[0], sources[1] / "prob_emit.py", sources[1] / "prob_start.py", sources[1] / "prob_trans.py"):
        st = path.stat()
        parts += [st.st_size, st.st_mtime_ns]
    return ":".join(map(str, parts))


def dictionary_path(cache_dir: Path, sources: tuple[Path, Path]) -> Path:
    """Where the file built from ``sources`` lives in ``cache_dir``."""
    digest = hashlib.blake2b(_source_key(sources).encode(), digest_size=8).hexdigest()
    return cache_dir / f"segmenter-{digest}.sqlite"


def _dictionary_rows(path: Path) -> tuple[dict[str, int], int]:
    """``{word: freq}`` and the total as jieba-rs loads ``dict.txt``: a repeated word keeps its
    last frequency and is counted once in the total."""
    freq: dict[str, int] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if parts:
                freq[parts[0]] = int(parts[1]) if len(parts) > 1 else 0
    return freq, sum(freq.values())


def _hmm_tables(finalseg: Path) -> tuple[dict, dict, dict]:
    """jieba's start, transition and emission log-probabilities (the modules hold plain literals)."""
    import ast  # start-up time: only a build reads the tables

    out = []
    for name in ("prob_start", "prob_trans", "prob_emit"):
        tree = ast.parse((finalseg / f"{name}.py").read_text(encoding="utf-8"))
        value = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                     and any(isinstance(t, ast.Name) and t.id == "P" for t in node.targets))
        out.append(ast.literal_eval(value))
    return out[0], out[1], out[2]


def build(path: Path, sources: tuple[Path, Path]) -> None:
    """Write the dictionary file at ``path`` from jieba's files (atomic: built aside, then moved)."""
    freq, total = _dictionary_rows(sources[0])
    start, trans, emit = _hmm_tables(sources[1])
    prefixes = {w[:i] for w in freq for i in range(1, len(w))} - freq.keys()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temp.unlink(missing_ok=True)
    try:
        db = sqlite3.connect(temp)
        try:
            db.executescript(
                "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                "CREATE TABLE meta(k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID;"
                # freq is NULL for a prefix that is not a word itself (it keeps a DAG scan going)
                "CREATE TABLE words(w TEXT PRIMARY KEY, freq INTEGER) WITHOUT ROWID;"
                "CREATE TABLE emit(c TEXT PRIMARY KEY, b REAL, e REAL, m REAL, s REAL) WITHOUT ROWID;")
            db.executemany("INSERT INTO words VALUES (?, ?)", freq.items())
            db.executemany("INSERT INTO words VALUES (?, NULL)", ((p,) for p in prefixes))
            chars = set().union(*(emit[s] for s in STATES))
            db.executemany("INSERT INTO emit VALUES (?, ?, ?, ?, ?)",
                           ((c, *(emit[s].get(c) for s in "BEMS")) for c in chars))
            meta = {"key": _source_key(sources), "total": str(total),
                    "start": json.dumps([start[s] for s in STATES]),  # floats round-trip exactly
                    "trans": json.dumps({a + b: p for a, row in trans.items() for b, p in row.items()})}
            db.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            db.commit()
        finally:
            db.close()
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def _log(freq: int) -> float:
    return math.log(freq) if freq > 0 else -math.inf  # Rust's ln(0) for a word of frequency 0


class Segmenter:
    """Cuts runs of CJK characters with the dictionary file at ``path`` (thread-safe)."""

    def __init__(self, path: Path, sources: tuple[Path, Path]):
        self._db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
        self._lock = threading.Lock()
        try:
            meta = dict(self._db.execute("SELECT k, v FROM meta"))
            if meta.get("key") != _source_key(sources):
                raise ValueError(f"{path} was built from other files")
            self._logtotal = math.log(int(meta["total"]))
            self._start = dict(zip(STATES, json.loads(meta["start"]), strict=True))
            self._trans = json.loads(meta["trans"])
        except Exception:
            self._db.close()
            raise

    def close(self) -> None:
        self._db.close()

    def _lookup(self, table: str, column: str, keys: Iterable[str]) -> list[tuple]:
        keys = list(keys)
        rows: list[tuple] = []
        with self._lock:
            for i in range(0, len(keys), _CHUNK):
                part = keys[i : i + _CHUNK]
                rows += self._db.execute(
                    f"SELECT * FROM {table} WHERE {column} IN ({','.join('?' * len(part))})", part).fetchall()
        return rows

    def _words_of(self, run: str) -> dict[str, int]:
        """Every dictionary word that is a substring of ``run``, with its frequency: the DAG's
        edges, found a length at a time (a start is extended only while its text is a prefix)."""
        found: dict[str, int] = {}
        live = range(len(run))
        length = 1
        while live:
            grams = {run[k : k + length] for k in live if k + length <= len(run)}
            if not grams:
                break
            known = dict(self._lookup("words", "w", grams))
            for gram, freq in known.items():
                if freq is not None:
                    found[gram] = freq
            live = [k for k in live if k + length <= len(run) and run[k : k + length] in known]
            length += 1
        return found

    def cut(self, run: str) -> list[str]:
        """jieba-rs's ``cut(run, hmm=True)`` for a run of CJK characters."""
        if not run:
            return []
        words = self._words_of(run)
        n = len(run)
        route: list[tuple[float, int]] = [(0.0, 0)] * (n + 1)
        for k in range(n - 1, -1, -1):
            ends = [j for j in range(k + 1, n + 1) if run[k:j] in words] or [k + 1]
            route[k] = max((_log(words.get(run[k:j], 1)) - self._logtotal + route[j][0], j) for j in ends)
        out: list[str] = []
        x, left = 0, None
        while x < n:
            y = route[x][1]
            if y - x == 1:
                if left is None:
                    left = x
            else:
                if left is not None:
                    self._flush(run[left:x], words, out)
                    left = None
                out.append(run[x:y])
            x = y
        if left is not None:
            self._flush(run[left:], words, out)
        return out

    def _flush(self, buf: str, words: dict[str, int], out: list[str]) -> None:
        """Single characters in a row: one word if alone, the HMM's words if they are not a
        dictionary word, else each character."""
        if len(buf) == 1:
            out.append(buf)
        elif buf not in words:
            out.extend(self._hmm(buf))
        else:
            out.extend(buf)

    def _hmm(self, buf: str) -> list[str]:
        """jieba-rs's HMM cut of ``buf``: Viterbi over runs of U+4E00-U+9FD5, anything else one
        piece (the text here holds no Latin letters or digits, which it would split apart)."""
        out: list[str] = []
        start = 0
        for i in range(len(buf) + 1):
            inside = i < len(buf) and "\u4e00" <= buf[i] <= "\u9fd5"
            if i == len(buf) or inside != ("\u4e00" <= buf[start] <= "\u9fd5"):
                if i > start:
                    block = buf[start:i]
                    if "\u4e00" <= block[0] <= "\u9fd5" and len(block) > 1:
                        out.extend(self._viterbi(block))
                    else:
                        out.append(block)
                start = i
        return out

    def _viterbi(self, block: str) -> list[str]:
        emit = {row[0]: dict(zip("BEMS", row[1:])) for row in self._lookup("emit", "c", set(block))}
        def em(state: str, ch: str) -> float:
            p = emit.get(ch, {}).get(state)
            return MIN_FLOAT if p is None else p
        v = {y: self._start[y] + em(y, block[0]) for y in STATES}
        back: list[dict[str, str]] = []
        for ch in block[1:]:
            nv, prev = {}, {}
            for y in "BMES":
                e = em(y, ch)
                nv[y], prev[y] = max((v[y0] + self._trans.get(y0 + y, MIN_FLOAT) + e, y0) for y0 in _PREV[y])
            v = nv
            back.append(prev)
        state = max((v[y], y) for y in "ES")[1]
        path = [state]
        for prev in reversed(back):
            state = prev[state]
            path.append(state)
        path.reverse()
        out, begin, next_i = [], 0, 0
        for i, state in enumerate(path):
            if state == "B":
                begin = i
            elif state == "E":
                out.append(block[begin : i + 1])
                next_i = i + 1
            elif state == "S":
                out.append(block[i])
                next_i = i + 1
        if next_i < len(block):
            out.append(block[next_i:])
        return out


#: a build started by another process is waited for, not repeated, for this long (seconds)
BUILD_GRACE = 300
_builds: list[subprocess.Popen] = []


def open_cached(cache_dir: Path) -> Segmenter | None:
    """The segmenter over the dictionary file in ``cache_dir``, or None while there is none.

    A missing file is built by a detached child process (``python -m linghun.core.segmenter``,
    about 1.5 s of CPU once per machine), so no command waits for it: this process cuts with
    rjieba meanwhile. A file that does not open or was built from other jieba files is replaced.
    """
    sources = jieba_sources()
    if sources is None:
        return None
    path = dictionary_path(cache_dir, sources)
    if path.is_file():
        try:
            return Segmenter(path, sources)
        except (sqlite3.Error, ValueError, KeyError, TypeError):
            pass  # damaged or foreign: build it again
    _start_build(path)
    return None


def _start_build(path: Path) -> None:
    if getattr(sys, "frozen", False):
        return  # a frozen bundle's executable is the app, not an interpreter to run the builder
    marker = path.with_name(path.name + ".building")
    try:
        if time.time() - marker.stat().st_mtime < BUILD_GRACE:
            return  # another process builds it
        marker.unlink()
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except OSError:
        return  # taken by another process just now, or an unwritable cache: rjieba goes on cutting
    try:
        child = subprocess.Popen([sys.executable, "-m", "linghun.core.segmenter", str(path)],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        marker.unlink(missing_ok=True)
        return
    _builds.append(child)  # reaped by a thread of a long-lived process; a one-shot one just exits
    threading.Thread(target=child.wait, name="segmenter-build", daemon=True).start()


def _main(argv: list[str]) -> int:
    path = Path(argv[0])
    try:
        sources = jieba_sources()
        if sources is not None and dictionary_path(path.parent, sources) == path:
            build(path, sources)
    finally:
        path.with_name(path.name + ".building").unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
