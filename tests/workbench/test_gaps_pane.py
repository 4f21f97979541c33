"""The gaps pane on a copy of the demo home: listing, fill + re-run, note, dismiss, bad files."""
from __future__ import annotations

import json
import shutil

import pytest

from linghun import resources
from linghun.core.formats import team as team_format
from linghun.core.home import MemoryHome
from linghun.workbench.models.gaps import GapsModel, annotate, dismiss, fill_draft, load_gaps
from linghun.workbench.panes import WorkbenchContext
from linghun.workbench.panes.entries.pane import EntriesPane
from linghun.workbench.panes.gaps import GapsPane
from linghun.workbench.settings import Settings

from PySide6.QtWidgets import QWidget


class _Window(QWidget):
    """The one thing the gaps pane asks of the main window: its panes by name."""

    def __init__(self) -> None:
        super().__init__()
        self.panes = {}

    def pane(self, name):
        return self.panes.get(name)


@pytest.fixture
def ctx(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    window = _Window()
    qtbot.addWidget(window)
    context = WorkbenchContext.open(MemoryHome.resolve(tmp_path / "dsh"), Settings(tmp_path / "settings.ini"), window)
    yield context
    context.close()


@pytest.fixture
def pane(ctx, qtbot):
    widget = GapsPane.create(ctx)
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()


def _team(ctx, name):
    return ctx.home.team_file(name)


def test_model_passes_qtmodeltester(ctx, qtmodeltester):
    model = GapsModel(ctx.home)
    model.reload()
    qtmodeltester.check(model, force_py=True)


def test_gaps_of_both_files_with_their_rounds(pane, ctx):
    lines = team_format.parse_gaps(_team(ctx, team_format.GAPS_FILE).read_text())
    gaps = pane.model.gaps()
    assert len(gaps) == len(lines) >= 5
    assert all(g.in_md and g.in_cycle for g in gaps)
    assert all(g.round is not None and g.round["at"] == g.at for g in gaps)
    pane.select(gaps[0].key)
    assert gaps[0].query.split("？")[0] in pane.detail.text()


def test_fill_then_rerun_closes_the_gap(pane, ctx, qtbot):
    from linghun.core.assembler.debounce import Debouncer
    from linghun.core.assembler.round import Assembler

    entries = EntriesPane.create(ctx)
    qtbot.addWidget(entries)
    ctx.window.panes["entries"] = entries
    question = "Sentry 的 DSN 配在哪里？"
    assert Assembler(ctx.home, debouncer=Debouncer(), keep_traces=False).run(question).gap  # a real gap
    qtbot.waitUntil(lambda: any(g.query == question for g in pane.model.gaps()), timeout=5000)
    gap = next(g for g in pane.model.gaps() if g.query == question)
    pane.select(gap.key)

    with qtbot.waitSignal(pane.sig_rerun_finished, timeout=20000) as before:
        pane.rerun()
    assert before.args == [gap.key, False]
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)

    count = len(ctx.memory.entries())
    assert pane.fill()
    # the question is not an entity: no known entity is named in it, so the person types it
    assert entries.editor.is_new and entries.editor.draft()["body"].startswith(" |  |  | 缺口 ")
    body = "Sentry | DSN 配置位置 | checkout-api 的 config/sentry.yaml | 运维手册#5"
    entries.editor.apply_values({"body": body})
    assert entries.save_editor()
    assert len(ctx.memory.entries()) == count + 1
    assert ctx.memory.entries()[-1].body == body

    cycle_before = _team(ctx, team_format.CYCLE_FILE).read_bytes()
    with qtbot.waitSignal(pane.sig_rerun_finished, timeout=20000) as after:
        pane.rerun()
    assert after.args == [gap.key, True]
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    assert pane.model.gap(gap.key).status == "closed"
    assert "config/sentry.yaml" in pane.result.toPlainText()
    [line] = [g for g in team_format.parse_gaps(_team(ctx, team_format.GAPS_FILE).read_text()) if g.query == question]
    assert line.closed_at  # kept in gaps.md: a restart shows it closed
    assert _team(ctx, team_format.CYCLE_FILE).read_bytes() == cycle_before  # a dry run


def test_fill_without_the_entries_pane_says_so(pane, ctx):
    pane.select(pane.model.gaps()[0].key)
    messages = []
    ctx.show_message = messages.append
    assert not pane.fill()
    assert messages


