"""The cue / trigger evaluation on the fixture pairs (tests/fixtures_goals)."""
import json
from pathlib import Path

import pytest

from linghun.core.errors import InvalidInputError
from linghun.core.goals.cue_eval import (evaluate, evaluate_files, load_conversations, load_cues, query_text,
                                 stitch)

FIX = Path(__file__).resolve().parent.parent / "fixtures_goals"


@pytest.fixture(scope="module")
def data():
    return (json.loads((FIX / "cues.json").read_text(encoding="utf-8")),
            json.loads((FIX / "conversation.json").read_text(encoding="utf-8")))


def test_fixture_is_large_enough_and_bilingual(data):
    cues, conv = data
    assert len(cues) >= 20
    assert {c["relation_type"] for c in cues} == {"causal", "state", "goal", "value"}
    zh = [c for c in cues if any("\u4e00" <= ch <= "\u9fff" for ch in c["cue_dialogue"])]
    assert 0 < len(zh) < len(cues)
    assert len(load_conversations(conv)) == 2


def test_stitching_puts_cue_i_into_conversation_i_mod_n(data):
    cues, conv = data
    convs = load_conversations(conv)
    pairs = load_cues(cues)
    stitch(convs, pairs)
    ids0 = [t.id for t in convs[0].turns()]
    ids1 = [t.id for t in convs[1].turns()]
    assert "CUE0:0" in ids0 and "CUE0:1" in ids0 and "CUE1:0" in ids1 and "CUE1:0" not in ids0
    cue0 = next(t for t in convs[0].turns() if t.id == "CUE0:0")
    assert cue0.speaker == "Maya", "A is the conversation's speaker_a"
    # cue 2 goes to conversation 0, session (2 // 2) % 2 = 1
    assert any(t.id == "CUE2:0" for t in convs[0].sessions[1])
    assert query_text("A: hello there\nB: hi") == "hello there hi"


def test_report_per_relation_type(data):
    report = evaluate(*data)
    table = report.table()
    assert set(table) == {"causal", "state", "goal", "value", "all"}
    assert table["all"]["n"] == len(data[0])
    for row in table.values():
        for ch in ("bm25", "goal", "fusion"):
            h = row[ch]
            assert 0 <= h["hit@1"] <= h["hit@5"] <= h["hit@10"] <= 1
    # goal and value cues are the goal channel's job: every one of them produced a goal, and the
    # situation reaches most of them although plain BM25 over turns finds none of them
    assert table["goal"]["cue_goals"] == table["goal"]["n"]
    assert table["value"]["cue_goals"] == table["value"]["n"]
    assert table["goal"]["bm25"]["hit@10"] == 0 and table["value"]["bm25"]["hit@10"] == 0
    assert table["goal"]["goal"]["hit@10"] >= 0.5 and table["value"]["goal"]["hit@10"] >= 0.5
    # fusion keeps what BM25 finds for causal cues and adds what goals find
    assert table["all"]["fusion"]["hit@10"] >= max(table["all"]["bm25"]["hit@10"], table["all"]["goal"]["hit@10"])
    assert "relation" in report.text() and report.to_dict()["cues"][0]["ranks"].keys() == {"bm25", "goal", "fusion"}


def test_bad_inputs(tmp_path, data):
    cues, conv = data
    with pytest.raises(InvalidInputError):
        evaluate([], conv)
    with pytest.raises(InvalidInputError, match="relation_type"):
        evaluate([{"relation_type": "mood", "cue_dialogue": "A: x", "trigger_query": "A: y"}], conv)
    with pytest.raises(InvalidInputError, match="conversation"):
        evaluate(cues, [{"no": "conversation"}])
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="JSON"):
        evaluate_files(bad, FIX / "conversation.json")
    with pytest.raises(InvalidInputError, match="no such file"):
        evaluate_files(tmp_path / "missing.json", FIX / "conversation.json")
