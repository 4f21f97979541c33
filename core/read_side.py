"""``memory_read`` with no reference: the seed's read side (memory report §2.3).

Warm entries are rendered natively grouped by kind (事件 event / 事实 fact / 规则 rule, legacy kinds
folded in), each group ordered by the forgetting gradient: the entry used (touched) or written most
recently first. When the read budget is tight, entries are pushed out by the SPEC's injection order
read backwards (:func:`keep_order`): low confidence first, then medium by the gradient, high last,
since verified knowledge does not decay (seed principle 4, 低置信降权); a line says how many. Flipped entries are
not listed (a count says they exist; ``ref=[n]`` still reads them); low-confidence ones carry
【低置信·需验证】. The team ledger is always present (the main agent sees its own cognitive loop,
assembler README); then the archive index and the cold summary, newest sections kept.

Layout (sections joined by a blank line)::

    【近期记忆 · 按本体分组】（暖态 N 条；已翻转 K 条不列，ref=[n] 仍可读）
    ◆ 事件 event（n）
    [n] YYYY-MM-DD HH:MM 正文【低置信·需验证】
    ◆ 事实 fact（n）
    ◆ 规则 rule（n）
    …（读取预算内省略 M 条低置信或久未使用的条目；full=true 查看全部）…
    【团队账本】
    【档案索引】
    【冷储摘要】

Budget split (ours; the seed gives none): the ledger and the archive index are small and always
kept whole; warm gets up to 70% of what is left, the cold summary the rest (at least what warm
left unused).
"""
from __future__ import annotations

from linghun.core.formats.warm import CONFIDENCE_WEIGHT, WarmEntry
from linghun.core.textfit import fit

KIND_GROUPS = (("event", "事件 event"), ("fact", "事实 fact"), ("rule", "规则 rule"))
WARM_SHARE = 0.7
EMPTY_LEDGER = "尚无回合：认知循环团队还没有为本记忆组装过素材。"


def gradient_key(entry: WarmEntry, time_weight: bool = True) -> tuple[str, int]:
    """Sort key, larger = fresher: the last use (``last_access``, refreshed by memory_touch) or the
    write stamp, whichever is later; ``time_weight`` false orders by position (newest appended)."""
    if not time_weight:
        return ("", entry.n)
    return (max(entry.last_access or "", entry.stamp or ""), entry.n)


def keep_order(entries: list[WarmEntry], time_weight: bool = True) -> list[WarmEntry]:
    """Which entries a tight budget keeps first: high (newest written first, whatever their last
    use), then medium, then low, each of those by the forgetting gradient (SPEC 3's injection order:
    confidence weight high 2 / medium 1 / low 0)."""
    def key(e: WarmEntry):
        weight = CONFIDENCE_WEIGHT.get(e.effective_confidence, 1)
        return (weight, ("", e.n) if weight == CONFIDENCE_WEIGHT["high"] else gradient_key(e, time_weight))

    return sorted(entries, key=key, reverse=True)


def render_read(entries: list[WarmEntry], ledger: str, index: str, cold: str, limit: int,
                time_weight: bool = True) -> str:
    ledger_text = "【团队账本】\n" + (ledger or EMPTY_LEDGER)
    index_text = "【档案索引】\n" + index if index else ""
    fixed = len(ledger_text) + len(index_text) + 6
    room = max(0, limit - fixed) if limit > 0 else 0
    live = [e for e in entries if not e.is_wrong]
    flipped = len(entries) - len(live)
    warm_text = _warm_section(live, flipped, int(room * WARM_SHARE) if limit > 0 else 0, time_weight)
    cold_room = (room - len(warm_text) - 2) if limit > 0 else 0
    parts = [warm_text, ledger_text]
    if index_text:
        parts.append(index_text)
    cold = cold.strip()
    if cold:
        cold_text = "【冷储摘要】\n" + cold
        if limit > 0 and len(cold_text) > cold_room:
            kept, _cut = fit(cold, max(0, cold_room - 7), "tail", "…（更早的冷储摘要省略 {n} 行；memory_read ref=cold 读全文）…")
            cold_text = "【冷储摘要】\n" + kept if cold_room > 40 else ""
        if cold_text:
            parts.append(cold_text)
    return "\n\n".join(parts)


def _warm_section(live: list[WarmEntry], flipped: int, budget: int, time_weight: bool) -> str:
    head = f"【近期记忆 · 按本体分组】（暖态 {len(live)} 条"
    head += f"；已翻转 {flipped} 条不列，ref=[n] 仍可读）" if flipped else "）"
    if not live:
        return head + "\n（暖态为空）"
    ranked = keep_order(live, time_weight)
    # a legacy kind (decision, experience...) is named: its group is the kind it folds into
    lines = {e.n: f"[{e.n}] {e.stamp} " + (f"[{e.kind}] " if e.kind != e.ontology_kind else "") + e.display_text
             for e in ranked}
    # push out from the bottom of the gradient until the section fits (the size kept as a running
    # total: summing it again after each entry pushed out took seconds at 10k entries)
    kept = list(ranked)
    size = len(head) + sum(len(lines[e.n]) + 1 for e in kept) + 14 * len(KIND_GROUPS)
    while budget > 0 and kept and size + (60 if len(kept) < len(ranked) else 0) > budget:
        size -= len(lines[kept.pop().n]) + 1
    dropped = len(ranked) - len(kept)
    return _render(head, kept, lines, dropped, time_weight)


def _render(head: str, kept: list[WarmEntry], lines: dict[int, str], dropped: int, time_weight: bool) -> str:
    out = [head]
    for kind, label in KIND_GROUPS:
        group = [e for e in kept if e.ontology_kind == kind]
        if not group:
            continue
        group.sort(key=lambda e: gradient_key(e, time_weight), reverse=True)
        out.append(f"◆ {label}（{len(group)}）")
        out += [lines[e.n] for e in group]
    if dropped:
        out.append(f"…（读取预算内省略 {dropped} 条低置信或久未使用的条目；full=true 查看全部）…")
    return "\n".join(out)


__all__ = ["render_read", "gradient_key", "keep_order", "KIND_GROUPS"]
