"""The Searcher interface that the assembler and the workbench call."""
from linghun.core.search import Searcher, Unit


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


def test_explain_matches_ranks_as_search_does_for_the_units_asked_only():
    s = Searcher(units() + [Unit("e", "旅游 旅游 日本"), Unit("f", "旅游")])
    ranked = s.search("旅游 日本", 10)
    matches, hits = s.explain_matches("旅游 日本", ["f", "b", "a", "nobody"])
    assert matches == len(ranked) == 4
    assert set(hits) == {"f", "a"}  # "b" does not match, "nobody" is not indexed
    for hit in ranked:
        if hit.id in hits:
            assert (hits[hit.id].rank, hits[hit.id].score, hits[hit.id].terms) == (hit.rank, hit.score, hit.terms)
    assert s.explain_matches("无关的词", ["a"]) == (0, {})
    # the scores alone, for a round that orders a situation's entries by them
    assert s.match_scores("旅游 日本", ["f", "b", "a", "nobody"]) == {i: h.score for i, h in hits.items()}
    assert s.match_scores("无关的词", ["a"]) == {}


def test_search_with_recency_safeguard():
    s = Searcher(units())
    out = s.search_with_recency("日本", 3, newest=2)
    assert [h.id for h in out] == ["a", "d", "c"]
    assert [h.source for h in out] == ["bm25", "recency", "recency"]


# -- the channels --------------------------------------------------------------------------
from dataclasses import replace  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from linghun.core.errors import NotFoundError  # noqa: E402
from linghun.core.search import PLAIN, SearchConfig  # noqa: E402


def dialogue():
    """Two sessions; the answer turn (a2) shares no word with the question about the marathon."""
    return [
        Unit("a1", "Did you finish the marathon in Boston?", {"speaker": "Ben", "session": 1}),
        Unit("a2", "Yes! Crossed the line in four hours.", {"speaker": "Anna", "session": 1}),
        Unit("a3", "Amazing, congratulations.", {"speaker": "Ben", "session": 1}),
        Unit("b1", "I adopted a beagle puppy called Biscuit.", {"speaker": "Anna", "session": 2}),
        Unit("b2", "Biscuit sounds adorable, I love beagles.", {"speaker": "Ben", "session": 2}),
        Unit("b3", "Four new hours of training this week.", {"speaker": "Ben", "session": 2}),
    ]


def test_context_channel_finds_the_reply_to_a_matching_turn():
    plain = Searcher(dialogue(), PLAIN)
    ours = Searcher(dialogue(), SearchConfig(session_weight=0.0, named_boost=0.0, meaning_weight=0.0))
    assert "a2" not in [h.id for h in plain.search("finish the marathon", 10)]
    hit = next(h for h in ours.search("finish the marathon", 10) if h.id == "a2")
    # nothing of its own matches: it keeps borrowed_share of what its neighbours lend it
    assert set(hit.terms) == {"@context", "@borrowed"}
    assert hit.terms["@borrowed"] == pytest.approx(-(1 - ours.config.borrowed_share) * hit.terms["@context"])
    assert hit.score == pytest.approx(ours.config.borrowed_share * hit.terms["@context"])
    # Neighbours never cross a session: b1 is next to nothing from session 1.
    assert "b1" not in [h.id for h in ours.search("congratulations", 10)]


def test_session_channel_prefers_the_session_about_the_topic():
    cfg = SearchConfig(context_weight=0.0, named_boost=0.0)
    hits = Searcher(dialogue(), cfg).search("four hours marathon", 10)
    # a2 and b3 both say "four hours"; a2's session is about the marathon.
    order = [h.id for h in hits]
    assert order.index("a2") < order.index("b3")
    a2 = next(h for h in hits if h.id == "a2")
    assert a2.terms["@session"] > 0


def test_stemming_and_speaker_names():
    s = Searcher(dialogue())
    assert s.search("adopting beagles", 1)[0].id in {"b1", "b2"}  # stems: adopt, beagl
    assert PLAIN.stem is False and Searcher(dialogue(), PLAIN).search("adopting", 5) == []
    hits = s.search("What did Anna say about the puppy?", 3)
    assert hits[0].id == "b1" and "@named" in hits[0].terms


