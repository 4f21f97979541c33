"""What the agent is shown each turn: the injected context, part by part (format: CONTEXT.md).

``compose(home, question)`` returns an ``AgentContext``: the parts in the seed's order, each with
its text, its size and its budget, and ``text()`` the exact string handed to the model:

1. identity      the home's identity.md, else our closer card (core.disciplines)
2. judgment      judgment discipline
3. discipline    memory discipline
4. knowledge     knowledge ontology      ┐
5. rules         rules ontology          │ share memory.injectMaxChars (6000)
6. timeline      event timeline          │ (seed M §2.2: 注入段按序承载 知识→规则→事件时间线→冷储摘要)
7. cold          cold summary            ┘
8. goals         goal evidence channel: every live goal's statement, nothing else (seed M §2.4)
9. map           the four-axis map within map.budget; absent when map.enabled is false
10. bundle       the assembled bundle under output.label (read from output.injectPath)

The whole text stays within ``context.maxChars`` (10,000; 0 = no limit): over it, the parts that
point at evidence or summarise it give way first, in :data:`YIELD_ORDER` (goals, map, cold summary,
event timeline, rules, knowledge), each first down to :data:`YIELD_FLOOR` characters, then
further; the bundle, the evidence this question asked for, is cut last, and the three fixed texts
(identity, disciplines) keep their own budgets. Measured on LoCoMo (CONTEXT.md): the goal part and
the map took 70% of the context and carried none of a question's evidence.

With a question and ``run_round=True`` the bundle is the one a dry-run round assembles for it (no
file is written); otherwise it is the bundle on disk, i.e. what the last round delivered.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Callable

from linghun.core import disciplines
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.fsio import read_text
from linghun.core.goals import Goals
from linghun.core.home import MemoryHome
from linghun.core.map import build_map, goals_of, render_map
from linghun.core.settings import home_settings
from linghun.core.textfit import fit

PART_KEYS = ("identity", "judgment", "discipline", "knowledge", "rules", "timeline", "cold", "goals",
             "map", "bundle")
TITLES = {
    "zh": {"identity": "身份卡", "judgment": "判断纪律", "discipline": "记忆使用纪律", "knowledge": "知识本体",
           "rules": "规则本体", "timeline": "事件时间线", "cold": "冷储摘要", "goals": "目标证据",
           "map": "记忆地图", "bundle": "本轮素材包"},
    "en": {"identity": "Identity", "judgment": "Judgment discipline", "discipline": "Memory discipline",
           "knowledge": "Knowledge ontology", "rules": "Rules ontology", "timeline": "Event timeline",
           "cold": "Cold summary", "goals": "Goal evidence", "map": "Memory map", "bundle": "This turn's bundle"},
}
# the four memory parts share memory.injectMaxChars; which end of each survives a cut: the
# ontologies keep their first lines (node headings first), the timeline and the cold summary
# their newest (both are appended chronologically)
MEMORY_PARTS = {"knowledge": "head", "rules": "head", "timeline": "tail", "cold": "tail"}
CUT_MARK = {"zh": "…（超出注入预算，省略 {n} 行；memory_read ref={ref} 读全文）…",
            "en": "…(over the injection budget, {n} lines left out; memory_read ref={ref} reads it all)…"}
READ_REF = {"knowledge": "knowledge", "rules": "rules", "timeline": "memory", "cold": "cold"}
#: which parts give way, in order, when the context is over ``context.maxChars`` (see the docstring)
YIELD_ORDER = ("goals", "map", "cold", "timeline", "rules", "knowledge")
YIELD_FLOOR = 400
#: the least a part is cut to: room for its cut line, which says how to read it all
YIELD_MIN = 80


@dataclass
class Part:
    """One part: ``budget`` 0 means none; ``truncated`` when the text was cut to fit."""

    key: str
    title: str
    text: str
    budget: int
    source: str
    truncated: bool = False
    full_chars: int = 0
    #: the part again within a smaller budget (how it is cut to fit the whole context); not shown
    refit: Callable[[int], "Part"] | None = field(default=None, repr=False, compare=False)

    @property
    def chars(self) -> int:
        return len(self.text)

    def render(self) -> str:
        head = f"【{self.title}】"
        # the map's text opens with its own 【记忆地图】 title line: not said twice
        return self.text if self.text.startswith(head) else f"{head}\n{self.text}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title, "text": self.text, "chars": self.chars,
                "budget": self.budget, "source": self.source, "truncated": self.truncated,
                "full_chars": self.full_chars or self.chars}


@dataclass
class AgentContext:
    question: str
    language: str
    parts: list[Part] = field(default_factory=list)
    round: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    #: the settings' warnings among the notes (unknown keys, a missing model): the CLI says them on stderr
    warnings: list[str] = field(default_factory=list)

    def text(self) -> str:
        """The context exactly as the model gets it: parts joined by a blank line."""
        return "\n\n".join(p.render() for p in self.parts)

    def part(self, key: str) -> Part | None:
        return next((p for p in self.parts if p.key == key), None)

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question, "language": self.language, "chars": len(self.text()),
                "parts": [p.to_dict() for p in self.parts], "round": self.round, "notes": self.notes,
                "text": self.text()}


def context_settings(home: MemoryHome) -> dict[str, Any]:
    """The ``context`` section of workbench.json over our defaults."""
    return home_settings(home).context


def compose(home: MemoryHome, question: str = "", *, run_round: bool = False, provider: Any = None,
            bundle: str | None = None, round_info: dict[str, Any] | None = None) -> AgentContext:
    """The context for ``question`` (see the module docstring). ``bundle`` overrides the bundle
    read from the inject path (the turn passes the one its round just delivered)."""
    settings = home_settings(home)
    cfg = settings.context
    lang = cfg["language"] if cfg["language"] in disciplines.LANGUAGES else "zh"
    titles = TITLES[lang]
    ctx = AgentContext(question=" ".join(str(question or "").split()), language=lang, notes=list(settings.warnings),
                       warnings=list(settings.warnings))
    budgets = cfg["budgets"]

    identity = (read_text(home.identity) or "").strip()
    if identity:
        ctx.parts.append(_fit_part("identity", titles, identity, budgets["identity"], "head", lang,
                                   str(home.identity)))
    else:
        text = cfg["identity"].strip() or disciplines.DEFAULT_IDENTITY[lang]
        ctx.parts.append(_fit_part("identity", titles, text, budgets["identity"], "head", lang,
                                   "context.identity" if cfg["identity"].strip() else "default"))
    for key, default in (("judgment", disciplines.DEFAULT_JUDGMENT), ("discipline", disciplines.MEMORY_DISCIPLINE)):
        own = cfg[key].strip()
        ctx.parts.append(_fit_part(key, titles, own or default[lang], budgets[key], "head", lang,
                                   f"context.{key}" if own else "default"))

    ctx.parts += _memory_parts(home, titles, settings.memory.inject_max_chars, lang)
    ctx.parts.append(_goal_part(home, titles, ctx.question, budgets["goals"], lang))

    map_cfg = settings.map
    if map_cfg["enabled"]:
        ctx.parts.append(_map_part(home, titles, map_cfg["budget"]))
    else:
        ctx.notes.append("map.enabled is false: no map part")

    ctx.round = round_info
    if bundle is None and run_round and ctx.question:
        result = Assembler(home, config=settings.assembler, provider=provider, keep_traces=False,
                           debouncer=Debouncer()).run(ctx.question, dry_run=True)
        bundle = result.bundle if result.bundle is not None else None
        ctx.round = {"status": result.status, "decision": result.decision, "error": result.error, "dry_run": True}
    inject_path = settings.inject_path
    if bundle is None:
        bundle = read_text(inject_path) or ""
    bundle = bundle.strip()
    if bundle:
        label = settings.assembler.get("output.label")
        text = f"{label}\n{bundle}" if label else bundle
        # the editor keeps the bundle within assemble.maxTokens; here it has no budget of its own
        ctx.parts.append(_fit_part("bundle", titles, text, 0, "head", lang, str(inject_path)))
    else:
        ctx.notes.append("no bundle delivered yet")
    _within_total(ctx, cfg["maxChars"])
    return ctx


def _within_total(ctx: AgentContext, max_chars: int) -> None:
    """Cut parts (see :data:`YIELD_ORDER`) until the whole text fits ``max_chars``."""
    over = len(ctx.text()) - max_chars
    if max_chars <= 0 or over <= 0:
        return
    order = [k for k in YIELD_ORDER if ctx.part(k)] + ["bundle"]
    for floor in (YIELD_FLOOR, YIELD_MIN):
        for key in order:
            if over <= 0:
                return
            if key == "bundle" and floor > YIELD_MIN:
                continue  # the bundle gives way only once everything else is down to its cut line
            i, part = next((i, p) for i, p in enumerate(ctx.parts) if p.key == key)
            room = part.chars - floor
            if room <= 0 or part.refit is None:
                continue
            smaller = part.refit(part.chars - min(room, over))
            ctx.parts[i] = smaller
            over -= part.chars - smaller.chars
            ctx.notes.append(f"{key}: cut from {part.chars} to {smaller.chars} characters to keep the context "
                             f"within context.maxChars {max_chars}")


def _map_part(home: MemoryHome, titles: dict[str, str], budget: int) -> Part:
    mm = build_map(home)

    def make(room: int) -> Part:
        text = render_map(mm, room)
        return Part("map", titles["map"], text, budget, "map", truncated=room < budget, refit=make)

    return make(budget)


def _memory_parts(home: MemoryHome, titles: dict[str, str], budget: int, lang: str) -> list[Part]:
    """The four memory parts sharing ``budget``: each first gets an equal share (so none is pushed
    out by a long one before it), then what the short ones left over goes to the others in order."""
    knowledge = home.knowledge_ontology if home.knowledge_ontology.exists() else home.knowledge_legacy
    sources = {"knowledge": knowledge, "rules": home.rules, "timeline": home.memory_ontology, "cold": home.cold}
    texts = {k: (read_text(p) or "").strip() for k, p in sources.items()}
    present = [k for k in MEMORY_PARTS if texts[k]]
    shares = _shares({k: len(texts[k]) for k in present}, budget)
    return [_fit_part(k, titles, texts[k], shares[k], MEMORY_PARTS[k], lang, str(sources[k])) for k in present]


def _shares(sizes: dict[str, int], budget: int) -> dict[str, int]:
    """Split ``budget`` (0 = no limit) over parts of ``sizes``: equal shares, leftovers in order."""
    if budget <= 0 or not sizes:
        return {k: 0 for k in sizes}
    share = budget // len(sizes)
    given = {k: min(size, share) for k, size in sizes.items()}
    left = budget - sum(given.values())
    for k, size in sizes.items():
        extra = min(left, size - given[k])
        given[k] += extra
        left -= extra
    # a part's budget is what it was allotted, at least its equal share
    return {k: max(given[k], share) for k in sizes}


def _goal_part(home: MemoryHome, titles: dict[str, str], question: str, budget: int, lang: str) -> Part:
    """Every live goal (active, paused), statement only: the seed's evidence channel carries no
    triggers or priority (those belong to the map's goal axis). With a question, the goals it
    activates come first; the set is the same."""
    goals, note = goals_of(home)
    live = [g for g in goals if g.state in ("active", "paused")]
    if question and live:
        try:
            order = {a.goal.id: a.rank for a in Goals(home).goal_get(question, len(live))}
            live.sort(key=lambda g: order.get(g.id, len(live)))
        except Exception:  # the order is a courtesy; the channel itself must not fail
            pass
    text = "\n".join(f"- {g.statement}" for g in live) or (note or ("（无目标）" if lang == "zh" else "(no goals)"))
    return _fit_part("goals", titles, text, budget, "head", lang, str(home.goals))


def _fit_part(key: str, titles: dict[str, str], text: str, budget: int, keep: str, lang: str, source: str) -> Part:
    def make(room: int) -> Part:
        fitted, cut = fit(text, room, keep, CUT_MARK[lang].replace("{ref}", READ_REF.get(key, key)))
        return Part(key, titles[key], fitted, budget, source, truncated=cut > 0, full_chars=len(text), refit=make)

    return make(budget)


def diff(previous: dict[str, Any] | None, current: dict[str, Any]) -> list[dict[str, Any]]:
    """Per part, what changed from ``previous`` to ``current`` (both ``AgentContext.to_dict()``):
    ``{"key", "status": same|changed|added|removed, "diff": unified diff lines}``."""
    before = {p["key"]: p["text"] for p in (previous or {}).get("parts", [])}
    after = {p["key"]: p["text"] for p in current.get("parts", [])}
    out = []
    for key in PART_KEYS:
        if key not in before and key not in after:
            continue
        old, new = before.get(key), after.get(key)
        status = "added" if old is None else "removed" if new is None else "same" if old == new else "changed"
        lines = [] if status == "same" else list(difflib.unified_diff(
            (old or "").splitlines(), (new or "").splitlines(), "previous", "current", lineterm="", n=0))
        out.append({"key": key, "status": status, "diff": lines})
    return out


__all__ = ["AgentContext", "Part", "PART_KEYS", "compose", "context_settings", "diff", "fit"]
