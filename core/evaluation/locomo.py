"""Loader for LoCoMo-format files (Maharana et al. 2024, ``locomo10.json`` and its subsets).

A file is a JSON list of samples ``{sample_id, conversation, qa, ...}``. ``conversation`` has
``speaker_a``, ``speaker_b``, ``session_<n>`` (a list of turns ``{speaker, dia_id, text}``, some
with ``blip_caption``) and ``session_<n>_date_time`` ("1:56 pm on 8 May, 2023"). ``qa`` items are
``{question, answer | adversarial_answer, evidence: ["D1:3", ...], category}``.

Evidence ids in the public file need cleaning: some hold two ids ("D8:6; D9:17"), some are
malformed ("D:11:26", "D"), some point to no turn. Every id that can be read as ``D<s>:<t>`` and
names an existing turn is kept; the rest are dropped and counted in ``Dataset.notes``.
The dataset's ``observation``, ``session_summary`` and ``event_summary`` (LLM-written) are not
loaded: they act like labels.
"""
from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from linghun.core.errors import InvalidInputError
from linghun.core.evaluation.answers import locomo_facts
from linghun.core.evaluation.data import Conversation, Dataset, Question, Turn
from linghun.core.fsio import read_json

CATEGORY_NAMES = {"1": "multi-hop", "2": "temporal", "3": "open-domain", "4": "single-hop", "5": "adversarial"}

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIA_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")
_DATE = re.compile(
    r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s*(\d{4})", re.IGNORECASE
)
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), start=1)}


def parse_session_time(text: str | None) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` -> ``datetime(2023, 5, 8, 13, 56)``; None when unreadable."""
    m = _DATE.search(text or "")
    if not m:
        return None
    hour, minute, half, day, month, year = m.groups()
    month_no = _MONTHS.get(month.lower()) or next(
        (n for name, n in _MONTHS.items() if name.startswith(month.lower()[:3])), None)
    if month_no is None:
        return None
    h = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    try:
        return datetime(int(year), month_no, int(day), h, int(minute))
    except ValueError:
        return None


def clean_evidence(raw, known: set[str]) -> tuple[list[str], int]:
    """Readable, existing dia_ids from a raw evidence list; also how many raw items were dropped."""
    items = raw if isinstance(raw, list) else [raw]
    out: list[str] = []
    dropped = 0
    for item in items:
        found = [f"D{int(s)}:{int(t)}" for s, t in _DIA_ID.findall(str(item))]
        kept = [d for d in found if d in known]
        if not kept:
            dropped += 1
        for d in kept:
            if d not in out:
                out.append(d)
    return out, dropped


def turn_text(turn: dict) -> str:
    """The turn's words, with the caption of a shared image (what the listener saw)."""
    text = str(turn.get("text") or "")
    caption = turn.get("blip_caption")
    if caption:
        text = f"{text} [shares {caption}]".strip()
    return text


def load_locomo(path: str | Path) -> Dataset:
    """Read a LoCoMo-format file (``core.errors.InvalidInputError`` if it is not one)."""
    path = Path(path)
    data = read_json(path)
    if not isinstance(data, list):
        raise InvalidInputError(f"{path}: a LoCoMo file is a JSON list of samples")
    conversations: list[Conversation] = []
    questions: list[Question] = []
    dropped_ids = unscored = 0
    for n, sample in enumerate(data):
        if not isinstance(sample, dict) or not isinstance(sample.get("conversation"), dict):
            raise InvalidInputError(f"{path}: sample {n} has no conversation")
        conv_id = str(sample.get("sample_id") or f"conv-{n}")
        conv = sample["conversation"]
        sessions = sorted(int(m.group(1)) for k in conv if (m := _SESSION_KEY.match(k)))
        turns: list[Turn] = []
        times: dict[int, datetime] = {}
        for s in sessions:
            when = parse_session_time(conv.get(f"session_{s}_date_time"))
            if when:
                times[s] = when
            for t in conv.get(f"session_{s}") or []:
                if not isinstance(t, dict) or not t.get("dia_id"):
                    continue
                ids = _DIA_ID.findall(str(t["dia_id"]))
                dia = f"D{int(ids[0][0])}:{int(ids[0][1])}" if ids else str(t["dia_id"])
                turns.append(Turn(dia, str(t.get("speaker") or ""), turn_text(t), s, when))
        known = {t.id for t in turns}
        speakers = tuple(x for x in (conv.get("speaker_a"), conv.get("speaker_b")) if x)
        conversations.append(Conversation(conv_id, turns, speakers, times))
        for i, qa in enumerate(sample.get("qa") or []):
            if not isinstance(qa, dict) or not qa.get("question"):
                continue
            evidence, dropped = clean_evidence(qa.get("evidence") or [], known)
            dropped_ids += dropped
            unscored += not evidence
            answer = qa.get("answer", qa.get("adversarial_answer", ""))
            questions.append(Question(
                f"{conv_id}#{i}", conv_id, str(qa["question"]), tuple(evidence),
                str(qa.get("category", "")), str(answer), locomo_facts(qa.get("category", ""), qa.get("answer")),
            ))
    notes = []
    if dropped_ids:
        notes.append(f"{dropped_ids} evidence ids were malformed or named no turn and were dropped")
    if unscored:
        notes.append(f"{unscored} questions have no usable evidence and are not scored")
    return Dataset(f"LoCoMo ({path.name})", conversations, questions, notes)
