"""Excerpts of long units: the passage around what the question matched (English and Chinese, by
words and by meaning), the mark and its drill pointer, the budget, and the round's trace."""
import re

import numpy as np
import pytest

from linghun.core import excerpt as excerpt_module
from linghun.core.context import compose
from linghun.core.drill import drill
from linghun.core.excerpt import MARK, excerpts, marked, sentences
from linghun.core.text import approx_tokens
from tests.core.test_assembler_support import assembler, entry, filler, new_home, span

ANSWER_EN = "My sister Anna moved to Lisbon in March 2023 for a new job at a design studio."
LONG_EN = ("I went hiking in the mountains with my friends and the weather was lovely. " * 12 + ANSWER_EN
           + " She says the light there is wonderful. " + "The train was late and we read books on the platform. " * 14).strip()
ANSWER_ZH = "我的妹妹安娜在二〇二三年三月搬到了里斯本，在一家设计工作室找了新工作。"
LONG_ZH = "今天天气很好，我们去公园散步，看了很多花。" * 12 + ANSWER_ZH + "她说那里的阳光很美。" + "晚上吃了火锅，大家都很开心。" * 14


@pytest.mark.parametrize("query, text, answer", [("Where did Anna move to?", LONG_EN, ANSWER_EN),
                                                 ("安娜搬到哪里了？", LONG_ZH, ANSWER_ZH)])
def test_the_excerpt_is_the_passage_around_the_match(query, text, answer):
    x = excerpts(query, [text], 80)[0]
    assert x is not None and answer in x.passage
    assert approx_tokens(x.passage) <= 80 and 0 < x.start and x.end < len(text) == x.full
    assert x.passage == text[x.start:x.end]
    # sentences around the match, not the match alone: there is room, so context on both sides
    assert x.passage.index(answer) > 0 and not x.passage.endswith(answer)


def test_a_short_unit_is_not_cut_and_no_budget_cuts_nothing():
    assert excerpts("Anna", [ANSWER_EN], 80) == [None]
    assert excerpts("Anna", [LONG_EN], 0) == [None]


def test_the_mark_says_it_is_an_excerpt_and_the_drill_pointer_gives_the_whole(tmp_path):
    home = new_home(tmp_path, filler(30) + [entry("2026-03-02 10:00", "event", "medium", LONG_EN)])
    x = excerpts("Where did Anna move to?", [LONG_EN], 80)[0]
    shown = marked(x, "[31]")
    assert shown.startswith("…") and shown.endswith(MARK.format(full=len(LONG_EN), pointer="[31]"))
    pointer = re.search(r"memory_drill pointer=(\[\d+\])", shown).group(1)
    assert LONG_EN in drill(home, pointer)["text"]


def test_nothing_matched_shows_the_opening():
    x = excerpts("quantum chromodynamics", [LONG_EN], 60)[0]
    assert x.start == 0 and LONG_EN.startswith(x.passage) and approx_tokens(x.passage) <= 60


def test_a_sentence_longer_than_the_budget_is_split_so_the_excerpt_keeps_to_it():
    run_on = " ".join(f"word{i}" for i in range(400)) + " Anna moved to Lisbon " + " ".join(f"more{i}" for i in range(400))
    x = excerpts("Lisbon", [run_on], 50)[0]
    assert "Lisbon" in x.passage and approx_tokens(x.passage) <= 50
    assert all(approx_tokens(run_on[a:b]) <= 25 for a, b in sentences(run_on, 25))


def test_meaning_finds_the_passage_that_shares_no_word(monkeypatch):
    """With a sentence model the passage close in meaning wins over the opening; the model is a
    stand-in here (core/meaning.py is tested on its own), so the test says what the scores do."""
    text = "The garden needs water. " * 20 + "She relocated to Portugal last spring. " + "The garden needs water. " * 20

    def closeness(query, texts, model):
        return np.array([0.9 if "Portugal" in t else 0.1 for t in texts])

    monkeypatch.setattr(excerpt_module, "closeness", closeness)  # as the excerpt module calls it
    assert "Portugal" not in excerpts("Where does Anna live now?", [text], 40)[0].passage  # words alone: the opening
    assert "Portugal" in excerpts("Where does Anna live now?", [text], 40, model="meaning")[0].passage


