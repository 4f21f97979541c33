"""Every round the home records, the agent's and ours, and what each delivered.

Sources: the upstream ledgers (``team/judge/history.jsonl``: one judgment per question;
``team/editor/bundles.jsonl``: one line per bundle delivered), ``team/cycle.json`` (the feedback a
question gave the bundle before it, the gaps) and our round traces (``team/traces``). A judgment
and a trace are the same round when they have the same question within ``SAME_ROUND_SECONDS``
(our engine writes the ledgers too); such a round "has a full trace".

What a round delivered is ``assembled.md`` as it stood just before the next round began (the
agent rewrites it at the end of each round): read from the home's history. The home a round
read is the history's state just before the round's time; *reproduce* runs our engine on it
(a throwaway copy, offline, dry run) and compares its bundle with the delivered one.
"""
from __future__ import annotations

import difflib
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from linghun.core.formats.team import GAP_QUERY_CHARS, load_team
from linghun.core.home import MemoryHome
from linghun.core.home_zone import home_zone

SAME_ROUND_SECONDS = 120
#: a gap stamped this much before its round's judgment is still that round's (two clocks read
#: a moment apart within one round)
GAP_CLOCK_SLACK_SECONDS = 1
ASSEMBLED = "memory/assembled.md"


def parse_time(text: str | None) -> datetime | None:
    """Upstream writes UTC with a ``Z``; our traces local time with an offset."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.astimezone()


@dataclass
class HomeRound:
    """One round as the home records it."""

    at: datetime
    query: str
    source: str                       # "agent" (upstream ledgers only) or "trace" (ours, with a trace)
    turn: int | None = None
    level: str | None = None
    strategy: str | None = None
    judged_by: str | None = None
    reason: str | None = None
    bundle_record: dict[str, Any] | None = None  # the editor's ledger line, None: no bundle
    trace_id: str | None = None
    status: str | None = None
    feedback: dict[str, Any] | None = None       # what the next question said of this bundle
    gap: bool = False
    next_at: datetime | None = None

    @property
    def key(self) -> str:
        return self.trace_id or f"turn:{self.turn}:{self.at.isoformat()}"

    @property
    def has_trace(self) -> bool:
        return self.trace_id is not None

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "at": self.at.isoformat(timespec="seconds"), "query": self.query,
                "source": self.source, "turn": self.turn, "level": self.level, "strategy": self.strategy,
                "judged_by": self.judged_by, "reason": self.reason, "bundle": self.bundle_record,
                "trace": self.trace_id, "status": self.status, "feedback": self.feedback, "gap": self.gap}


def home_rounds(home: MemoryHome) -> list[HomeRound]:
    """Every recorded round, newest first."""
    from linghun.core.assembler.trace import TraceStore

    team = load_team(home)
    rounds: list[HomeRound] = []
    bundles = {(b.get("turn"), b.get("query")): b for b in team.bundles if isinstance(b, dict)}
    for record in team.judge_history:
        if not isinstance(record, dict):
            continue
        at = parse_time(record.get("at"))
        if at is None:
            continue
        bundle = bundles.get((record.get("turn"), record.get("query")))
        rounds.append(HomeRound(at, str(record.get("query") or ""), "agent", record.get("turn"), record.get("level"),
                                record.get("strategy"), record.get("by"), bundle_record=bundle,
                                status="ok" if bundle or record.get("level") == "skip" else "no bundle"))
    last = team.cycle.get("lastJudge") or {}
    traced = TraceStore(home).rounds()
    for summary in traced:
        at = parse_time(summary.get("started_at"))
        if at is None:
            continue
        twin = next((r for r in rounds if r.trace_id is None and r.query == summary.get("query")
                     and abs((r.at - at).total_seconds()) <= SAME_ROUND_SECONDS), None)
        if twin is not None:  # a round of ours: it wrote the ledgers as the agent would
            twin.trace_id = summary["round"]
            twin.source = "trace"
            twin.status = summary.get("status") or twin.status
        else:
            rounds.append(HomeRound(at, str(summary.get("query") or ""), "trace", level=summary.get("level"),
                                    strategy=summary.get("strategy"), trace_id=summary["round"],
                                    status=summary.get("status")))
    rounds.sort(key=lambda r: r.at)
    agent_rounds = [r for r in rounds if r.turn is not None]  # every round in the ledgers
    feedback = [f for f in (team.cycle.get("feedback") or {}).get("recent", []) if isinstance(f, dict)]
    gaps = _gap_moments(team)
    for i, r in enumerate(agent_rounds):
        nxt = agent_rounds[i + 1] if i + 1 < len(agent_rounds) else None
        r.next_at = nxt.at if nxt else None
        if nxt is not None:
            # the feedback a question gives is recorded at that question's time, about the bundle before it
            r.feedback = next((f for f in feedback if parse_time(f.get("at")) == nxt.at), None)
        r.gap = any(_gap_of_round(query, at, r) for query, at in gaps)
        if r.turn is not None and r.turn == team.cycle.get("turnCount") and last.get("query") == r.query:
            r.reason = last.get("reason") or None
    rounds.reverse()
    return rounds


def _gap_moments(team) -> list[tuple[str, datetime]]:
    """Every recorded gap, (query as the ledgers shorten it, when), from cycle.json and gaps.md."""
    out = [(str(g.get("query") or ""), parse_time(g.get("at")))
           for g in team.cycle.get("gaps", []) if isinstance(g, dict)]
    out += [(g.query, parse_time(g.at)) for g in team.gaps or ()]
    return [(query, at) for query, at in out if at is not None]


def _gap_query(query: str) -> str:
    """A question as a gap records it: whitespace collapsed, cut to ``GAP_QUERY_CHARS``."""
    return " ".join(query.split())[:GAP_QUERY_CHARS]


def _gap_of_round(query: str, at: datetime, r: HomeRound) -> bool:
    """Whether the gap (``query``, ``at``) is round ``r``'s: the same question, recorded during
    that round (the scribe stamps the gap with the round's time; an upstream agent a moment
    later). The same question asked again is another round: an older gap is not its gap."""
    if _gap_query(query) != _gap_query(r.query):
        return False
    if at < r.at - timedelta(seconds=GAP_CLOCK_SLACK_SECONDS):
        return False
    return (r.next_at is None or at < r.next_at) and at - r.at <= timedelta(seconds=SAME_ROUND_SECONDS)


@dataclass
class Delivered:
    """The bundle a round delivered, as the home's history kept it."""

    text: str | None
    note: str = ""
    commit: str | None = None


