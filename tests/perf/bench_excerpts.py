"""Benchmark: the context composed on a 10k-entry home whose entries run long, with and without
excerpts (target: composition < 50 ms CPU per question in process).

Run: ``python -m tests.perf.bench_excerpts [entries] [--long N]``

The home is ``tests/perf/synth.py``'s 10,000 mixed entries, and every tenth of them (``--long``
sets how many in all) made a BEAM-sized message: the entry's own words then 250-900 words of
other notes that share the questions' words, so a round's hits do not fit the bundle whole and
are cut (``core/excerpt.py``). Each question is composed as ``linghun context QUESTION`` does it
(``core.context.compose`` after an offline dry-run round), once with ``assemble.excerptTokens`` 0
(whole entries) and once with the default; the searcher is warmed first (the home index is built
once per process). Prints the process CPU per question (p50, p95) and the bundle's entries.
"""
from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from linghun.core.context import compose
from linghun.core.formats.warm import new_entry
from linghun.core.home_lock import update_section
from tests.perf.bench_assembler import QUESTIONS, percentile
from tests.perf.synth import _EN, _ZH, make_home

_SENTENCES = ["We went over the {en} notes for {zh} again and wrote down what changed.",
              "The {en} dashboard showed the {zh} numbers were steady this week.",
              "I asked whether {zh} needs another review before the {en} release.",
              "把{zh}的{en}配置又核对了一遍，记下了改动。"]


def long_home(folder: Path, entries: int, long: int):
    home = make_home(folder, entries)
    rng = random.Random(11)
    extra = []
    for i in range(long):
        words = " ".join(rng.choice(_SENTENCES).format(zh=rng.choice(_ZH), en=rng.choice(_EN))
                         for _ in range(rng.randint(20, 70)))
        extra.append(new_entry(f"2026-03-{1 + i % 28:02d} {i % 24:02d}:00", "event", "medium", words).raw)
    with open(home.warm, "a", encoding="utf-8") as fh:
        fh.write("\n" + "\n".join(extra))
    return home


def measure(home, excerpt_tokens: int, runs: int) -> tuple[list[float], list[int]]:
    update_section(home, "assembler", lambda s: {**(s or {}), "assemble": {**(s or {}).get("assemble", {}),
                                                                          "excerptTokens": excerpt_tokens}})
    compose(home, QUESTIONS[0], run_round=True)  # the home index is built once per process
    cpu, lines = [], []
    for i in range(runs):
        t0 = time.process_time()
        ctx = compose(home, QUESTIONS[i % len(QUESTIONS)], run_round=True)
        cpu.append((time.process_time() - t0) * 1000)
        bundle = ctx.part("bundle")
        lines.append(sum(1 for line in (bundle.text if bundle else "").splitlines() if line.startswith("- [")))
    return cpu, lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("entries", type=int, nargs="?", default=10_000)
    ap.add_argument("--long", type=int, default=1_000)
    ap.add_argument("--runs", type=int, default=40)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-excerpts-") as tmp:
        home = long_home(Path(tmp) / "dsh", args.entries, args.long)
        print(f"context composed on a {args.entries + args.long}-entry home ({args.long} long), {args.runs} questions")
        for label, tokens in (("whole entries (excerptTokens 0)", 0), ("excerpts (default 60)", 60)):
            cpu, lines = measure(home, tokens, args.runs)
            print(f"  {label:<32} CPU p50 {statistics.median(cpu):6.1f} ms  p95 {percentile(cpu, 0.95):6.1f} ms"
                  f"  bundle entries mean {statistics.mean(lines):4.1f}")


if __name__ == "__main__":
    main()
