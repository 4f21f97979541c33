"""The advocate (SPEC 11.6, deep rounds, off by default): contradictions among the candidates.

Offline it lists *fact conflicts*: structured facts (``实体 | 属性 | 值 | 来源#``) with the same
entity and attribute and different values. With an LLM the rule is the prompt. The output is a
``⚠️ 冲突：`` block, or nothing (then dropped); the LLM answers by the JSON contract of
``role_reply.ADVOCATE_SCHEMA``. A failure skips the advocate.
"""
from __future__ import annotations

from linghun.core.assembler.context import RoundContext
from linghun.core.assembler.judge import Decision
from linghun.core.assembler.retriever import TRUNCATED, Candidate
from linghun.core.assembler.role_reply import ADVOCATE_SCHEMA, conflict_lines
from linghun.core.assembler.trace import Span
from linghun.core.llm import LLMError

CONFLICT_MARK = "⚠️ 冲突："
NO_CONFLICT = "无冲突"

SYSTEM_PROMPT = (
    "你是认知循环团队的辩手（Advocate）。检查候选记忆条目之间是否有矛盾或不一致（同一事物的不同数值、"
    "日期、版本、结论）。有则输出以「⚠️ 冲突：」开头的清单，每条写明双方原文和条目编号，不做裁决；"
    "没有则给出空清单。只输出 JSON 对象："
    '{"conflicts": [{"entries": [条目编号, 条目编号], "detail": "双方原文与分歧"}]}，无冲突时 {"conflicts": []}。'
)


def _fields(c: Candidate) -> list[str]:
    return [p.strip() for p in c.body.split("|")] if "|" in c.body else []


def _is_fact(c: Candidate) -> bool:
    return c.source == "warm" and c.kind in ("fact", "identity")


def fact_conflicts(candidates: list[Candidate]) -> list[str]:
    """``实体 属性：值A（[n] 日期） ≠ 值B（[m] 日期）`` for each entity/attribute with several values."""
    groups: dict[tuple[str, str], list[tuple[str, Candidate]]] = {}
    for c in candidates:
        f = _fields(c)
        if _is_fact(c) and len(f) >= 3 and f[0] and f[1]:
            groups.setdefault((f[0].lower(), f[1].lower()), []).append((f[2], c))
    out = []
    for items in groups.values():
        values: dict[str, Candidate] = {}
        for value, c in items:
            values.setdefault(value, c)
        if len(values) > 1:
            entity, attribute = _fields(items[0][1])[:2]
            # oldest first: the conflict reads as it happened, whichever channel ranked a side higher
            dated = sorted(values.items(), key=lambda side: (side[1].stamp or "", side[1].n or 0))
            sides = " ≠ ".join(f"{v}（[{c.n}] {c.stamp}）" for v, c in dated)
            out.append(f"{entity} {attribute}：{sides}")
    return out


def cap_material(material: str, limit: int) -> str:
    """Candidates cut at ``limit`` characters for an LLM prompt."""
    return material[:limit] + TRUNCATED if limit and len(material) > limit else material


def conflict_block(lines: list[str]) -> str:
    return CONFLICT_MARK + "\n" + "\n".join(f"- {line}" for line in lines) if lines else ""


def run(ctx: RoundContext, span: Span, decision: Decision, candidates: list[Candidate]) -> str | None:
    """The ``⚠️ 冲突：`` block, or ``None`` (skipped, no conflict, failed)."""
    if decision.level != "deep":
        span.skip(f"level is {decision.level}: the advocate works on deep questions only")
        return None
    if not ctx.config.get("team.advocate.enabled"):
        span.skip("team.advocate.enabled is false (default)")
        return None
    span.inputs = {"candidates": [c.id for c in candidates]}
    if ctx.offline:
        block = conflict_block(fact_conflicts(candidates))
        span.decide("by", "offline", "fact conflicts: same entity and attribute, different values")
    else:
        listing = cap_material("\n\n".join(c.text for c in candidates if c.source != "goal"),
                               ctx.config.get("assemble.maxPromptChars")) or "（无候选条目）"
        messages = [{"role": "system", "content": SYSTEM_PROMPT},
                    {"role": "user", "content": f"问题：{decision.query}\n\n候选条目：\n{listing}"}]
        try:
            reply = ctx.llm(span, messages, temperature=ctx.config.get("assemble.temperature"),
                            max_tokens=ctx.config.get("assemble.maxTokens"), json_mode=True,
                            schema=ADVOCATE_SCHEMA)
            found = conflict_lines(reply.text, CONFLICT_MARK)
        except LLMError as exc:
            span.fail(f"LLM failed, advocate skipped: {exc}", status="skipped")
            return None
        block = found if isinstance(found, str) else conflict_block(found)
    if not block:
        span.decide("conflicts", NO_CONFLICT, "nothing contradicts: the advocate's output is dropped")
        span.outputs = {"block": None}
        return None
    span.decide("conflicts", block.count("\n- ") or 1, "contradictions listed for the editor, not resolved")
    span.outputs = {"block": block}
    return block
