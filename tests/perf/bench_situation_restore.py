"""Does a restored situation bring its entries back for the questions about it? (seed §3.4, M61)

Run: ``python -m tests.perf.bench_situation_restore [--beam DIR] [--locomo FILE] [--restore N]``.
For every dev question (LoCoMo conversations 1-7, BEAM 100K chats 1-10 from ``../shared/datasets``;
skipped when absent) on the home ``linghun eval home`` writes, it composes the context the agent is
shown after an offline round (``core.context.compose``, as ``linghun context`` does), once with the
defaults and once with ``retrieval.situationRestore`` = N, and prints R@context for both, the
context's size and the CPU per question: the measurement behind the setting's default
(SETTINGS.md; the default run sets the restore off to compare).
"""
from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from linghun.core.evaluation.beam import load_beam
from linghun.core.evaluation.context_recall import HomeContext
from linghun.core.evaluation.locomo import load_locomo

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


def _restore_on(home, n: int) -> None:
    home.config.write_text(json.dumps({"assembler": {"retrieval": {"situationRestore": n}}}), encoding="utf-8")


def measure(dataset, restore: int) -> dict[str, dict[str, float]]:
    out = {}
    for label, n in (("restore off", 0), (f"situationRestore {restore}", restore)):
        reached = chars = cpu = 0.0
        count = 0
        for conversation in dataset.conversations:
            questions = [q for q in dataset.questions if q.conversation == conversation.id and q.evidence]
            with HomeContext(conversation) as home:
                _restore_on(home.home, n)
                for q in questions:
                    probe = home.probe(q.text, q.evidence)
                    reached += len(probe.reached) / len(q.evidence)
                    chars += probe.chars
                    cpu += probe.cpu_ms
                    count += 1
        out[label] = {"R@context": 100 * reached / count, "chars": chars / count, "cpu_ms": cpu / count,
                      "questions": count}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locomo", default=str(DATA / "locomo" / "locomo_dev7.json"))
    parser.add_argument("--beam", default=str(DATA / "beam-100k"))
    parser.add_argument("--restore", type=int, default=6)
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for name, path, load in (("LoCoMo dev", args.locomo, load_locomo), ("BEAM dev", args.beam, load_beam)):
        if not Path(path).exists():
            print(f"{name}: {path} not found, skipped")
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        figures = measure(load(path), args.restore)
        for label, f in figures.items():
            print(f"{name:11} {label:22} R@context {f['R@context']:5.1f}  context {f['chars']:6.0f} chars  "
                  f"CPU {f['cpu_ms']:5.1f} ms/question  ({f['questions']} questions)")
        print(f"{name:11} wall {time.perf_counter() - wall:.0f} s, CPU {time.process_time() - cpu:.0f} s")


if __name__ == "__main__":
    main()
