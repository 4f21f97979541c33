"""The evaluation report: Markdown tables, SVG bar charts and the same numbers as JSON."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Sequence

from linghun.core.evaluation.charts import ChartFiles, write_chart
from linghun.core.evaluation.baseline import TOLERANCE, Drop
from linghun.core.evaluation.runner import RunResult, answer_metric, context_metric, excerpt_metric, part_order
from linghun.core.fsio import atomic_write, write_json


@dataclass
class Report:
    """Where a report was written, and its numbers."""

    markdown: Path
    json: Path
    plots: list[Path]
    data: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"markdown": str(self.markdown), "json": str(self.json), "plots": [str(p) for p in self.plots]}


def _fmt(value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def _table(header: Sequence[str], rows: Sequence[Sequence]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_fmt(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text.lower()).strip("_")


def write_report(
    out_dir: str | Path,
    title: str,
    runs: Sequence[RunResult],
    *,
    splits: dict[str, Sequence[str]] | None = None,
    group_label: str = "group",
    group_names: dict[str, str] | None = None,
    focus_ks: Sequence[int] = (5, 10),
    notes: Sequence[str] = (),
    drops: dict[str, Sequence[Drop]] | None = None,
) -> Report:
    """Write ``report.md``, ``report.json`` and ``plots/*.svg`` (with each chart's ``.json``) into ``out_dir``.

    ``splits`` names subsets of conversations (e.g. ``{"tune": [...], "held-out": [...]}``); each
    gets its own overall table beside the table over everything. ``drops`` (per retriever, from
    ``core.evaluation.baseline``) open the report when there are any. What reaches the agent
    (R@context) comes first: the retriever's figures say what it could have delivered.
    """
    out = Path(out_dir)
    plots_dir = out / "plots"
    group_names = group_names or {}
    ks = runs[0].ks if runs else ()
    summaries = {r.retriever: r.summary() for r in runs}
    split_summaries = {
        name: {r.retriever: r.subset(ids).summary() for r in runs} for name, ids in (splits or {}).items()
    }
    md = [f"# {title}", "", f"Generated {datetime.now().strftime('%Y-%m-%d %H:%M')}."]
    if runs:
        md.append(f"Dataset: {runs[0].dataset}. Recall@k is the mean fraction of a question's gold evidence "
                  "found in the top k units (questions without gold are not scored).")
    for note in list(notes) + (runs[0].notes if runs else []):
        md.append(f"- {note}")
    fallen = {name: list(d) for name, d in (drops or {}).items() if d}
    if fallen:
        md += ["", f"## Below the recorded figures (more than {TOLERANCE:g} points)", ""]
        md += [f"- **{name}: {drop}**" for name, d in fallen.items() for drop in d]
    homes = runs[0].homes() if runs else []
    # what reaches the agent: the gold turns whole (and with excerpts), then the short answers in the context
    context_columns = ([context_metric(kind) for kind in homes] + [excerpt_metric(kind) for kind in homes]
                       + [answer_metric(kind) for kind in homes])

    def overall_table(block: dict[str, dict]) -> str:
        header = (["retriever", "scored"] + context_columns + ["R@bundle"] + [f"R@{k}" for k in ks]
                  + ["hit@10", "all@10", "p50 ms", "p95 ms", "bundle chars", "bundle tokens"])
        rows = []
        for name, s in block.items():
            o = s["overall"]
            rows.append([name, o["scored"]] + [o.get(c) for c in context_columns] + [o["R@bundle"]]
                        + [o[f"R@{k}"] for k in ks]
                        + [o.get("hit@10"), o.get("all@10"),
                           s["latency_ms"]["p50"], s["latency_ms"]["p95"],
                           s["bundle"]["chars_mean"], s["bundle"]["tokens_mean"]])
        return _table(header, rows)

    md += ["", "## Overall", "", overall_table(summaries)]
    if homes:
        md += ["", "## What reaches the agent", "", _context_table(summaries),
               "", "### Answer in context", "", _answer_table(summaries)]
    for name, block in split_summaries.items():
        md += ["", f"### {name}", "", overall_table(block)]
    groups = sorted({g for s in summaries.values() for g in s["groups"]},
                    key=lambda g: (0, int(g), "") if g.isdigit() else (1, 0, g))
    md += ["", f"## Per {group_label}", ""]
    columns = context_columns + ["R@bundle"] + [f"R@{k}" for k in focus_ks if k in ks]
    # A@context is a mean over fewer questions: those with a short answer the evidence states
    counts = ["answers scored"] if homes else []
    header = [group_label, "scored"] + counts + [f"{name} {c}" for name in summaries for c in columns]
    rows = []
    for g in groups:
        first = next(iter(summaries.values()))["groups"].get(g, {})
        label = f"{g} {group_names[g]}" if g in group_names else g
        rows.append([label, first.get("scored", 0)] + [first.get("answers", 0) for _c in counts]
                    + [s["groups"].get(g, {}).get(c) for s in summaries.values() for c in columns])
    md.append(_table(header, rows))
    if any(k in ks for k in (10,)):
        md += ["", f"hit@k and all@k per {group_label} (first retriever):", ""]
        name, s = next(iter(summaries.items()))
        md.append(_table([group_label] + [f"hit@{k}" for k in ks] + [f"all@{k}" for k in ks],
                         [[g] + [s["groups"][g][f"hit@{k}"] for k in ks] + [s["groups"][g][f"all@{k}"] for k in ks]
                          for g in groups if g in s["groups"]]))

    charts: list[tuple[str, ChartFiles]] = []
    if homes:
        first = next(iter(summaries.values()))
        labels = ([f"A@context/{kind}" for kind in homes] + [f"R@context/{kind}" for kind in homes]
                  + ["R@bundle", "R@10" if 10 in ks else f"R@{ks[-1]}"])
        values = ([first["context"][kind]["A@context"] for kind in homes]
                  + [first["context"][kind]["R@context"] for kind in homes]
                  + [first["overall"]["R@bundle"], first["overall"].get("R@10", first["overall"][f"R@{ks[-1]}"])])
        chart_title = f"{title}: what reaches the agent"
        charts.append((chart_title, write_chart(plots_dir, "reaches_the_agent", chart_title, labels,
                                                {first["retriever"]: values}, y_max=100, y_label="%")))
    if runs:
        series = {name: [s["overall"][f"R@{k}"] for k in ks] for name, s in summaries.items()}
        chart_title = f"{title}: recall@k"
        charts.append((chart_title, write_chart(plots_dir, "recall_overall", chart_title, [f"R@{k}" for k in ks],
                                                series, y_max=100, y_label="%")))
        for k in focus_ks:
            if k not in ks:
                continue
            series = {name: [s["groups"].get(g, {}).get(f"R@{k}", math.nan) for g in groups]
                      for name, s in summaries.items()}
            labels = [group_names.get(g, g) for g in groups]
            chart_title = f"R@{k} per {group_label}"
            charts.append((chart_title, write_chart(plots_dir, f"recall_at_{k}_per_{_slug(group_label)}", chart_title,
                                                    labels, series, y_max=100, y_label="%",
                                                    width=max(900, 110 * len(groups)))))
    plots = [files.svg for _title, files in charts]
    md += ["", "## Plots", ""]
    for chart_title, files in charts:
        md += [files.markdown(chart_title), ""]
    data = {
        "title": title,
        "created": datetime.now().isoformat(timespec="seconds"),
        "runs": summaries,
        "splits": {name: {"conversations": list(ids), "runs": split_summaries[name]} for name, ids in (splits or {}).items()},
        "notes": list(notes),
        "drops": {name: [{"metric": x.metric, "recorded": x.recorded, "now": x.now} for x in d]
                  for name, d in fallen.items()},
    }
    md_path, json_path = out / "report.md", out / "report.json"
    data = without_nan(data)
    atomic_write(md_path, "\n".join(md) + "\n")
    write_json(json_path, data)
    return Report(md_path, json_path, plots, data)


def _context_table(summaries: dict[str, dict]) -> str:
    """Per retriever and home: R@context, the recall each part of the context carries, the
    questions that got none of their evidence, the context's size and the CPU of composing it."""
    parts = sorted({key for s in summaries.values() for c in s["context"].values() for key in c["parts"]},
                   key=part_order)
    header = (["retriever", "home", "R@context"] + [f"in {key}" for key in parts]
              + ["none reached", "chars mean", "chars max", "tokens mean", "CPU ms p50"])
    rows = []
    for name, s in summaries.items():
        for kind, c in s["context"].items():
            rows.append([name, kind, c["R@context"]] + [c["parts"].get(key, 0.0) for key in parts]
                        + [f"{c['none']} of {c['questions']}", c["chars_mean"], c["chars_max"], c["tokens_mean"],
                           c["cpu_ms_p50"]])
    return _table(header, rows) + ("\n\n`in pointer`: reached only through a map pointer the agent can drill "
                                   "(not injected), counted apart from the injected parts. `in excerpt`: not "
                                   "injected whole, but its entry stands in the bundle as an excerpt with the "
                                   "pointer to the whole (R@context + `in excerpt` is the excerpt-aware figure).")


def _answer_table(summaries: dict[str, dict]) -> str:
    """Per retriever and home: A@context, the share of the answers standing in each part, and how
    many questions were scored, had an answer the evidence does not state, or had no short answer."""
    parts = sorted({key for s in summaries.values() for c in s["context"].values() for key in c["answer_parts"]},
                   key=part_order)
    header = (["retriever", "home", "A@context"] + [f"in {key}" for key in parts]
              + ["scored", "not stated", "no short answer"])
    rows = []
    for name, s in summaries.items():
        for kind, c in s["context"].items():
            counts = c["answers"]
            rows.append([name, kind, c["A@context"]] + [c["answer_parts"].get(key, 0.0) for key in parts]
                        + [counts["scored"], counts["not stated"], counts["no short answer"]])
    return _table(header, rows) + (
        "\n\nA@context: the share of a question's short gold answers (normalised, question words left out) "
        "standing in one part of the context (core/evaluation/answers.py); answers the gold evidence does not "
        "state are counted as not stated, adversarial, abstention, instruction and preference questions as no "
        "short answer. An answer may stand in several parts.")


def without_nan(value):
    """``value`` with every NaN (a figure with nothing to average) as None: JSON has no NaN."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: without_nan(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [without_nan(v) for v in value]
    return value
