"""Fuzzing with round-trip identity: what is written is what is read back.

Texts are built from the pieces that matter to the writers and parsers (headers, escapes, stamps,
speaker labels, CR/LF, CJK, controls). For each format, ``read(write(x))`` must equal ``x`` as the
format keeps it (its documented canonical form: surrounding newlines dropped). A seeded generator
gives the figures (tried / passed / lost); hypothesis shrinks a failure to its smallest case.
"""
from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from linghun.core.formats.journal import canonical_said, format_turn, parse_journal
from linghun.core.formats.warm import new_entry, parse_warm
from linghun.core.goals.model import GoalFile

PIECES = [
    "## ", "\\## ", "\\\\## ", "##", "# ", "\n", "\r\n", "\n\n", " ", "\t", "x", "中文", "用户：", "助手：",
    "用户:", "助手: ", " 用户：", "2026-10-07 11:28:41", "2026-10-07 10:00", "[fact] ", "high", "<!-- x -->",
    "<!-- last_access: 2026-10-07 10:00 -->", "\\", "\x00", "\x1b", "🙂", "\u202e", "&lt;", "<b>",
]
TRIES = 3000


def _text(rng: random.Random, n: int = 30) -> str:
    return "".join(rng.choice(PIECES) if rng.random() < 0.8 else chr(rng.randrange(32, 0x3000))
                   for _ in range(rng.randrange(1, n)))


def warm_round_trip(body: str) -> bool:
    body = body.replace("\r", "")
    if not body.strip():
        return True
    entry = new_entry("2026-10-07 10:00", "fact", "high", body)
    read = parse_warm(entry.raw).entries
    return len(read) == 1 and read[0].body == body.strip("\n")


def journal_round_trip(user: str, assistant: str) -> bool:
    turns = parse_journal(format_turn("2026-10-07 11:28:41", user, assistant)).turns
    return (len(turns) == 1 and turns[0].user == canonical_said(user)
            and turns[0].assistant == canonical_said(assistant))


def goals_round_trip(data: dict) -> bool:
    return json.dumps(GoalFile.from_json(data).to_json(), ensure_ascii=False) == json.dumps(data, ensure_ascii=False)


def _goals_file(rng: random.Random) -> dict:
    goal = {"id": "g1", "speaker": "user", "statement": "我想学会弹钢琴", "domain": "general",
            "priority": "medium", "triggers": ["钢琴"], "state": "active", "created": "2026-10-07 10:00:00",
            "updated": "2026-10-07 10:00:00", "history": []}
    items = list(goal.items()) + [(f"x{i}", rng.choice([1, "a", None, [1], {"k": 2}])) for i in range(rng.randrange(3))]
    rng.shuffle(items)
    goals: list = [dict(items)]
    for _ in range(rng.randrange(3)):
        goals.insert(rng.randrange(len(goals) + 1), rng.choice(["note", 3, None, ["x"]]))
    top = [("version", 1), ("goals", goals)] + [(f"top{i}", i) for i in range(rng.randrange(3))]
    rng.shuffle(top)
    return dict(top)


def test_write_then_read_is_identity_for_every_format():
    rng = random.Random(17)
    figures = {}
    for name, check, make in (
        ("warm body", warm_round_trip, lambda: (_text(rng),)),
        ("journal turn", journal_round_trip, lambda: (_text(rng), _text(rng))),
        ("goals.json", goals_round_trip, lambda: (_goals_file(rng),)),
    ):
        lost = [args for args in (make() for _ in range(TRIES)) if not check(*args)]
        figures[name] = lost
        print(f"\nround trip {name}: tried {TRIES}, passed {TRIES - len(lost)}, lost {len(lost)}"
              + (f" (first: {lost[0]!r})" if lost else ""), end="")
    print()
    assert {k: v[:1] for k, v in figures.items() if v} == {}


pieces = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=4)), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(body=pieces)
def test_a_warm_body_reads_back_as_written(body):
    assert warm_round_trip(body)


@settings(max_examples=300, deadline=None)
@given(user=pieces, assistant=pieces)
def test_a_journal_turn_reads_back_as_written(user, assistant):
    assert journal_round_trip(user, assistant)


def test_pinned_cases():
    assert warm_round_trip("第一行\n\\## 不是标题"), "a body line \\## keeps its backslash"
    assert journal_round_trip("我问：\n助手：这行是我写的", "好的"), "a 助手： line in the user's text stays the user's"
    data = {"note": "top first", "goals": ["a note", {"zzz": 1, "id": "g1", "statement": "我想学会弹钢琴"}], "version": 1}
    assert list(GoalFile.from_json(data).to_json()) == ["note", "goals", "version"]
    goals = GoalFile.from_json(data).to_json()["goals"]
    assert goals[0] == "a note" and list(goals[1])[:2] == ["zzz", "id"]