def test_note_is_written_to_cycle_json_and_undone(pane, ctx):
    path = _team(ctx, team_format.CYCLE_FILE)
    before = path.read_bytes()
    gap = pane.model.gaps()[-1]
    pane.select(gap.key)
    pane.note_edit.setText("on-call 写成了 on-call rotation，检索对不上")
    assert pane.has_unsaved_changes()
    assert pane.save_note()
    cycle = json.loads(path.read_text())
    item = next(i for i in cycle["gaps"] if i["at"] == gap.at and i["query"] == gap.query)
    assert item["note"] == "on-call 写成了 on-call rotation，检索对不上"
    old = json.loads(before)
    assert [k for k in cycle] == [k for k in old] and cycle["judgeStats"] == old["judgeStats"]
    assert pane.model.gap(gap.key).note == item["note"]
    ctx.undo_stack.undo()
    assert path.read_bytes() == before


def test_dismiss_removes_the_gap_from_both_files_and_undo_restores(pane, ctx):
    cycle_path, md_path = _team(ctx, team_format.CYCLE_FILE), _team(ctx, team_format.GAPS_FILE)
    cycle_before, md_before = cycle_path.read_bytes(), md_path.read_bytes()
    gap = pane.model.gaps()[2]
    pane.select(gap.key)
    assert pane.dismiss_current()
    assert pane.model.gap(gap.key) is None
    assert len(md_path.read_text().splitlines()) == len(md_before.decode().splitlines()) - 1
    assert all(i["at"] != gap.at or i["query"] != gap.query for i in json.loads(cycle_path.read_text())["gaps"])
    ctx.undo_stack.undo()
    assert cycle_path.read_bytes() == cycle_before and md_path.read_bytes() == md_before


def test_text_functions_keep_foreign_lines_and_keys(ctx):
    gaps, files = load_gaps(ctx.home)
    md = "# 缺口\n" + files.gaps_md + "手写的一行\n"
    cycle = json.loads(files.cycle)
    cycle["ours"] = {"x": 1}
    new_cycle, new_md = dismiss(json.dumps(cycle), md, gaps[0], "2026-10-24T00:00:00.000Z")
    assert new_md.startswith("# 缺口\n") and new_md.endswith("手写的一行\n")
    assert json.loads(new_cycle)["ours"] == {"x": 1}
    noted = json.loads(annotate(None, gaps[0], "  a   note ", "2026-10-24T00:00:00.000Z"))
    assert noted["gaps"] == [{"query": gaps[0].query, "note": "a note", "at": gaps[0].at}]
    assert fill_draft(gaps[0])[0] == "fact"


def test_a_corrupt_cycle_json_is_shown_and_left_untouched(ctx, qtbot):
    path = _team(ctx, team_format.CYCLE_FILE)
    path.write_bytes(b"{not json")
    widget = GapsPane.create(ctx)
    qtbot.addWidget(widget)
    try:
        assert widget.errors.isVisibleTo(widget) and "cycle.json" in widget.errors.text()
        assert widget.model.gaps() and all(g.in_md and not g.in_cycle for g in widget.model.gaps())
    finally:
        widget.shutdown()
    assert path.read_bytes() == b"{not json"


def test_a_new_gap_written_by_the_assembler_appears(pane, ctx, qtbot):
    from linghun.core.assembler.debounce import Debouncer
    from linghun.core.assembler.round import Assembler

    before = len(pane.model.gaps())
    result = Assembler(ctx.home, debouncer=Debouncer(), keep_traces=False).run("zxqv 完全无关的问题 blorf")
    assert result.gap
    qtbot.waitUntil(lambda: len(pane.model.gaps()) == before + 1, timeout=5000)


def test_a_rerun_can_be_cancelled(pane, ctx, qtbot):
    import threading

    release = threading.Event()
    blockers = [ctx.tasks.submit("block", lambda state: release.wait(10)) for _ in range(2)]
    pane.select(pane.model.gaps()[0].key)
    handle = pane.rerun()
    assert pane.act_cancel.isEnabled() and not pane.act_rerun.isEnabled()
    with qtbot.waitSignal(handle.sig_cancelled, timeout=5000):
        pane.act_cancel.trigger()
        release.set()
    qtbot.waitUntil(lambda: all(b.done for b in blockers) and pane._handle is None, timeout=5000)
    assert pane.result.toPlainText() == "Cancelled."
    assert pane.act_rerun.isEnabled()