def delivered_bundle(history, home: MemoryHome, r: HomeRound) -> Delivered:
    """``assembled.md`` as it stood just before the next round (now, for the newest one)."""
    from linghun.core.history.store import when_of

    if r.level == "skip":
        return Delivered(None, "skipped: no bundle")
    moment = (r.next_at - timedelta(milliseconds=1)) if r.next_at else None
    if history is not None:
        commit = history.at(moment)
        if commit is not None and when_of(commit) >= r.at:
            data = history.read(ASSEMBLED, commit=str(commit.id))
            if data is not None:
                return Delivered(data.decode("utf-8", "replace"), "", str(commit.id))
    if r.next_at is None and home.assembled.exists():
        return Delivered(home.assembled.read_text(encoding="utf-8"), "the current assembled.md")
    return Delivered(None, "not in the home's history (it was not being recorded then)")


@dataclass(frozen=True)
class PriorState:
    """Whether a round can be reproduced: the history's state just before it (the home the round
    read), or, when there is none, where the history begins (None: nothing recorded, or history
    turned off for the home)."""

    commit: str | None
    begins: datetime | None = None


def prior_state(history, r: HomeRound) -> PriorState:
    """The state ``reproduce`` would run ``r`` on (``history`` None: history is off)."""
    from linghun.core.history.store import when_of  # libgit2: loaded once a history is read

    if history is None:
        return PriorState(None)
    commit = history.at(r.at - timedelta(microseconds=1))
    if commit is not None:
        return PriorState(str(commit.id))
    oldest = None
    for oldest in history.commits():  # newest first: the last one is where the history begins
        pass
    return PriorState(None, when_of(oldest) if oldest is not None else None)


@dataclass
class Reproduction:
    delivered: Delivered
    bundle: str | None
    decision: dict[str, Any] | None
    status: str
    state: str | None                     # the history state the round ran on
    diff: str = ""
    candidates: list[dict[str, Any]] = field(default_factory=list)