def test_first_person_queries_favour_the_owner():
    units = [
        Unit(0, "Remind me: my sprint ends on March 29.", {"speaker": "user", "session": 1}),
        Unit(1, "Sprint planning tips: a sprint usually ends with a review.", {"speaker": "assistant", "session": 1}),
    ]
    cfg = SearchConfig(context_weight=0.0, session_weight=0.0)
    assert Searcher(units, cfg).search("When does my sprint end?", 2)[0].id == 0
    assert "@own" in Searcher(units, cfg).search("When does my sprint end?", 2)[0].terms
    assert "@own" not in Searcher(units, cfg).search("When does a sprint end?", 2)[0].terms


def test_parts_sum_to_the_score_and_explain_agrees():
    s = Searcher(dialogue())
    for q in ("four hours marathon", "Anna beagle", "训练"):
        for hit in s.search(q, 10):
            assert sum(hit.terms.values()) == pytest.approx(hit.score)
            assert s.explain(q, hit.id).score == pytest.approx(hit.score)
            assert s.explain(q, hit.id).rank <= hit.rank
    miss = s.explain("marathon", "b1")
    assert miss.score == 0 and miss.terms == {}
    with pytest.raises(NotFoundError):
        s.explain("x", "nope")


def test_dense_channel_is_skipped_without_the_package(monkeypatch):
    from linghun.core import embeddings

    monkeypatch.setattr(embeddings, "available", lambda: False)
    s = Searcher(dialogue(), replace(SearchConfig(), dense_weight=1.0))
    assert all("@dense" not in h.terms for h in s.search("marathon", 5))


def test_dense_channel_with_a_stub_encoder(monkeypatch):
    """The dense channel mixes cosine similarity in, and lets units with no shared word through."""
    from linghun.core import embeddings

    class Stub:
        dim = 2

        def encode(self, texts):
            # "dog" words point one way, everything else another.
            return np.array([[1.0, 0.0] if any(w in t.lower() for w in ("beagle", "puppy", "dog")) else [0.0, 1.0]
                             for t in texts])

        def encode_query(self, text):
            return self.encode([text])[0], None  # no word pieces: the late channel is off here

    monkeypatch.setattr(embeddings, "available", lambda: True)
    monkeypatch.setattr(embeddings, "encoder", lambda: Stub())
    s = Searcher(dialogue(), replace(SearchConfig(), dense_weight=1.0))
    hits = s.search("a dog", 6)
    assert {h.id for h in hits[:2]} == {"b1", "b2"}
    assert all("@dense" in h.terms for h in hits[:2])
    # b3's neighbours (b1 at distance 2, b2 at 1) are about dogs: it gets their similarity.
    b3 = next(h for h in hits if h.id == "b3")
    assert "@dense" not in b3.terms and b3.terms["@dense-context"] > 0
    assert all(sum(h.terms.values()) == pytest.approx(h.score) for h in hits)
    no_ctx = Searcher(dialogue(), replace(SearchConfig(), dense_weight=1.0, dense_context_weight=0.0))
    assert all("@dense-context" not in h.terms for h in no_ctx.search("a dog", 6))


def test_the_model_reads_english_not_chinese():
    from linghun.core.embeddings import reads

    assert reads("What was the root cause of the last incident?") and reads("I met 王珂 at the office")
    assert reads("") and reads("2026-10-07")
    assert not reads("退款接口的限流是多少？")
    assert not reads("Grafana dashboard 的告警阈值是多少？")  # 2 Latin words, 8 Chinese characters
    assert not reads("CI | 间歇失败 | TestLedgerReplay | checkout-api | 失败率约 3%")


def test_chinese_is_searched_lexically_with_the_semantic_mix(monkeypatch):
    """MiniLM reads English: Chinese units are not embedded, and a Chinese query ranks exactly as
    the lexical searcher ranks it (its weights, no embedding channel, no query encoding)."""
    from linghun.core import embeddings
    from linghun.core.search import SEMANTIC

    class Stub:
        dim = 2

        def __init__(self):
            self.asked = []

        def encode(self, texts):
            self.asked.extend(texts)
            return np.array([[1.0, 0.0] if "refund" in t else [0.0, 1.0] for t in texts])

        def encode_query(self, text):
            self.asked.append(text)
            return self.encode([text])[0], None

    stub = Stub()
    monkeypatch.setattr(embeddings, "available", lambda: True)
    monkeypatch.setattr(embeddings, "encoder", lambda: stub)
    units = [Unit(1, "退款接口 | 限流 | 100 次/分钟", {"session": "d1"}),
             Unit(2, "回答里引用记忆时带上条目编号", {"session": "d1"}),
             Unit(3, "The refund endpoint is rate limited", {"session": "d2"}),
             Unit(4, "CI | 间歇失败 | TestLedgerReplay | 失败率约 3%", {"session": "d2"})]
    config = replace(SEMANTIC, late_weight=0.0, late_candidates=0)  # every unit embedded; no word pieces
    semantic = Searcher(units, config)
    assert stub.asked == ["The refund endpoint is rate limited"]
    lexical = Searcher(units, SearchConfig())
    for query in ("退款接口的限流是多少？", "间歇失败"):
        got = [(h.id, round(h.score, 9), h.terms) for h in semantic.search(query, 4)]
        assert got == [(h.id, round(h.score, 9), h.terms) for h in lexical.search(query, 4)]
    assert len(stub.asked) == 1  # no Chinese query was encoded
    # an English query uses the embeddings, and only on the unit the model read
    hits = semantic.search("refund limits", 4)
    assert [h.id for h in hits if "@dense" in h.terms] == [3]


