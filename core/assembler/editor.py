"""The editor (SPEC 11.7, every round): the candidates compressed into the material bundle.

Rules (the LLM's prompt, and what the offline editor does by construction):

- keep only relevant entries; details verbatim (names, versions, numbers, dates, code, hashes);
- mark conflicts ``⚠️ 冲突：`` without resolving them; keep every date, never compute intervals;
- start with ``素材：``, within ``assemble.maxTokens`` (1200) tokens as ``core.text.approx_tokens``
  counts them (CJK characters one each, other text four characters a token), and within
  ``assemble.maxChars`` characters when that (ours, default 0: none) is set;
- nothing relevant: ``候选条目中未检索到该数据`` (an input-side fact, not a verdict);
- ``summarization``: the dual track, a *fact line* (what was done or decided) and a *suggestion
  line* (modularity, validation, configuration, robustness), both always present.

The offline editor is extractive: whole entries, verbatim, chosen in retrieval order (the strongest
candidates first) until the budget is spent, then shown newest first for ``knowledge_update``. A long
entry may reach it as an excerpt the retriever cut when the candidates do not fit the budget whole
(``core/excerpt.py``): the passage verbatim, with its mark and the pointer to the whole.
The seed gives the editor ``maxTokens: 1200`` and no character cap; an 800-character cap of ours
cut ~18 points of the LoCoMo evidence the retriever had found (R@context 54 -> 73 with 4,000
characters), so the budget is the seed's. The loop context (last judgment, feedback
stats) guides the LLM's emphasis and is never written into the bundle.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from linghun.core.assembler.advocate import CONFLICT_MARK, cap_material, fact_conflicts
from linghun.core.assembler.context import RoundContext
from linghun.core.assembler.judge import Decision
from linghun.core.assembler.retriever import LOW_PREFIX, Candidate, Retrieval
from linghun.core.assembler.role_reply import EDITOR_SCHEMA, text_field
from linghun.core.assembler.trace import Span
from linghun.core.llm import LLMError
from linghun.core.text import approx_tokens, significant_tokens, tokenize, within_tokens

PREFIX = "素材："
NOT_FOUND = "候选条目中未检索到该数据"
FACT_TRACK = "事实线："
SUGGESTION_TRACK = "建议线："
SUGGESTION_MARKERS = ("建议", "应该", "应当", "最好", "推荐", "模块化", "验证", "校验", "配置", "健壮", "鲁棒",
                      "重构", "规范", "先在", "should", "recommend", "suggest", "modular", "validat", "config",
                      "robust", "refactor")
RULE_KINDS = ("rule", "decision", "preference")

RULES_PROMPT = (
    "你是认知循环团队的编辑（Editor），把候选记忆条目压缩成回答当前问题用的「有用素材包」。规则：\n"
    "1. 只保留与问题相关的条目；\n"
    "2. 细节原样保留：人名、版本号、数字、日期、代码、哈希，不改写、不四舍五入；\n"
    "3. 条目之间有矛盾时标注「⚠️ 冲突：」并列出双方，不做裁决；\n"
    "4. 保留全部日期，不要自行计算时间间隔；\n"
    "5. 以「素材：」开头，总长不超过 {budget}；\n"
    "6. 候选条目中没有相关数据时，如实写「候选条目中未检索到该数据」，不编造（这是输入侧检索事实，"
    "不是最终裁决，由主智能体决定是否进一步查证）；\n"
    "7. 标有【低置信·需验证】的条目保留该标记；【工作区·文件名】来源标记保留；长条目的摘录保留其"
    "「（摘录，全文 N 字：memory_drill pointer=[n] 读全文）」标记。"
)
#: the reply's form when it is not streamed (``role_reply.EDITOR_SCHEMA``)
JSON_PROMPT = '只输出 JSON 对象：{"bundle": "素材：……"}'
DUAL_TRACK_PROMPT = (
    "8. 本题是总结类：素材包必须同时保留「事实线：」（实际做过的功能、决策）和「建议线：」"
    "（模块化、验证、配置、健壮性等建议），任何一条线都不能被压缩掉。"
)


@dataclass
class EditorResult:
    text: str
    by: str                                  # offline | llm
    entry_count: int                         # candidates given to the editor
    used: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)


# -- offline ---------------------------------------------------------------------------------

def _tokens(text: str) -> set[str]:
    """Words of two characters or more and significant bigrams: a shared single character
    (跑, 的...) says nothing about relevance."""
    return {t for t in tokenize(text) if len(t) >= 2} | set(significant_tokens(text))


def relevant(query: str, candidates: list[Candidate]) -> list[Candidate]:
    """Candidates that matter for ``query``: BM25 hits, the entries that follow them (a summary's
    outcome line) and goals always; direct material the BM25 probe matched, by its rank; others
    (direct mode, recency) when they share a word with the query, the most shared first."""
    wanted = _tokens(query)
    keep: list[tuple[int, int, Candidate]] = []
    for i, c in enumerate(candidates):
        if c.via in ("bm25", "follow", "goal", "topic"):
            keep.append((1 << 20, -i, c))
        elif c.via == "direct" and c.rank is not None:
            # direct material is handed over whole; offline, the BM25 probe the retriever ran over it
            # stands in for the LLM reading it: matched entries by their rank, before word overlap
            keep.append((1 << 19, -c.rank, c))
        elif wanted:
            shared = len(wanted & _tokens(c.body or c.text))
            if shared:
                keep.append((shared, -i, c))
    keep.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [c for _, _, c in keep]


def item_text(c: Candidate) -> str:
    """One entry as it appears in a bundle: number, date, body verbatim (low tag kept)."""
    if c.source == "warm":
        prefix = LOW_PREFIX if c.confidence == "low" else ""
        return f"- [{c.n}] {c.stamp} {prefix}{c.body}"
    return f"- {c.text.strip()}"


def is_suggestion(c: Candidate) -> bool:
    if c.source == "warm" and c.kind in RULE_KINDS:
        return True
    low = c.body.lower()
    return any(m in low for m in SUGGESTION_MARKERS)


def _fit(lines: list[str], room: int) -> tuple[list[str], int]:
    """Whole lines while they fit in ``room`` tokens (a first line too long is cut)."""
    out, used = [], 0
    for line in lines:
        cost = approx_tokens(line) + 1
        if used + cost <= room:
            out.append(line)
            used += cost
        elif not out and room - used > 8:
            cut = within_tokens(line, room - used - 2) + "…"
            out.append(cut)
            used += approx_tokens(cut) + 1
            break
    return out, used


def budgeted(text: str, max_tokens: int, max_chars: int = 0) -> str:
    """``text`` within ``max_tokens`` tokens and, when set, ``max_chars`` characters."""
    text = within_tokens(text, max_tokens) if max_tokens > 0 else text
    return text[:max_chars] if max_chars > 0 else text


def budget_words(max_tokens: int, max_chars: int = 0) -> str:
    """The budget as the LLM editor's prompt states it."""
    words = f"{max_tokens} tokens（约 {max_tokens} 个汉字或 {4 * max_tokens} 个英文字符）"
    return words + (f"，且不超过 {max_chars} 字" if max_chars > 0 else "")


