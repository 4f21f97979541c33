"""Situations: warm entries grouped by a signature of topic tokens."""
import random
from collections import Counter

import pytest

from linghun.core.formats.warm import parse_warm
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.situations import OTHER_LABEL, assign_anchors, entity_spelling, group_situations, signatures, topic_tokens


def _entries(*bodies: str, conf: str = "medium"):
    text = "\n".join(f"## 2026-10-{i + 1:02d} 10:00 [fact] {conf}\n\n{b}\n" for i, b in enumerate(bodies))
    return parse_warm(text).numbered()


def test_topic_tokens_drop_values():
    assert topic_tokens("订单服务 端口 8087 版本 v2.3.1 于 2026-10-07") == ("订单", "服务", "端口", "版本")


def test_entries_sharing_a_topic_form_one_situation():
    entries = _entries("订单服务 端口 8087", "支付网关 超时 30s", "订单服务 迁移 PostgreSQL",
                       "支付网关 重试 三次", "今天天气不错")
    situations = group_situations(entries)
    groups = {s.label: s.numbers for s in situations}
    assert groups[OTHER_LABEL] == [5]
    assert sorted(v for k, v in groups.items() if k != OTHER_LABEL) == [[1, 3], [2, 4]]
    assert situations[-1].label == OTHER_LABEL


def test_a_token_shared_with_another_topic_does_not_split_a_situation(upstream_home):
    entries = Memory(MemoryHome.resolve(upstream_home)).entries()
    situations = group_situations(entries)
    assert [s.numbers for s in situations if s.label == "订单服务"] == [[7, 8]]


def test_order_is_most_recently_active_first_and_deterministic():
    entries = _entries("缓存 命中率 低", "监控 告警 太多", "缓存 过期 策略", "监控 告警 阈值")
    first = [s.to_dict() for s in group_situations(entries)]
    assert first == [s.to_dict() for s in group_situations(entries)]
    assert first[0]["numbers"] == [2, 4]  # [4] is the newest entry


def test_wrong_entries_are_left_out_unless_asked():
    text = ("## 2026-10-01 10:00 [fact] wrong\n\n缓存 过期 30 秒\n\n"
            "## 2026-10-02 10:00 [fact] high\n\n缓存 过期 60 秒\n\n## 2026-10-03 10:00 [fact] high\n\n缓存 命中率\n")
    entries = parse_warm(text).numbered()
    assert [s.numbers for s in group_situations(entries)] == [[2, 3]]
    assert [s.numbers for s in group_situations(entries, include_wrong=True)] == [[1, 2, 3]]


def test_signature_starts_with_the_anchor():
    entries = _entries("订单服务 端口 8087", "订单服务 迁移", "无关 内容")
    sigs = signatures(entries)
    assert sigs[0][0] == sigs[1][0] and sigs[0][0] in ("订单", "服务") and sigs[2] == ()


def test_structured_entities_anchor_situations_first():
    text = ("## 2026-10-01 10:00 [event] medium\n\n李想 | merged | PR #496 | checkout-api | tracing\n\n"
            "## 2026-10-02 10:00 [fact] high\n\ncheckout-api | Go version | 1.23.9 | go.mod#1\n\n"
            "## 2026-10-03 10:00 [event] medium\n\n李想 | merged | PR #508 | ledger-worker | tracing\n\n"
            "## 2026-10-04 10:00 [fact] high\n\nLedger-Worker | consumer concurrency | 4 | helm#2\n\n"
            "## 2026-10-05 10:00 [event] medium\n\n李想 | merged | PR #511 | ledger-worker | retry\n")
    situations = group_situations(parse_warm(text).numbered())
    assert [(s.label, s.numbers) for s in situations] == [("ledger-worker", [3, 4, 5]), ("checkout-api", [1, 2])]


def test_a_situations_dates_span_its_entries_and_their_last_use():
    from linghun.core.formats.warm import new_entry
    from linghun.core.situations import Situation

    entries = [new_entry("2026-03-02 10:00", "fact", "high", "甲 | 端口 | 1", None),
               new_entry("2026-01-05 09:00", "fact", "high", "甲 | 端口 | 2", "2026-04-01 08:00"),
               new_entry("2026-02-01 12:00", "event", "medium", "用户 | 部署 | 甲 | | 上线", None)]
    s = Situation("甲", "甲", entries)
    assert (s.first, s.last, s.last_active) == ("2026-01-05 09:00", "2026-03-02 10:00", "2026-04-01 08:00")
    assert Situation("甲", "甲", entries[:1]).last_active == "2026-03-02 10:00"  # never used: its stamp


def test_arranged_situations_have_the_spans_their_entries_give(upstream_home):
    """``arrange`` reads the stamps once for every situation: the same spans as each situation's own."""
    from linghun.core.situations import Situation

    situations = group_situations(Memory(MemoryHome.resolve(upstream_home)).entries())
    assert len(situations) > 3
    for s in situations:
        own = Situation(s.anchor, s.label, s.entries)
        assert (s.first, s.last, s.last_active) == (own.first, own.last, own.last_active)
    assert any(s.last_active > s.last for s in situations)  # some were used after they were written


def _greedy_cover(lists, max_share):
    """assign_anchors as its docstring states it, one anchor at a time, counting afresh each time."""
    limit = len(lists) if len(lists) < 8 else max(2, int(len(lists) * max_share))
    everywhere = Counter(t for tokens in lists for t in set(tokens))
    shared = {t for t, count in everywhere.items() if 2 <= count <= limit}
    anchors = [None] * len(lists)
    while True:
        open_counts = Counter(t for tokens, a in zip(lists, anchors) if a is None for t in set(tokens) & shared)
        best = min(((-count, t) for t, count in open_counts.items() if count >= 2), default=None)
        if best is None:
            return anchors
        anchors = [best[1] if a is None and best[1] in tokens else a for tokens, a in zip(lists, anchors)]


@pytest.mark.parametrize("seed", range(12))
def test_anchors_are_the_greedy_cover_the_docstring_states(seed):
    """The cover is computed with set intersections and batched counts (fast enough for 100k
    entries); it must stay the plain greedy cover, ties and the share cap included."""
    rng = random.Random(seed)
    vocabulary = [f"t{i}" for i in range(rng.choice([6, 15, 40]))]
    lists = [tuple(rng.choices(vocabulary, k=rng.randint(0, 6))) for _ in range(rng.choice([3, 7, 30, 200]))]
    for share in (0.3, 0.5):
        assert assign_anchors(lists, max_share=share) == _greedy_cover(lists, share)


def test_an_entity_is_named_as_most_entries_spell_it():
    text = "".join(f"## 2026-10-0{i} 10:00 [fact] high\n\n{name} | port | {i} | deploy#{i}\n\n"
                   for i, name in enumerate(["Ledger-Worker", "ledger-worker", "ledger-worker", "LEDGER-worker"], 1))
    entries = parse_warm(text).numbered()
    assert entity_spelling(entries, "ledger-worker") == "ledger-worker"
    assert entity_spelling(entries[:2], "ledger-worker") == "Ledger-Worker"  # a tie: the smaller text
    assert entity_spelling(entries, "nobody") == "nobody"
