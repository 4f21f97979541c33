"""The archivist (SPEC 11.5, deep rounds only): the story so far ("来龙去脉") as dated phases.

Offline, the finding is built from the material (``material.py``): items relevant to the
question (sharing a significant token; all items when none does), ordered by time, grouped by
day into phases joined by ``→``, and changes of position (the same entity and attribute with
another value later on) marked ``⚠️ 口径变化：``. With an LLM the same rules are the prompt. The
finding starts ``脉络：`` and is at most 600 characters.

Findings are cached in ``team/archivist/timelines/index.json`` (``[{topic, query, stamp,
finding}]``, upsert by topic, 20 kept); an entry is reused for 7 days when the question is about the
same topic (half of the smaller topic's tokens shared, markers like 来龙去脉 not counted), prefixed ``【史官·缓存复用 <stamp>】``. A failure skips the
archivist; it never stops the round.
"""
from __future__ import annotations

import re

from dataclasses import dataclass
from datetime import date

from linghun.core.assembler import material as material_mod
from linghun.core.assembler.context import RoundContext
from linghun.core.assembler.judge import DEEP, Decision
from linghun.core.assembler.role_reply import ARCHIVIST_SCHEMA, text_field
from linghun.core.assembler.trace import Span, text_diff
from linghun.core.containment import check_home_write
from linghun.core.formats import team
from linghun.core.errors import UnreadableFileError
from linghun.core.fsio import atomic_write, read_text
from linghun.core.home_lock import home_lock
from linghun.core.llm import LLMError
from linghun.core.text import significant_tokens

PREFIX = "脉络："
CHANGE_MARK = "⚠️ 口径变化："
CACHE_MARK = "【史官·缓存复用 {stamp}】"

SYSTEM_PROMPT = (
    "你是认知循环团队的史官（Archivist）。根据给出的时序素材，为用户的问题梳理来龙去脉。规则：\n"
    "1. 以「脉络：」开头，不超过 600 字；\n"
    "2. 按时间顺序分阶段叙述，用 → 连接阶段，保留全部日期、名称、版本、数字原样；\n"
    "3. 立场或口径发生变化时标注「⚠️ 口径变化：」并写明前后说法，不做裁决；\n"
    "4. 只根据素材，不编造；素材中没有相关内容就写「脉络：素材中未见相关时序」。\n"
    '只输出 JSON 对象：{"timeline": "脉络：……"}'
)


@dataclass
class ArchivistResult:
    finding: str
    cached: bool
    topic: str