def test_empty_searcher():
    s = Searcher([])
    assert s.search("x") == [] and s.newest_ids(3) == [] and len(s) == 0


def test_dates_let_a_question_name_the_month():
    units = [
        Unit("m", "We went camping at the lake.", {"time": "2023-05-08 13:56", "session": 1}),
        Unit("j", "We went camping in the mountains.", {"time": "2023-07-02 10:00", "session": 2}),
    ]
    hits = Searcher(units).search("Where did they go camping in July 2023?", 2)
    assert hits[0].id == "j" and "juli" in hits[0].terms  # stemmed month word
    no_dates = Searcher(units, replace(SearchConfig(), dates=False)).search("camping in July", 2)
    assert all("juli" not in h.terms for h in no_dates)


def test_relative_dates_index_the_month_a_turn_refers_to():
    units = [
        Unit("a", "My colleagues and I went to a convention last month.", {"time": "2023-04-10 09:00", "session": 1}),
        Unit("b", "I might go to a convention some day.", {"time": "2023-04-12 09:00", "session": 2}),
        Unit("c", "上个月我们去了一次展会。", {"time": "2023-04-10", "session": 3}),
    ]
    hits = Searcher(units).search("What convention did they attend in March 2023?", 3)
    assert hits[0].id == "a" and "march" in hits[0].terms
    assert "march" in Searcher(units).explain("展会 March 2023", "c").terms
    plain = Searcher(units, replace(SearchConfig(), relative_dates=False))
    assert "march" not in plain.explain("convention in March 2023", "a").terms
    # Times that name no real day index what they can and never stop the index from building.
    odd = [Unit(i, "we met last month", {"time": t}) for i, t in
           enumerate(["0000-05-01", "2023-13-01", "2023-02-30 10:00", "2023-04", "soon"])]
    terms = [Searcher(odd).explain("met in January 2023", i).terms for i in range(5)]
    assert [("januari" in t) or ("january" in t) for t in terms] == [False, False, True, False, False]


def test_neighbour_weights_shrink_for_long_units():
    filler = " ".join(f"word{i}" for i in range(80))
    long_units = [Unit("q", f"marathon training plan {filler}", {"session": 1}),
                  Unit("r", f"answer reply {filler}x", {"session": 1})]
    short_units = [Unit("q", "marathon training plan", {"session": 1}), Unit("r", "answer reply", {"session": 1})]
    cfg = SearchConfig(session_weight=0.0)
    short_hit = Searcher(short_units, cfg).explain("marathon", "r")
    long_hit = Searcher(long_units, cfg).explain("marathon", "r")
    assert short_hit.terms["@context"] == pytest.approx(0.6)
    assert long_hit.terms["@context"] == pytest.approx(0.6 * 20 / 82, rel=0.05)
    assert Searcher(long_units, replace(cfg, short_unit=0)).explain("marathon", "r").terms["@context"] == pytest.approx(0.6)


def test_odd_units_do_not_break_the_searcher():
    s = Searcher([Unit(1, None, {"speaker": "Anna"}), Unit(2, "", {}), Unit(3, "anna likes tea", {"session": None})])
    assert [h.id for h in s.search("Anna tea", 5)][0] == 3
    assert s.search("tea", 0) == []


def test_a_question_ranks_below_the_answer_but_stays_a_hit():
    units = [Unit("q", "Where did you go camping?", {"session": 1}),
             Unit("a", "We went camping at the lake.", {"session": 1})]
    hits = Searcher(units).search("camping trip", 2)
    assert [h.id for h in hits] == ["a", "q"]
    assert hits[1].terms["@question"] < 0 and hits[1].score > 0
    assert sum(hits[1].terms.values()) == pytest.approx(hits[1].score)
    no_penalty = Searcher(units, replace(SearchConfig(), question_penalty=0.0)).search("camping trip", 2)
    assert all("@question" not in h.terms for h in no_penalty)
    lonely = Searcher([Unit("q", "Camping?", {})]).search("camping", 1)  # a weak match is not dropped
    assert [h.id for h in lonely] == ["q"] and lonely[0].score > 0