def offline_bundle(decision: Decision, candidates: list[Candidate], timeline: str | None,
                   advocate: str | None, max_tokens: int = 1200, max_chars: int = 0) -> tuple[str, list[str], list[str]]:
    """``(bundle, ids used, conflict lines)`` built without an LLM."""
    chosen = relevant(decision.query, candidates)
    conflicts = fact_conflicts(chosen)
    head: list[str] = []
    if conflicts or advocate:
        lines = conflicts or [line[2:] for line in (advocate or "").splitlines() if line.startswith("- ")]
        head.append(CONFLICT_MARK + "；".join(lines) if lines else advocate.strip())
    if timeline:
        head.append(timeline.strip())
    if not chosen and not head:
        return PREFIX + NOT_FOUND, [], []
    budget = max_tokens - approx_tokens(PREFIX) - 1
    head, used_head = _fit(head, budget)
    room = budget - used_head
    if decision.strategy == "summarization":
        facts = [c for c in chosen if not is_suggestion(c)]
        hints = [c for c in chosen if is_suggestion(c)]
        body, used = _dual_track(facts, hints, room)
    else:
        lines, _ = _fit([item_text(c) for c in chosen], room)
        kept = list(zip(chosen, lines))
        if decision.strategy == "knowledge_update":
            # chosen by rank (what fits is the strongest), shown newest first: the latest state leads
            kept.sort(key=lambda pair: (pair[0].source == "warm", pair[0].stamp or ""), reverse=True)
        body = [line for _c, line in kept]
        used = [c.id for c, _line in kept]
    text = PREFIX + "\n" + "\n".join(head + body)
    if not body and not head:
        text = PREFIX + NOT_FOUND
    return budgeted(text, max_tokens, max_chars).rstrip(), used, conflicts


