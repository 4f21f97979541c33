"""Journey 3: the goal activation demo on the demo home, and a refused transition, at 1280x800.

The README's situations bring up goals that share no word with them, through a bridge: "we booked
a family trip" -> the college fund, a rumour -> a belief about privacy; goals the situation does
not touch are "no signal", not a ranking. Clicking a state a goal may not move to says why and
changes nothing; a legal one is undone back to the same goals.json bytes.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest

from tests.journeys.conftest import (
    click, click_cell, click_tab, find_row, press, show_pane, type_into, visible_rows, visible_width, wait_for,
)
from linghun.workbench.models.goals import ActivationModel

GOAL, SCORE, BRIDGE = 2, 3, 7


def _ranked(demo, situation: str) -> list[tuple[str, str, str, str]]:
    """Type ``situation`` and read the ranking as shown: (rank, goal, score, bridge)."""
    shown: list = []
    demo.sig_ranked.connect(shown.append)
    type_into(demo.situation, situation)
    wait_for(lambda: shown and demo.situation.text() == situation and shown[-1], what="the ranking")
    demo.sig_ranked.disconnect(shown.append)
    model = demo.view.model()
    return [tuple(model.index(r, c).data() for c in (0, GOAL, SCORE, BRIDGE)) for r in range(model.rowCount())]


def test_goal_activation_demo_and_a_refused_transition(journey_window, demo_home, shots):
    goals_json = demo_home / "linghun" / "memory" / "goals" / "goals.json"
    before = goals_json.read_bytes()
    window = journey_window(demo_home)
    pane = show_pane(window, "goals")
    demo = pane.activation
    click_tab(pane.tabs, "Activation demo")

    # -- the README's family trip brings up the college fund, through its bridge -----------------
    rows = _ranked(demo, "we booked a family trip")
    rank, goal, score, bridge = rows[0]
    assert rank == "1" and "I want to save for my daughter's college fund" in goal
    assert float(score) > 0.2 and bridge.startswith("family trip")
    # goals the situation does not touch tie at the state base: shown as no signal, unranked
    quiet = [r for r in rows if r[2] == "no signal"]
    assert quiet and all(r[0] == "—" for r in quiet)
    assert all(r[2] != "no signal" for r in rows[: len(rows) - len(quiet)])
    # at 1280x800 the ranking shows its rows and the goals' statements, not "…"
    assert visible_rows(demo.view) >= 5
    assert visible_width(demo.view, GOAL) >= 250
    shots(window, "goals-family-trip")

    rank, goal, score, _ = _ranked(demo, "我们订了一次家庭旅行")[0]
    assert rank == "1" and "给女儿攒大学教育基金" in goal and float(score) > 0.2
    rank, goal, _, bridge = _ranked(demo, "someone told me a rumour about a colleague")[0]
    assert "I never pass on what a colleague told me in confidence" in goal and "rumour about a colleague" in bridge
    rank, goal, _, bridge = _ranked(demo, "有人跟我说了一个关于同事的传闻")[0]
    assert "不传播同事的私事" in goal and bridge.startswith("同事传闻")
    assert demo.formula.text().startswith("score = 0.4·sim")

    # -- a state the goal may not move to: refused with the reason, nothing written --------------
    click_tab(pane.tabs, "Goals and states")
    view = pane.view
    assert visible_width(view, 1) >= 150  # the statement column, beside the state machine
    click_cell(view, find_row(view, "十月底前签下 Blue Fjord 的续约"), 1)
    assert pane.current_goal().state == "achieved"
    assert pane.offered_transitions() == ["active"]
    diagram = pane.diagram
    QTest.mouseClick(diagram, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     diagram.node_rect("paused").center().toPoint())
    assert pane.refusal.isVisible()
    assert pane.refusal.text().endswith("cannot go from achieved to paused; from achieved it can go to: active.")
    assert "cannot go from achieved to paused" in window.statusBar().currentMessage()
    assert goals_json.read_bytes() == before
    shots(window, "goals-refused-transition")

    # -- the legal one, then undo: goals.json is byte-identical ----------------------------------
    click(pane._state_buttons["active"])
    assert pane.current_goal().state == "active" and not pane.refusal.isVisible()
    assert goals_json.read_bytes() != before
    press(view, QKeySequence(QKeySequence.StandardKey.Undo))
    wait_for(lambda: goals_json.read_bytes() == before, what="the undo")
    wait_for(lambda: pane.current_goal() is not None and pane.current_goal().state == "achieved", what="the reload")
    assert ActivationModel.COLUMNS[GOAL] == "Goal"
    shots(window, "goals-undone")
