"""Cue / trigger evaluation: does a later situation bring an earlier cue back?

Input: a list of pairs ``{relation_type: causal|state|goal|value, cue_dialogue: "A: ...\\nB: ...",
trigger_query: "A: ...", time_gap}`` and a LoCoMo-format conversation file (a list of samples with
``conversation.speaker_a / speaker_b / session_<n>``).

Method:

1. Cue ``i`` is stitched into conversation ``i % N``, at the end of its session
   ``(i // N) % sessions`` (``A`` / ``B`` become the conversation's two speakers; the cue's turns
   get the ids ``CUE<i>:<k>``).
2. Memory is built offline from all turns of each conversation: every turn is an entry
   (``speaker: text``), and goals come from the offline extractor run over every turn and merged
   with the ``linghun_goal_update`` rules (source: the turn id).
3. For each trigger query (its speaker labels removed), three rankings of the conversation's turns:

   - ``bm25``: plain BM25 over the turns (``core.bm25_index.BM25Index``);
   - ``goal``: goal activation (``GoalIndex.rank``); a goal at rank r puts the turns it came from
     at rank r, so the cue is surfaced when a goal it produced is in the top k;
   - ``fusion``: reciprocal-rank fusion of the two, ``1/(60 + r_bm25) + 1/(60 + r_goal)``.

   A hit@k is counted when one of cue ``i``'s turns is in the top k. Results are given per
   relation type and overall, with how many cues produced a goal at all.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from linghun.core.bm25_index import BM25Index
from linghun.core.errors import InvalidInputError
from linghun.core.goals.activation import GoalIndex
from linghun.core.goals.extract import extract_offline
from linghun.core.goals.lexicon import Lexicon, builtin_lexicon
from linghun.core.goals.merge import GoalSet
from linghun.core.goals.model import make_source

RELATION_TYPES = ("causal", "state", "goal", "value")
CHANNELS = ("bm25", "goal", "fusion")
KS = (1, 5, 10)
RRF_K = 60
_LABEL = re.compile(r"^\s*(?P<label>[^:：\n]{1,40}?)\s*[:：]\s*(?P<text>.*)$")


@dataclass
class Turn:
    id: str
    speaker: str
    text: str


@dataclass
class Conversation:
    sample_id: str
    speaker_a: str
    speaker_b: str
    sessions: list[list[Turn]]

    def turns(self) -> list[Turn]:
        return [t for s in self.sessions for t in s]


@dataclass
class CuePair:
    index: int
    relation_type: str
    cue_dialogue: str
    trigger_query: str
    time_gap: Any = None


def load_conversations(data: Any) -> list[Conversation]:
    """LoCoMo samples (a list, or one sample) -> conversations with their sessions in order."""
    samples = data if isinstance(data, list) else [data]
    out = []
    for n, sample in enumerate(samples):
        conv = sample.get("conversation") if isinstance(sample, dict) else None
        if not isinstance(conv, dict):
            raise InvalidInputError(f"sample {n} has no 'conversation' object (LoCoMo format)")
        keys = sorted((k for k in conv if re.fullmatch(r"session_\d+", k) and isinstance(conv[k], list)),
                      key=lambda k: int(k.split("_")[1]))
        sessions = []
        for key in keys:
            turns = []
            for j, t in enumerate(conv[key]):
                if not isinstance(t, dict) or not isinstance(t.get("text"), str):
                    continue
                text = t["text"]
                if t.get("blip_caption"):
                    text += f" [shared an image: {t['blip_caption']}]"
                turns.append(Turn(str(t.get("dia_id") or f"{key}:{j}"), str(t.get("speaker") or "?"), text))
            sessions.append(turns)
        if not sessions:
            raise InvalidInputError(f"sample {n} has no sessions")
        out.append(Conversation(str(sample.get("sample_id", n)), str(conv.get("speaker_a", "A")),
                                str(conv.get("speaker_b", "B")), sessions))
    if not out:
        raise InvalidInputError("the conversation file holds no sample")
    return out


def load_cues(data: Any) -> list[CuePair]:
    if not isinstance(data, list) or not data:
        raise InvalidInputError("the cue file must be a non-empty JSON list of pairs")
    out = []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise InvalidInputError(f"cue {i} is not an object")
        rel = str(item.get("relation_type", "")).strip().lower()
        cue, trig = item.get("cue_dialogue"), item.get("trigger_query")
        if rel not in RELATION_TYPES:
            raise InvalidInputError(f"cue {i}: relation_type {item.get('relation_type')!r} is not one of {RELATION_TYPES}")
        if not isinstance(cue, str) or not cue.strip() or not isinstance(trig, str) or not trig.strip():
            raise InvalidInputError(f"cue {i}: cue_dialogue and trigger_query must be non-empty text")
        out.append(CuePair(i, rel, cue, trig, item.get("time_gap")))
    return out


def _dialogue_turns(text: str, conv: Conversation, prefix: str) -> list[Turn]:
    names = {"a": conv.speaker_a, "b": conv.speaker_b}
    turns = []
    for k, line in enumerate(l for l in text.splitlines() if l.strip()):
        m = _LABEL.match(line)
        label, said = (m.group("label"), m.group("text")) if m else ("A", line)
        turns.append(Turn(f"{prefix}{k}", names.get(label.strip().lower(), label.strip()), said.strip()))
    return turns


def query_text(trigger: str) -> str:
    """The trigger query without its speaker labels."""
    parts = []
    for line in trigger.splitlines():
        m = _LABEL.match(line)
        parts.append(m.group("text") if m else line)
    return " ".join(p.strip() for p in parts if p.strip())


def stitch(conversations: list[Conversation], cues: list[CuePair]) -> None:
    """Insert every cue's turns into its conversation (in place; see the module docstring)."""
    n = len(conversations)
    for cue in cues:
        conv = conversations[cue.index % n]
        session = conv.sessions[(cue.index // n) % len(conv.sessions)]
        session.extend(_dialogue_turns(cue.cue_dialogue, conv, f"CUE{cue.index}:"))


@dataclass
class _Memory:
    bm25: BM25Index
    goals: GoalIndex
    goal_set: GoalSet
    turn_ids: list[str]


def build_memory(conv: Conversation, lexicon: Lexicon) -> _Memory:
    turns = conv.turns()
    gs = GoalSet(lexicon=lexicon)
    for t in turns:
        for s in extract_offline(t.text, t.speaker, lexicon=lexicon, ref=t.id):
            gs.apply(s.to_signal(), when="2000-01-01 00:00:00", source=make_source("turn", t.id))
    bm25 = BM25Index([f"{t.speaker}: {t.text}" for t in turns], [t.id for t in turns])
    return _Memory(bm25, GoalIndex(gs.goals, lexicon), gs, [t.id for t in turns])


def _first_rank(ranked: Iterable[str], prefix: str) -> int | None:
    for r, turn_id in enumerate(ranked, start=1):
        if turn_id.startswith(prefix):
            return r
    return None


def rankings(mem: _Memory, query: str) -> dict[str, list[str]]:
    """Turn ids ranked by each channel (only turns a channel reaches are listed)."""
    bm25 = [h.id for h in mem.bm25.search(query, k=len(mem.turn_ids))]
    goal_rank: dict[str, int] = {}
    for act in mem.goals.rank(query, k=0):
        for src in act.goal.sources():
            ref = src.get("ref")
            if ref and ref not in goal_rank:
                goal_rank[ref] = act.rank
    goal = sorted(goal_rank, key=lambda t: goal_rank[t])
    fused: dict[str, float] = {}
    for r, t in enumerate(bm25, start=1):
        fused[t] = fused.get(t, 0.0) + 1.0 / (RRF_K + r)
    for t, r in goal_rank.items():
        fused[t] = fused.get(t, 0.0) + 1.0 / (RRF_K + r)
    order = {t: i for i, t in enumerate(mem.turn_ids)}
    fusion = sorted(fused, key=lambda t: (-fused[t], order.get(t, 0)))
    return {"bm25": bm25, "goal": goal, "fusion": fusion}


@dataclass
class CueResult:
    index: int
    relation_type: str
    ranks: dict[str, int | None]
    produced_goal: bool


@dataclass
class EvalReport:
    results: list[CueResult] = field(default_factory=list)

    def table(self) -> dict[str, dict[str, Any]]:
        """``{relation_type | "all": {"n", "cue_goals", channel: {"hit@k": rate}}}``."""
        groups: dict[str, list[CueResult]] = {}
        for r in self.results:
            groups.setdefault(r.relation_type, []).append(r)
        groups = {k: groups[k] for k in RELATION_TYPES if k in groups}
        groups["all"] = list(self.results)
        out = {}
        for name, rows in groups.items():
            n = len(rows)
            entry: dict[str, Any] = {"n": n, "cue_goals": sum(r.produced_goal for r in rows)}
            for ch in CHANNELS:
                entry[ch] = {f"hit@{k}": round(sum(1 for r in rows if r.ranks[ch] and r.ranks[ch] <= k) / n, 4)
                             for k in KS}
            out[name] = entry
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.table(),
                "cues": [{"index": r.index, "relation_type": r.relation_type, "ranks": r.ranks,
                          "produced_goal": r.produced_goal} for r in self.results]}

    def text(self) -> str:
        lines = [f"{'relation':<9} {'n':>3} {'goals':>5}  " + "  ".join(
            f"{ch + ' @1/@5/@10':<20}" for ch in CHANNELS)]
        for name, e in self.table().items():
            cells = "  ".join(" / ".join("%.2f" % e[ch]["hit@%d" % k] for k in KS).ljust(20) for ch in CHANNELS)
            lines.append(f"{name:<9} {e['n']:>3} {e['cue_goals']:>5}  {cells}")
        return "\n".join(lines)


def evaluate(cues_data: Any, conversations_data: Any, lexicon: Lexicon | None = None) -> EvalReport:
    """Run the evaluation on parsed JSON (see the module docstring)."""
    lexicon = lexicon or builtin_lexicon()
    cues = load_cues(cues_data)
    convs = load_conversations(conversations_data)
    stitch(convs, cues)
    memories = [build_memory(c, lexicon) for c in convs]
    report = EvalReport()
    for cue in cues:
        mem = memories[cue.index % len(convs)]
        prefix = f"CUE{cue.index}:"
        ranked = rankings(mem, query_text(cue.trigger_query))
        produced = any(str(s.get("ref", "")).startswith(prefix) for g in mem.goal_set.goals for s in g.sources())
        report.results.append(CueResult(cue.index, cue.relation_type,
                                        {ch: _first_rank(ranked[ch], prefix) for ch in CHANNELS}, produced))
    return report


def evaluate_files(cues_path: str | Path, conversations_path: str | Path,
                   lexicon: Lexicon | None = None) -> EvalReport:
    def load(path) -> Any:
        p = Path(path)
        if not p.is_file():
            raise InvalidInputError(f"no such file: {p}")
        try:
            return json.loads(p.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise InvalidInputError(f"{p} is not a UTF-8 JSON file: {exc}") from None

    return evaluate(load(cues_path), load(conversations_path), lexicon)
