"""The evaluation the pane runs off the GUI thread (plain Python: no Qt here), and where its data
and reports live.

``run_evaluation(state, request)`` measures retrieval on a LoCoMo file, a BEAM folder or a cue /
trigger file, reporting progress per question through the task state and stopping when the task
is cancelled. It writes the same report as ``linghun eval`` (Markdown, SVG plots with their data, JSON);
with ``answers``, the judged answers of ``linghun eval --answer`` instead.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from linghun.core.errors import InvalidInputError
from linghun.core.evaluation.paths import new_report_dir, reports_dir  # noqa: F401 - the pane's names for them
from linghun.workbench.llm_setup import provider_for
from linghun.workbench.tasks import TaskCancelled

KINDS = ("locomo", "beam", "cues")
#: where the shared benchmark data usually sits beside the project (never shipped with it)
DATASETS_ENV = "LINGHUN_DATASETS_DIR"


@dataclass
class EvalRequest:
    """What to measure.

    Attributes:
        kind: ``locomo`` (a file), ``beam`` (a folder of chats) or ``cues`` (a cue / trigger file).
        path: the data. conversations: for ``cues``, the LoCoMo-format file the cues are stitched into.
        ks: the k of recall@k (LoCoMo, BEAM). holdout: conversations reported apart (ids or positions).
        baseline: also run plain rank-bm25. dense: add the optional embedding channel.
        out_dir: the report folder.
    """

    kind: str
    path: str
    out_dir: str
    conversations: str = ""
    ks: tuple[int, ...] = (1, 5, 10, 25, 50)
    holdout: list[str] = field(default_factory=list)
    baseline: bool = True
    dense: bool = False
    #: judged answers instead of recall (``core.evaluation.answer_run``), by the model of ``llm``
    #: (the workbench's LLM settings, read on the GUI thread: ``WorkbenchContext.llm_settings``;
    #: None: offline roles), on the first ``answer_limit`` questions (0: all)
    answers: bool = False
    answer_limit: int = 50
    llm: object = None

    def check(self) -> None:
        """Raise ``InvalidInputError`` for data that is missing or of the wrong shape."""
        if self.kind not in KINDS:
            raise InvalidInputError(f"unknown data kind {self.kind!r}")
        if self.kind == "beam":
            if not Path(self.path).is_dir():
                raise InvalidInputError(f"no BEAM folder at {self.path or '(none chosen)'}")
        elif not Path(self.path).is_file():
            raise InvalidInputError(f"no file at {self.path or '(none chosen)'}")
        if self.kind == "cues" and not Path(self.conversations).is_file():
            raise InvalidInputError(f"no LoCoMo conversation file at {self.conversations or '(none chosen)'}")
        if self.kind != "cues" and (not self.ks or min(self.ks) < 1):
            raise InvalidInputError("k must be whole numbers of at least 1")


def parse_ks(text: str) -> tuple[int, ...]:
    """``"1, 5 10"`` -> ``(1, 5, 10)`` (sorted, without repeats)."""
    try:
        ks = sorted({int(p) for p in text.replace(",", " ").split()})
    except ValueError:
        raise InvalidInputError(f"k must be whole numbers, got {text!r}") from None
    if not ks or ks[0] < 1:
        raise InvalidInputError("k must be whole numbers of at least 1")
    return tuple(ks)


def datasets_dir() -> Path | None:
    """The benchmark data the user pointed at with ``$LINGHUN_DATASETS_DIR``, or None. A folder
    of a development checkout is never offered: an installed workbench has none, and a path
    beside the source would differ from one machine to the next."""
    candidate = os.environ.get(DATASETS_ENV)
    return Path(candidate) if candidate and Path(candidate).is_dir() else None


def default_path(kind: str, remembered: dict[str, str] | None = None) -> str:
    """The data a kind starts with: the file the user last gave it (``remembered``, from the
    settings), else what ``$LINGHUN_DATASETS_DIR`` holds for it, else ""."""
    if remembered and remembered.get(kind):
        return remembered[kind]
    root = datasets_dir()
    if root is None:
        return ""
    if kind in ("locomo", "conversations"):
        files = sorted((root / "locomo").glob("*.json")) if (root / "locomo").is_dir() else []
        preferred = [f for f in files if f.name == "locomo_dev7.json"]
        return str((preferred or files or [""])[0])
    if kind == "beam":
        folders = sorted(p for p in root.glob("beam*") if p.is_dir())
        return str(folders[0]) if folders else ""
    files = sorted(root.glob("cue*/*.json")) + sorted(root.glob("*cue*.json"))
    return str(files[0]) if files else ""


def latest_report(folder: Path | None = None) -> Path | None:
    """The newest ``report.md`` under the reports folder, or None."""
    folder = folder or reports_dir()
    found = sorted(folder.glob("*/report.md"), key=lambda p: p.stat().st_mtime) if folder.is_dir() else []
    return found[-1] if found else None


def run_evaluation(state, request: EvalRequest):
    """Task: measure, write the report, return ``core.evaluation.report.Report``."""
    from linghun.core.evaluation.runner import Cancelled

    request.check()
    state.set_progress(0.0, "loading")

    def progress(done: int, total: int) -> None:
        state.set_progress(done / total if total else 1.0, f"{done}/{total}")

    try:
        if request.answers:
            return _judged_answers(request, progress, state.is_cancelled)
        from linghun.core.evaluation import suite

        if request.kind == "cues":
            return suite.evaluate_cue_file(request.path, request.conversations, request.out_dir,
                                           progress=progress, cancelled=state.is_cancelled)
        evaluate = suite.evaluate_locomo if request.kind == "locomo" else suite.evaluate_beam
        return evaluate(request.path, request.out_dir, holdout=request.holdout, dense=request.dense,
                        baseline=request.baseline, ks=request.ks, progress=progress,
                        cancelled=state.is_cancelled)
    except Cancelled:
        raise TaskCancelled() from None


def answers_dir(kind: str, path: str, limit: int, models) -> Path:
    """The folder of a judged-answer run: one per data, question count and models, so that Run
    after a Cancel (or a crash) continues the ledger there instead of asking everything again."""
    import hashlib

    key = json.dumps([kind, str(Path(path).resolve()), limit, models.identity(models.answerer),
                      models.identity(models.judge)])
    return reports_dir() / f"{kind}-answers-{hashlib.sha256(key.encode()).hexdigest()[:12]}"


def _judged_answers(request: EvalRequest, progress, cancelled):
    """Judged answers (LoCoMo or BEAM) with the model chosen in Settings (as rounds use it); the report folder resumes."""
    # start-up time, as in run_evaluation: the evaluation's modules load numpy and the models
    from linghun.core.evaluation.answer_run import AnswerSettings, Models, run_answers
    from linghun.core.evaluation.suite import holdout_ids

    if request.kind == "cues":
        raise InvalidInputError("judged answers need LoCoMo or BEAM questions, not cues")
    if request.kind == "locomo":
        from linghun.core.evaluation.locomo import CATEGORY_NAMES as names, load_locomo as load
    else:
        from linghun.core.evaluation.beam import load_beam as load
        names = {}
    dataset = load(request.path)
    limit = request.answer_limit or None
    with provider_for(request.llm) as provider:  # the Settings dialog's model and key, as rounds use
        models = Models(provider, provider)
        return run_answers(dataset, answers_dir(request.kind, request.path, request.answer_limit, models), models,
                           AnswerSettings(limit=limit), held=holdout_ids(dataset, request.holdout), group_names=names,
                           progress=progress, cancelled=cancelled)
