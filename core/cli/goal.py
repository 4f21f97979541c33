"""``linghun goal``: the goal ontology from the command line.

    linghun goal add "I want to run a marathon" --domain health --priority high --trigger "sports day"
    linghun goal signal achieve "I finished the marathon" [--id g3] [--source journal:"2026-10-07 11:28:41"]
    linghun goal list [--state active] [--speaker user]
    linghun goal get "we are booking a family trip" [-k 5] [--all]
    linghun goal state [g3] [--set paused] [--reason "on hold until spring"]
    linghun goal extract "text" | --journal DAY | --entries  [--apply] [--llm]
    linghun goal eval CUES.json CONV.json
"""
from __future__ import annotations

import argparse

from linghun.core.cli import emit, home_of, non_negative, not_blank
from linghun.core.errors import InvalidInputError
from linghun.core.goals.model import PRIORITIES, SIGNALS
from linghun.core.goals.states import STATES


def _goals(args, existing: bool = True) -> "Goals":
    """Only a new goal or a signal may start a new home; reading a mistyped home is an error."""
    from linghun.core.goals.store import Goals  # with the activation index: only goal commands load it

    return Goals(home_of(args, existing=existing))


def _goal_line(g) -> str:
    trig = f"  ⟶ {' | '.join(g.triggers)}" if g.triggers else ""
    return f"{g.id:<5} {g.state:<9} {g.domain:<12} {g.priority:<6} {g.speaker}: {g.statement}{trig}"


def _update_text(r) -> str:
    lines = [f"{r.action}: {_goal_line(r.goal)}"]
    if r.overlap is not None:
        lines.append(f"  same topic (overlap {r.overlap:.2f})")
    lines += [f"  {t['from'] or '∅'} -> {t['to']} ({t['reason']})" for t in r.transitions]
    if r.dropped_triggers:
        lines.append(f"  triggers beyond 2 not kept: {', '.join(r.dropped_triggers)}")
    return "\n".join(lines)


def cmd_signal(args):
    result = _goals(args, existing=False).goal_update(
        args.signal, args.statement or "", speaker=args.speaker, domain=args.domain,
        priority=args.priority, triggers=args.trigger, goal_id=args.id, source=args.source)
    emit(args, result, _update_text)


def cmd_add(args):
    args.signal, args.id = "new", None
    cmd_signal(args)


def cmd_list(args):
    goals = _goals(args).goal_state(state=args.state, speaker=args.speaker)
    emit(args, [g.to_dict() for g in goals], lambda _: "\n".join(map(_goal_line, goals)) or "(no goals)")


def _activation_text(rows) -> str:
    if not rows:
        return "(no goal is activated)"
    out = []
    quiet = [a for a in rows if not a.has_signal]
    for a in rows:
        if not a.has_signal:
            continue
        parts = [f"sim {a.similarity:.2f}" + (f" [{', '.join(a.similarity_tokens)}]" if a.similarity_tokens else "")]
        if a.domain_hit:
            parts.append(f"domain {a.goal.domain} [{', '.join(a.domain_words)}]")
        if a.bridge_hit:
            parts.append(f"bridge '{a.bridge_trigger}' [{', '.join(a.bridge_tokens)}]")
        parts.append(f"state×{a.state_weight:g}")
        out.append(f"#{a.rank} ({a.score:.3f}; similarity alone #{a.similarity_rank}) {_goal_line(a.goal)}\n"
                   f"     {'; '.join(parts)}")
    if quiet:  # the state base alone: the same score for all of them, no ranking
        out.append("no signal (the state base only): " + ", ".join(a.goal.id for a in quiet))
    return "\n".join(out)


def cmd_get(args):
    rows = _goals(args).goal_get(args.situation, args.k, include_inactive=args.all)
    emit(args, [a.to_dict() for a in rows], lambda _: _activation_text(rows))


def _history_text(goals) -> str:
    out = []
    for g in goals:
        out.append(_goal_line(g))
        for h in g.history:
            src = h.get("source") or {}
            where = src.get("kind", "?") + (f" {src['ref']}" if src.get("ref") else "")
            if h.get("kind") == "transition":
                out.append(f"    {h.get('at')}  {h.get('from') or '∅'} -> {h.get('to')}  ({h.get('reason')}; {where})")
            else:
                out.append(f"    {h.get('at')}  {h.get('signal')}: {h.get('statement')}  ({where})")
    return "\n".join(out) or "(no goals)"


def cmd_state(args):
    goals = _goals(args)
    if args.set:
        if not args.id:
            raise InvalidInputError("--set needs a goal id")
        result = goals.set_state(args.id, args.set, reason=args.reason or "user", source=args.source)
        emit(args, result, _update_text if result.action != "unchanged"
             else f"{result.goal.id} is already {result.goal.state}")
        return
    found = goals.goal_state(goal_id=args.id, state=args.state)
    emit(args, [g.to_dict() for g in found], lambda _: _history_text(found))


