"""The health figures of a home whose numbers are known: entries, warm size, gaps, checks,
rounds with tokens and cost, and ``linghun health --json``."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from linghun.core.checks.model import Check, Expected
from linghun.core.checks.store import add_check, append_results
from linghun.core.cli import main
from linghun.core.formats.warm import new_entry
from linghun.core.health import health_report
from linghun.core.home import MemoryHome

NOW = datetime(2026, 10, 10, 12, 0, tzinfo=timezone.utc)


def _trace(round_id: str, day: str, prompt: int, completion: int, ms: float, dry: bool = False) -> str:
    records = [
        {"type": "round", "round": round_id, "version": 1, "started_at": f"{day}T10:00:00.000+00:00",
         "query": "q", "dry_run": dry},
        {"type": "span", "round": round_id, "role": "judge", "seq": 1,
         "llm": [{"index": 0, "prompt_tokens": prompt, "completion_tokens": completion}]},
        {"type": "span", "round": round_id, "role": "editor", "seq": 2, "llm": []},
        {"type": "result", "round": round_id, "status": "ok", "duration_ms": ms},
    ]
    return "".join(json.dumps(r) + "\n" for r in records)


@pytest.fixture
def known(tmp_path) -> MemoryHome:
    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    entries = [
        new_entry("2026-10-01 09:00", "fact", "high", "订单服务 | 端口 | 8087 | #1", "2026-10-08 09:00"),  # used
        new_entry("2026-10-02 09:00", "event", "medium", "用户 | 部署 | 支付网关 | | 第一次"),  # never used
        new_entry("2026-10-03 09:00", "rule", "low", "发布前先跑冒烟测试。"),  # never used
        new_entry("2026-10-04 09:00", "fact", "wrong", "订单服务 | 端口 | 8080 | #0"),  # flipped
    ]
    home.warm.write_text("\n".join(e.raw for e in entries), encoding="utf-8")
    home.config.write_text(json.dumps({"memory": {"maxBytes": 1000, "triggerRatio": 0.5},
                                       "health": {"promptPerMillion": 2.0, "completionPerMillion": 8.0,
                                                  "currency": "EUR", "days": 7}}), encoding="utf-8")
    home.team_file("gaps.md").write_text(
        "- 2026-10-05T12:00:00.000Z 提到「Sentry 的 DSN？」，记忆无命中\n"
        "- 2026-10-08T12:00:00.000Z 提到「值班表？」，记忆无命中\n"
        "- 2026-10-01T12:00:00.000Z 提到「端口？」，记忆无命中（已补：2026-10-02T12:00:00.000Z 重跑命中）\n",
        encoding="utf-8")
    traces = home.team_file("traces")
    traces.mkdir(parents=True)
    (traces / "2026-10-09.jsonl").write_text(
        _trace("20261009-100000-aaaa", "2026-10-09", 1000, 200, 30.0)
        + _trace("20261009-110000-bbbb", "2026-10-09", 3000, 800, 50.0)
        + _trace("20261009-120000-cccc", "2026-10-09", 99999, 99999, 999.0, dry=True), encoding="utf-8")
    (traces / "2026-10-10.jsonl").write_text(_trace("20261010-100000-dddd", "2026-10-10", 0, 0, 10.0),
                                             encoding="utf-8")
    (traces / "2026-09-01.jsonl").write_text(_trace("20260901-100000-eeee", "2026-09-01", 5, 5, 5.0),
                                             encoding="utf-8")  # before the 7 days
    a = Check("端口是多少？", [Expected.of(entries[0])], id="c1")
    b = Check("怎么部署？", [Expected.of(entries[1])], id="c2")
    add_check(home, a)
    add_check(home, b)
    append_results(home, {"at": "2026-10-10T11:00:00+00:00", "checks": {"c1": True, "c2": False}})
    return home


def test_the_figures_of_a_known_home(known):
    r = health_report(known, now=NOW, trends=False)
    e = r["entries"]
    assert e["total"] == 4
    assert e["by_kind"] == {"fact": 2, "event": 1, "rule": 1}
    assert e["by_confidence"] == {"high": 1, "medium": 1, "low": 1, "wrong": 1}
    assert e["by_state"] == {"used": 1, "never used": 2, "flipped": 1}
    assert e["flipped_share"] == 0.25 and e["never_used_share"] == 0.5
    assert [o["n"] for o in e["oldest_untouched"]] == [2, 3, 1]  # flipped ones are not listed
    assert e["refs"]["flipped"] == [4]

    w = r["warm"]
    assert w["bytes"] == known.warm.stat().st_size and w["max_bytes"] == 1000 and w["trigger_bytes"] == 500
    assert w["to_consolidation_bytes"] == max(0, 500 - w["bytes"])

    g = r["gaps"]
    assert (g["open"], g["closed"], g["oldest_days"]) == (2, 1, 5.0)
    assert [i["query"] for i in g["items"]] == ["Sentry 的 DSN？", "值班表？"]

    c = r["checks"]
    assert (c["total"], c["failing"]) == (2, 1)
    assert [i["passed"] for i in c["items"]] == [True, False]

    rounds = r["rounds"]
    assert rounds["rounds"] == 3  # the dry re-run and the round before the window are not counted
    assert rounds["dry_runs"] == 1  # ...but said: `linghun rounds` lists it
    assert (rounds["llm_calls"], rounds["prompt_tokens"], rounds["completion_tokens"]) == (3, 4000, 1000)
    assert rounds["ms_per_round"] == pytest.approx(30.0)
    assert [d["rounds"] for d in rounds["days"]] == [0, 0, 0, 0, 0, 2, 1]
    assert rounds["cost"] == {"amount": pytest.approx(4000 / 1e6 * 2 + 1000 / 1e6 * 8), "currency": "EUR"}
    assert rounds["recent"][0] == "20261010-100000-dddd"
    assert r["review"]["unreviewed"] == 0  # no history recorded: nothing waits for review


def test_no_prices_no_cost(known):
    known.config.write_text(json.dumps({"health": {"days": 3}}), encoding="utf-8")
    r = health_report(known, now=NOW, trends=False)
    assert r["rounds"]["cost"] is None and len(r["rounds"]["days"]) == 3


def test_a_quiet_home_shows_the_days_up_to_its_last_activity(known, capsys):
    """60 days after its last round the home's figures are those of its active week, not zeros."""
    active = health_report(known, now=NOW)
    assert active["until"] == "2026-10-10" and active["rounds"]["rounds"] == 3
    later = health_report(known, now=NOW + timedelta(days=60))
    assert later["until"] == "2026-10-10"
    assert later["rounds"]["rounds"] == 3 and later["rounds"]["days"][-1]["day"] == "2026-10-10"
    assert any("2026-10-10" in note for note in later["notes"])
    # a round within the window moves it back to today
    (known.team_file("traces") / "2026-12-05.jsonl").write_text(
        _trace("20261205-100000-ffff", "2026-12-05", 1, 1, 1.0), encoding="utf-8")
    again = health_report(known, now=NOW + timedelta(days=60))
    assert again["until"] == (NOW + timedelta(days=60)).date().isoformat() and again["rounds"]["rounds"] == 1


def test_linghun_health_json(known, capsys):
    assert main(["health", "--json", "--home", str(known.dsh_home)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["entries"]["total"] == 4 and out["checks"]["failing"] == 1
    assert main(["health", "--home", str(known.dsh_home)]) == 0
    text = capsys.readouterr().out
    assert "flipped 25%, never used 50%" in text and "2 open" in text
    assert "1 dry run or re-run besides, not counted" in text  # `linghun rounds` lists it


def test_the_trend_follows_the_home_history(tmp_path):
    from linghun.core.health.trends import warm_trend
    from linghun.core.history import capture
    from linghun.core.memory import Memory

    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    capture.enable(home, "test")
    memory = Memory(home)
    memory.append("fact", "订单服务 | 端口 | 8087 | #1")
    memory.append("fact", "支付网关 | 超时 | 30s | #2")
    assert capture.flush()
    today = datetime.now().astimezone().date()
    [day] = warm_trend(home, today, 1)
    assert day["day"] == today.isoformat() and day["entries"] == 2 and day["writes"] == 2
    assert day["bytes"] == home.warm.stat().st_size