def test_a_cancel_request_stops_the_round_between_roles(ctx):
    from linghun.workbench.panes.gaps.pane import rerun_round
    from linghun.workbench.tasks import TaskCancelled, TaskState

    state = TaskState()
    state.request_cancel()
    with pytest.raises(TaskCancelled):
        rerun_round(state, ctx.home, "Who is on call right now?")


def test_an_empty_home_opens(empty_home, tmp_path, qtbot):
    ctx = WorkbenchContext.open(MemoryHome.resolve(empty_home), Settings(tmp_path / "settings.ini"))
    try:
        widget = GapsPane.create(ctx)
        qtbot.addWidget(widget)
        assert widget.model.gaps() == [] and not widget.errors.isVisibleTo(widget)
        assert not widget.act_fill.isEnabled() and not widget.act_dismiss.isEnabled()
        widget.shutdown()
    finally:
        ctx.close()


def test_gaps_of_the_legacy_team_folder_are_read_and_written_to_the_current_one(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    home = MemoryHome.resolve(tmp_path / "dsh")
    legacy = home.legacy_team_dir
    legacy.mkdir()
    for name in (team_format.GAPS_FILE, team_format.CYCLE_FILE):
        (home.team_dir / name).rename(legacy / name)
    legacy_bytes = {p.name: p.read_bytes() for p in legacy.iterdir()}
    ctx = WorkbenchContext.open(home, Settings(tmp_path / "settings.ini"))
    try:
        widget = GapsPane.create(ctx)
        qtbot.addWidget(widget)
        gaps = widget.model.gaps()
        assert len(gaps) == len(team_format.parse_gaps(legacy_bytes[team_format.GAPS_FILE].decode()))
        widget.select(gaps[0].key)
        assert widget.dismiss_current()
        assert len(widget.model.gaps()) == len(gaps) - 1  # the current files now win
        assert {p.name: p.read_bytes() for p in legacy.iterdir()} == legacy_bytes  # never written
        ctx.undo_stack.undo()
        assert not (home.team_dir / team_format.GAPS_FILE).exists()
        widget.reload()
        assert len(widget.model.gaps()) == len(gaps)
        widget.shutdown()
    finally:
        ctx.close()


def test_a_rerun_answers_every_gap_of_the_same_question(pane, qtbot):
    question = "vault 的访问策略是谁维护的？"  # filled by hand in the demo after it was asked
    same = [g for g in pane.model.gaps() if g.query == question]
    assert len(same) >= 2
    pane.select(same[0].key)
    with qtbot.waitSignal(pane.sig_rerun_finished, timeout=20000) as blocker:
        pane.rerun()
    assert blocker.args == [same[0].key, True]
    assert all(pane.model.gap(g.key).status == "closed" for g in same)
    assert all(g.status == "open" for g in pane.model.gaps() if g.query != question)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)


def test_the_fill_draft_names_a_known_entity_never_the_whole_question(ctx):
    from linghun.core.formats.warm import new_entry

    gap = load_gaps(ctx.home)[0][0]
    facts = [new_entry("2026-10-01 10:00", "fact", "high", "checkout-api | 生产版本 | v2.6.0 | 发布记录#1"),
             new_entry("2026-10-01 10:00", "fact", "high", "checkout | 负责人 | 陈雨 | #2")]
    gap.query = "checkout-api 的生产版本是多少？"
    kind, body = fill_draft(gap, facts)
    assert kind == "fact" and body.startswith("checkout-api | 生产版本 |  | 缺口 ")
    gap.query = "Who is on call right now?"
    assert fill_draft(gap, facts)[1].startswith(" |  |  | 缺口 ")


def test_a_closed_gap_line_keeps_the_upstream_line_and_every_other_byte():
    text = "# 缺口\n- 2026-10-06T12:15:00.000Z 提到「支付网关的超时配置是多少」，记忆无命中\r\n手写\n"
    closed = team_format.set_gap_closed(text, "2026-10-06T12:15:00.000Z", "支付网关的超时配置是多少",
                                        "2026-12-01T10:00:00.000Z")
    assert closed == ("# 缺口\n- 2026-10-06T12:15:00.000Z 提到「支付网关的超时配置是多少」，记忆无命中"
                      "（已补：2026-12-01T10:00:00.000Z 重跑命中）\r\n手写\n")
    [line] = team_format.parse_gaps(closed)
    assert line.closed_at == "2026-12-01T10:00:00.000Z" and line.query == "支付网关的超时配置是多少"
    assert team_format.set_gap_closed(closed, line.at, line.query, "") == text
