"""``linghun review``: the queue of the agent's changes from the shell (core/REVIEW.md), for an
agent's machine with no GUI.

    linghun review [list] [--writer agent] [--kind update] [--day 2026-10-07] [--all]
    linghun review show ID                      the change, its consequences and diff
    linghun review accept ID... | --every       mark reviewed (a held write is made now)
    linghun review accept ID --flip-old         a contradiction: flip the old fact, keep the new
    linghun review accept ID --keep-both        a contradiction: both stand, not asked again
    linghun review reject ID [--dry-run]        undo that change alone (three-way), or drop a held write
                                                (a sync conflict: take the other machine's version)

IDs are the first characters (4 or more) of the ids ``list`` prints. Exit codes as everywhere
(core/errors.py): 3 no such change, 6 the change cannot be undone alone (nothing was written).
"""
from __future__ import annotations

import argparse

from linghun.core.cli import emit, home_of
from linghun.core.errors import InvalidInputError, NotFoundError


def _queue(args, include_reviewed: bool = False):
    # imported when a review command runs, for start-up time (the history loads libgit2)
    from linghun.core.review.service import build_queue

    home = home_of(args, existing=True)
    if not home.exists():
        raise NotFoundError(home.missing_message())
    return home, build_queue(home, include_reviewed=include_reviewed)


def _filtered(queue, args) -> list:
    items = queue.items
    if getattr(args, "writer", None):
        items = [i for i in items if i.writer == args.writer]
    if getattr(args, "kind", None):
        items = [i for i in items if i.kind == args.kind]
    if getattr(args, "day", None):
        items = [i for i in items if i.day == args.day]
    return items


def _line(item) -> str:
    flag = "" if item.status == "pending" else f" [{item.status}]"
    head = f"{item.id}  {item.when:%Y-%m-%d %H:%M}  {item.writer:<9} {item.kind:<11} {item.file}{flag}"
    lines = [head] + [f"    {c}" for c in item.consequences]
    lines += [f"    ⚠ {c.message}" for c in item.contradictions]
    return "\n".join(lines)


def cmd_list(args: argparse.Namespace) -> int:
    _home, queue = _queue(args, include_reviewed=args.all)
    items = _filtered(queue, args)
    pending = [i for i in queue.items if i.status == "pending"]
    oldest = min((i.when for i in pending), default=None)
    result = {"count": len(pending), "oldest": oldest.isoformat(timespec="seconds") if oldest else None,
              "note": queue.note, "items": [i.to_dict(with_diff=False) for i in items]}

    def text(_r) -> str:
        if not items:
            return queue.note or "nothing to review"
        since = f", the oldest from {oldest:%Y-%m-%d %H:%M}" if oldest else ""
        return "\n".join(_line(i) for i in items) + f"\n{len(pending)} change(s) to review{since}"

    emit(args, result, text)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    _home, queue = _queue(args, include_reviewed=True)
    item = queue.find(args.id)
    emit(args, item.to_dict(), lambda _r: _line(item) + ("\n\n" + item.diff if item.diff else ""))
    return 0


def cmd_accept(args: argparse.Namespace) -> int:
    from linghun.core.review import service  # start-up time, as in _queue

    home, queue = _queue(args)
    if args.every:
        if args.ids:
            raise InvalidInputError("give change ids or --every, not both")
        items = _filtered(queue, args)
    else:
        if not args.ids:
            raise InvalidInputError("give the id of a change to accept (linghun review list), or --every")
        items = [queue.find(ref) for ref in args.ids]
    if args.flip_old or args.keep_both:
        if len(items) != 1:
            raise InvalidInputError("--flip-old and --keep-both resolve the contradiction of one change")
        item = items[0]
        if not item.contradictions:
            raise InvalidInputError(f"change {item.id} contradicts nothing")
        if args.keep_both:
            service.keep_both(queue, item)
            emit(args, {"accepted": [item.id], "kept": True}, f"accepted {item.id}; both stand")
            return 0
        found = [c for c in item.contradictions if c.entry]
        if not found:
            raise InvalidInputError(f"change {item.id} contradicts no entry that could be flipped")
        flipped = service.flip_old(home, queue, item, found[0].key)
        emit(args, {"accepted": [item.id], "flipped": flipped}, f"accepted {item.id}; flipped [{flipped}]")
        return 0
    results = service.accept(home, queue, items)
    emit(args, {"accepted": [i.id for i in items], "held_made": results},
         f"accepted {len(items)} change(s)" if items else "nothing to accept")
    return 0


def cmd_reject(args: argparse.Namespace) -> int:
    from linghun.core.review import service  # start-up time, as in _queue

    home, queue = _queue(args)
    item = queue.find(args.id)
    if item.held is not None:
        if not args.dry_run:
            service.reject(home, queue, item)
        emit(args, {"rejected": item.id, "held": True, "dry_run": args.dry_run},
             f"{'would drop' if args.dry_run else 'dropped'} the held write {item.id}")
        return 0
    if item.conflict is not None:  # a sync conflict: the other machine's version is taken
        if not args.dry_run:
            service.reject(home, queue, item)
        emit(args, {"rejected": item.id, "conflict": True, "file": item.file, "dry_run": args.dry_run},
             item.diff + f"{'would take' if args.dry_run else 'took'} the other machine's version in {item.file}")
        return 0
    if args.dry_run:
        plan = service.plan_reject(home, queue.history, item)
    else:
        plan = service.reject(home, queue, item)
    emit(args, {"rejected": item.id, "files": list(plan.files), "diff": plan.diff(), "dry_run": args.dry_run},
         lambda r: plan.diff() + ("(dry run: nothing was written)" if args.dry_run else f"rejected {item.id}"))
    return 0


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("review", parents=[parent],
                              help="the agent's changes since the last review: list, show, accept, reject")
    p.set_defaults(func=cmd_list, writer=None, kind=None, day=None, all=False)
    sub = p.add_subparsers(dest="review_command", metavar="ACTION")

    def filters(q) -> None:
        q.add_argument("--writer", help="only changes by this writer (agent, tool, cli...)")
        q.add_argument("--kind", help="only changes of this kind (append, update, merge, consolidate...)")
        q.add_argument("--day", help="only changes made that day (YYYY-MM-DD)")

    q = sub.add_parser("list", parents=[parent], help="the changes waiting for review, newest first")
    filters(q)
    q.add_argument("--all", action="store_true", help="with the changes already reviewed since the last full review")
    q.set_defaults(func=cmd_list)
    q = sub.add_parser("show", parents=[parent], help="one change: its consequences and diff")
    q.add_argument("id")
    q.set_defaults(func=cmd_show)
    q = sub.add_parser("accept", parents=[parent], help="mark changes reviewed (a held write is made)")
    q.add_argument("ids", nargs="*", metavar="ID")
    q.add_argument("--every", action="store_true", help="every change waiting (with the filters given)")
    filters(q)
    q.add_argument("--flip-old", action="store_true", help="a contradiction: flip the old fact, keep the new")
    q.add_argument("--keep-both", action="store_true", help="a contradiction: keep both, not asked again")
    q.set_defaults(func=cmd_accept)
    q = sub.add_parser("reject", parents=[parent], help="undo one change alone, keeping every later one")
    q.add_argument("id")
    q.add_argument("--dry-run", action="store_true", help="only show what would be written")
    q.set_defaults(func=cmd_reject)