def cmd_extract(args):
    goals = _goals(args)
    provider = None
    if args.llm:
        from linghun.core.llm import provider_for_home

        provider = provider_for_home(goals.home)
        if provider is None:
            raise InvalidInputError("--llm: no LLM is configured (set an API key); run without --llm for offline")
    if args.journal is not None or args.entries:
        runs = (goals.extract_journal(args.journal or None, provider=provider, apply=args.apply)
                if args.journal is not None else goals.extract_entries(provider=provider, apply=args.apply))
    else:
        if not args.text:
            raise InvalidInputError("give a text, --journal DAY or --entries")
        found, results = goals.extract(args.text, args.speaker, provider=provider, apply=args.apply,
                                       source=args.source)
        runs = [(args.source or "text", found, results)]
    rows = [{"ref": ref, **found.to_dict(), "applied": [r.to_dict() for r in results]} for ref, found, results in runs]

    def text(_):
        out = []
        for ref, found, results in runs:
            for s in found.signals:
                out.append(f"{ref}  {s.signal:<8} {s.domain:<12} {s.priority:<6} {s.statement}"
                           + (f"  ⟶ {' | '.join(s.triggers)}" if s.triggers else "") + f"  ({found.by})")
            out += [f"    {r.action} {r.goal.id}" for r in results]
        return "\n".join(out) or "(no goal signal found)"

    emit(args, rows, text)


def cmd_eval(args):
    from linghun.core.goals.cue_eval import evaluate_files

    report = evaluate_files(args.cues, args.conversations, _goals(args).lexicon() if args.home else None)
    emit(args, report.to_dict(), lambda _: report.text())


def register(subparsers, parent: argparse.ArgumentParser) -> None:
    goal = subparsers.add_parser("goal", help="goals: add, signal, list, get, state, extract, eval",
                                 description="The goal ontology (memory/goals/goals.json).")
    sub = goal.add_subparsers(dest="goal_command", metavar="ACTION")
    goal.set_defaults(func=lambda args: goal.print_help() or 2)

    def details(p):
        p.add_argument("--speaker", default="user", help="whose goal it is (default: user)")
        p.add_argument("--domain", help="lexicon domain (default: classified from the statement)")
        p.add_argument("--priority", choices=PRIORITIES)
        p.add_argument("--trigger", action="append", help="a bridge trigger (up to 2; repeat the option)")
        p.add_argument("--source", help="user | entry:[n] | journal:'YYYY-MM-DD HH:MM:SS' (default: user)")

    p = sub.add_parser("add", parents=[parent], help="add a goal (a 'new' signal)")
    p.add_argument("statement")
    details(p)
    p.set_defaults(func=cmd_add)

    p = sub.add_parser("signal", parents=[parent], help="merge a signal (linghun_goal_update)")
    p.add_argument("signal", choices=SIGNALS)
    p.add_argument("statement", nargs="?", default="")
    p.add_argument("--id", help="the goal the signal is about (default: found by topic)")
    details(p)
    p.set_defaults(func=cmd_signal)

    p = sub.add_parser("list", parents=[parent], help="list goals")
    p.add_argument("--state", choices=STATES)
    p.add_argument("--speaker")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("get", parents=[parent], help="goals a situation activates (linghun_goal_get)")
    p.add_argument("situation", type=not_blank)
    p.add_argument("-k", type=non_negative, default=5, help="how many goals (0: all; default 5)")
    p.add_argument("--all", action="store_true", help="also list achieved / abandoned goals (score 0)")
    p.set_defaults(func=cmd_get)

    p = sub.add_parser("state", parents=[parent], help="goals and their history; --set changes a state")
    p.add_argument("id", nargs="?")
    p.add_argument("--state", choices=STATES, help="only goals in this state")
    p.add_argument("--set", choices=STATES, help="move the goal to this state")
    p.add_argument("--reason", help="why (recorded in the history)")
    p.add_argument("--source", help="user | entry:[n] | journal:'YYYY-MM-DD HH:MM:SS'")
    p.set_defaults(func=cmd_state)

    p = sub.add_parser("extract", parents=[parent], help="find goal signals in text, the journal or entries")
    p.add_argument("text", nargs="?")
    p.add_argument("--speaker", default="user")
    p.add_argument("--journal", nargs="?", const="", metavar="DAY", help="journal turns (a day, or all)")
    p.add_argument("--entries", action="store_true", help="warm entries")
    p.add_argument("--apply", action="store_true", help="merge the signals into goals.json")
    p.add_argument("--llm", action="store_true", help="use the configured LLM (falls back offline)")
    p.add_argument("--source", help="where the text comes from (entry:[n], journal:stamp)")
    p.set_defaults(func=cmd_extract)

    p = sub.add_parser("eval", parents=[parent], help="cue/trigger evaluation: BM25, goals, fusion")
    p.add_argument("cues", help="JSON list of {relation_type, cue_dialogue, trigger_query, time_gap}")
    p.add_argument("conversations", help="LoCoMo-format conversation file")
    p.set_defaults(func=cmd_eval)
