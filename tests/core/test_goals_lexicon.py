"""The bilingual domain lexicon and its extension file."""
import json

import pytest

from linghun.core.errors import CorruptFileError
from linghun.core.goals.domains import DOMAIN_LEXICON
from linghun.core.goals.lexicon import GENERAL, Lexicon, builtin_lexicon, lexicon_for

REQUIRED = ("money", "family", "career", "health", "travel", "belief", "lifestyle", "art",
            "education", "community", "relationship")

HITS = {
    "money": ("We need to stick to our budget this month.", "这个月的预算有点紧。", "budget", "预算"),
    "family": ("My daughter starts school soon.", "我女儿快上学了。", "daughter", "女儿"),
    "career": ("I have a job interview on Monday.", "周一有个面试。", "interview", "面试"),
    "health": ("I went to the gym after work.", "下班后去健身了。", "gym", "健身"),
    "travel": ("Our flight leaves at dawn.", "我们的航班凌晨起飞。", "flight", "航班"),
    "belief": ("I heard a nasty rumour about him.", "我听到一个关于他的谣言。", "rumour", "谣言"),
    "lifestyle": ("I adopted a morning routine.", "我养成了新的作息。", "routine", "作息"),
    "art": ("She plays the piano beautifully.", "她钢琴弹得很好。", "piano", "钢琴"),
    "education": ("The tuition went up again.", "学费又涨了。", "tuition", "学费"),
    "community": ("I volunteer at the food bank.", "我在社区做志愿者。", "volunteer", "志愿"),
    "relationship": ("We celebrated our anniversary.", "我们过了结婚纪念日。", "anniversary", "纪念日"),
}


def test_at_least_the_eleven_domains_with_both_languages_and_situations():
    lex = builtin_lexicon()
    for name in REQUIRED:
        d = lex.domains[name]
        assert d.single and d.chinese and d.situations, name
        assert DOMAIN_LEXICON[name]["en"] and DOMAIN_LEXICON[name]["zh"]


@pytest.mark.parametrize("domain", REQUIRED)
def test_each_domain_hits_in_english_and_chinese(domain):
    en, zh, en_word, zh_word = HITS[domain]
    lex = builtin_lexicon()
    assert en_word in lex.hits(en).get(domain, []), lex.hits(en)
    assert zh_word in lex.hits(zh).get(domain, []), lex.hits(zh)


def test_stems_multiword_and_classification():
    lex = builtin_lexicon()
    assert "save" in lex.hits("I'm saving every month")["money"]
    # a multi-word entry hits only when all its words occur
    assert "quit-smoking" in lex.hits("I want to quit smoking")["health"]
    assert "quit-smoking" not in lex.hits("I quit my band").get("health", [])
    assert lex.classify("nothing to see here") == (GENERAL, [])
    assert lex.classify("our flight and hotel for the vacation")[0] == "travel"
    assert lex.hits("") == {}


def test_home_extension_adds_words_and_domains(tmp_path):
    (tmp_path / "lexicon.json").write_text(json.dumps({
        "version": 1,
        "domains": {"pets": {"en": ["vet", "puppy"], "zh": "兽医 小狗", "situations": ["vet visit"]},
                    "money": {"en": ["crypto"]}}}, ensure_ascii=False), encoding="utf-8")
    lex = lexicon_for(tmp_path)
    assert lex.hits("the puppy sees the vet")["pets"] == ["vet", "puppy"]
    assert lex.hits("带小狗去看兽医")["pets"] == ["兽医", "小狗"]
    assert "crypto" in lex.hits("my crypto wallet")["money"]
    assert lex.situations("pets") == ["vet visit"]
    assert "pets" not in builtin_lexicon().domains, "the built-in lexicon is not changed"
    assert lexicon_for(tmp_path / "nowhere") is builtin_lexicon()


def test_corrupt_or_misshapen_extension_is_refused_and_kept(tmp_path):
    path = tmp_path / "lexicon.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CorruptFileError):
        lexicon_for(tmp_path)
    assert path.read_text(encoding="utf-8") == "{not json"
    assert list(tmp_path.glob("lexicon.json.*.corrupt"))
    path.write_text('["a list"]', encoding="utf-8")
    with pytest.raises(CorruptFileError, match="domains"):
        lexicon_for(tmp_path)


def test_lexicon_is_a_plain_data_extension_point():
    lex = Lexicon({"x": {"words": "alpha beta 甲乙"}})
    assert lex.hits("alpha and 甲乙") == {"x": ["alpha", "甲乙"]}
