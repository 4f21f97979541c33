"""Running checks: each question asked as the agent's path asks it, entry by entry judged.

For a question the agent is shown ``core.context.compose(home, question)`` with the bundle of the
round run for it (``core.turn``). Here that round is an offline dry run (nothing is written), and
what does not depend on the question is composed once per run: the identity, the disciplines,
the memory parts, the goal part and the map are the same text for every question (the goal part
is only ordered by it, which moves no entry in or out). So a run of many checks shares one
searcher, one parse of warm.md and one composed context; each check costs its round (about
15 ms on a 10k-entry home) and the comparison.

An expected entry is *shown* when its text (white space folded) stands whole in a part of the
context, or, for a warm entry, when the bundle cites its ``[n]``. For each one that is not, the
round's why-not (``core.assembler.why_not``) says why; an entry that left warm is looked for in
the parts consolidation feeds (``core.checks.locate``).
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from linghun.core.assembler import why_not
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler, read_inputs
from linghun.core.checks.locate import Locator, Place
from linghun.core.checks.model import Check, Expected, one_line
from linghun.core.checks.store import append_results, load_checks
# compose's own fitting of a part and of the whole: a check sees the context cut exactly as the agent does
from linghun.core.context import TITLES, AgentContext, _fit_part, _within_total, compose
from linghun.core.errors import LinghunError
from linghun.core.events import EventBus
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.settings import home_settings

_CITED = re.compile(r"\[(\d+)\]")
#: why-nots computed per run at most (each is a second dry round): a consolidation that breaks
#: every check must not make one run cost a minute; the rest say they were not computed
EXPLAIN_LIMIT = 25


@dataclass
class EntryOutcome:
    """One expected (or forbidden) entry in one run.

    Attributes:
        expected: the entry as the check keeps it.
        state: how it stands now: same, touched, flipped, edited (in warm) or gone (left warm).
        n: its ``[n]`` in warm.md now (None when it left warm).
        parts: the context parts that show it ([] when it is not shown).
        why: for an expected entry not shown (or a forbidden one shown), why, in words.
        why_not: the round's why-not record for a warm entry that was not shown.
    """

    expected: Expected
    state: str
    n: int | None
    parts: list[str] = field(default_factory=list)
    why: str = ""
    why_not: dict[str, Any] | None = None

    @property
    def shown(self) -> bool:
        return bool(self.parts)

    def to_dict(self) -> dict[str, Any]:
        return {"entry": self.expected.to_dict(), "state": self.state, "n": self.n, "shown": self.shown,
                "parts": self.parts, "why": self.why, "why_not": self.why_not}


@dataclass
class CheckResult:
    check: Check
    expected: list[EntryOutcome]
    forbidden: list[EntryOutcome]
    got: list[str]
    round: dict[str, Any]
    cpu_ms: float = 0.0

    @property
    def missing(self) -> list[EntryOutcome]:
        return [o for o in self.expected if not o.shown]

    @property
    def shown_forbidden(self) -> list[EntryOutcome]:
        return [o for o in self.forbidden if o.shown]

    @property
    def passed(self) -> bool:
        return not self.missing and not self.shown_forbidden

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.check.id, "question": self.check.question, "passed": self.passed,
                "expected": [o.to_dict() for o in self.expected], "forbidden": [o.to_dict() for o in self.forbidden],
                "missing": len(self.missing), "shown_forbidden": len(self.shown_forbidden),
                "got": self.got, "round": self.round, "cpu_ms": round(self.cpu_ms, 2)}


@dataclass
class RunReport:
    at: str
    results: list[CheckResult]
    cpu_ms: float
    trigger: str = ""

    @property
    def failed(self) -> list[CheckResult]:
        return [r for r in self.results if not r.passed]

    @property
    def passed(self) -> bool:
        return not self.failed

    def record(self) -> dict[str, Any]:
        """The line the results history keeps of this run."""
        return {"at": self.at, "trigger": self.trigger, "passed": len(self.results) - len(self.failed),
                "failed": len(self.failed), "cpu_ms": round(self.cpu_ms, 1),
                "checks": {r.check.id: r.passed for r in self.results}}

    def to_dict(self) -> dict[str, Any]:
        return {**self.record(), "results": [r.to_dict() for r in self.results]}


class CheckRunner:
    """Runs checks against one state of ``home``: build it once, run as many checks as needed.

    Args:
        explain: compute the round's why-not for each missing warm entry (a second dry round;
            only failing checks pay for it).
    """

    def __init__(self, home: MemoryHome, *, provider: Any = None, explain: bool = True):
        self.home = home
        self.settings = home_settings(home)
        self.config = self.settings.assembler
        self.memory = Memory(home)
        self.entries = self.memory.entries()
        self.locator = Locator(home, self.entries)
        self.explain = explain
        self.explained = 0
        self.assembler = Assembler(home, config=self.config, provider=provider, memory=self.memory,
                                   keep_traces=False, bus=EventBus(), debouncer=Debouncer())
        self.inputs = read_inputs(self.assembler.home)
        self._static: AgentContext | None = None
        self._numbers = {id(e): i for i, e in enumerate(self.entries, 1)}

    # -- the context ----------------------------------------------------------------------------
    def static_context(self) -> AgentContext:
        if self._static is None:
            self._static = compose(self.home, "", bundle="")
        return self._static

    def context(self, question: str) -> tuple[AgentContext, dict[str, Any], str]:
        """The context for ``question``, its round's summary and the bundle delivered."""
        self.assembler.debouncer = Debouncer()  # every check is a first question
        result = self.assembler.run(question, session="checks", dry_run=True, inputs=self.inputs)
        bundle = (result.bundle or "").strip()
        static = self.static_context()
        ctx = AgentContext(question=question, language=static.language, parts=list(static.parts),
                           notes=list(static.notes))
        if bundle:
            label = self.config.get("output.label")
            text = f"{label}\n{bundle}" if label else bundle
            ctx.parts.append(_fit_part("bundle", TITLES[ctx.language], text, 0, "head", ctx.language,
                                       str(self.settings.inject_path)))
        _within_total(ctx, self.settings.context["maxChars"])
        decision = result.decision or {}
        info = {"status": result.status, "level": decision.get("level"), "strategy": decision.get("strategy"),
                "gap": result.gap, "error": result.error}
        return ctx, info, bundle

    # -- one check ------------------------------------------------------------------------------
    def run(self, check: Check) -> CheckResult:
        started = time.process_time()
        ctx, info, bundle = self.context(check.question)
        folded = {p.key: one_line(p.text) for p in ctx.parts}
        bundle_part = ctx.part("bundle")
        cited = {int(n) for n in _CITED.findall(bundle_part.text)} if bundle_part is not None else set()
        expected = [self._outcome(e, folded, cited) for e in check.expect]
        forbidden = [self._outcome(e, folded, cited) for e in check.forbid]
        got = [line.strip() for line in bundle.splitlines() if line.strip().startswith("- ")]
        out = CheckResult(check, expected, forbidden, got, info)
        for outcome in out.missing:
            outcome.why, outcome.why_not = self._why_not(check.question, outcome)
        for outcome in out.shown_forbidden:
            outcome.why = ("shown in " + ", ".join(outcome.parts) + ": the check says the agent must not be shown it")
        out.cpu_ms = (time.process_time() - started) * 1000
        return out

    def _outcome(self, expected: Expected, folded: dict[str, str], cited: set[int]) -> EntryOutcome:
        place: Place = self.locator.place(expected)
        if place.entry is None:
            text = expected.text
            return EntryOutcome(expected, place.how, None,
                                [k for k, body in folded.items() if text and text in body])
        n = self._numbers[id(place.entry)]
        text = one_line(place.entry.body)
        parts = [k for k, body in folded.items() if text and text in body]
        if n in cited and "bundle" not in parts and not place.entry.is_wrong:
            parts.append("bundle")
        return EntryOutcome(expected, place.how, n, parts)

    def _why_not(self, question: str, outcome: EntryOutcome) -> tuple[str, dict[str, Any] | None]:
        if outcome.n is None:
            files = self.locator.place(outcome.expected).files
            if files:
                return (f"consolidated into the {', '.join(files)} part's file, but its line is not in the context: "
                        "cut by memory.injectMaxChars or context.maxChars (the oldest lines give way first)"), None
            return ("no longer in the memory: neither in warm.md nor in a file consolidation writes "
                    "(deleted, or edited past recognition)"), None
        if not self.explain:
            return "", None
        if self.explained >= EXPLAIN_LIMIT:
            return f"not explained: the first {EXPLAIN_LIMIT} missing entries of this run were", None
        self.explained += 1
        try:
            found = why_not.explain(self.home, question, outcome.n, self.config, variants=False)
        except LinghunError as exc:
            return f"why-not failed: {exc}", None
        return found.reason, found.to_dict()


def run_checks(home: MemoryHome, checks: Iterable[Check] | None = None, *, record: bool = True,
               trigger: str = "", provider: Any = None, explain: bool = True) -> RunReport:
    """Run ``checks`` (default: the home's) and, with ``record``, append the run to the history."""
    started = time.process_time()
    checks = list(load_checks(home) if checks is None else checks)
    # no runner for a home without checks: it indexes every entry three ways (60 MB at the peak
    # of opening a 100k-entry home in the workbench, which runs the checks when it opens)
    runner = CheckRunner(home, provider=provider, explain=explain) if checks else None
    results = [runner.run(c) for c in checks]
    report = RunReport(datetime.now().astimezone().isoformat(timespec="seconds"), results,
                       (time.process_time() - started) * 1000, trigger)
    if record and checks:
        append_results(home, report.record())
    return report


__all__ = ["CheckResult", "CheckRunner", "EntryOutcome", "RunReport", "run_checks"]