def test_meaning_reads_at_most_so_many_sentences_a_round(monkeypatch):
    seen = []

    def closeness(query, texts, model):
        seen.append(len(texts))
        return np.zeros(len(texts))

    monkeypatch.setattr(excerpt_module, "closeness", closeness)  # as the excerpt module calls it
    monkeypatch.setattr(excerpt_module, "MEANING_SENTENCES", len(sentences(LONG_EN, 40)))
    got = excerpts("Where did Anna move to?", [LONG_EN, LONG_EN + " More."], 80, model="meaning")
    assert seen == [len(sentences(LONG_EN, 40))]  # the first text only; the second by its words
    assert all(ANSWER_EN in x.passage for x in got)


def test_a_weighted_word_that_made_the_hit_counts_more_than_a_common_one():
    text = ("The movie was fine. " * 10 + "We talked about the movie again. " + "Filler words here. " * 10
            + "Anna bought a kayak. " + "Filler words here. " * 10)
    # "movie" is everywhere in the question and the unit, "kayak" is what made the hit
    x = excerpts("movie kayak", [text], 30, terms=[{"movi": 0.1, "kayak": 2.0}])[0]
    assert "kayak" in x.passage


DAYS = {1: "baked bread and fixed the bike", 2: "painted the fence and called grandma",
        3: "planted tomatoes and read a novel", 4: "cleaned the garage and sorted photos"}


def _long_home(tmp_path):
    """Four long notes about pasta and films (distinct, so no near-copy rule drops them) and the
    long one about Anna."""
    blocks = filler(30) + [entry(f"2026-03-0{d} 10:00", "event", "medium", " ".join(
        f"On day {d} hour {h} we {what}, then cooked pasta and watched a film." for h in range(24)))
                           for d, what in DAYS.items()]
    return new_home(tmp_path, blocks + [entry("2026-03-05 10:00", "event", "medium", LONG_EN)])


#: a question all five long entries match: together they do not fit the bundle whole
WIDE = "Where did Anna move to, and on which day did we cook pasta and watch a film?"


def test_entries_that_fit_the_bundle_whole_are_not_cut(tmp_path):
    home = _long_home(tmp_path)
    result = assembler(home, retrieval__mode="always").run("Where did Anna move to?")
    r = span(result, "retriever")
    assert not [c for c in r["candidates"] if c.get("excerpt")]
    assert not [d for d in r["decisions"] if d["what"] == "excerpt"]
    assert LONG_EN in result.bundle


def test_a_round_shows_long_entries_as_excerpts_and_its_trace_records_the_cut(tmp_path):
    home = _long_home(tmp_path)
    result = assembler(home, retrieval__mode="always").run(WIDE)
    r = span(result, "retriever")
    cut = [c for c in r["candidates"] if c.get("excerpt")]
    assert cut, "the long entries are excerpts"
    anna = next(c for c in cut if c["n"] == 35)
    x = anna["excerpt"]
    assert x["full_chars"] == len(LONG_EN) and x["chars"] == x["end"] - x["start"] < x["full_chars"]
    assert LONG_EN[x["start"]:x["end"]] in anna["text"] and ANSWER_EN in anna["text"]
    decision = next(d for d in r["decisions"] if d["what"] == "excerpt")
    assert f"[35] characters {x['start']}-{x['end']} of {len(LONG_EN)}" in decision["reason"]
    # the editor kept it, with its mark: the bundle holds the answer and the pointer to the whole
    assert ANSWER_EN in result.bundle and "memory_drill pointer=[35]" in result.bundle
    assert LONG_EN not in result.bundle


def test_the_llm_editor_reads_the_same_excerpts(tmp_path):
    from linghun.core.assembler import editor

    home = _long_home(tmp_path)
    result = assembler(home, retrieval__mode="always").run(WIDE)
    r = span(result, "retriever")
    assert "memory_drill pointer=[35]" in r["outputs"]["material"]
    assert "摘录" in editor.RULES_PROMPT  # the LLM is told to keep the mark


def test_excerpts_let_more_entries_fit_the_bundle(tmp_path):
    home = _long_home(tmp_path)
    whole = assembler(home, retrieval__mode="always", assemble__excerptTokens=0).run(WIDE)
    cut = assembler(home, retrieval__mode="always").run(WIDE)
    assert not any(c.get("excerpt") for c in span(whole, "retriever")["candidates"])
    assert len(span(cut, "editor")["outputs"]["used"]) > len(span(whole, "editor")["outputs"]["used"])
    assert approx_tokens(cut.bundle) <= 1200


def test_the_context_keeps_its_budget_with_excerpts(tmp_path):
    home = _long_home(tmp_path)
    ctx = compose(home, WIDE, run_round=True)
    bundle = ctx.part("bundle").text
    assert ANSWER_EN in bundle and "memory_drill pointer=[35]" in bundle
    assert len(ctx.text()) <= 10_000


