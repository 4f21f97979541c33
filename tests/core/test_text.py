"""Tokenizer, significant tokens, stemming, jieba configuration."""
import threading

import pytest

from linghun.core import text
from linghun.core.appdirs import cache_dir
from linghun.core.errors import NotFoundError
from linghun.core.text import ENGLISH_STOP, SIGNIFICANT_STOP, significant_tokens, stem, tokenize


def test_latin_words_follow_the_upstream_rule():
    toks = tokenize("The Sprint-1 deadline is 2026-03-29; it's OK, isn't it? a b x")
    assert toks == ["sprint-1", "deadline", "2026-03-29"]
    assert "the" in ENGLISH_STOP and "it's" in ENGLISH_STOP


def test_fullwidth_latin_is_folded():
    assert tokenize("Ｓｐｒｉｎｔ１２") == ["sprint12"]


def test_chinese_words_come_from_jieba_and_stop_words_go():
    toks = tokenize("我们下周去北京旅游，这个计划怎么样？")
    assert "北京" in toks and "旅游" in toks and "计划" in toks
    for stop in ("我们", "这个", "怎么", "的"):
        assert stop not in toks


def test_single_cjk_content_characters_stay_but_stop_characters_go():
    toks = tokenize("猫的钱")
    assert "猫" in toks and "钱" in toks and "的" not in toks


def test_mixed_text_keeps_text_order():
    assert tokenize("部署 Kubernetes 集群") == ["部署", "kubernetes", "集群"]


def test_empty_and_punctuation_only():
    assert tokenize("") == [] and tokenize("，。!?--") == []


def test_significant_tokens_spec_rule():
    got = significant_tokens("我们的部署方案 deploy plan ok 部署")
    # CJK run "我们的部署方案": bigrams minus the SPEC stop list (我们 is on it).
    assert got == ["们的", "的部", "部署", "署方", "方案", "deploy", "plan"]
    assert "我们" not in got
    # A one-character run gives nothing; Latin words need 4+ characters.
    assert significant_tokens("猫 cat dogs") == ["dogs"]


def test_significant_stop_list_is_the_spec_list():
    spec = ("这个 那个 什么 怎么 如何 一下 我们 你们 他们 一个 自己 现在 请问 可以 知道 没有 不是 就是 这样 那样 "
            "昨天 今天 明天 最近 之前 时候 问题 东西 事情").split()
    assert SIGNIFICANT_STOP == frozenset(spec)
    assert significant_tokens("昨天今天") == ["天今"]


def test_stem_touches_english_only():
    assert stem(["running", "dogs", "旅游", "2026"]) == ["run", "dog", "旅游", "2026"]


def test_jieba_cache_lives_in_the_app_cache_folder():
    text._dictionary()  # jieba: the fallback and the user dictionaries' segmenter
    import jieba

    assert jieba.dt.tmp_dir == str(cache_dir() / "jieba")
    assert (cache_dir() / "jieba" / jieba.dt.cache_file).is_file()


def test_user_dictionary_changes_the_cut(tmp_path):
    word = "灵魂记忆仓"
    before = tokenize(f"打开{word}")
    assert word not in before
    d = tmp_path / "user.dict"
    d.write_text(f"{word} 100000 n\n", encoding="utf-8")
    text.configure(user_dict=d)
    assert word in tokenize(f"打开{word}")


def test_configure_rejects_a_missing_dictionary(tmp_path):
    with pytest.raises(NotFoundError):
        text.configure(user_dict=tmp_path / "missing.dict")


def test_tokenize_is_thread_safe():
    results, errors = [], []

    def work():
        try:
            results.append(tokenize("多线程同时分词不应出错 threads"))
        except Exception as exc:  # pragma: no cover - the failure being tested for
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len({tuple(r) for r in results}) == 1


def test_irregular_past_forms_meet_their_base():
    assert stem(["met", "meeting", "drew", "drawing", "went", "wrote"]) == ["meet", "meet", "draw", "draw", "go", "write"]
    # Nouns that look like past forms are left alone.
    assert stem(["ground", "wound"]) == ["ground", "wound"]


def test_rjieba_cuts_every_chinese_run_of_the_demo_home_and_fixtures_as_jieba(upstream_home):
    """The measurement behind using rjieba: the same words as jieba (the reference) on every CJK
    run of the demo home and the upstream fixture home."""
    import re
    import unicodedata
    from pathlib import Path

    rjieba = pytest.importorskip("rjieba")
    from linghun.resources import DEMO_HOME_DIR

    cjk = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
    files = [p for root in (Path(DEMO_HOME_DIR), Path(upstream_home)) for p in root.rglob("*") if p.is_file()]
    runs = {run for p in files if p.suffix in (".md", ".json", ".jsonl", ".txt")
            for run in cjk.findall(unicodedata.normalize("NFKC", p.read_text(encoding="utf-8", errors="replace")).lower())}
    assert len(runs) > 300  # distinct runs
    jieba = text._dictionary()
    differ = [run for run in runs if rjieba.cut(run, True) != jieba.lcut(run, HMM=True)]
    assert differ == []
