"""``linghun check``: run the home's memory checks (exit 1 when one fails), and manage them.

- ``linghun check [--json]`` runs every check of ``checks.json`` and records the run;
- ``linghun check add QUESTION --expect 3 --expect 7 [--forbid 5]`` makes one by hand
  (``[n]`` or a fragment of an entry's text, as ``memory_touch`` takes it);
- ``linghun check add --round ROUND_ID`` (or ``--latest-round``) pins a round: its question and
  the entries it delivered;
- ``linghun check add QUESTION --now`` keeps what a round for QUESTION delivers now (a gap just
  closed stays closed);
- ``linghun check list`` and ``linghun check remove ID``.

Format and places: ``core/CHECKS.md``.
"""
from __future__ import annotations

import argparse
from typing import Any

from linghun.core.cli import emit, home_of, not_blank
from linghun.core.errors import InvalidInputError

# core.checks loads the assembler and the search stack: imported by the commands that use them,
# so ``linghun --help`` and other commands start without them

FAILED_EXIT = 1


def _run_text(report: Any) -> str:
    if not report.results:
        return "no checks in this home (linghun check add …; see core/CHECKS.md)"
    lines = []
    for result in report.results:
        mark = "PASS" if result.passed else "FAIL"
        lines.append(f"{mark}  {result.check.id}  {result.check.question}")
        for outcome in result.missing:
            where = f"[{outcome.n}]" if outcome.n else "(left warm)"
            lines.append(f"      missing {where} {outcome.expected.text[:80]}")
            if outcome.why:
                lines.append(f"        why not: {outcome.why}")
        for outcome in result.shown_forbidden:
            lines.append(f"      shown though forbidden: {outcome.expected.text[:80]} ({', '.join(outcome.parts)})")
        if not result.passed and result.got:
            lines.append("      got instead: " + " · ".join(g[:60] for g in result.got[:6]))
    lines.append(f"{len(report.results) - len(report.failed)} passed, {len(report.failed)} failed "
                 f"({report.cpu_ms:.0f} ms CPU)")
    return "\n".join(lines)


def cmd_check(args: argparse.Namespace) -> int:
    # imported on call, for start-up time: the parser of every command loads no check modules
    from linghun.core.checks.run import run_checks

    home = home_of(args, existing=True)
    report = run_checks(home, trigger="cli")
    emit(args, report, _run_text)
    return FAILED_EXIT if report.failed else 0


def cmd_add(args: argparse.Namespace) -> int:
    # imported on call, for start-up time: the parser of every command loads no check modules
    from linghun.core.checks import make
    from linghun.core.checks.store import add_check

    home = home_of(args, existing=True)
    if args.round or args.latest_round:
        if args.question or args.expect or args.forbid:
            raise InvalidInputError("--round pins the round's own question and entries: give no question, "
                                    "--expect or --forbid with it")
        check = make.from_round(home, args.round or make.latest_round(home))
    elif not args.question:
        raise InvalidInputError("give a QUESTION (with --expect/--forbid or --now), or --round ROUND_ID")
    elif args.now:
        check = make.from_question(home, args.question)
        if args.forbid:
            check.forbid = make.by_hand(home, args.question, forbid=args.forbid).forbid
    else:
        if not args.expect and not args.forbid:
            raise InvalidInputError("name the entries: --expect [n] (and/or --forbid [n]), or --now")
        check = make.by_hand(home, args.question, args.expect, args.forbid)
    if args.note:
        check.note = args.note
    add_check(home, check)
    emit(args, check, lambda c: f"check {c.id} added: {c.question} ({len(c.expect)} expected, "
                                f"{len(c.forbid)} forbidden)")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    # imported on call, for start-up time: the parser of every command loads no check modules
    from linghun.core.checks.store import load_checks, read_results

    home = home_of(args, existing=True)
    checks = load_checks(home)
    last = (read_results(home, 1) or [{}])[-1].get("checks", {})

    def text(items) -> str:
        if not items:
            return "no checks in this home"
        state = {True: "pass", False: "FAIL"}
        return "\n".join(f"{c.id}  {state.get(last.get(c.id), 'not run'):7}  {c.question}  "
                         f"({len(c.expect)} expected, {len(c.forbid)} forbidden; {c.made_from})" for c in items)

    emit(args, checks, text)
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    # imported on call, for start-up time: the parser of every command loads no check modules
    from linghun.core.checks.store import remove_check

    removed = remove_check(home_of(args, existing=True), args.id)
    emit(args, removed, lambda c: f"check {c.id} removed: {c.question}")
    return 0


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("check", parents=[parent],
                              help="run the memory checks (exit 1 when one fails); add, list, remove them")
    p.set_defaults(func=cmd_check)
    sub = p.add_subparsers(dest="check_command", metavar="ACTION")
    q = sub.add_parser("run", parents=[parent], help="run every check (the default)")
    q.set_defaults(func=cmd_check)
    q = sub.add_parser("add", parents=[parent], help="a check by hand, from a round, or from what a question gets now")
    q.add_argument("question", nargs="?", type=not_blank)
    q.add_argument("--expect", action="append", default=[], metavar="REF", help="[n] or a text fragment; repeatable")
    q.add_argument("--forbid", action="append", default=[], metavar="REF",
                   help="an entry the agent must not be shown (a flipped fact); repeatable")
    q.add_argument("--now", action="store_true", help="expect what a round for QUESTION delivers now")
    q.add_argument("--round", metavar="ROUND_ID", help="pin this round (linghun rounds lists them)")
    q.add_argument("--latest-round", action="store_true", help="pin the newest round that delivered a bundle")
    q.add_argument("--note", default="", help="why this check exists")
    q.set_defaults(func=cmd_add)
    q = sub.add_parser("list", parents=[parent], help="the checks and how each did in the last run")
    q.set_defaults(func=cmd_list)
    q = sub.add_parser("remove", parents=[parent], help="remove one check")
    q.add_argument("id")
    q.set_defaults(func=cmd_remove)
