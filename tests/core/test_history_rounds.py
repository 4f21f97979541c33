"""The agent's rounds as the home records them: a round is a gap only when its own retrieval
found nothing, not because the same question once did."""
import json

from linghun.core.history.rounds import home_rounds
from linghun.core.home import MemoryHome

PAYMENT_Q = "支付网关的超时配置是多少"  # a gap of the fixture's first round (2026-10-06 12:15)


def _ask_again(home, at: str, turn: int, query: str) -> None:
    ledger = home.team_dir / "judge" / "history.jsonl"
    line = {"at": at, "turn": turn, "query": query, "level": "light", "strategy": "general", "by": "code"}
    with ledger.open("a", encoding="utf-8") as out:
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")


def test_the_same_question_asked_again_is_not_marked_a_gap(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    _ask_again(home, "2026-10-08T09:00:00.000Z", 4, PAYMENT_Q)
    rounds = [r for r in home_rounds(home) if r.query == PAYMENT_Q]
    assert [(r.turn, r.gap) for r in rounds] == [(4, False), (1, True)]


def test_a_gap_recorded_a_moment_after_its_judgment_is_that_rounds(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    _ask_again(home, "2026-10-08T09:00:00.000Z", 4, "新的问题")
    gaps = home.team_dir / "gaps.md"
    gaps.write_text(gaps.read_text(encoding="utf-8") + "- 2026-10-08T09:00:00.400Z 提到「新的问题」，记忆无命中\n",
                    encoding="utf-8")
    assert [r.gap for r in home_rounds(home) if r.query == "新的问题"] == [True]