def test_the_module_names_its_mark_once():
    assert excerpt_module.MARK.count("{pointer}") == 1 and "memory_drill" in excerpt_module.MARK


def test_a_consolidated_entry_is_excerpted_with_its_line_as_the_pointer(tmp_path):
    """On a home that consolidated, a long entry is a line of the event timeline: its excerpt
    points at that line (``memory@<line>``), which memory_drill gives whole."""
    home = new_home(tmp_path, filler(30))
    lines = ["## 事件时间线"] + [f"- 2026-02-0{d} 10:00 notes of day {d}: " + " ".join(
        f"On hour {h} we {what}, then cooked pasta and watched a film." for h in range(24)) for d, what in DAYS.items()]
    lines.append("- 2026-03-05 10:00 " + LONG_EN)
    home.memory_ontology.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = assembler(home, retrieval__mode="always").run(WIDE)
    anna = next(c for c in span(result, "retriever")["candidates"] if c["source"] == "timeline" and "Anna" in c["text"])
    assert anna["excerpt"]["pointer"] == "memory@6" and ANSWER_EN in anna["text"] and LONG_EN not in anna["text"]
    assert "memory_drill pointer=memory@6" in result.bundle and ANSWER_EN in result.bundle
    whole = drill(home, "memory@6")
    assert whole["type"] == "line" and LONG_EN in whole["text"]


def test_a_direct_round_shows_long_entries_as_excerpts_too(tmp_path):
    home = _long_home(tmp_path)
    result = assembler(home, retrieval__mode="never").run(WIDE)
    r = span(result, "retriever")
    assert r["outputs"]["mode"] == "direct"
    anna = next(c for c in r["candidates"] if c["n"] == 35)
    assert anna["excerpt"]["pointer"] == "[35]" and "memory_drill pointer=[35]" in r["outputs"]["material"]
    # the weather notes the question does not match are neither cut nor counted
    assert not [c for c in r["candidates"] if c.get("excerpt") and c["n"] <= 30]
    assert ANSWER_EN in result.bundle and LONG_EN not in result.bundle


def test_a_line_pointer_past_the_file_is_not_found(tmp_path):
    from linghun.core.errors import NotFoundError

    home = new_home(tmp_path, filler(1))
    home.memory_ontology.write_text("## 事件时间线\n- 2026-03-05 10:00 one line\n", encoding="utf-8")
    assert drill(home, "memory@2")["text"] == "- 2026-03-05 10:00 one line"
    with pytest.raises(NotFoundError):
        drill(home, "memory@3")


@pytest.mark.parametrize("query, text, answer", [
    ("Which country did she move to?",
     "The garden needs water and the roses look tired. " * 12 + "She relocated to Portugal last spring with her two cats. "
     + "The garden needs water and the roses look tired. " * 12, "She relocated to Portugal"),
    ("她迁居到哪个国家？", "花园里的玫瑰需要浇水了。" * 12 + "她去年春天带着两只猫搬到了葡萄牙。" + "花园里的玫瑰需要浇水了。" * 12,
     "搬到了葡萄牙")])
def test_the_meaning_model_finds_the_passage_in_english_and_chinese(query, text, answer):
    from linghun.core import meaning
    from linghun.core.goals.activation import MEANING

    if not meaning.available():
        pytest.skip(meaning.missing_message())
    assert answer not in excerpts(query, [text], 40)[0].passage  # no shared word: the opening
    assert answer in excerpts(query, [text], 40, model=MEANING)[0].passage


def test_r_at_context_counts_an_excerpt_of_a_gold_turn_apart_never_as_whole():
    """The strict figure keeps its rule (the turn whole in a part); an excerpt of the gold entry,
    whose pointer gives it whole, is counted apart (``excerpt``)."""
    from datetime import datetime

    from linghun.core.evaluation.context_recall import EXCERPT, HomeContext
    from linghun.core.evaluation.data import Conversation, Turn

    day = datetime(2026, 3, 1, 10, 0)
    notes = [Turn(f"m{d}", "user", " ".join(f"On day {d} hour {h} we {what}, then cooked pasta and watched a film."
                                            for h in range(24)), 1, day) for d, what in DAYS.items()]
    gold = Turn("anna", "user", LONG_EN, 1, day)
    with HomeContext(Conversation("c", notes + [gold], ("user",), {1: day})) as home:
        probe = home.probe(WIDE, ["anna"])
    assert probe.reached == [] and probe.excerpted == ["anna"] and probe.parts[EXCERPT] == ["anna"]
