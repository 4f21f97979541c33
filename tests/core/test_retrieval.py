"""BM25 with explanations: Chinese and English queries, rank-bm25 equality, recency, MMR."""
import math
import random

import numpy as np
import pytest

from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.bm25_index import BM25Index, SpecBM25
from linghun.core.retrieval import Hit, mmr, recency_union
from linghun.core.text import tokenize

DOCS = [
    "我们下周去北京旅游，顺便看长城",
    "The sprint deadline is 2026-03-29 for the payment service",
    "北京的天气很好，适合旅游和爬山",
    "Start a college fund for the kids this year",
    "今天中午吃了火锅，很辣",
    "Deploy the payment service to the staging cluster",
]
IDS = ["e1", "e2", "e3", "e4", "e5", "e6"]


@pytest.fixture(scope="module")
def index():
    return BM25Index(DOCS, IDS)


def test_purely_chinese_query_finds_chinese_entries(index):
    hits = index.search("北京旅游")
    assert {h.id for h in hits} == {"e1", "e3"}
    assert all(h.score > 0 for h in hits)
    assert index.search("火锅")[0].id == "e5"


def test_english_query(index):
    hits = index.search("payment service deadline")
    assert hits[0].id == "e2" and hits[1].id == "e6"
    assert [h.rank for h in hits] == [1, 2]


def test_terms_sum_to_score(index):
    for hit in index.search("payment service 北京 旅游 deadline", k=10):
        assert math.isclose(sum(hit.terms.values()), hit.score, rel_tol=1e-12)
        assert set(hit.terms) <= {"payment", "service", "北京", "旅游", "deadline"}


def test_spec_idf_form():
    ix = BM25Index(DOCS, IDS)
    n, df = len(DOCS), 2  # "北京" is in two docs
    assert math.isclose(ix.idf("北京"), math.log(1 + (n - df + 0.5) / (df + 0.5)))
    assert ix.idf("nothing") == 0.0


def test_scores_equal_rank_bm25_on_a_random_corpus():
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(300)] + ["北京", "旅游", "火锅", "目标", "计划"]
    docs = [" ".join(rng.choice(vocab) for _ in range(rng.randint(1, 40))) for _ in range(400)]
    for k1, b in ((1.5, 0.75), (0.9, 0.4), (1.2, 1.0)):
        ix = BM25Index(docs, k1=k1, b=b)
        reference = SpecBM25([tokenize(d) for d in docs], k1=k1, b=b)
        for _ in range(20):
            q = [rng.choice(vocab) for _ in range(rng.randint(1, 6))]
            assert np.array_equal(ix.scores(q), reference.get_scores(q))


def test_k_limits_and_only_positive_scores(index):
    assert len(index.search("payment", k=1)) == 1
    assert index.search("nonexistent words only") == []
    assert index.search("") == []


def test_ties_are_broken_by_position():
    ix = BM25Index(["alpha beta", "alpha beta", "alpha beta"], ["x", "y", "z"])
    assert [h.id for h in ix.search("alpha", k=2)] == ["x", "y"]


def test_explain_a_near_miss(index):
    hits = index.search("北京 旅游 长城", k=1)
    miss = index.explain("北京 旅游 长城", 2)
    assert hits[0].id == "e1" and miss.id == "e3"
    assert miss.rank == 2 and miss.score > 0 and set(miss.terms) == {"北京", "旅游"}
    assert "长城" not in miss.terms
    none = index.explain("北京", 4)
    assert none.score == 0 and none.terms == {} and none.rank == 3
    with pytest.raises(NotFoundError):
        index.explain("北京", 99)
    assert index.position("e3") == 2
    with pytest.raises(NotFoundError):
        index.position("nope")


def test_empty_corpus_and_bad_ids():
    assert BM25Index([]).search("x") == []
    assert BM25Index(["的 了", "a"]).search("的") == []
    with pytest.raises(InvalidInputError):
        BM25Index(["a b"], ids=[1, 2])


def test_recency_union_adds_newest_after_hits(index):
    hits = index.search("北京", k=2)
    out = recency_union(hits, ["e6", "e1", "e5"], index=index)
    assert [h.id for h in out] == [hits[0].id, hits[1].id, "e6", "e5"]
    assert [h.rank for h in out] == [1, 2, 3, 4]
    assert out[2].source == "recency" and out[2].score == 0 and out[2].index == 5
    assert recency_union([], ["a"])[0] == Hit(1, "a", -1, 0.0, {}, "recency")


def test_mmr_drops_near_duplicates_and_renumbers():
    docs = ["payment service deploy", "payment service deploy", "payment invoice refund"]
    ix = BM25Index(docs)
    hits = ix.search("payment service", k=3)
    out = mmr(hits, lambda h: ix.doc_tokens[h.index])
    assert [h.index for h in out] == [0, 2]
    assert [h.rank for h in out] == [1, 2]
    assert mmr([], lambda h: []) == []