def reproduce(history, home: MemoryHome, r: HomeRound, config=None) -> Reproduction:
    """Run ``r``'s question with our engine (offline, dry run) on the home as it stood just
    before the round, in a throwaway copy; diff our bundle against the one delivered."""
    from linghun.core.assembler.round import Assembler
    from linghun.core.assembler.debounce import Debouncer
    from linghun.core.errors import NotFoundError

    delivered = delivered_bundle(history, home, r)
    commit = prior_state(history, r).commit
    if commit is None:
        raise NotFoundError("the home's history has no state from before this round")
    with tempfile.TemporaryDirectory(prefix="linghun-reproduce-") as tmp:
        then = history.materialize(None, Path(tmp), commit=commit)
        assembler = Assembler(then, config=config, keep_traces=False, debouncer=Debouncer())
        # "now" on the home's clock: the entry stamps the round weighs by age are written there
        now = r.at.astimezone(home_zone(home).tz).replace(tzinfo=None)
        result = assembler.run(r.query, session="reproduce", dry_run=True, now=now)
    ours = result.bundle
    # assembled.md ends with a line break the bundle itself has not: not a difference of theirs
    diff = "".join(difflib.unified_diff(_lines(delivered.text), _lines(ours), "delivered (agent)", "reproduced (ours)"))
    return Reproduction(delivered, ours, result.decision, result.status, commit, diff)


def _lines(text: str | None) -> list[str]:
    """A bundle's lines, each ending with its line break (the last one too)."""
    return [line + "\n" for line in (text or "").splitlines()]


# -- comparing two rounds ------------------------------------------------------------------------
def round_facts(history, home: MemoryHome, r: HomeRound) -> dict[str, Any]:
    """What one round decided and delivered, for a side-by-side comparison: its judgment, the
    bundle, and from its trace (when kept) the ranked candidates, the LLM calls and the timings."""
    from linghun.core.assembler.trace import TraceStore

    facts: dict[str, Any] = {"query": r.query, "at": r.at.astimezone().isoformat(timespec="seconds"),
                             "source": r.source, "level": r.level, "strategy": r.strategy, "by": r.judged_by,
                             "bundle": None, "candidates": [], "llm_calls": None, "tokens": None,
                             "duration_ms": None, "roles": {}}
    if r.trace_id:
        trace = TraceStore(home).load(r.trace_id)
        result = trace.get("result") or {}
        facts["bundle"] = result.get("bundle")
        facts["duration_ms"] = result.get("duration_ms")
        facts["by"] = facts["by"] or result.get("by")
        for span in trace.get("spans", []):
            facts["roles"][span.get("role")] = span.get("duration_ms")
            if span.get("role") == "retriever":
                facts["candidates"] = [{"key": _candidate_key(c), "rank": c.get("rank"), "via": c.get("via"),
                                        "score": c.get("score")} for c in span.get("candidates") or []]
        exchanges = trace.get("exchanges", [])
        facts["llm_calls"] = len(exchanges)
        responses = [x.get("response") or {} for x in exchanges]
        facts["tokens"] = sum(int(r.get("prompt_tokens") or 0) + int(r.get("completion_tokens") or 0)
                              for r in responses)
    if facts["bundle"] is None:
        facts["bundle"] = delivered_bundle(history, home, r).text
    return facts


def _candidate_key(c: dict[str, Any]) -> str:
    """A candidate named the same in two rounds: its first line without the ``[n]`` number (which
    moves when entries are added)."""
    text = str(c.get("text") or c.get("body") or c.get("id") or "")
    first = text.split("\n", 2)[1 if text.startswith("[") and "\n" in text else 0]
    return first.strip()[:120]


def compare_rounds(history, home: MemoryHome, a: HomeRound, b: HomeRound) -> dict[str, Any]:
    """Two rounds side by side: each one's facts, the bundle diff (a -> b) and rank changes."""
    fa, fb = round_facts(history, home, a), round_facts(history, home, b)
    ranks_a = {c["key"]: c["rank"] for c in fa["candidates"]}
    ranks_b = {c["key"]: c["rank"] for c in fb["candidates"]}
    changes = [{"candidate": key, "a": ranks_a.get(key), "b": ranks_b.get(key)}
               for key in dict.fromkeys([*ranks_a, *ranks_b]) if ranks_a.get(key) != ranks_b.get(key)]
    diff = "".join(difflib.unified_diff((fa["bundle"] or "").splitlines(True), (fb["bundle"] or "").splitlines(True),
                                        "a", "b"))
    return {"a": fa, "b": fb, "bundle_diff": diff, "rank_changes": changes}
