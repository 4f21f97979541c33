"""The scribe (SPEC 11.8, zero LLM): the round recorded in the team workspace, and the bundle.

Under the home lock, each file read fresh; the round's files are then written as one
all-or-nothing change (``core.transaction``: a crash or a full disk midway leaves every file as it
was before the round or every file as it is after it, never a cycle.json that counts a turn the
judge ledger lacks):

- ``cycle.json``: turnCount, lastJudge, judgeStats, feedback (when recorded), gaps (last 50);
- ``gaps.md``: one line per gap;
- ``judge/history.jsonl``: one line per judged round (last 200);
- ``editor/bundles.jsonl``: one line per delivered bundle (last 200);
- ``assembled.md``: the bundle, only when the editor succeeded. On failure the previous bundle
  stays (``fallbackKeepLast``); with ``fallbackKeepLast`` off it is emptied, so no stale material
  is injected.

A file that is not UTF-8 is left alone and the trace says so. Each write is traced as a diff.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from linghun.core.assembler.context import RoundContext
from linghun.core.assembler.editor import EditorResult
from linghun.core.assembler.feedback import FeedbackResult
from linghun.core.assembler.judge import Decision
from linghun.core.assembler.trace import Span, text_diff
from linghun.core.errors import UnreadableFileError
from linghun.core.formats import team
from linghun.core.fsio import read_bytes, read_text
from linghun.core.home_lock import home_lock
from linghun.core.redact import scrub
from linghun.core.transaction import FileChange, commit


@dataclass
class ScribeInput:
    decision: Decision | None
    feedback: FeedbackResult | None
    gap: bool
    editor: EditorResult | None
    timeline: bool
    advocate: bool
    failed: str | None = None


def run(ctx: RoundContext, span: Span, record: ScribeInput) -> dict[str, Any]:
    at = team.iso_now(ctx.now)
    span.inputs = {"at": at, "judged": record.decision is not None, "gap": record.gap,
                   "bundle": record.editor is not None, "failed": record.failed}
    written: dict[str, Any] = {}
    staged: list[tuple[FileChange, str, dict[str, Any]]] = []
    with home_lock(ctx.home).hold():
        cycle_path = ctx.home.team_file(team.CYCLE_FILE)
        if ctx.dry_run:  # a replay counts from the ledger the original round saw
            raw_cycle, problem = ctx.inputs.cycle_before, None
        else:
            raw_cycle, problem = team.claim_team_json(ctx.home.team_file_for_reading(team.CYCLE_FILE))
        if problem:
            span.decide("cycle.json", "empty state", problem)
        cycle = team.normalise_cycle(raw_cycle, at)
        if record.feedback is not None and record.feedback.recorded:
            team.cycle_record_feedback(cycle, record.feedback.hit, ctx.query, at)
        turn = int(cycle.get("turnCount") or 0)
        if record.decision is not None:
            team.cycle_record_judge(cycle, record.decision.to_dict(), at)
            turn = cycle["turnCount"]
            if record.gap:  # the user's words: a gap is what they mentioned and memory lacked
                team.cycle_record_gap(cycle, ctx.query, at)
        written["turn"] = turn
        _stage(ctx, span, staged, cycle_path, team.CYCLE_FILE, lambda _old: team.render_json(cycle))
        if record.decision is not None:
            _stage_judged(ctx, span, staged, record, at, turn, written)
        _commit(ctx, span, staged)
    span.outputs = {"files": [f["path"] for f in span.files], **written}
    return written


def _stage_judged(ctx: RoundContext, span: Span, staged: list, record: ScribeInput, at: str, turn: int,
                  written: dict[str, Any]) -> None:
    """The files a judged round adds to: gaps, the two ledgers and the bundle."""
    if record.gap:
        _stage(ctx, span, staged, ctx.home.team_file(team.GAPS_FILE), team.GAPS_FILE,
               lambda old: team.append_gap(old, at, ctx.query))
    history = team.judge_record(at, turn, record.decision.to_dict(), ctx.model)
    _stage(ctx, span, staged, ctx.home.team_file(team.JUDGE_HISTORY_FILE), team.JUDGE_HISTORY_FILE,
           lambda old: team.append_jsonl(old, [history]))
    if record.editor is not None:
        bundle = team.bundle_record(at, turn, record.decision.to_dict(), record.editor.entry_count,
                                    len(record.editor.text), record.timeline, record.advocate)
        _stage(ctx, span, staged, ctx.home.team_file(team.EDITOR_BUNDLES_FILE), team.EDITOR_BUNDLES_FILE,
               lambda old: team.append_jsonl(old, [bundle]))
        _stage(ctx, span, staged, ctx.home.assembled, "assembled.md", lambda _old: record.editor.text + "\n")
        written["assembled"] = True
        span.decide("assembled.md", "written", f"{len(record.editor.text)} characters delivered")
    elif ctx.config.get("fallbackKeepLast"):
        written["assembled"] = False
        span.decide("assembled.md", "kept", f"fallbackKeepLast: the previous bundle stays ({record.failed})")
    else:
        _stage(ctx, span, staged, ctx.home.assembled, "assembled.md", lambda _old: "")
        written["assembled"] = False
        span.decide("assembled.md", "emptied", f"fallbackKeepLast is off: no stale bundle ({record.failed})")


def _stage(ctx: RoundContext, span: Span, staged: list, path: Path, name: str, render: Callable[[str], str]) -> None:
    """Render ``path`` from its current text and add the change to ``staged``. A team file that
    exists only in the legacy ``linghun/team`` folder is read from there and written to the
    current one (SPEC 2)."""
    source = path if name == "assembled.md" else ctx.home.team_file_for_reading(name)
    try:
        before = read_text(source) or ""
    except UnreadableFileError as exc:
        span.decide(name, "left alone", str(exc))
        return
    after = scrub(render(before))  # the agent reads these files: no key in a stored error
    if after == before and source == path:
        return
    record = {"path": name, "action": "dry-run" if ctx.dry_run else "write", "bytes": len(after.encode()),
              "diff": text_diff(name, before, after)}
    staged.append((FileChange(path, read_bytes(path), after.encode("utf-8")), name, record))


def _commit(ctx: RoundContext, span: Span, staged: list) -> None:
    """Write the staged files as one change (the caller holds the home lock), then trace them."""
    if not ctx.dry_run and staged:
        commit(ctx.home.root, [change for change, _, _ in staged])
    for change, name, record in staged:
        span.files.append(record)
        if not ctx.dry_run:
            # the same notice every memory write gives, so open views (gaps, ledger) refresh
            ctx.trace.bus.publish("memory.changed", path=str(change.path),
                                  what="assembled" if name == "assembled.md" else "team")
