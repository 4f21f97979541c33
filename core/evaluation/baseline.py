"""The recorded figures every evaluation run is held to (``baselines.json`` beside this file).

Retrieval fell from R@bundle 82 to 10 in one commit once and nothing noticed: each run now compares
its overall figures with the ones recorded for the same data (the dev data in
``../shared/datasets/`` and the tiny fixtures of the tests) and names every drop of more than
:data:`TOLERANCE` points. ``linghun eval`` prints them loudly on stderr and the report lists them;
``tests/core/test_eval_context.py`` fails when R@context on the fixtures falls below its record,
``tests/core/test_answer_in_context.py`` when A@context does.

The file maps a data set's name (``Dataset.name``, e.g. ``LoCoMo (locomo_dev7.json)``) and a
retriever to its figures: ``{"<dataset>": {"<retriever>": {"R@10": 79.4, "R@context": ...}}}``.
Record new figures after a change that moved them on purpose (``record``; the closing note of the
change says why).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from linghun.core.fsio import write_json

PATH = Path(__file__).with_name("baselines.json")
TOLERANCE = 2.0  # points: the run-to-run noise of these figures is 0 (no randomness), tuning moves them more
#: the figures recorded and compared: what reaches the agent (the short answers, the gold turns), and beside them
#: what the retriever ranked and handed the editor
METRICS = ("A@context", "A@context/grown", "R@context", "R@context/grown", "R@bundle", "R@5", "R@10", "R@20")


@dataclass(frozen=True)
class Drop:
    metric: str
    recorded: float
    now: float

    def __str__(self) -> str:
        return f"{self.metric} {self.recorded:.1f} -> {self.now:.1f} ({self.now - self.recorded:+.1f} points)"


def load(path: Path | None = None) -> dict:
    try:
        data = json.loads((path or PATH).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def recorded(dataset: str, retriever: str, path: Path | None = None) -> dict[str, float]:
    found = load(path).get(dataset, {}).get(retriever, {})
    return {k: float(v) for k, v in found.items() if isinstance(v, (int, float))} if isinstance(found, dict) else {}


def drops(dataset: str, retriever: str, overall: dict, path: Path | None = None) -> list[Drop]:
    """The figures of ``overall`` more than :data:`TOLERANCE` points below their record."""
    out = []
    for metric, before in recorded(dataset, retriever, path).items():
        now = overall.get(metric)
        if isinstance(now, (int, float)) and not math.isnan(now) and now < before - TOLERANCE:
            out.append(Drop(metric, before, float(now)))
    return out


def record(dataset: str, retriever: str, overall: dict, path: Path | None = None) -> dict[str, float]:
    """Store the :data:`METRICS` of ``overall`` as the record for ``dataset`` and ``retriever``."""
    data = load(path)
    figures = {m: round(float(overall[m]), 1) for m in METRICS
               if isinstance(overall.get(m), (int, float)) and not math.isnan(overall[m])}
    data.setdefault(dataset, {})[retriever] = figures
    write_json(path or PATH, data)
    return figures


__all__ = ["Drop", "METRICS", "PATH", "TOLERANCE", "drops", "load", "record", "recorded"]
