"""Judged answers: each question answered from each source's memories, judged, and aggregated.

For every selected question and every source (``answer_sources``), the answerer model gets the
memories and the question (``answer_protocol.answer_messages``, sized to its window by
``core.llm.fit``), the judge model scores the answer against the gold answer with the published
judge prompt, and token F1 and exact match are computed. With no model the roles run offline
(``answer_protocol.offline_answer`` / ``offline_verdict``), labelled so.

**Which questions.** The dev split: the ``--holdout`` conversations are left out, as for tuning.
LoCoMo's adversarial questions (category 5) are skipped, as the peers' protocol skips them (their
gold answer is that nothing was said); a question with no gold answer cannot be judged. Then
``limit`` keeps the first N, or ``sample`` N drawn with ``seed`` (the same N for every source).

**A ledger, so a run resumes.** Every answered (source, question) is appended to
``answers.jsonl`` in the report folder as one JSON line, flushed and synced (one run writes a
folder at a time, under its lock file): a run killed at question 300 continues there when started
again with the same ``--out``. The
ledger's first line names the run's settings (:func:`fingerprint`); a folder holding a run of other
settings is refused, nothing in it touched. A question whose answer or verdict could not be had (a
timeout, the server down) is written as an error: the report counts it apart, and the next run
asks it again.

**Cost and time.** Per question: the answer's prompt and completion tokens (the server's usage, else
counted by its tokenizer or estimated: ``LLMResponse.usage_source``, reported per source), the time
to compose the memories and the time of the answer (p50 / p95 of their sum, the latency a user
waits), and the price when one is given (per million tokens in and out). The judge's tokens are the
evaluation's cost, reported apart.

**Concurrency.** Composing memories runs on the calling thread (the homes are not shared between
threads); the answer and judge requests run on ``concurrency`` threads, at most twice that many
waiting, each bounded by the provider's timeout and retried by the ``openai`` client (429 and 5xx
with its back-off).
"""
from __future__ import annotations

import json
import os
import random
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from linghun.core.errors import HomeBusyError, InvalidInputError
from linghun.core.evaluation import answer_protocol as protocol
from linghun.core.evaluation import answer_sources
from linghun.core.evaluation.data import Dataset, Question
from linghun.core.evaluation.metrics import mean, percentile
from linghun.core.evaluation.report import without_nan
from linghun.core.evaluation.runner import Cancelled
from linghun.core.fsio import HomeLock, atomic_write
from linghun.core.llm.base import LLMError, LLMProvider
from linghun.core.llm.fit import complete_fitted, estimate_tokens
from linghun.core.redact import scrub

LEDGER = "answers.jsonl"
LEDGER_KIND = "linghun-judged-answers"
#: LoCoMo's adversarial category: not judged (module docstring)
SKIPPED_GROUPS = frozenset({"5"})
OFFLINE = "offline"


