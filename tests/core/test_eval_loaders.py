"""Loaders of the evaluation: LoCoMo, BEAM, and building a memory home from a conversation."""
import json
from datetime import datetime
from pathlib import Path

import pytest

from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.evaluation.beam import flatten_ids, load_beam, parse_anchor
from linghun.core.evaluation.homes import build_home
from linghun.core.evaluation.locomo import clean_evidence, load_locomo, parse_session_time

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"


def test_locomo_turns_sessions_and_dates():
    ds = load_locomo(FIX / "locomo_tiny.json")
    assert [c.id for c in ds.conversations] == ["tiny-1", "tiny-2"]
    conv = ds.conversations[0]
    assert [t.id for t in conv.turns][:3] == ["D1:1", "D1:2", "D1:3"]
    assert conv.speakers == ("Anna", "Ben")
    assert conv.session_times == {1: datetime(2023, 3, 3, 10, 0), 2: datetime(2023, 4, 20, 19, 30)}
    # A shared image's caption is part of what the turn says.
    assert conv.turns[2].text.endswith("[shares a photo of a small beagle on grass]")
    # Chinese conversation, Chinese question.
    assert ds.questions[-1].text == "新项目的截止日期是什么时候？" and ds.questions[-1].evidence == ("D1:3",)


def test_locomo_malformed_evidence_is_cleaned_and_counted():
    ds = load_locomo(FIX / "locomo_tiny.json")
    by_text = {q.text: q for q in ds.questions}
    assert by_text["When did Ben start training for the marathon?"].evidence == ("D1:4", "D2:1")  # "D1:4; D2:1"
    assert by_text["What did Biscuit break?"].evidence == ("D2:2",)  # "D:2:2"
    assert by_text["What class did Anna sign up for?"].evidence == ("D2:4",)  # "D9:9" and "D" dropped
    assert by_text["What is Anna's favourite colour?"].evidence == ()
    assert by_text["What did Ben adopt?"].answer == "a puppy"  # adversarial_answer
    assert by_text["What did Ben adopt?"].group == "5"
    assert any("2 evidence ids" in n for n in ds.notes) and any("1 questions" in n for n in ds.notes)


def test_clean_evidence_forms():
    known = {"D1:3", "D8:6", "D9:17", "D11:26"}
    assert clean_evidence(["D8:6; D9:17", "D", "D:11:26", "D01:03"], known) == (["D8:6", "D9:17", "D11:26", "D1:3"], 1)
    assert clean_evidence("D1:3", known) == (["D1:3"], 0)


def test_session_time_parsing():
    assert parse_session_time("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56)
    assert parse_session_time("12:09 am on 13 September, 2023") == datetime(2023, 9, 13, 0, 9)
    assert parse_session_time("10:04 am on 19 Sept, 2023") == datetime(2023, 9, 19, 10, 4)
    assert parse_session_time("sometime") is None and parse_session_time(None) is None


def test_locomo_rejects_a_non_locomo_file(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"not": "a list"}', encoding="utf-8")
    with pytest.raises(InvalidInputError):
        load_locomo(bad)
    bad.write_text('[{"sample_id": 1}]', encoding="utf-8")
    with pytest.raises(InvalidInputError):
        load_locomo(bad)


def test_beam_folder_of_chats_prefers_the_truncated_chat(beam_dir):
    ds = load_beam(beam_dir)
    assert [c.id for c in ds.conversations] == ["1", "2"]
    chat2 = ds.conversation("2")
    assert "Kyoto" in chat2.turns[0].text  # chat_trunecated.json, not chat.json
    chat1 = ds.conversation("1")
    assert [t.id for t in chat1.turns] == list(range(12))
    assert chat1.turns[0].speaker == "user" and chat1.turns[1].speaker == "assistant"
    assert chat1.session_times[1] == datetime(2024, 3, 15)
    assert chat1.turns[6].session == 2


def test_beam_gold_ids_are_flattened_and_checked(beam_dir):
    ds = load_beam(beam_dir)
    q = {x.id: x for x in ds.questions}
    assert q["1#knowledge_update#0"].evidence == (6, 8)  # dict of lists
    assert q["1#instruction_following#0"].evidence == (4,)  # nested and repeated
    assert q["1#multi_session_reasoning#0"].evidence == (0, 10)  # 999 names no message
    assert q["1#abstention#0"].evidence == ()
    assert q["2#information_extraction#0"].evidence == (2,)  # id given as text
    assert any("999" not in n and "1 gold ids" in n for n in ds.notes)
    assert any("abstention" in n for n in ds.notes)
    # One chat folder works on its own too.
    assert [c.id for c in load_beam(beam_dir / "2").conversations] == ["2"]


def test_beam_helpers_and_errors(tmp_path):
    assert flatten_ids({"a": [1, [2, 3]], "b": 1, "c": True, "d": "x"}) == [1, 2, 3]
    assert parse_anchor("March-15-2024") == datetime(2024, 3, 15)
    assert parse_anchor("Sept-99-2024") is None
    with pytest.raises(NotFoundError):
        load_beam(tmp_path / "missing")
    with pytest.raises(InvalidInputError):
        load_beam(tmp_path)


def test_build_home_is_reproducible(tmp_path):
    conv = load_locomo(FIX / "locomo_tiny.json").conversations[0]
    built = build_home(conv, tmp_path / "a")
    again = build_home(conv, tmp_path / "b")
    assert built.entries == 8 and built.journal_records == 4
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.md"))
    assert [str(p) for p in files_a] == [
        "linghun/memory/journal/2023-03-03.md", "linghun/memory/journal/2023-04-20.md", "linghun/memory/warm.md"]
    for rel in files_a:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()
    journal = (tmp_path / "a" / "linghun/memory/journal/2023-03-03.md").read_text(encoding="utf-8")
    assert "2023-03-03 10:00:00\n用户：Anna: Hi Ben!" in journal and "助手：Ben: No way!" in journal
    from linghun.core.memory import Memory

    entries = Memory(built.home).entries()
    assert len(entries) == 8 and entries[0].body == "Anna: Hi Ben! I finally adopted a puppy last weekend."
    assert entries[0].stamp == "2023-03-03 10:00" and entries[0].kind == "event"
    goals = json.loads(built.home.goals.read_text(encoding="utf-8"))
    assert built.goals == len(goals["goals"] if isinstance(goals, dict) else goals)


def test_build_home_from_a_beam_chat_keeps_roles(tmp_path, beam_dir):
    conv = load_beam(beam_dir).conversation("1")
    built = build_home(conv, tmp_path / "h", goals=False)
    text = built.home.journal_file("2024-03-15").read_text(encoding="utf-8")
    assert "用户：I am building a budget tracker" in text and "助手：Great, start" in text
    assert not built.home.goals.exists()