def _dual_track(facts: list[Candidate], hints: list[Candidate], room: int) -> tuple[list[str], list[str]]:
    """Fact line and suggestion line, each with half of the room first, the rest shared."""
    labels = (FACT_TRACK, SUGGESTION_TRACK)
    tracks = [facts, hints]
    room -= sum(approx_tokens(label) + 1 for label in labels)
    half = room // 2
    picked: list[list[str]] = []
    spent = 0
    for items in tracks:
        lines, used = _fit([item_text(c) for c in items], half)
        picked.append(lines)
        spent += used
    # a track that needed less than half leaves its share to the other one
    for i, items in enumerate(tracks):
        rest = [item_text(c) for c in items][len(picked[i]):]
        more, used = _fit(rest, room - spent) if rest else ([], 0)
        if more and not more[0].endswith("…"):
            picked[i] += more
            spent += used
    out: list[str] = []
    used_ids: list[str] = []
    for label, items, lines in zip(labels, tracks, picked):
        if lines:
            out.append(label)
            out += lines
            used_ids += [c.id for c in items[:len(lines)]]
        else:
            out.append(label + NOT_FOUND)
    return out, used_ids


# -- with an LLM -----------------------------------------------------------------------------

def loop_context(ctx: RoundContext, feedback) -> str:
    """What the editor knows of the cycle (guides emphasis; never copied into the bundle)."""
    cycle = ctx.inputs.cycle_before if isinstance(ctx.inputs.cycle_before, dict) else {}
    last = cycle.get("lastJudge") or {}
    fb = cycle.get("feedback") or {}
    parts = [f"累计反馈 命中 {fb.get('hits', 0)} / 未中 {fb.get('misses', 0)}"]
    if last:
        parts.insert(0, f"上一轮判定 {last.get('level')}/{last.get('strategy')}（{last.get('query', '')}）")
    if feedback is not None and feedback.recorded:
        parts.append(f"本轮问题与上一轮素材包重叠 {feedback.overlap:.2f}（{'命中' if feedback.hit else '未中'}）")
    return "；".join(parts)


def prompt(ctx: RoundContext, decision: Decision, retrieval: Retrieval, timeline: str | None,
           advocate: str | None, feedback, json_reply: bool = True) -> list[dict[str, str]]:
    """The editor's messages; ``json_reply``: the reply is asked for as ``{"bundle": ...}``."""
    rules = RULES_PROMPT.replace("{budget}", budget_words(ctx.config.get("assemble.maxTokens"),
                                                          ctx.config.get("assemble.maxChars")))
    system = (rules + ("\n" + DUAL_TRACK_PROMPT if decision.strategy == "summarization" else "")
              + ("\n" + JSON_PROMPT if json_reply else ""))
    parts = [f"问题：{decision.query}",
             f"判官：{decision.level} / {decision.strategy}（{decision.reason}）",
             f"循环上下文（只用来把握侧重，不要写进素材包）：{loop_context(ctx, feedback)}"]
    if timeline:
        parts.append(f"史官脉络：\n{timeline}")
    if advocate:
        parts.append(f"辩手：\n{advocate}")
    parts.append("候选条目：\n" + (cap_material(retrieval.material, ctx.config.get("assemble.maxPromptChars"))
                                  or "（无候选条目）"))
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n\n".join(parts)}]


def normalise_bundle(text: str, max_tokens: int, max_chars: int = 0) -> str:
    text = (text or "").strip()
    if not text:
        raise LLMError("the editor LLM returned an empty bundle", kind="empty")
    if not text.startswith(PREFIX):
        text = PREFIX + text
    return budgeted(text, max_tokens, max_chars)


#: what ``item_text`` puts before an entry's body: ``- [n] date time ``
_ITEM_HEAD = re.compile(r"^- (\[\d+\] \d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)? )?")
#: the details an entry's rules keep verbatim: numbers, versions, names in Latin letters
_DETAILS = re.compile(r"[a-z][\w.+-]*[\w+]|\d+(?:[.:]\d+)*")


