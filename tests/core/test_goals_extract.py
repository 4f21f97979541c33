"""Goal extraction: the offline English and Chinese patterns, and the LLM extractor through a
real OpenAI-compatible HTTP server (valid, malformed and failing replies)."""
import json

import pytest

from linghun.core.goals.extract import LLMExtractor, extract, extract_dialogue, extract_offline, split_sentences
from linghun.core.llm import OpenAIProvider

CASES = [
    # (text, signal, domain or None, priority or None)
    ("I really want to run a marathon next year!", "new", "health", "high"),
    ("We're planning to travel around Portugal by train.", "new", "travel", "medium"),
    ("My goal is to learn Japanese well enough to talk with my grandmother.", "new", None, None),
    ("Maybe someday I will learn to paint.", "new", "art", "low"),
    ("I've been putting money aside every month for my daughter's college fund.", "progress", "money", None),
    ("I signed up for a pottery class.", "progress", "art", None),
    ("I finally paid off my student loan!", "achieve", "money", None),
    ("I graduated from the coding bootcamp.", "achieve", None, None),
    ("I changed my mind, I'll study law instead of medicine.", "change", None, None),
    ("I gave up on learning the violin.", "abandon", "art", None),
    ("I no longer want to buy a motorbike.", "abandon", None, None),
    ("I believe everyone deserves their privacy.", "new", "belief", "high"),
    ("I refused to pass on the gossip about my coworker.", "new", "belief", "high"),
    ("It's really important to me that my kids hear the truth.", "new", "belief", "high"),
    ("我想明年带爸妈去日本旅行。", "new", "travel", None),
    ("我的目标是今年存够首付。", "new", "money", None),
    ("我计划今年读二十本书。", "new", None, None),
    ("我已经开始每周日去社区做志愿者了。", "progress", "community", None),
    ("我每个月都存一千块到女儿的教育基金里。", "progress", None, None),
    ("我终于考上了研究生！", "achieve", "education", None),
    ("我放弃了买摩托车的计划。", "abandon", None, None),
    ("我改成每天早上跑步了。", "change", None, None),
    ("我相信做人要诚实。", "new", "belief", "high"),
    ("我绝不在背后传播同事的八卦。", "new", "belief", "high"),
    ("对我来说，尊重别人的隐私非常重要。", "new", "belief", "high"),
]


@pytest.mark.parametrize("text,signal,domain,priority", CASES)
def test_offline_patterns(text, signal, domain, priority):
    (s,) = extract_offline(text, "Maya", ref="D1:1")
    assert s.signal == signal, s
    assert s.speaker == "Maya" and s.ref == "D1:1" and s.statement
    if domain:
        assert s.domain == domain
    if priority:
        assert s.priority == priority
    if s.priority in ("high", "medium"):
        assert 1 <= len(s.triggers) <= 2


@pytest.mark.parametrize("text", [
    "I want to know what time it is.", "I'd like to ask you something.", "我想问一下明天的天气。",
    "我想知道现在几点。", "The weather has been terrible lately.", "I did it!", "", "   ",
])
def test_chat_and_non_goals_are_not_extracted(text):
    assert extract_offline(text) == []


def test_sentences_and_dialogue_lines():
    assert split_sentences("One. Two! 三。四？\nfive") == ["One.", "Two!", "三。", "四？", "five"]
    found = extract_dialogue("Maya: I want to learn to sail a boat.\n助手: I plan to remind you tomorrow.\n"
                             "用户：我打算学潜水。")
    assert [(s.speaker, s.signal) for s in found] == [("Maya", "new"), ("user", "new")]


def test_curly_quotes_are_understood():
    (s,) = extract_offline("I’m planning to repaint the kitchen cabinets.")
    assert s.signal == "new"


# -- the LLM extractor ---------------------------------------------------------------------
def provider(server):
    return OpenAIProvider(base_url=server.base_url, api_key="test-key", model="fake-model", max_retries=0,
                          timeout=5)


GOOD = {"signals": [{"signal": "new", "speaker": "Maya", "statement": "Save for my daughter's college fund",
                     "domain": "money", "priority": "high", "triggers": ["family trip spending", "kids future", "x"]}]}


def test_llm_valid_json(openai_server):
    openai_server.reply("```json\n" + json.dumps(GOOD) + "\n```")
    result = LLMExtractor(provider(openai_server)).extract("I save for her college.", "Maya", ref="D1:2")
    assert result.by == "llm" and result.error is None
    (s,) = result.signals
    assert (s.signal, s.domain, s.priority, s.evidence, s.ref) == ("new", "money", "high", "llm", "D1:2")
    assert s.triggers == ["family trip spending", "kids future"], "capped at two"
    request = openai_server.requests[-1]
    assert request["messages"][0]["role"] == "system" and "belief" in request["messages"][0]["content"]
    assert "I save for her college." in request["messages"][1]["content"]


def test_llm_items_are_validated_one_by_one(openai_server):
    openai_server.reply(json.dumps({"signals": [
        {"signal": "finish", "statement": "x"},
        {"signal": "abandon", "statement": "  "},
        {"signal": "achieve", "statement": "I finished the marathon", "domain": "sports", "priority": "urgent",
         "triggers": "not a list"},
    ]}))
    result = LLMExtractor(provider(openai_server)).extract("I finished the marathon", "Leo")
    assert result.by == "llm"
    (s,) = result.signals
    assert (s.signal, s.domain, s.speaker) == ("achieve", "health", "Leo")
    assert s.priority in ("high", "medium", "low") and s.triggers == []


def test_llm_empty_list_is_a_valid_answer(openai_server):
    openai_server.reply('{"signals": []}')
    result = extract("I want to learn to sail a boat.", provider=provider(openai_server))
    assert result.by == "llm" and result.signals == []


MALFORMED = [
    "Sure! Here are the goals: none really.",          # not JSON
    '{"signals": "new"}',                               # wrong shape
    '{"goals": []}',                                    # missing key
    '{"signals": [{"signal": "maybe"}]}',               # every item invalid
    '{"signals": [',                                    # truncated
]


def test_malformed_output_falls_back_offline(openai_server):
    # one server for every case: its shutdown is what costs time in this file
    for reply in MALFORMED:
        openai_server.reply(reply)
        result = extract("I want to learn to sail a boat.", "Maya", provider=provider(openai_server))
        assert result.by == "fallback" and result.error, reply
        (s,) = result.signals
        assert s.signal == "new" and s.evidence.startswith("en:")
    assert len(openai_server.requests) == len(MALFORMED)


def test_provider_error_falls_back_offline(openai_server):
    openai_server.fail(500)
    result = extract("我打算学潜水。", provider=provider(openai_server))
    assert result.by == "fallback" and "500" in result.error
    assert [s.signal for s in result.signals] == ["new"]


def test_without_provider_the_path_is_offline():
    result = extract("I want to learn to sail a boat.")
    assert result.by == "offline" and len(result.signals) == 1


def test_pr_notes_that_change_a_setting_are_not_goal_changes():
    from pathlib import Path

    from linghun.core.goals.extract import extract_dialogue

    journal = Path(__file__).resolve().parents[2] / "resources" / "demo-home" / "linghun" / "memory" / "journal"
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(journal.glob("*.md")))
    assert "订单导出改为异步" in text
    changes = [s for s in extract_dialogue(text) if s.signal == "change"]
    assert not [s for s in changes if "PR #" in s.statement or "改为" in s.statement], changes
    # a change said by the speaker about their own plan still is one
    said = extract_dialogue("用户：我们把年底的旅行改成了春节去云南")
    assert [s.signal for s in said] == ["change"]
