"""The goals pane on a copy of the demo home: model, state machine, undo, edits, activation demo."""
from __future__ import annotations

import shutil

import pytest

from linghun import resources
from linghun.core.fsio import atomic_write, read_bytes
from linghun.core.goals import TRANSITIONS, Goal, Goals
from linghun.core.home import MemoryHome

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from linghun.workbench.models.goals import ActivationModel, GoalsModel, score_parts  # noqa: E402
from linghun.workbench.panes import WorkbenchContext  # noqa: E402
from linghun.workbench.panes.goals import GoalsPane  # noqa: E402
from linghun.workbench.panes.goals.dialog import GoalDialog, GoalDraft  # noqa: E402
from linghun.workbench.settings import Settings  # noqa: E402
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: E402,F401


def _open(tmp_path, home_dir):
    return WorkbenchContext.open(MemoryHome.resolve(home_dir), Settings(tmp_path / "settings.ini"))


@pytest.fixture
def ctx(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    context = _open(tmp_path, tmp_path / "dsh")
    yield context
    context.close()


@pytest.fixture
def pane(ctx, qtbot):
    widget = GoalsPane.create(ctx)
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()


def test_goals_model_passes_qtmodeltester_through_keyed_updates(ctx, qtmodeltester):
    goals = Goals(ctx.home).goals()
    model = GoalsModel()
    model.set_goals(goals[:5])
    qtmodeltester.check(model, force_py=True)
    # a goal removed, one changed, two added: rows follow the ids
    changed = Goal.from_dict({**goals[2].to_dict(), "state": "paused"})
    model.set_goals([goals[0], changed, goals[3], goals[4], goals[7], goals[8]])
    assert [g.id for g in model.goals()] == [goals[0].id, goals[2].id, goals[3].id, goals[4].id, goals[7].id, goals[8].id]
    assert model.goal(goals[2].id).state == "paused"
    assert model.row_of(goals[1].id) == -1
    qtmodeltester.check(model, force_py=True)


def test_activation_model_passes_qtmodeltester(ctx, qtmodeltester):
    model = ActivationModel()
    model.set_ranking(Goals(ctx.home).goal_get("明天发布前评审，要看事故复盘", k=0, include_inactive=True))
    qtmodeltester.check(model, force_py=True)


def test_a_legal_transition_writes_goals_json_and_undo_restores_its_bytes(pane, ctx):
    before = read_bytes(ctx.home.goals)
    assert pane.select("g1")
    assert pane.offered_transitions() == ["paused", "achieved", "abandoned"]
    assert pane.change_state("g1", "paused")
    after = read_bytes(ctx.home.goals)
    assert after != before
    goal = Goals(ctx.home).goal_state("g1")[0]
    assert goal.state == "paused"
    last = goal.history[-1]
    assert last["kind"] == "transition" and last["from"] == "active" and last["to"] == "paused"
    assert last["source"] == {"kind": "user"}
    # the pane follows at once: the paused goal is offered its own transitions
    assert pane.offered_transitions() == ["active", "achieved", "abandoned"]
    assert pane.diagram.state() == "paused"
    ctx.undo.stack.undo()
    assert read_bytes(ctx.home.goals) == before
    ctx.undo.stack.redo()
    assert read_bytes(ctx.home.goals) == after


def test_an_illegal_transition_is_not_offered(pane, ctx, qtbot):
    before = read_bytes(ctx.home.goals)
    assert pane.select("g6")  # achieved: only reopening is allowed
    assert pane.offered_transitions() == ["active"] == sorted(TRANSITIONS["achieved"])
    assert pane.diagram.legal_targets() == ["active"]
    goal = pane.current_goal()
    labels = [a.text() for a in pane.context_actions(goal)]
    assert labels == [pane.tr("Activate"), pane.tr("Edit…")]
    # asked anyway (a stale button, a script): refused, nothing written, nothing on the stack
    assert not pane.change_state("g6", "paused")
    pane.diagram.resize(320, 190)
    with qtbot.assertNotEmitted(pane.diagram.sig_state_clicked):  # clicking an illegal state does nothing
        qtbot.mouseClick(pane.diagram, Qt.MouseButton.LeftButton, pos=pane.diagram.node_rect("paused").center().toPoint())
    assert read_bytes(ctx.home.goals) == before
    assert ctx.undo.stack.count() == 0


def test_clicking_a_legal_state_in_the_diagram_changes_it(pane, ctx, qtbot):
    pane.select("g10")  # paused
    pane.diagram.resize(320, 190)
    centre = pane.diagram.node_rect("active").center().toPoint()
    qtbot.mouseClick(pane.diagram, Qt.MouseButton.LeftButton, pos=centre)
    assert Goals(ctx.home).goal_state("g10")[0].state == "active"


def test_add_and_edit_a_goal_are_undoable(pane, ctx, monkeypatch, qtbot):
    before = read_bytes(ctx.home.goals)
    draft = GoalDraft("Run a half marathon in the spring", "Maya", "health", "high", ["weekend plans", "spring race"])
    assert pane.add_goal(draft)
    new = pane.current_goal()
    assert new.statement == draft.statement and new.triggers == draft.triggers and new.domain == "health"
    assert pane.model.row_of(new.id) >= 0
    # the dialog path: its draft becomes a change signal
    monkeypatch.setattr(GoalDialog, "exec", lambda self: GoalDialog.DialogCode.Accepted)
    monkeypatch.setattr(GoalDialog, "draft", lambda self: GoalDraft("Run a full marathon in the autumn", "Maya",
                                                                   "health", "medium", ["autumn race"]))
    assert pane.edit_goal_dialog()
    edited = Goals(ctx.home).goal_state(new.id)[0]
    assert edited.statement == "Run a full marathon in the autumn" and edited.priority == "medium"
    assert edited.history[-1]["previous"]["statement"] == draft.statement
    ctx.undo.stack.undo()
    ctx.undo.stack.undo()
    assert read_bytes(ctx.home.goals) == before
    qtbot.waitUntil(lambda: pane.model.row_of(new.id) == -1, timeout=3000)  # the pane follows the undo


def test_an_external_change_is_reloaded(pane, ctx, qtbot):
    other = Goals(ctx.home)
    data = other.load()
    data.goals[0].statement = "changed by the agent"
    import json

    atomic_write(ctx.home.goals, json.dumps(data.to_json(), ensure_ascii=False, indent=2) + "\n")
    qtbot.waitUntil(lambda: pane.model.goal(data.goals[0].id).statement == "changed by the agent", timeout=3000)


def test_a_corrupt_goals_file_is_shown_and_left_as_it_is(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    home = MemoryHome.resolve(tmp_path / "dsh")
    atomic_write(home.goals, b"{ not json")
    context = _open(tmp_path, tmp_path / "dsh")
    try:
        widget = GoalsPane.create(context)
        qtbot.addWidget(widget)
        assert widget.error and not widget.errors.isHidden()
        assert widget.model.rowCount() == 0 and not widget.act_add.isEnabled()
        assert not widget.add_goal(GoalDraft("anything", "user", "", "", []))
        assert read_bytes(home.goals) == b"{ not json"
        widget.shutdown()
    finally:
        context.close()


SPEC_GOALS = [  # SPEC 8's example: a college fund, semantically far from a family trip
    ("new", "I've been putting money aside every month for my daughter's college fund", "money", "high",
     ["family trip", "kids future"]),
    ("new", "Book a hotel near the beach for the conference", "travel", "low", []),
    ("new", "Take the kids to swimming lessons every week", "family", "medium", []),
    ("new", "Plan a barbecue with the neighbours this summer", "community", "low", []),
    ("new", "Read one book a month", "art", "low", []),
    ("new", "Get to the gym three times a week", "health", "medium", ["after work"]),
]


def test_activation_demo_lifts_the_college_fund_above_its_similarity_rank(tmp_path, qtbot):
    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    goals = Goals(home)
    for signal, statement, domain, priority, triggers in SPEC_GOALS:
        goals.goal_update(signal, statement, speaker="Maya", domain=domain, priority=priority, triggers=triggers)
    context = _open(tmp_path, tmp_path / "dsh")
    try:
        widget = GoalsPane.create(context)
        qtbot.addWidget(widget)
        with qtbot.waitSignal(widget.activation.sig_ranked) as ranked:
            widget.activation.set_situation("We are planning a family trip to the beach with the kids this summer, it will cost a lot")
        ranking = ranked.args[0]
        fund = next(a for a in ranking if "college fund" in a.goal.statement)
        assert fund.bridge_hit and fund.bridge_trigger == "family trip"
        assert len(fund.bridge_tokens) >= 2  # SPEC 8: a trigger sharing two tokens
        assert fund.similarity == 0 and fund.similarity_rank == 4  # three goals share words with the trip
        assert fund.rank < fund.similarity_rank  # the residual gain of the goal channel
        assert fund.domain_hit and fund.domain_words == ["cost"]
        # the table shows the parts of the score and the similarity rank with the gain
        model = widget.activation.model
        row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(ActivationModel.IdRole) == fund.goal.id)
        parts = model.index(row, ActivationModel.PARTS_COLUMN).data(ActivationModel.PartsRole)
        assert parts.bridge > 0 and parts.total == pytest.approx(fund.score)
        assert model.index(row, 1).data() == f"{fund.similarity_rank}  ↑{fund.residual_gain}"
        assert "family trip" in model.index(row, 7).data()
        widget.shutdown()
    finally:
        context.close()


def test_score_parts_add_up_for_every_state(ctx):
    for a in Goals(ctx.home).goal_get("值班交接的时候夜间告警太多，睡不好", k=0, include_inactive=True):
        assert score_parts(a).total == pytest.approx(a.score)


def test_the_entries_hanging_on_a_goal_are_listed_and_one_opens_in_the_entries_pane(workbench, qtbot):
    """Goals as the memory's skeleton, as a person sees it: select a goal, open its Entries tab,
    read why each entry hangs there, double-click one and the entries pane shows it."""
    from PySide6.QtTest import QTest

    from tests.workbench.test_conversation_pane import _open_pane

    window = workbench.window
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    home = window.ctx.home
    memory = window.ctx.memory  # the window's own writer: the entries pane lists the entries at once
    rows_before = window.pane("entries").model.rowCount()
    memory.append("event", "用户 | 练习 | 钢琴 | 音阶 | 每天练习半小时")
    memory.append("fact", "家庭旅行 | 目的地 | 大理 | #2")
    Goals(home).goal_update("new", "我想学会弹钢琴，每天练习半小时", triggers=["家庭旅行"])
    qtbot.waitUntil(lambda: window.pane("entries").model.rowCount() == rows_before + 2, timeout=10000)
    pane = _open_pane(window, "goals")
    pane.act_reload.trigger()
    pane.tabs.setCurrentIndex(0)
    row = next(r for r in range(pane.proxy.rowCount())
               if "弹钢琴" in str(pane.proxy.index(r, 1).data()))
    rect = pane.view.visualRect(pane.proxy.index(row, 1))
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    bar = pane.detail_tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    qtbot.waitUntil(lambda: pane.hanging.topLevelItemCount() == 2, timeout=10000)
    assert pane.detail_tabs.tabText(1) == "Entries (2)"
    rows = [[pane.hanging.topLevelItem(i).text(c) for c in range(4)] for i in range(2)]
    assert rows[0][3].startswith("用户 | 练习 | 钢琴") and rows[0][2].startswith("shares ")
    assert rows[1][2] == "trigger 「家庭旅行」"
    target = pane.hanging.topLevelItem(1)
    rect = pane.hanging.visualItemRect(target)
    # a double click is a click, then the second press (Qt activates the item pressed first)
    QTest.mouseClick(pane.hanging.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(pane.hanging.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    entries = window.pane("entries")
    chosen = entries.selected_ids()
    assert len(chosen) == 1 and memory.entry(chosen[0]).body.startswith("家庭旅行 | 目的地 | 大理")