def lost_evidence(llm_text: str, offline_text: str) -> list[str]:
    """The entries of the offline bundle (whole, verbatim) that the LLM bundle lost. An entry is
    kept when its body is there verbatim, or when every detail of it (numbers, names in Latin
    letters: what the rules keep verbatim) is there and most of its words are."""
    seen = " ".join(llm_text.split()).lower()
    words = _tokens(llm_text)
    lost = []
    for line in offline_text.splitlines():
        if not line.startswith("- "):
            continue
        body = " ".join(_ITEM_HEAD.sub("", line).removeprefix(LOW_PREFIX).split())
        wanted = _tokens(body)
        details = _DETAILS.findall(body.lower())
        kept = body.lower() in seen or (len(wanted & words) >= 0.6 * len(wanted)
                                        and all(d in seen for d in details))
        if not kept:
            lost.append(line)
    return lost


def with_evidence_floor(llm_text: str, offline_text: str, max_tokens: int, max_chars: int = 0) -> tuple[str, int]:
    """``(bundle, entries restored)``: the LLM bundle when it keeps every entry the offline editor
    keeps; else with the lost entries added when that fits the budget; else the offline bundle (the
    floor a weak model may never push the evidence below)."""
    lost = lost_evidence(llm_text, offline_text)
    if not lost:
        return llm_text, 0
    merged = llm_text.rstrip() + "\n" + "\n".join(lost)
    if NOT_FOUND not in llm_text and budgeted(merged, max_tokens, max_chars) == merged:
        return merged, len(lost)
    return offline_text, len(lost)


def run(ctx: RoundContext, span: Span, decision: Decision, retrieval: Retrieval, timeline: str | None,
        advocate: str | None, feedback) -> EditorResult:
    """The bundle; raises (``LLMError``) when the LLM fails, so the round keeps the last bundle."""
    max_tokens = ctx.config.get("assemble.maxTokens")
    max_chars = ctx.config.get("assemble.maxChars")
    candidates = retrieval.candidates  # a cut direct material lists only what it shows (retriever)
    span.inputs = {"query": decision.query, "strategy": decision.strategy, "candidates": len(candidates),
                   "timeline": bool(timeline), "advocate": bool(advocate), "maxTokens": max_tokens,
                   "maxChars": max_chars, "dual_track": decision.strategy == "summarization"}
    if ctx.offline:
        text, used, conflicts = offline_bundle(decision, candidates, timeline, advocate, max_tokens, max_chars)
        span.decide("by", "offline", "no LLM provider: extractive bundle (whole entries, verbatim)")
        if text == PREFIX + NOT_FOUND:
            span.decide("relevant", 0, "no candidate shares a word with the question")
        else:
            span.decide("relevant", len(used), f"{len(used)} entr{'y' if len(used) == 1 else 'ies'} kept verbatim")
        if conflicts:
            span.decide("conflicts", len(conflicts), "marked ⚠️ 冲突： without resolving")
        result = EditorResult(text, "offline", len(candidates), used, conflicts)
    else:
        # a streamed bundle is read by a person as it arrives, and JSON text is not for reading:
        # the JSON contract (role_reply) is for replies that are not streamed
        stream = bool(ctx.config.get("assemble.stream"))
        messages = prompt(ctx, decision, retrieval, timeline, advocate, feedback, json_reply=not stream)
        limit = ctx.config.get("assemble.maxPromptChars")
        if limit and len(retrieval.material) > limit:
            span.decide("truncate", limit, f"candidates {len(retrieval.material)} chars > assemble.maxPromptChars {limit}")
        reply = ctx.llm(span, messages, temperature=ctx.config.get("assemble.temperature"),
                        max_tokens=ctx.config.get("assemble.maxTokens"), stream=stream,
                        **({} if stream else {"json_mode": True, "schema": EDITOR_SCHEMA}))
        said = reply.text if stream else text_field(reply.text, "bundle", PREFIX)
        text = normalise_bundle(said, max_tokens, max_chars)
        if len(text) < len(said.strip()):
            span.decide("trim", max_tokens, f"the LLM bundle had {approx_tokens(said.strip())} tokens, "
                                            f"{len(said.strip())} characters")
        span.decide("by", "llm", f"{reply.model}, {reply.completion_tokens} completion tokens")
        floor, _used, _conflicts = offline_bundle(decision, candidates, timeline, advocate, max_tokens, max_chars)
        text, restored = with_evidence_floor(text, floor, max_tokens, max_chars)
        if restored:
            span.status = "fallback"
            span.decide("floor", restored, f"the LLM bundle lost {restored} of the entries the offline editor keeps: "
                                           + ("added back" if text != floor else "the offline bundle was used"))
        result = EditorResult(text, "llm", len(candidates))
    span.outputs = {"bundle": result.text, "chars": len(result.text), "used": result.used, "by": result.by}
    return result
