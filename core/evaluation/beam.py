"""Loader for BEAM-format chat folders (Tavakoli et al. 2025, "Beyond a Million Tokens").

A chat folder holds ``chat.json`` (or ``chat_trunecated.json`` (sic), which the official
evaluation prefers when present) -- a list of batches ``{batch_number, time_anchor, turns}``, each
turn a list of messages ``{role, id, content[, time_anchor]}`` -- and ``probing_questions.json``,
``{ability: [{question, source_chat_ids, ...}]}``. ``source_chat_ids`` (the gold message ids) is a
list, a dict of lists, or nested lists; all are flattened. Abstention questions have no gold and
are counted but not scored. ``path`` may be one chat folder or a folder of chat folders.
"""
from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.evaluation.answers import beam_facts
from linghun.core.evaluation.data import Conversation, Dataset, Question, Turn
from linghun.core.fsio import read_json

ABILITIES = (
    "abstention", "contradiction_resolution", "event_ordering", "information_extraction",
    "instruction_following", "knowledge_update", "multi_session_reasoning", "preference_following",
    "summarization", "temporal_reasoning",
)
_ANCHOR = re.compile(r"([A-Za-z]+)-(\d{1,2})-(\d{4})")


def parse_anchor(text: str | None) -> datetime | None:
    """``"March-15-2024"`` -> ``datetime(2024, 3, 15)``; None when unreadable."""
    m = _ANCHOR.search(text or "")
    if not m:
        return None
    try:
        return datetime.strptime(f"{m.group(1)[:3]} {m.group(2)} {m.group(3)}", "%b %d %Y")
    except ValueError:
        return None


def flatten_ids(value) -> list[int]:
    """Every integer in a (nested) list / dict of message ids, in order, without repeats."""
    out: list[int] = []

    def walk(v):
        if isinstance(v, bool):
            return
        if isinstance(v, int):
            if v not in out:
                out.append(v)
        elif isinstance(v, str) and v.strip().lstrip("-").isdigit():
            walk(int(v))
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)

    walk(value)
    return out


def chat_folders(path: str | Path) -> list[Path]:
    """The chat folders at ``path`` (itself, or its sub-folders in numeric order)."""
    path = Path(path)
    if not path.is_dir():
        raise NotFoundError(f"no BEAM folder at {path}")
    if (path / "probing_questions.json").is_file():
        return [path]
    subs = [p for p in path.iterdir() if p.is_dir() and (p / "probing_questions.json").is_file()]
    if not subs:
        raise InvalidInputError(f"{path}: no chat folder (with probing_questions.json) found")
    return sorted(subs, key=lambda p: (0, int(p.name)) if p.name.isdigit() else (1, p.name))


def load_chat(folder: Path) -> tuple[Conversation, list[Question], list[str]]:
    chat_file = folder / "chat_trunecated.json"
    if not chat_file.is_file():
        chat_file = folder / "chat.json"
    batches = read_json(chat_file)
    if not isinstance(batches, list):
        raise InvalidInputError(f"{chat_file}: a BEAM chat is a list of batches")
    conv_id = folder.name
    turns: list[Turn] = []
    times: dict[int, datetime] = {}
    when: datetime | None = None
    for b_no, batch in enumerate(batches, start=1):
        if not isinstance(batch, dict):
            continue
        session = int(batch.get("batch_number") or b_no)
        when = parse_anchor(batch.get("time_anchor")) or when
        for group in batch.get("turns") or []:
            for msg in group if isinstance(group, list) else [group]:
                if not isinstance(msg, dict) or "id" not in msg:
                    continue
                when = parse_anchor(msg.get("time_anchor")) or when
                if when and session not in times:
                    times[session] = when
                turns.append(Turn(int(msg["id"]), str(msg.get("role") or ""), str(msg.get("content") or ""),
                                  session, when))
    known = {t.id for t in turns}
    probing = read_json(folder / "probing_questions.json")
    if not isinstance(probing, dict):
        raise InvalidInputError(f"{folder}/probing_questions.json: expected {{ability: [questions]}}")
    questions: list[Question] = []
    dropped = 0
    for ability, items in probing.items():
        for i, q in enumerate(items or []):
            if not isinstance(q, dict) or not q.get("question"):
                continue
            ids = flatten_ids(q.get("source_chat_ids"))
            gold = tuple(x for x in ids if x in known)
            dropped += len(ids) - len(gold)
            answer = q.get("ideal_response") or q.get("answer") or ""
            questions.append(Question(f"{conv_id}#{ability}#{i}", conv_id, str(q["question"]), gold,
                                      str(ability), str(answer), beam_facts(str(ability), q)))
    notes = [f"chat {conv_id}: {dropped} gold ids name no message and were dropped"] if dropped else []
    return Conversation(conv_id, turns, ("user", "assistant"), times), questions, notes


def load_beam(path: str | Path) -> Dataset:
    """Read one BEAM chat folder or a folder of them."""
    conversations, questions, notes = [], [], []
    for folder in chat_folders(path):
        conv, qs, n = load_chat(folder)
        conversations.append(conv)
        questions.extend(qs)
        notes.extend(n)
    unscored = sum(1 for q in questions if not q.evidence)
    if unscored:
        notes.append(f"{unscored} questions have no gold ids (abstention) and are not scored")
    return Dataset(f"BEAM ({Path(path).name})", conversations, questions, notes)
