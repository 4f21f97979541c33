"""The sentence-meaning channel (core/meaning.py): the model's own vectors, a query cut exactly
as the full tokenizer cuts it, cached tables that are checked before use, and the searcher finding
what was meant in other words, in English and in Chinese."""
from __future__ import annotations

import numpy as np
import pytest

from linghun.core import installed_models, meaning
from linghun.core.search import SearchConfig, Searcher, Unit, config_for



def test_the_channel_is_installed_and_on_by_default():
    """A dependency, never a silent fallback: this fails on an installation that lost the model,
    or when the default turns the channel off."""
    from linghun.core.assembler.config import AssemblerConfig
    from linghun.core.assembler.retriever import ASSEMBLER_SEARCH

    assert meaning.available(), meaning.missing_message()
    assert AssemblerConfig().get("retrieval.meaning") is True
    # with the embeddings installed, meaning weighs in the mix their rerank starts from
    first = ASSEMBLER_SEARCH.unread if ASSEMBLER_SEARCH.late_candidates else ASSEMBLER_SEARCH
    assert first.meaning_weight > 0 and ASSEMBLER_SEARCH.sentence_model == meaning.MODEL_KEY

MIXED = ["I got a terrible sunburn in Cancun because I forgot sunscreen.", "我下周要去三亚海边，该带点什么？",
         "CI | 间歇失败 | TestLedgerReplay | 失败率约 3%", "  spaces\tand\nlines  ", "emoji 🙂 and ＦＵＬＬ width",
         "a", "订单服务的端口是 8087，不是 8080", "Ich möchte ein Haus kaufen"]


def test_vectors_are_the_packages_own():
    assert meaning.check(MIXED) > 0.9999


def test_a_query_is_cut_as_the_full_tokenizer_cuts_it():
    model = meaning.encoder()
    full = model._built.full_tokenizer()
    query_tokenizer = meaning._BuiltModel(model.folder, model.version).tokenizer()
    assert query_tokenizer.full is None  # the tables were cached: the lookup road is taken
    for text in MIXED:
        assert query_tokenizer.encode(text) == full.encode(text, out_type=int, add_bos=True, add_eos=True), text


def test_broken_cached_tables_are_rebuilt_not_trusted(tmp_path, monkeypatch):
    monkeypatch.setattr(meaning, "cache_dir", lambda: tmp_path)
    built = meaning._BuiltModel(installed_models.meaning_files(), meaning.version())
    first = meaning.MeaningEncoder(installed_models.meaning_files()).encode_query(MIXED[1])
    (built.dir / "normalizer.marshal").write_bytes(b"\x00not marshal")
    (built.dir / "tokenizer.marshal").write_bytes(b"garbage")
    (built.dir / "pieces.sqlite").write_bytes(b"not a database")
    with open(built.dir / "table.npy", "r+b") as f:
        f.truncate(1000)
    with open(built.dir / "rest" / "proj_W.npy", "r+b") as f:
        f.truncate(100)
    again = meaning.MeaningEncoder(installed_models.meaning_files()).encode_query(MIXED[1])
    assert np.allclose(first, again, atol=1e-6)
    assert (built.dir / "table.npy").stat().st_size > 60_000_000  # written anew, whole
    assert (built.dir / "rest" / "proj_W.npy").stat().st_size > 100


def _units(lines):
    return [Unit(f"u{i}", text, {"session": f"s{i // 4}"}) for i, text in enumerate(lines)]


@pytest.mark.parametrize("cue, trigger, filler", [
    ("I'm vegetarian now, I haven't eaten meat since March.",
     "I'm grilling steaks and burgers at my place Saturday, come by!",
     ["The quarterly report is due on Friday.", "My cat knocked the plant off the shelf.",
      "We switched the CI runners to the new image.", "Dinner at my parents' place was lovely.",
      "The train was late again this morning.", "I'm reading a novel about the Roman empire.",
      "Our team adopted a new code review checklist.", "I bought new running shoes."]),
    ("上次去海南晒伤了，因为忘了涂防晒霜。", "下周要去三亚的海滩玩，该带些什么？",
     ["季度报告周五之前要交。", "猫把架子上的花盆碰倒了。", "CI 换成了新的镜像。", "周末在父母家吃的晚饭很好。",
      "今天早上火车又晚点了。", "最近在读一本关于罗马帝国的小说。", "团队开始用新的代码评审清单。", "买了一双新跑鞋。"]),
])
def test_what_was_meant_is_found_in_other_words(cue, trigger, filler):
    units = _units(filler[:4] + [cue] + filler[4:])
    lexical = Searcher(units, config_for(False))
    by_meaning = Searcher(units, config_for(False, use_meaning=True))
    hits = by_meaning.search(trigger, len(units))
    closest = max(hits, key=lambda h: h.terms.get("@meaning", 0.0))
    assert closest.id == "u4" and closest.terms["@meaning"] > 0  # the trace says which channel

    def rank(searcher):
        return next((n for n, h in enumerate(searcher.search(trigger, len(units))) if h.id == "u4"), len(units))

    assert rank(by_meaning) <= rank(lexical)  # never lower than by words alone


def test_the_channel_is_asked_for():
    on = config_for(False, use_meaning=True)
    assert on.meaning_weight > 0 and on.sentence_model == meaning.MODEL_KEY
    off = config_for(False)
    assert off.meaning_weight == 0 and off.sentence_model is None
    assert Searcher(_units(["one line", "another line"]), off).meaning_encoded == 0
    assert Searcher(_units(["one line", "another line"]), on).meaning_encoded == 2


def test_a_missing_model_is_said_not_hidden(monkeypatch):
    from linghun.core.evaluation.suite import search_config

    monkeypatch.setattr(installed_models, "meaning_files", lambda: None)
    _config, notes = search_config(False, meaning=True)
    assert any("meaning channel MISSING" in n and meaning.PACKAGE in n for n in notes)
    monkeypatch.setattr(meaning, "_encoder", None)
    with pytest.raises(Exception, match=meaning.PACKAGE):
        meaning.encoder()


def test_a_round_asked_for_meaning_says_when_the_model_is_missing(tmp_path, monkeypatch):
    from tests.core.test_assembler_support import assembler, filler, new_home, span

    home = new_home(tmp_path, filler(30))
    monkeypatch.setattr(installed_models, "meaning_files", lambda: None)
    retriever = span(assembler(home, retrieval__mode="always", retrieval__meaning=True).run("部署的端口"), "retriever")
    said = [d for d in retriever["decisions"] if d["what"] == "meaning"]
    assert said and meaning.PACKAGE in said[0]["reason"]
    quiet = span(assembler(home, retrieval__mode="always", retrieval__meaning=False).run("部署的端口"), "retriever")
    assert not [d for d in quiet["decisions"] if d["what"] == "meaning"]  # not asked for: nothing to say
