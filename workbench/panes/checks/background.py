"""The checks pane's work off the GUI thread: plain Python tasks (``workbench.tasks``) that read
the home through their own objects and return what the pane shows or writes."""
from __future__ import annotations

from dataclasses import dataclass

from linghun.core.assembler.trace import TraceStore
from linghun.core.checks import make
from linghun.core.checks.model import Check
from linghun.core.checks.run import RunReport, run_checks
from linghun.core.checks.store import checks_path, load_checks, read_results, render_checks
from linghun.core.errors import InvalidInputError
from linghun.core.formats import team as team_format
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.core.settings import home_settings

ROUNDS_LISTED = 30


@dataclass
class Ran:
    """A run and the history of runs after it (for the plot)."""

    report: RunReport
    history: list[dict]


def run_task(state, home: MemoryHome, trigger: str, record: bool = True) -> Ran:
    """Task: every check of the home, recorded in the results history (``record``: not for a
    read-only copy of the past)."""
    state.set_progress(0.1, "checks")
    report = run_checks(home, trigger=trigger, record=record)
    state.set_progress(1.0, "done")
    return Ran(report, read_results(home))


@dataclass
class NewChecks:
    """``checks.json`` as it is (``before``) and with ``checks`` added (``after``), for one undoable write."""

    path: str
    before: str | None
    after: str
    checks: list[Check]


def pin_task(state, home: MemoryHome, round_id: str | None) -> NewChecks:
    """Task: the check pinning ``round_id`` (None: the newest round that delivered a bundle)."""
    state.set_progress(0.2, "round")
    check = make.from_round(home, round_id or make.latest_round(home))
    return _added(home, [check])


def keep_closed_task(state, home: MemoryHome) -> NewChecks | None:
    """Task: "keep it closed": a check for each question of a closed gap that has none yet, with
    the entries a round delivers for it now (None: every closed gap has its check)."""
    lines = team_format.parse_gaps(read_text(home_settings(home).paths_home.team_file_for_reading(
        team_format.GAPS_FILE)) or "")
    existing = load_checks(home)
    asked = {c.question for c in existing}
    made: list[Check] = []
    for line in lines:
        question = " ".join(line.query.split())
        if not line.closed_at or question in asked:
            continue
        state.check_cancelled()
        asked.add(question)
        try:
            made.append(make.from_question(home, question, made_from=f"gap:{line.at}"))
        except InvalidInputError:  # the round delivers nothing now: nothing to keep
            continue
    return _added(home, made, existing) if made else None


def _added(home: MemoryHome, new: list[Check], existing: list[Check] | None = None) -> NewChecks:
    path = checks_path(home)
    before = read_text(path)
    checks = load_checks(home) if existing is None else existing  # an unparsable file raises: never overwritten
    return NewChecks(str(path), before, render_checks(checks + new), new)


def removed_text(home: MemoryHome, check_id: str) -> tuple[str, str | None, str]:
    """``(path, text now, text without check_id)`` of ``checks.json`` (read on the GUI thread: a small file)."""
    path = checks_path(home)
    checks = load_checks(home)
    return str(path), read_text(path), render_checks([c for c in checks if c.id != check_id])


def edited_text(home: MemoryHome, check_id: str, expected_id: str, to: str) -> tuple[str, str | None, str]:
    """``(path, text now, text after)`` of ``checks.json`` with one expected entry of a check
    dropped (``to`` ``drop``) or moved to the entries it must not be shown (``forbid``)."""
    path = checks_path(home)
    checks = load_checks(home)
    for check in checks:
        if check.id != check_id:
            continue
        moved = [e for e in check.expect if e.id == expected_id]
        check.expect = [e for e in check.expect if e.id != expected_id]
        if to == "forbid":
            check.forbid = check.forbid + moved
        if not check.expect and not check.forbid:
            raise InvalidInputError("a check keeps at least one entry: remove the check instead")
    return str(path), read_text(path), render_checks(checks)


def rounds_task(state, home: MemoryHome) -> list[dict]:
    """Task: the recent rounds that can be pinned (they delivered a bundle), newest first."""
    store = TraceStore(home_settings(home).paths_home)
    out = [r for r in store.rounds(limit=ROUNDS_LISTED * 2)
           if r.get("status") in ("ok", "degraded") and r.get("chars") and not r.get("replay_of")]
    return out[:ROUNDS_LISTED]


__all__ = ["NewChecks", "Ran", "edited_text", "keep_closed_task", "pin_task", "removed_text", "rounds_task", "run_task"]
