"""The Searcher interface that the assembler and the workbench call."""
from core.search import Searcher, Unit


def units():
    return [
        Unit("a", "我们计划明年去日本旅游", {"time": "2026-01-02 10:00", "speaker": "用户"}),
        Unit("b", "Caroline joined the LGBTQ support group", {"time": "2026-01-01 09:00"}),
        Unit("c", "旅游预算大约两万元", {"time": "2026-01-03 08:00"}),
        Unit("d", "The support group meets on Fridays", {"time": "2026-01-04 08:00"}),
    ]


def test_search_chinese_and_english():
    s = Searcher(units())
    assert {h.id for h in s.search("旅游", 5)} == {"a", "c"}
    hits = s.search("support group", 5)
    assert {h.id for h in hits} == {"b", "d"} and hits[0].rank == 1
    assert all(h.terms for h in hits)


def test_explain_and_newest():
    s = Searcher(units())
    hit = s.explain("旅游 预算", "c")
    assert hit.rank == 1 and "预算" in hit.terms
    assert s.newest_ids(2) == ["d", "c"]
    # Without times everywhere, position decides (later is newer).
    s2 = Searcher([Unit(1, "x y"), Unit(2, "z w", {"time": "2020-01-01"})])
    assert s2.newest_ids(5) == [2, 1]


def test_search_with_recency_safeguard():
    s = Searcher(units())
    out = s.search_with_recency("日本", 3, newest=2)
    assert [h.id for h in out] == ["a", "d", "c"]
    assert [h.source for h in out] == ["bm25", "recency", "recency"]
