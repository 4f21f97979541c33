"""Which engine keeps a home's search index between processes: our own postings saved as arrays
(``core.home_index``), SQLite FTS5, or tantivy (``pip install tantivy``; skipped when absent).

Run: ``.venv/bin/python -m tests.perf.bench_index_engines [--entries 10000,100000] [--queries 50]``

Every engine indexes the same tokens: the searcher's own analysis of the warm entries of a
``tests/perf/synth.py`` home (so Chinese is cut the same way for all three). For each it prints:

- *open + first query*: what a new process pays before its first answer, from the files on disk
  (ours: reading the saved searcher and restoring it; FTS5: connecting and the first MATCH; tantivy:
  opening the index and the first search);
- query p50 / p95 over ``--queries`` questions made of three words of random entries;
- the size on disk;
- whether its top 10 are the searcher's own (our channels: neighbours, session, names, dates,
  questions): only the postings the searcher scores with can give the same ranking, which is
  what decided the choice.

CPU (``time.process_time``) beside wall, and the load average; in process, after the interpreter
and the imports (``bench_agent`` times the whole commands).
"""
from __future__ import annotations

import argparse
import marshal
import os
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from linghun.core.assembler.retriever import warm_pool
from linghun.core.memory import Memory
from linghun.core.search import SearchConfig, Searcher
from tests.perf.synth import make_home

#: the word channels alone: the engines compared here are lexical indexes (the meaning channel's
#: vectors are another cost, measured by bench_agent)
WORDS = SearchConfig()


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000


def _size(path: Path) -> float:
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6


def _queries(tokens: list[list[str]], n: int) -> list[list[str]]:
    rng = random.Random(5)
    out = []
    while len(out) < n:
        doc = rng.choice(tokens)
        if len(doc) >= 3:
            out.append(rng.sample(doc, 3))
    return out


class Ours:
    name = "our postings (saved searcher)"

    def __init__(self, folder: Path, units, searcher: Searcher):
        self.path = folder / "index.searcher"
        self.units = units
        self.path.write_bytes(marshal.dumps(searcher.snapshot()))

    def open(self):
        return Searcher.restore(self.units, marshal.loads(self.path.read_bytes()), WORDS)

    @staticmethod
    def query(index, words: list[str]) -> list:
        return [h.id for h in index.search(" ".join(words), 10)]


class Fts5:
    name = "SQLite FTS5"

    def __init__(self, folder: Path, units, tokens: list[list[str]]):
        self.path = folder / "index.sqlite"
        db = sqlite3.connect(self.path)
        db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, body, tokenize='unicode61')")
        db.executemany("INSERT INTO docs VALUES (?, ?)", [(u.id, " ".join(t)) for u, t in zip(units, tokens)])
        db.commit()
        db.close()

    def open(self):
        return sqlite3.connect(self.path)

    @staticmethod
    def query(db, words: list[str]) -> list:
        match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
        return [r[0] for r in db.execute("SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT 10",
                                         (match,))]


class Tantivy:
    name = "tantivy"

    def __init__(self, folder: Path, units, tokens: list[list[str]]):
        import tantivy

        self.tantivy = tantivy
        self.path = folder / "tantivy"
        self.path.mkdir()
        builder = tantivy.SchemaBuilder()
        builder.add_text_field("id", stored=True, tokenizer_name="raw")
        builder.add_text_field("body", tokenizer_name="whitespace")
        index = tantivy.Index(builder.build(), path=str(self.path))
        writer = index.writer()
        for u, t in zip(units, tokens):
            writer.add_document(tantivy.Document(id=str(u.id), body=" ".join(t)))
        writer.commit()
        writer.wait_merging_threads()

    def open(self):
        index = self.tantivy.Index.open(str(self.path))
        return index, index.searcher()

    def query(self, opened, words: list[str]) -> list:
        index, searcher = opened
        q = index.parse_query(" ".join(f'"{w}"' for w in words), ["body"])
        return [searcher.doc(addr)["id"][0] for _score, addr in searcher.search(q, 10).hits]


def bench(n: int, queries: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-engines-") as tmp:
        folder = Path(tmp)
        home = make_home(folder / "dsh", n)
        units = warm_pool(Memory(home)).units
        searcher = Searcher(units, WORDS)
        tokens = [searcher._tokens_of(i) for i in range(len(units))]
        asked = _queries(tokens, queries)
        truth = [Ours.query(searcher, q) for q in asked]
        engines = [Ours(folder, units, searcher), Fts5(folder, units, tokens)]
        try:
            engines.append(Tantivy(folder, units, tokens))
        except ImportError:
            print("  tantivy: not installed (pip install tantivy), skipped")
        print(f"{n:,} entries ({len(units):,} searched), {queries} queries, load "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
        for engine in engines:
            opened, w_open, c_open = _timed(engine.open)
            first, w_first, c_first = _timed(lambda: engine.query(opened, asked[0]))
            walls, cpus, same = [], [], 0
            for q, want in zip(asked, truth):
                got, w, c = _timed(lambda: engine.query(opened, q))
                walls.append(w)
                cpus.append(c)
                same += got == want
            cut = max(1, int(len(walls) * 0.95)) - 1
            print(f"  {engine.name:<30} open + first query wall {w_open + w_first:7.1f} ms  cpu {c_open + c_first:7.1f} ms"
                  f" | query p50 {statistics.median(walls):6.2f} ms (cpu {statistics.median(cpus):6.2f}), "
                  f"p95 {sorted(walls)[cut]:6.2f} ms | {_size(engine.path):6.1f} MB on disk"
                  f" | top 10 the searcher's: {same}/{len(asked)}", flush=True)
        shutil.rmtree(folder / "dsh", ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--entries", default="10000", help="comma-separated home sizes (e.g. 10000,100000)")
    ap.add_argument("--queries", type=int, default=50)
    args = ap.parse_args(argv)
    for n in (int(x) for x in args.entries.split(",") if x.strip()):
        bench(n, args.queries)


if __name__ == "__main__":
    main()
