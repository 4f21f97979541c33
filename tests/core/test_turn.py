"""A turn per user message: the round, the bundle on the inject path, the context, the journal."""
import json

import pytest

from linghun.core.cli import main as cli_main
from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section
from linghun.core.memory import Memory
from linghun.core.tools import dispatch
from linghun.core.turn import begin_turn, collect_last_user_query, run_turn, turns


def test_last_user_query_skips_injected_context():
    messages = [
        {"role": "system", "content": "你是助手"},
        {"role": "user", "content": "订单服务的端口是多少？"},
        {"role": "assistant", "content": "8087"},
        {"role": "user", "content": "那支付网关呢？"},
        {"role": "user", "content": "【身份卡】\n名字：简\n\n【本轮素材包】\n以下记忆素材…"},
    ]
    assert collect_last_user_query(messages) == "那支付网关呢？"
    # context pasted ahead of the question in one message: only the question is the query
    assert collect_last_user_query("【知识本体】\n- a\n\n【冷储摘要】\nb\n\n它现在跑在哪？") == "它现在跑在哪？"
    assert collect_last_user_query("普通问题") == "普通问题"


def test_a_turn_runs_the_round_writes_the_bundle_and_journals(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    before = home.assembled.read_text(encoding="utf-8")
    turn = run_turn(home, "支付网关的超时配置是多少？", answer="还没有记录。", session="t1")
    assert turn.round["status"] == "ok" and turn.round["decision"]["level"] in ("light", "medium", "deep")
    bundle = home.assembled.read_text(encoding="utf-8")
    assert bundle != before
    # the context shows the bundle the round just wrote, under the label
    assert turn.context.part("bundle").text.endswith(bundle.strip())
    last = Memory(home).journal_turns()[-1]
    assert last.user == "支付网关的超时配置是多少？" and last.assistant == "还没有记录。"
    record = turns(home)[-1]
    assert record["id"] == turn.id and record["answer"] == "还没有记录。" and record["journaled"] is True
    assert [p["key"] for p in record["context"]["parts"]][-1] == "bundle"


def test_a_whole_turn_writes_its_record_once_and_a_begun_one_at_once(upstream_home, monkeypatch):
    """turns.jsonl holds the last 200 turns, each with what the agent was shown (~3 MB): a turn
    that ends in the same call writes it once, finished; one begun for a later answer, at once."""
    from linghun.core import turn as turn_module

    home = MemoryHome.resolve(upstream_home)
    written = []  # the last record of each write of turns.jsonl
    real = turn_module.atomic_write

    def write(path, data):
        if path.name == "turns.jsonl":
            written.append(json.loads(data.splitlines()[-1]))
        real(path, data)

    monkeypatch.setattr(turn_module, "atomic_write", write)
    run_turn(home, "订单服务的端口是多少？", answer="8087")
    assert [(r["answer"], r["journaled"]) for r in written] == [("8087", True)]
    begun = dispatch(home, "linghun_turn", {"message": "支付网关呢？"})
    assert len(written) == 2 and written[-1]["id"] == begun["turn"] and written[-1]["journaled"] is False
    dispatch(home, "linghun_turn", {"message": "缓存呢？", "answer": "没有记录"})
    assert len(written) == 3 and written[-1]["answer"] == "没有记录"


def test_the_next_turn_gives_feedback_on_the_previous_bundle(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    run_turn(home, "订单服务的端口是多少？", answer="8087", session="a")
    second = run_turn(home, "订单服务端口 8087 改过吗？", answer="没有", session="b")
    assert second.round["feedback"] is not None and second.round["feedback"]["hit"] is True


def test_a_failed_round_keeps_the_last_bundle_and_still_journals(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    before = home.assembled.read_text(encoding="utf-8")
    update_section(home, "assembler", lambda _old: {"enabled": False})
    turn = run_turn(home, "订单服务的端口是多少？", answer="8087")
    assert turn.round["status"] == "skipped" and home.assembled.read_text(encoding="utf-8") == before
    assert "8087" in turn.context.part("bundle").text
    assert Memory(home).journal_turns()[-1].assistant == "8087"


def test_begin_then_finish_records_the_tool_calls(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    turn = begin_turn(home, "记一下：支付网关超时 30s")
    assert turns(home)[-1]["answer"] is None and not turn.journaled
    turn.finish("记下了。", [{"name": "memory_append", "arguments": {"kind": "fact"}, "result": {"ok": True}}])
    records = [r for r in turns(home) if r["id"] == turn.id]
    assert len(records) == 1 and records[0]["tool_calls"][0]["name"] == "memory_append"


def test_cli_turn_with_answer(upstream_home, capsys):
    assert cli_main(["turn", "订单服务的端口是多少？", "--answer", "8087", "--home", str(upstream_home),
                     "--offline", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["journaled"] is True and out["round"]["status"] == "ok"
    assert out["context"]["parts"][-1]["key"] == "bundle"
    last = Memory(MemoryHome.resolve(upstream_home)).journal_turns()[-1]
    assert (last.user, last.assistant) == ("订单服务的端口是多少？", "8087")


def test_the_turn_tool_finishes_the_turn_it_began_without_a_second_round(upstream_home):
    """The agent can give its answer only after answering: the second call names the turn, and the
    message is not asked a second time (one round per user message, seed A63)."""
    home = MemoryHome.resolve(upstream_home)
    cycle = home.team_file("cycle.json")
    count = json.loads(cycle.read_text(encoding="utf-8"))["turnCount"] if cycle.exists() else 0
    begun = dispatch(home, "linghun_turn", {"message": "订单服务端口是多少", "session": "a63"})
    assert begun["journaled"] is False and begun["turn"] and "【本轮素材包】" in begun["context"]
    assert json.loads(cycle.read_text(encoding="utf-8"))["turnCount"] == count + 1
    done = dispatch(home, "linghun_turn", {"turn": begun["turn"], "answer": "8087"})
    assert done == {"ok": True, "turn": begun["turn"], "journaled": True, "round": begun["round"]}
    assert json.loads(cycle.read_text(encoding="utf-8"))["turnCount"] == count + 1  # no second round
    last = Memory(home).journal_turns()[-1]
    assert (last.user, last.assistant) == ("订单服务端口是多少", "8087")
    assert [r for r in turns(home) if r["id"] == begun["turn"]][0]["answer"] == "8087"
    # finishing it again journals nothing more; an unknown turn or both arguments are refused
    dispatch(home, "linghun_turn", {"turn": begun["turn"], "answer": "8087"})
    assert len([t for t in Memory(home).journal_turns() if t.assistant == "8087"]) == 1
    with pytest.raises(NotFoundError):
        dispatch(home, "linghun_turn", {"turn": "nosuchturn", "answer": "x"})
    with pytest.raises(InvalidInputError):
        dispatch(home, "linghun_turn", {"turn": begun["turn"], "message": "again"})
    with pytest.raises(InvalidInputError):
        dispatch(home, "linghun_turn", {"answer": "no message"})