def test_sentence_similarity_weighs_more_for_long_units(monkeypatch):
    from linghun.core import embeddings

    class Stub:
        dim = 2

        def encode(self, texts):
            return np.array([[1.0, 0.0] if "dog" in t else [0.0, 1.0] for t in texts])

        def encode_query(self, text):
            return self.encode([text])[0], None

    monkeypatch.setattr(embeddings, "available", lambda: True)
    monkeypatch.setattr(embeddings, "encoder", lambda: Stub())
    cfg = replace(SearchConfig(), dense_weight=0.3)
    filler = " ".join(f"word{i}" for i in range(200))
    short = Searcher([Unit("a", "my dog barks", {}), Unit("b", "cats sleep", {})], cfg).search("dog", 1)[0]
    long = Searcher([Unit("a", f"my dog barks {filler}", {}), Unit("b", f"cats sleep {filler}", {})], cfg).search("dog", 1)[0]
    assert short.terms["@dense"] == pytest.approx(0.3)
    assert long.terms["@dense"] > 2.0  # 0.3 / (short_unit / median unit length), at most 10x


# -- following hits ------------------------------------------------------------------------

def _talk(speakers=("user", "assistant", "user", "user", "assistant")):
    """Two sessions; each statement is answered by the turn after it, which shares no word with
    it. Without the neighbour and session channels only the statements match."""
    texts = [(1, "I finished the login page for the budget app"), (2, "Great, next add rate limiting and lockout"),
             (3, "Unrelated chat about the weather"), (4, "The budget app export to CSV is done"),
             (5, "Consider streaming rows to keep memory flat")]
    units = [Unit(i, text, {"session": 1 if i <= 3 else 2, "speaker": who})
             for (i, text), who in zip(texts, speakers)]
    return Searcher(units, replace(SearchConfig(), context_weight=0.0, session_weight=0.0))


def test_follow_brings_the_reply_after_each_hit_within_its_session():
    s = _talk()
    plain = [h.id for h in s.search("budget app", 4)]
    assert sorted(plain) == [1, 4]
    followed = s.search("budget app", 4, follow=True)
    assert [h.id for h in followed] == [plain[0], plain[0] + 1, plain[1], plain[1] + 1]
    assert [h.source for h in followed] == ["bm25", "follow", "bm25", "follow"]
    assert [h.rank for h in followed] == [1, 2, 3, 4]
    # still k in all: the best hit first, then its reply
    assert [h.id for h in s.search("budget app", 3, follow=True)] == [h.id for h in followed[:3]]


def test_only_a_reply_follows():
    # the same speaker going on is not a reply; units without speakers (warm entries) are not turns
    for speakers in (("user",) * 5, ("",) * 5):
        hits = _talk(speakers).search("budget app", 4, follow=True)
        assert sorted(h.id for h in hits) == [1, 4] and {h.source for h in hits} == {"bm25"}


def test_follow_stops_at_the_session_end_and_lists_a_unit_once():
    s = _talk(("user", "assistant", "user", "assistant", "user"))
    # unit 3 ends session 1: unit 4 (session 2) is not its follower
    assert [h.id for h in s.search("weather", 5, follow=True)] == [3]
    # unit 2 is a hit and unit 1's follower: listed once
    hits = s.search("budget login rate limiting", 5, follow=True)
    ids = [h.id for h in hits]
    assert len(set(ids)) == len(ids) and {1, 2, 3}.issubset(ids)


def test_units_without_sessions_are_described_as_one_unit_at_a_time_would_be():
    """Warm entries have no session or speaker: their session keys and question marks are made
    in one pass, with the values the per-unit rules give."""
    from linghun.core.search import _is_question, _questions

    texts = ["为什么？ ", "a?", "plain", "", "x ?\n", "问号在中间？不是"]
    units = [Unit(f"u{i}", text, {}) for i, text in enumerate(texts)]
    searcher = Searcher(units)
    assert list(searcher._session_key) == [-1 - i for i in range(len(units))]
    assert list(searcher._questions) == [float(_is_question(t)) for t in texts] == [1, 1, 0, 0, 1, 0]
    assert list(_questions([*texts, None])) == [float(_is_question(t)) for t in [*texts, None]]