def run(ctx: RoundContext, span: Span, decision: Decision) -> ArchivistResult | None:
    cfg = lambda key: ctx.config.get(f"team.archivist.{key}")  # noqa: E731 - a local shorthand
    if decision.level != "deep":
        span.skip(f"level is {decision.level}: the archivist works on deep questions only")
        return None
    if not cfg("enabled"):
        span.skip("team.archivist.enabled is false")
        return None
    topic = " ".join(decision.query.split())
    today = ctx.now.date()
    index = team.normalise_timelines(ctx.inputs.timelines_before)
    span.inputs = {"topic": topic, "cached_topics": [i.get("topic") for i in index], "cacheDays": cfg("cacheDays")}
    reuse = find_reusable(index, topic, today, cfg("cacheDays"))
    if reuse is not None:
        entry, shared = reuse
        finding = CACHE_MARK.format(stamp=entry.get("stamp")) + str(entry.get("finding", ""))
        span.decide("cache", "reuse", f"topic 「{entry.get('topic')}」 from {entry.get('stamp')} shares "
                                      f"{', '.join(shared)} and is within {cfg('cacheDays')} days")
        span.outputs = {"finding": finding, "cached": True}
        return ArchivistResult(finding, True, str(entry.get("topic")))
    stale = [e for e in index if same_topic(str(e.get("topic", "")), topic)]
    if stale:
        span.decide("cache", "refresh", f"cached topic 「{stale[-1].get('topic')}」 ({stale[-1].get('stamp')}) is "
                                        f"older than {cfg('cacheDays')} days: worked out again")
    else:
        span.decide("cache", "miss", "no cached timeline is about the same topic")
    mat = material_mod.gather(ctx.home, ctx.memory.entries(), top_recent=cfg("topRecent"),
                              episodic_tail=cfg("episodicTail"), journal_days=cfg("journalDays"),
                              journal_tail=cfg("journalTail"))
    span.inputs["material"] = {"warm": [e.n for e in mat.warm], "episodic_day": mat.episodic_day,
                               "episodic_chars": len(mat.episodic_tail),
                               "journal": [{"day": d, "chars": len(t)} for d, t in mat.journal],
                               "items": [i.to_dict() for i in mat.items]}
    limit = cfg("maxChars")
    if ctx.offline:
        finding = offline_finding(decision.query, mat.items, limit)
        span.decide("by", "offline", "no LLM provider: phases built from the dated material")
    else:
        messages = [{"role": "system", "content": SYSTEM_PROMPT},
                    {"role": "user", "content": f"问题：{decision.query}\n\n时序素材：\n{mat.as_text()}"}]
        try:
            reply = ctx.llm(span, messages, temperature=ctx.config.get("assemble.temperature"),
                            max_tokens=ctx.config.get("assemble.maxTokens"), json_mode=True,
                            schema=ARCHIVIST_SCHEMA)
            finding = normalise_finding(text_field(reply.text, "timeline", PREFIX), limit)
        except LLMError as exc:
            span.fail(f"LLM failed, archivist skipped: {exc}", status="skipped")
            return None
        if not finding:
            span.fail("the LLM returned an empty timeline; archivist skipped", status="skipped")
            return None
    span.outputs = {"finding": finding, "cached": False}
    store(ctx, span, index, topic, decision.query, today.isoformat(), finding)
    return ArchivistResult(finding, False, topic)


#: what a question says besides its topic: the judge's deep markers and question fillers. They
#: never make two questions "the same topic" (来龙去脉 is in every timeline question).
_NOT_TOPIC = re.compile("|".join(sorted(
    {re.escape(w.replace("…", "")) for w in (
        "来龙去脉 来龙 沿革 上次怎么 上次是 之前怎么 之前是 之前说过 矛盾 不一致 冲突 回顾全部 从头 历史 演变 "
        "对比一下 对比 对不上 说法不一 说一下 说说 讲讲 一下 是怎么 怎么 为什么 什么 的 了 吗 呢 过程 经过").split()},
    key=len, reverse=True)))
#: share of the *larger* topic's tokens two topics must have in common to be the same topic: a
#: question that adds a subject (订单服务**端口变更** beside a cached 订单服务迁移) or names only the
#: shared entity (订单服务) asks about another or a wider topic, whose timeline is not that one
SAME_TOPIC_OVERLAP = 2 / 3


def topic_tokens(text: str) -> set[str]:
    """Significant tokens of a question's topic: markers and fillers cut out first, so they do not
    leave bigrams of their own (的来, 龙去...) or glue the words around them into new ones."""
    cleaned = text
    for _label, pattern in DEEP:
        cleaned = pattern.sub(" ", cleaned)
    return set(significant_tokens(_NOT_TOPIC.sub(" ", cleaned)))


def same_topic(a: str, b: str) -> list[str]:
    """Tokens two questions share when they are about the same topic (the same question subject:
    at least :data:`SAME_TOPIC_OVERLAP` of the larger one's topic tokens), else ``[]``."""
    ta, tb = topic_tokens(a), topic_tokens(b)
    shared = sorted(ta & tb)
    if not shared or len(shared) < SAME_TOPIC_OVERLAP * max(len(ta), len(tb)):
        return []
    return shared


