"""``linghun health [--json] [--days N]``: the memory's health at a glance (``core.health``)."""
from __future__ import annotations

import argparse
from typing import Any

from linghun.core.cli import emit, home_of, positive
from linghun.core.llm.base import usage_note

# core.health reads traces and the history (libgit2): imported by the command, for start-up time


def _pct(share: float) -> str:
    return f"{share * 100:.0f}%"


def _dry_runs(n: int) -> str:
    """The dry runs and re-runs the count leaves out (``linghun rounds`` lists them)."""
    if not n:
        return ""
    return "; 1 dry run or re-run besides, not counted" if n == 1 else f"; {n} dry runs or re-runs besides, not counted"


def _up_to(r: dict[str, Any]) -> str:
    """" up to DAY" when the window ends before today (a quiet home: core.health.period)."""
    return f" up to {r['until']}" if r.get("until") and r["until"] != r["at"][:10] else ""


def _usage(rounds: dict[str, Any]) -> str:
    """" (estimated for 3 of 10 calls: ...)" when some tokens were not the server's usage."""
    note = usage_note(rounds.get("usage") or {})
    return f" ({note}: the server reported no usage)" if note else ""


def health_text(r: dict[str, Any]) -> str:
    e, w, g, c, rounds = r["entries"], r["warm"], r["gaps"], r["checks"], r["rounds"]
    lines = [
        f"entries   {e['total']}: " + ", ".join(f"{k} {v}" for k, v in sorted(e["by_kind"].items())),
        "          confidence: " + ", ".join(f"{k} {v}" for k, v in sorted(e["by_confidence"].items())),
        f"          flipped {_pct(e['flipped_share'])}, never used {_pct(e['never_used_share'])}",
    ]
    if e["oldest_untouched"]:
        o = e["oldest_untouched"][0]
        lines.append(f"          oldest untouched: [{o['n']}] {o['last_access']} {o['body']}")
    lines += [
        f"warm.md   {w['bytes']} of {w['max_bytes']} bytes ({_pct(w['share'])}); consolidation at "
        f"{w['trigger_bytes']}, {w['to_consolidation_bytes']} bytes to go",
        f"gaps      {g['open']} open" + (f", the oldest {g['oldest_days']:g} days old" if g["oldest_days"] else ""),
        f"checks    {c['total']}, {c['failing']} failing" + (f" (last run {c['last_run']})" if c["last_run"] else
                                                             " (never run: linghun check)"),
        f"rounds    {rounds['rounds']} in {r['days']} days{_up_to(r)} ({rounds['per_day']:.1f} a day"
        + _dry_runs(rounds.get("dry_runs") or 0)
        + "), "
        f"{rounds['llm_calls']} LLM calls, {rounds['prompt_tokens']} prompt + {rounds['completion_tokens']} "
        "completion tokens" + _usage(rounds) + (f", {rounds['ms_per_round']:.0f} ms a round" if rounds["ms_per_round"] else ""),
    ]
    lines.append(f"search    by meaning: {r['search']['meaning']}")
    lines.append(f"          embeddings: {r['search']['embeddings']}")
    if rounds["cost"]:
        lines.append(f"cost      {rounds['cost']['amount']:.4f} {rounds['cost']['currency']}")
    if "review" in r:
        lines.append(f"review    {r['review']['unreviewed']} changes waiting, "
                     f"{r['review']['contradictions']} contradictions")
    if r["trends"]:
        first, last = r["trends"][0], r["trends"][-1]
        lines.append(f"trend     warm entries {first['entries']} -> {last['entries']} over {len(r['trends'])} days, "
                     f"{sum(t['writes'] for t in r['trends'])} writes")
    lines += [f"note      {n}" for n in r["notes"]]
    return "\n".join(lines)


def cmd_health(args: argparse.Namespace) -> int:
    # imported on call, for start-up time: the parser of every command loads no health modules
    from linghun.core.health import health_report

    report = health_report(home_of(args, existing=True), days=args.days)
    emit(args, report, health_text)
    return 0


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("health", parents=[parent],
                              help="the memory's health: entries, warm size, gaps, checks, rounds and their cost")
    p.add_argument("--days", type=positive, help="days the per-day figures cover (default: health.days, 14)")
    p.set_defaults(func=cmd_health)
