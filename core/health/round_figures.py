"""What the rounds cost, from their traces (``core/assembler/TRACE.md``): rounds per day, LLM
calls, prompt and completion tokens, time per round, and money when the user set prices.

The tokens are summed whatever their source, and the figures say how many calls' tokens were
counted by the server's tokenizer or estimated from the text, not reported by the server
(``usage``, ``tokens_source``): a server that sends no usage must not read as measured."""
from __future__ import annotations

import json
import statistics
from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from linghun.core.assembler.trace import TraceStore
from linghun.core.home import MemoryHome
from linghun.core.llm.base import USAGE_SOURCES, tokens_source, usage_source


def _day_of_file(name: str) -> str:
    return name.split(".", 1)[0]


def round_figures(home: MemoryHome, today: date, days: int, prices: dict[str, Any]) -> dict[str, Any]:
    """Rounds of the last ``days`` days (today included), from the trace files of those days only."""
    first = (today - timedelta(days=days - 1)).isoformat()
    per_day: dict[str, dict[str, Any]] = defaultdict(lambda: {"rounds": 0, "llm_calls": 0, "prompt_tokens": 0,
                                                             "completion_tokens": 0, "ms": 0.0})
    durations: list[float] = []
    rounds: list[dict[str, Any]] = []
    sources = dict.fromkeys(USAGE_SOURCES, 0)  # answered calls by where their tokens come from
    store = TraceStore(home)
    dry: set[str] = set()  # re-runs and why-nots: what the agent's rounds cost is counted, not ours
    # ...but said beside the count: `linghun rounds` lists them, and a count that disagreed with
    # that list without a word read as a wrong count
    dry_runs = 0
    for path in store.all_files():
        day = _day_of_file(path.name)
        if day < first:
            continue
        for record in _records(path):
            kind, figures = record.get("type"), per_day[day]
            if kind == "round" and record.get("dry_run"):
                dry.add(record.get("round"))
                dry_runs += 1
            if record.get("round") in dry:
                continue
            if kind == "round":
                figures["rounds"] += 1
                rounds.append({"round": record.get("round"), "query": record.get("query"), "day": day})
            elif kind == "span":
                for call in record.get("llm") or []:
                    figures["llm_calls"] += 1
                    figures["prompt_tokens"] += int(call.get("prompt_tokens") or 0)
                    figures["completion_tokens"] += int(call.get("completion_tokens") or 0)
                    if not call.get("error"):  # a failed call has no tokens to label
                        sources[usage_source(call)] += 1
            elif kind == "result" and isinstance(record.get("duration_ms"), (int, float)):
                figures["ms"] += float(record["duration_ms"])
                durations.append(float(record["duration_ms"]))
    series = []
    for i in range(days):
        day = (today - timedelta(days=days - 1 - i)).isoformat()
        figures = dict(per_day.get(day) or per_day.default_factory())
        series.append({"day": day, **figures})
    total = {k: sum(d[k] for d in series) for k in ("rounds", "llm_calls", "prompt_tokens", "completion_tokens")}
    out: dict[str, Any] = {
        **total, "days": series, "per_day": total["rounds"] / days if days else 0.0,
        "ms_per_round": statistics.fmean(durations) if durations else None,
        "ms_per_round_median": statistics.median(durations) if durations else None,
        "tokens_per_round": ((total["prompt_tokens"] + total["completion_tokens"]) / total["rounds"]
                             if total["rounds"] else None),
        "recent": [r["round"] for r in reversed(rounds)][:20],
        "usage": sources, "tokens_source": tokens_source(sources), "dry_runs": dry_runs,
    }
    out["cost"] = cost(total["prompt_tokens"], total["completion_tokens"], prices)
    return out


def cost(prompt_tokens: int, completion_tokens: int, prices: dict[str, Any]) -> dict[str, Any] | None:
    """Money for these tokens at the user's prices per million (None when no price is set)."""
    prompt_price = float(prices.get("promptPerMillion") or 0)
    completion_price = float(prices.get("completionPerMillion") or 0)
    if prompt_price <= 0 and completion_price <= 0:
        return None
    amount = prompt_tokens / 1e6 * prompt_price + completion_tokens / 1e6 * completion_price
    return {"amount": round(amount, 6), "currency": prices.get("currency") or "USD"}


def _records(path) -> list[dict[str, Any]]:
    out = []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return out
    for line in text.splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:  # a line cut short by a crash: the trace format allows it
            continue
        if isinstance(record, dict):
            out.append(record)
    return out


def today_of(now: datetime) -> date:
    return now.astimezone().date()


__all__ = ["cost", "round_figures", "today_of"]