@dataclass
class AnswerSettings:
    """What a run asks (module docstring)."""

    sources: tuple[str, ...] = answer_sources.SOURCES
    limit: int | None = None
    sample: int | None = None
    seed: int = 0
    concurrency: int = 2
    #: price per million tokens, prompt and completion (``None``: no price reported)
    price_in: float | None = None
    price_out: float | None = None

    def check(self) -> None:
        unknown = [s for s in self.sources if s not in answer_sources.SOURCES]
        if unknown or not self.sources:
            raise InvalidInputError(f"unknown source {', '.join(unknown) or '(none)'}: choose from "
                                    + ", ".join(answer_sources.SOURCES))
        for name in ("limit", "sample"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise InvalidInputError(f"--{name} must be at least 1 (got {value})")
        if self.concurrency < 1:
            raise InvalidInputError(f"--concurrency must be at least 1 (got {self.concurrency})")


@dataclass
class Models:
    """The answerer and the judge; ``None`` runs the role offline."""

    answerer: LLMProvider | None = None
    judge: LLMProvider | None = None

    def describe(self, provider: LLMProvider | None) -> str:
        """The model and its endpoint, for the report (a local server is asked its model)."""
        if provider is None:
            return OFFLINE
        return scrub(f"{provider.model} at {getattr(provider, 'base_url', '?')}")

    def identity(self, provider: LLMProvider | None) -> str:
        """The model as configured, for a ledger's settings: a local server's model is learned by
        asking it, and a busy server that did not answer in time must not make a resumed run
        look like another one."""
        if provider is None:
            return OFFLINE
        configured = getattr(provider, "configured_model", None)
        model = provider.model if configured is None else configured or "the server's first model"
        return scrub(f"{model} at {getattr(provider, 'base_url', '?')}")


def select(dataset: Dataset, held: Sequence[str], settings: AnswerSettings) -> list[Question]:
    """The questions a run judges (module docstring), in the dataset's order."""
    held_set = set(held)
    chosen = [q for q in dataset.questions
              if q.conversation not in held_set and q.group not in SKIPPED_GROUPS and str(q.answer).strip()]
    if settings.sample is not None and settings.sample < len(chosen):
        keep = set(random.Random(settings.seed).sample(range(len(chosen)), settings.sample))
        chosen = [q for n, q in enumerate(chosen) if n in keep]
    if settings.limit is not None:
        chosen = chosen[:settings.limit]
    return chosen


def fingerprint(dataset: Dataset, models: Models, settings: AnswerSettings, held: Sequence[str]) -> dict:
    """What a ledger's run is: a resumed run must ask the same (keys never in it: ``scrub``)."""
    return {"dataset": dataset.name, "protocol": protocol.PROTOCOL_VERSION, "answerer": models.identity(models.answerer),
            "judge": models.identity(models.judge), "holdout": sorted(held), "limit": settings.limit,
            "sample": settings.sample, "seed": settings.seed}


class Ledger:
    """``answers.jsonl``: the header, then one record per answered (source, question)."""

    def __init__(self, folder: Path, header: dict):
        self.path = folder / LEDGER
        self._lock = threading.Lock()
        self.records: dict[tuple[str, str], dict] = {}
        folder.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            self._load(header)
        else:
            self._append({"kind": LEDGER_KIND, **header})

    def _load(self, header: dict) -> None:
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            first = json.loads(lines[0]) if lines else {}
        except ValueError:
            first = {}
        if first.get("kind") != LEDGER_KIND:
            raise InvalidInputError(f"{self.path} is not a ledger of judged answers: choose another --out")
        theirs = {k: v for k, v in first.items() if k != "kind"}
        if theirs != header:
            differ = ", ".join(f"{k} {theirs.get(k)!r} there, {v!r} now" for k, v in header.items() if theirs.get(k) != v)
            raise InvalidInputError(f"{self.path} holds a run of other settings ({differ}): resume it with them, "
                                    "or choose another --out")
        for line in lines[1:]:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # the line a killed run was writing: that question is asked again
            if isinstance(record, dict) and "source" in record and "question" in record:
                self.records[(record["source"], record["question"])] = record

    def done(self, source: str, question: str) -> bool:
        record = self.records.get((source, question))
        return record is not None and not record.get("error")

    def add(self, record: dict) -> None:
        with self._lock:
            self.records[(record["source"], record["question"])] = record
            self._append(record)

    def _append(self, record: dict) -> None:
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            out.flush()
            os.fsync(out.fileno())


@dataclass
class AnswerReport:
    """A run's figures (``summary``) and the files written."""

    summary: dict
    folder: Path
    files: dict[str, str] = field(default_factory=dict)

    @property
    def markdown(self) -> Path:
        return Path(self.files["markdown"])


def _answer(models: Models, question: Question, memories: list[str]) -> dict:
    messages = protocol.answer_messages(question.text, memories)
    if models.answerer is None:
        return {"answer": protocol.offline_answer(question.text, memories), "answer_ms": 0.0,
                "prompt_tokens": estimate_tokens(messages), "completion_tokens": 0, "usage_source": "estimated"}
    fitted: list[str] = []
    started = time.perf_counter()
    reply = complete_fitted(models.answerer, messages, max_tokens=protocol.ANSWER_MAX_TOKENS, temperature=0.0,
                            on_fit=lambda fit: fitted.append(fit.reason or ""), role="the answerer")
    return {"answer": reply.text.strip(), "answer_ms": (time.perf_counter() - started) * 1000,
            "prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
            "usage_source": reply.usage_source, "fitted": fitted[-1] if fitted else ""}


def _judge(models: Models, question: Question, answer: str) -> dict:
    if models.judge is None:
        verdict = protocol.offline_verdict(question.text, question.answer, answer)
        return {"verdict": verdict.label, "how": verdict.how, "judge_tokens": 0}
    reply = models.judge.complete(protocol.judge_messages(question.text, question.answer, answer), temperature=0.0,
                                  max_tokens=protocol.JUDGE_MAX_TOKENS, json_mode=True)
    verdict = protocol.parse_verdict(reply.text)
    return {"verdict": verdict.label, "how": verdict.how, "judge_tokens": reply.prompt_tokens + reply.completion_tokens,
            "judge_reply": reply.text.strip()[:400]}


def _ask(models: Models, source: str, question: Question, memories: list[str], context_ms: float) -> dict:
    """One (source, question): answered, judged and scored; an error record when a model failed."""
    record: dict[str, Any] = {"source": source, "question": question.id, "conversation": question.conversation,
                              "group": question.group, "gold": str(question.answer), "context_ms": round(context_ms, 1),
                              "context_tokens": estimate_tokens("\n\n".join(memories))}
    try:
        record.update(_answer(models, question, memories))
        record.update(_judge(models, question, record["answer"]))
    except LLMError as exc:
        return record | {"error": f"{exc.kind}: {exc}"}
    record["answer_ms"] = round(record["answer_ms"], 1)
    record["f1"] = protocol.token_f1(record["answer"], question.answer)
    record["em"] = protocol.exact_match(record["answer"], question.answer)
    return record


def run_answers(dataset: Dataset, out_dir: str | Path, models: Models, settings: AnswerSettings | None = None, *,
                held: Sequence[str] = (), group_names: dict[str, str] | None = None,
                progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None) -> AnswerReport:
    """Judge every selected question from every source; resumes the ledger in ``out_dir``."""
    settings = settings or AnswerSettings()
    settings.check()
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    lock = HomeLock(folder / ".answers.lock", timeout=0)
    try:
        with lock.hold():
            return _run(dataset, folder, models, settings, held, group_names or {}, progress, cancelled)
    except HomeBusyError:
        raise InvalidInputError(f"another run is writing {folder}: wait for it, or choose another --out") from None


def _run(dataset: Dataset, folder: Path, models: Models, settings: AnswerSettings, held: Sequence[str],
         group_names: dict[str, str], progress, cancelled) -> AnswerReport:
    questions = select(dataset, held, settings)
    ledger = Ledger(folder, fingerprint(dataset, models, settings, held))
    total = len(questions) * len(settings.sources)
    done = sum(ledger.done(s, q.id) for q in questions for s in settings.sources)
    if progress is not None:
        progress(done, total)
    by_conversation: dict[str, list[Question]] = {}
    for q in questions:
        by_conversation.setdefault(q.conversation, []).append(q)
    counter = threading.Lock()
    finished = [done]

    def settled(future: Future) -> None:
        ledger.add(future.result())
        with counter:
            finished[0] += 1
            count = finished[0]
        if progress is not None:
            progress(count, total)

    with ThreadPoolExecutor(max_workers=settings.concurrency, thread_name_prefix="judged-answers") as pool:
        waiting: set[Future] = set()
        try:
            for conversation in dataset.conversations:
                pending = [(s, q) for q in by_conversation.get(conversation.id, ()) for s in settings.sources
                           if not ledger.done(s, q.id)]
                if not pending:
                    continue
                prepared = {s: answer_sources.prepare(s, conversation) for s in dict.fromkeys(s for s, _q in pending)}
                try:
                    for source, question in pending:
                        if cancelled is not None and cancelled():
                            raise Cancelled(f"judged answers cancelled after {finished[0]} of {total}; "
                                            f"the same --out resumes ({ledger.path})")
                        started = time.perf_counter()
                        memories = prepared[source].memories(question.text)
                        context_ms = (time.perf_counter() - started) * 1000
                        future = pool.submit(_ask, models, source, question, memories, context_ms)
                        future.add_done_callback(settled)
                        waiting.add(future)
                        while len(waiting) >= 2 * settings.concurrency:
                            _done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                finally:
                    for source in prepared.values():
                        source.close()
        except BaseException:
            for future in waiting:
                future.cancel()
            raise
    summary = summarize([ledger.records[(s, q.id)] for q in questions for s in settings.sources
                         if (s, q.id) in ledger.records], models, settings, group_names)
    summary["questions"] = len(questions)
    summary["dataset"] = dataset.name
    summary["held_out"] = sorted(held)
    return write_report(summary, folder)


def _block(records: list[dict], settings: AnswerSettings) -> dict:
    judged = [r for r in records if not r.get("error")]
    latency = [r["context_ms"] + r["answer_ms"] for r in judged]
    prompt = [r["prompt_tokens"] for r in judged]
    completion = [r["completion_tokens"] for r in judged]
    out = {
        "questions": len(judged),
        "errors": len(records) - len(judged),
        "J": 100 * mean(r["verdict"] == protocol.CORRECT for r in judged),
        "F1": 100 * mean(r["f1"] for r in judged),
        "EM": 100 * mean(bool(r["em"]) for r in judged),
        "unparsed": sum(r["verdict"] == protocol.UNPARSED for r in judged),
        "tokens_mean": mean(p + c for p, c in zip(prompt, completion)),
        "prompt_tokens_mean": mean(prompt), "completion_tokens_mean": mean(completion),
        "context_tokens_mean": mean(r["context_tokens"] for r in judged),
        "judge_tokens_mean": mean(r.get("judge_tokens", 0) for r in judged),
        "latency_ms": {"p50": percentile(latency, 50), "p95": percentile(latency, 95)},
        "context_ms_p50": percentile([r["context_ms"] for r in judged], 50),
        "usage": sorted({r.get("usage_source", "estimated") for r in judged}),
        "fitted": sum(bool(r.get("fitted")) for r in judged),
    }
    if settings.price_in is not None or settings.price_out is not None:
        cost = [(p * (settings.price_in or 0) + c * (settings.price_out or 0)) / 1e6 for p, c in zip(prompt, completion)]
        out["price_per_question"] = mean(cost)
        out["price_total"] = sum(cost)
    return out


def summarize(records: list[dict], models: Models, settings: AnswerSettings, group_names: dict[str, str]) -> dict:
    """Per source: overall and per group (``group_names`` names them) figures of :func:`_block`."""
    out: dict[str, Any] = {"answerer": models.describe(models.answerer), "judge": models.describe(models.judge),
                           "judge_prompt": protocol.JUDGE_SOURCE, "sources": {}}
    groups = sorted({r["group"] for r in records}, key=lambda g: (not g.isdigit(), int(g) if g.isdigit() else 0, g))
    for source in settings.sources:
        mine = [r for r in records if r["source"] == source]
        out["sources"][source] = {
            "overall": _block(mine, settings),
            "groups": {group_names.get(g, g): _block([r for r in mine if r["group"] == g], settings) for g in groups
                       if any(r["group"] == g for r in mine)},
        }
    return out


def _cell(value: float, digits: int = 1) -> str:
    return "–" if value != value else f"{value:.{digits}f}"  # nan: nothing to show


def markdown(summary: dict) -> str:
    """The tables a peer's paper prints: judged accuracy per category, then F1, cost and time."""
    sources = summary["sources"]
    groups = list(dict.fromkeys(g for s in sources.values() for g in s["groups"]))
    offline = OFFLINE in (summary["answerer"], summary["judge"])
    lines = [f"# Judged answers: {summary['dataset']}", "",
             f"- answerer: {summary['answerer']}; judge: {summary['judge']} (prompt: {summary['judge_prompt']})",
             f"- {summary['questions']} questions (dev split; held out: {', '.join(summary['held_out']) or 'none'})"]
    if offline:
        lines.append("- OFFLINE roles (extractive answer, word-rule judge): not comparable with an LLM judge's figures")
    lines += ["", "| source | " + " | ".join(f"{g} J" for g in groups) + " | overall J | F1 | EM |",
              "|---|" + "---:|" * (len(groups) + 3)]
    for name, s in sources.items():
        o = s["overall"]
        lines.append(f"| {name} | " + " | ".join(_cell(s["groups"][g]["J"]) if g in s["groups"] else "–" for g in groups)
                     + f" | {_cell(o['J'])} | {_cell(o['F1'])} | {_cell(o['EM'])} |")
    priced = any("price_per_question" in s["overall"] for s in sources.values())
    lines += ["", "| source | tokens / question | context tokens | p50 latency (ms) | p95 latency (ms) | usage |"
              + (" price / question |" if priced else "") + " unparsed | errors |",
              "|---|---:|---:|---:|---:|---|" + ("---:|" if priced else "") + "---:|---:|"]
    for name, s in sources.items():
        o = s["overall"]
        price = f" {o['price_per_question']:.5f} |" if priced and "price_per_question" in o else (" – |" if priced else "")
        lines.append(f"| {name} | {_cell(o['tokens_mean'], 0)} | {_cell(o['context_tokens_mean'], 0)} | "
                     f"{_cell(o['latency_ms']['p50'], 0)} | {_cell(o['latency_ms']['p95'], 0)} | "
                     f"{', '.join(o['usage']) or '–'} |{price} {o['unparsed']} | {o['errors']} |")
    full, ours = sources.get(answer_sources.FULL_CONTEXT), sources.get(answer_sources.LINGHUN)
    if full and ours and full["overall"]["context_tokens_mean"] > 0:
        # the memories before any cut: a small model's window cuts the full context's prompt far
        # more than linghun's, so the prompts as sent do not say what each source costs
        share = 100 * ours["overall"]["context_tokens_mean"] / full["overall"]["context_tokens_mean"]
        sent = (100 * ours["overall"]["tokens_mean"] / full["overall"]["tokens_mean"]
                if full["overall"]["tokens_mean"] > 0 else float("nan"))
        lines += ["", f"linghun's memories are {share:.1f}% of the full conversation's tokens per question "
                      f"(estimated, before any cut); of the prompts as sent, {_cell(sent)}%."]
    return "\n".join(lines) + "\n"


def write_report(summary: dict, folder: Path) -> AnswerReport:
    files = {"json": str(folder / "answers.json"), "markdown": str(folder / "answers.md")}
    atomic_write(Path(files["json"]), json.dumps(without_nan(summary), ensure_ascii=False, indent=2, allow_nan=False))
    atomic_write(Path(files["markdown"]), markdown(summary))
    return AnswerReport(summary, folder, files | {"ledger": str(folder / LEDGER)})


__all__ = ["AnswerReport", "AnswerSettings", "LEDGER", "Ledger", "Models", "OFFLINE", "fingerprint", "markdown",
           "run_answers", "select", "summarize"]
