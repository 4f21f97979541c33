"""The health dashboard through the real main window, on a home whose numbers are known: the
figures shown, and a bar or a link followed to the entries, checks and rounds behind it."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.core.checks.model import Check, Expected
from linghun.core.checks.store import add_check, append_results
from linghun.core.formats.warm import new_entry
from linghun.core.home import MemoryHome
from tests.core.test_health import _trace
from tests.journeys.conftest import journey_window, show_pane, wait_for  # noqa: F401
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401


@pytest.fixture
def known_home(tmp_path):
    """Four entries (one used, two never used, one flipped), two open gaps, two checks of which
    one failed in the last run, three rounds today and yesterday with known tokens, prices set."""
    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    entries = [
        new_entry("2026-10-01 09:00", "fact", "high", "订单服务 | 端口 | 8087 | #1", "2026-10-08 09:00"),
        new_entry("2026-10-02 09:00", "event", "medium", "用户 | 部署 | 支付网关 | | 第一次"),
        new_entry("2026-10-03 09:00", "rule", "low", "发布前先跑冒烟测试。"),
        new_entry("2026-10-04 09:00", "fact", "wrong", "订单服务 | 端口 | 8080 | #0"),
    ]
    home.warm.write_text("\n".join(e.raw for e in entries), encoding="utf-8")
    home.config.write_text(json.dumps({"memory": {"maxBytes": 2000},
                                       "health": {"promptPerMillion": 2.0, "completionPerMillion": 8.0,
                                                  "currency": "EUR", "days": 7}}), encoding="utf-8")
    home.team_file("gaps.md").write_text("- 2026-10-05T12:00:00.000Z 提到「Sentry 的 DSN？」，记忆无命中\n"
                                         "- 2026-10-08T12:00:00.000Z 提到「值班表？」，记忆无命中\n", encoding="utf-8")
    today = datetime.now().astimezone().date()
    yesterday = today - timedelta(days=1)
    traces = home.team_file("traces")
    traces.mkdir(parents=True)
    (traces / f"{yesterday}.jsonl").write_text(
        _trace(f"{yesterday:%Y%m%d}-100000-aaaa", str(yesterday), 1000, 200, 30.0)
        + _trace(f"{yesterday:%Y%m%d}-110000-bbbb", str(yesterday), 3000, 800, 50.0), encoding="utf-8")
    (traces / f"{today}.jsonl").write_text(_trace(f"{today:%Y%m%d}-080000-dddd", str(today), 0, 0, 10.0)
                                           + _trace(f"{today:%Y%m%d}-090000-eeee", str(today), 500, 500, 10.0,
                                                    dry=True), encoding="utf-8")
    add_check(home, Check("端口是多少？", [Expected.of(entries[0])], id="c1"))
    add_check(home, Check("订单服务的旧端口？", [Expected.of(entries[3])], id="c2"))  # flipped: fails
    append_results(home, {"at": datetime.now().astimezone().isoformat(), "checks": {"c1": True, "c2": False}})
    return home, entries


def test_the_dashboard_shows_the_known_figures_and_follows_them(journey_window, known_home, qtbot):
    home, entries = known_home
    window = journey_window(home.dsh_home)
    window.switch_workspace("evaluate")
    pane = show_pane(window, "health")
    wait_for(lambda: pane.report is not None, 20000, "the health figures")
    cards = {k: label.text() for k, label in pane.cards.items()}
    assert "Entries: 4</b>" in cards["entries"] and "flipped 25%" in cards["entries"]
    assert "never used 50%" in cards["entries"] and "2 events" not in cards["entries"]
    assert "of 2,000 bytes" in cards["warm"]
    assert "Open gaps: 2</b>" in cards["gaps"]
    assert "Checks failing: 1 / 2</b>" in cards["checks"] and "订单服务的旧端口？" in cards["checks"]
    assert "Rounds: 3</b>" in cards["rounds"] and "3 LLM calls, 4,000 + 1,000 tokens" in cards["rounds"]
    assert "cost 0.0160 EUR" in cards["rounds"]
    # the dry run `linghun rounds` lists beside them is said, not counted
    assert "(1 dry run or re-run besides, not counted)" in cards["rounds"]
    assert list(pane.entry_bars._heights) == [1, 2, 1, 1, 1, 1]  # used, never used, flipped, high, medium, low
    assert list(pane.round_bars._heights)[-2:] == [2, 1]

    # the flipped bar, clicked: the entries pane shows the flipped entry
    QTest.mouseClick(pane.entry_bars.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     pane.entry_bars.bar_centre(2))
    entries_pane = window.pane("entries")
    assert entries_pane.selected_ids() == [window.ctx.memory.entries()[3].id]
    assert window.ctx.memory.entries()[3].is_wrong

    # the failing check's link: the checks pane selects it
    pane.cards["checks"].linkActivated.emit("check:c2")
    checks = window.pane("checks")
    wait_for(lambda: checks.current_id() == "c2", 20000, "the failing check selected")

    # today's round bar: the rounds pane selects that round
    window.switch_workspace("evaluate")
    pane = show_pane(window, "health")
    QTest.mouseClick(pane.round_bars.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     pane.round_bars.bar_centre(6))
    rounds = window.pane("rounds")
    wait_for(lambda: (rounds.current_round_id() or "").endswith("-dddd"), 20000, "today's round selected")


def test_a_quiet_home_shows_its_last_active_days(journey_window, known_home, qtbot):
    """Rounds 40 days ago, none since (an old demo): the cards and bars show those days and say
    up to when, rather than a window of zeros."""
    home, _entries = known_home
    traces = home.team_file("traces")
    quiet = datetime.now().astimezone().date() - timedelta(days=40)
    for path in traces.glob("*.jsonl"):
        path.unlink()
    (traces / f"{quiet}.jsonl").write_text(
        _trace(f"{quiet:%Y%m%d}-100000-aaaa", str(quiet), 1000, 200, 30.0)
        + _trace(f"{quiet:%Y%m%d}-110000-bbbb", str(quiet), 3000, 800, 50.0), encoding="utf-8")
    window = journey_window(home.dsh_home)
    window.switch_workspace("evaluate")
    pane = show_pane(window, "health")
    wait_for(lambda: pane.report is not None, 20000, "the health figures")
    card = pane.cards["rounds"].text()
    assert "Rounds: 2</b>" in card and f"up to {quiet}, the last active day" in card
    assert list(pane.round_bars._heights)[-1] == 2
    # the note under the cards reads as text: it showed "the home&#x27;s last active day"
    assert pane.notes.isVisible() and f"up to {quiet}, the home's last active day" in pane.notes.text()


def test_tokens_the_server_did_not_report_are_labelled_counted_or_estimated(journey_window, known_home, qtbot,
                                                                             settings):
    """Today a llama.cpp server sent no usage: one call counted by its tokenizer, one estimated;
    yesterday's calls were reported (older traces, no source). The card says which part is which,
    in English and in Chinese."""
    home, _entries = known_home
    today = datetime.now().astimezone().date()
    rid = f"{today:%Y%m%d}-080000-dddd"
    calls = [{"index": 0, "prompt_tokens": 300, "completion_tokens": 40, "usage_source": "counted"},
             {"index": 1, "prompt_tokens": 200, "completion_tokens": 20, "usage_source": "estimated"}]
    records = [{"type": "round", "round": rid, "version": 1, "started_at": f"{today}T08:00:00.000+00:00", "query": "q"},
               {"type": "span", "round": rid, "role": "editor", "seq": 1, "llm": calls},
               {"type": "result", "round": rid, "status": "ok", "duration_ms": 10.0}]
    (home.team_file("traces") / f"{today}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records),
                                                             encoding="utf-8")
    window = journey_window(home.dsh_home)
    window.switch_workspace("evaluate")
    pane = show_pane(window, "health")
    wait_for(lambda: pane.report is not None, 20000, "the health figures")
    card = pane.cards["rounds"]
    assert ("4 LLM calls, 4,500 + 1,060 tokens (estimated in part: 1 of 4 calls) "
            "(counted in part: 1 of 4 calls)") in card.text()
    assert "counted by its tokenizer or estimated from the text" in card.toolTip()
    settings.language = "zh_CN"
    wait_for(lambda: "（部分为估算：4 次调用中的 1 次）" in pane.cards["rounds"].text(), 5000, "the Chinese label")
    assert "（部分由分词器计数：4 次调用中的 1 次）" in card.text() and "分词器" in card.toolTip()
    settings.language = "en"