def find_reusable(index: list[dict], topic: str, today: date, days: int) -> tuple[dict, list[str]] | None:
    """The freshest cache entry within ``days`` about the same topic (``same_topic``): the seed
    reuses a timeline for 同主题, not for any question sharing a word with it."""
    best = None
    for entry in index:
        try:
            stamp = date.fromisoformat(str(entry.get("stamp", ""))[:10])
        except ValueError:
            continue
        age = (today - stamp).days
        if not 0 <= age <= days:
            continue
        shared = same_topic(str(entry.get("topic", "")), topic)
        if shared and (best is None or stamp > best[2]):
            best = (entry, shared, stamp)
    return None if best is None else (best[0], best[1])


def store(ctx: RoundContext, span: Span, index: list[dict], topic: str, query: str, stamp: str, finding: str) -> None:
    """Upsert the finding into the cache index (atomic, under the home lock)."""
    if ctx.dry_run:
        span.files.append({"path": team.TIMELINES_FILE, "action": "dry-run", "bytes": 0, "diff": ""})
        return
    path = ctx.home.team_file(team.TIMELINES_FILE)
    with home_lock(ctx.home).hold():
        source = ctx.home.team_file_for_reading(team.TIMELINES_FILE)  # legacy folder until first write
        before = _text_or_empty(source)
        value, problem = team.claim_team_json(source)
        if problem:
            span.decide("cache", "reset", problem)
        after = team.render_json(team.upsert_timeline(team.normalise_timelines(value), topic, query, stamp, finding))
        check_home_write(ctx.home, path)
        atomic_write(path, after)
    ctx.trace.bus.publish("memory.changed", path=str(path), what="team")
    span.files.append({"path": team.TIMELINES_FILE, "action": "upsert", "bytes": len(after.encode()),
                       "diff": text_diff(team.TIMELINES_FILE, before, after)})


def _text_or_empty(path) -> str:
    try:
        return read_text(path) or ""
    except UnreadableFileError:
        return ""


def normalise_finding(text: str, limit: int) -> str:
    text = (text or "").strip()
    if not text:
        return ""
    if not text.startswith(PREFIX):
        text = PREFIX + text
    return text[:limit]


def offline_finding(query: str, items: list[material_mod.Item], limit: int) -> str:
    """Chronological phases from dated items (deterministic, no LLM)."""
    wanted = set(significant_tokens(query))
    relevant = [i for i in items if wanted & set(significant_tokens(i.text))]
    chosen = relevant or [i for i in items if i.origin.startswith("warm:")]
    usable = [i for i in chosen if i.confidence != "wrong"]
    if not usable:
        return PREFIX + "素材中未见相关时序"
    seen: set[str] = set()
    by_day: dict[str, list[str]] = {}
    for item in sorted(usable, key=lambda i: i.stamp):
        text = " ".join(item.text.split())
        if text in seen:
            continue
        seen.add(text)
        by_day.setdefault(item.stamp[:10], []).append(_short(text, 80))
    phases = [f"{day} " + "；".join(texts) for day, texts in by_day.items()]
    finding = PREFIX + " → ".join(phases)
    changes = position_changes(chosen)
    if changes:
        note = "\n" + CHANGE_MARK + "；".join(changes)
        room = limit - len(note)
        if room > len(PREFIX) + 20:
            finding = finding[:room] + note
    return finding[:limit]


def position_changes(items: list[material_mod.Item]) -> list[str]:
    """Structured facts whose value changed over time (same entity and attribute)."""
    history: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for item in sorted(items, key=lambda i: i.stamp):
        if item.kind == "fact" and len(item.fields) >= 3:
            key = (item.fields[0], item.fields[1])
            values = history.setdefault(key, [])
            if not values or values[-1][1] != item.fields[2]:
                values.append((item.stamp[:10], item.fields[2]))
    out = []
    for (entity, attribute), values in history.items():
        if len(values) > 1:
            out.append(f"{entity} {attribute}：" + " → ".join(f"{v}（{d}）" for d, v in values))
    return out


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


__all__ = ["run", "find_reusable", "offline_finding", "position_changes", "ArchivistResult"]
