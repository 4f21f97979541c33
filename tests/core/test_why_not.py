"""Why was [n] delivered, or not: exclusion, score and rank, the cut, and single changes re-run."""
from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.why_not import explain
from linghun.core.home import MemoryHome

QUESTION = "改数据库结构之前要做什么？"
# the words' channel: its cut, its terms and its near copies are what most of these explain
CUT_AT_ONE = AssemblerConfig().with_overrides({"retrieval.mode": "always", "retrieval.topK": 1,
                                                "retrieval.meaning": False})


def test_an_entry_below_the_cut_and_what_raising_top_k_does(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    before = home.warm.read_bytes()
    w = explain(home, QUESTION, 7, CUT_AT_ONE)
    assert (w.delivered, w.mode, w.k, w.rank) == (False, "bm25", 1, 2)
    assert "数据库" in w.matched and "结构" in w.missed
    assert w.cut_score > w.score
    assert "below the cut" in w.reason
    variants = {v.change: v for v in w.variants}
    assert variants["retrieval.topK = 2"].delivered and variants["retrieval.topK = 2"].rank == 2
    assert not variants["touch [7]"].delivered
    assert home.warm.read_bytes() == before  # variants ran on copies


def test_the_top_hit_is_delivered_and_a_flipped_entry_is_excluded(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    top = explain(home, QUESTION, 9, CUT_AT_ONE)
    assert top.delivered and top.via == "bm25" and top.rank == 1 and top.variants == []
    flipped = explain(home, QUESTION, 2, CUT_AT_ONE)
    assert flipped.excluded == "flipped" and not flipped.delivered


def test_an_entry_no_term_matches_cannot_be_brought_in_by_top_k(upstream_home):
    w = explain(MemoryHome.resolve(upstream_home), QUESTION, 1, CUT_AT_ONE)
    assert w.score == 0 and w.matched == {}
    assert "no query term matches it" in w.reason
    # with the defaults the meaning channel reaches it (the question's sense, not its words)
    meant = explain(MemoryHome.resolve(upstream_home), QUESTION, 1,
                    AssemblerConfig().with_overrides({"retrieval.mode": "always", "retrieval.topK": 1}))
    assert meant.via == "meaning" and "a candidate (meaning, rank" in meant.reason


def test_an_entry_mmr_dropped_as_a_near_copy_says_so_and_mmr_off_delivers_it(empty_home):
    home = MemoryHome.resolve(empty_home)
    home.warm.parent.mkdir(parents=True)
    body = "订单服务 的 端口 是 8087，部署在 staging 集群"
    home.warm.write_text(
        f"## 2026-09-27 10:00 [fact] high\n\n{body}。\n<!-- last_access: 2026-09-27 10:00 -->\n\n"
        f"## 2026-09-28 10:00 [fact] high\n\n{body}！\n<!-- last_access: 2026-09-28 10:00 -->\n\n"
        "## 2026-09-29 10:00 [fact] high\n\n支付服务 的 端口 是 9090\n<!-- last_access: 2026-09-29 10:00 -->\n",
        encoding="utf-8")
    config = AssemblerConfig().with_overrides({"retrieval.mode": "always", "retrieval.topK": 3,
                                               "retrieval.meaning": False})
    w1, w2 = explain(home, "订单服务的端口是多少？", 1, config), explain(home, "订单服务的端口是多少？", 2, config)
    copy = next(w for w in (w1, w2) if not w.via)
    assert copy.near_copy and "near copy" in copy.reason and copy.rank <= copy.k
    assert {v.change: v for v in copy.variants}["retrieval.mmr = false"].rank is not None


def test_an_entry_left_out_of_a_cut_direct_material_says_so(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    tight = AssemblerConfig().with_overrides({"retrieval.mode": "never", "retrieval.maxDirectChars": 200})
    w = explain(home, QUESTION, 1, tight, variants=False)
    assert (w.mode, w.via, w.delivered) == ("direct", None, False)
    assert "cut at retrieval.maxDirectChars" in w.reason


def test_an_entry_that_only_stands_beside_a_match_says_its_score_is_borrowed(empty_home):
    home = MemoryHome.resolve(empty_home)
    home.warm.parent.mkdir(parents=True)
    home.warm.write_text(
        "## 2026-09-27 10:00 [fact] high\n\n支付服务 的 超时 是 30 秒\n<!-- last_access: 2026-09-27 10:00 -->\n\n"
        "## 2026-09-28 10:00 [fact] high\n\n订单服务 的 端口 是 8087\n<!-- last_access: 2026-09-28 10:00 -->\n\n"
        "## 2026-09-28 10:05 [event] medium\n\n周五 团建 去 爬山\n<!-- last_access: 2026-09-28 10:05 -->\n",
        encoding="utf-8")
    config = AssemblerConfig().with_overrides({"retrieval.mode": "always", "retrieval.topK": 1,
                                               "retrieval.meaning": False})
    w = explain(home, "订单服务的端口是多少？", 3, config)
    assert not w.delivered and w.rank == 2
    assert "nothing of the question is in it" in w.reason and "keeps 0.3 of that (@borrowed)" in w.reason
    assert "around it (@context, @session)" in w.reason  # the channels that lent it its score, no other
    assert "@borrowed" not in explain(home, "订单服务的端口是多少？", 2, config).reason
