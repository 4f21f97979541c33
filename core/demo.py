"""The bundled demo home: a deterministic, realistic bilingual scenario.

A developer team (the "Harbor" team building a checkout service) works with its coding agent for
seven weeks. The generator replays that history through the memory system's own writers, so the
files it produces are exactly what the agent would have left behind:

- every journal turn through ``Memory.journal_append``, every warm entry through
  ``Memory.append`` (with ``update=`` when a fact changes, which flips the old entry to wrong),
  consolidations through ``Memory.consolidate`` (episodic archives, cold.md, the event timeline,
  the knowledge ontology and rules.md), explicit rules through ``Memory.rules_append``;
- the topic projection ``ontology.md`` through ``core.ontology.memory_project`` (offline);
- the team's goals through ``core.goals`` (signals and state changes, so every goal has its
  history of transitions);
- real offline assembler rounds (``core.assembler``) on the questions asked, so cycle.json,
  gaps.md, the judge and editor ledgers, the archivist's cache and assembled.md are the scribe's
  own output. Round traces are not kept (their ids and timings come from the wall clock);
- the home's history (``core.history``, the same git store the workbench keeps): the home as
  the agent left it just before each round, and as it is at the end, at the scenario's times.
  So every round of the demo has the state it read (Reproduce, time travel, each entry's
  versions). It is written beside ``linghun/`` as ``linghun-history.git`` and installed into the
  data folder, where every command looks for a home's history (``install_history``), by
  ``linghun demo`` for the home it wrote and by the workbench for its copy of the demo home.

Everything is driven by a fixed seed and fixed dates: two runs produce the same bytes, which
``tests/core/test_demo.py`` checks against the committed copy in ``resources/demo-home``; the
history is the same states (the same commit ids) however its packed objects are compressed.
The scenario's times are local times of the team (UTC+8); team files carry UTC ISO stamps.
"""
from __future__ import annotations

import os
import random
import shutil
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from typing import Callable

from linghun.core.events import EventBus
from linghun.core.formats import team as team_format
from linghun.core.fsio import read_text
from linghun.core.history.layout import history_location
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory, MemoryConfig

SEED = 20260907
START = date(2026, 9, 7)  # a Monday
WEEKS = 7
TEAM_TZ = timezone(timedelta(hours=8))
#: weeks (0-based) that end with a Friday consolidation; the last weeks stay in warm
CONSOLIDATED_WEEKS = (0, 1, 2)
#: the demo home's history, beside its ``linghun/`` folder (a bare git repository)
HISTORY_DIR = "linghun-history.git"
#: who wrote the demo's states: the agent, as a watcher records an agent's changes
HISTORY_WRITER = "agent"
#: a round's state is the home this long before the round began
BEFORE_ROUND = timedelta(seconds=1)

LEAD, BACKEND, SRE, FRONTEND, PM = "陈雨", "Maya", "李想", "Tom", "王珂"
PEOPLE = (LEAD, BACKEND, SRE, FRONTEND, PM)

IDENTITY = """名字：小港（Harbor 团队的编码助手）
性格：严谨、直接，先核实再下结论；不确定就说不确定。
沟通风格：中文为主，团队成员用英文时用英文回答；先给结论，再给依据和条目编号。
其他：
- 负责记录团队的决定、发布和事故，提醒发布纪律。
- 不替任何人做价值判断；涉及客户数据时先确认权限。
- 记忆里标【低置信·需验证】的内容，引用前先向当事人确认。
"""


# -- the scenario's vocabulary ---------------------------------------------------------------

REPOS = ("checkout-api", "ledger-worker", "web-console", "infra")
CUSTOMERS = ("星河零售", "Blue Fjord Outfitters", "禾木生鲜", "Northwind Books", "云杉家居")
#: (repository, dependency, version pattern): each repository bumps what it really uses
DEPS = (("checkout-api", "Go", "1.23.{p}"), ("checkout-api", "pgx", "v5.7.{p}"),
        ("ledger-worker", "sarama", "v1.43.{p}"), ("ledger-worker", "Go", "1.23.{p}"),
        ("web-console", "React", "18.3.{p}"), ("web-console", "Vite", "5.4.{p}"),
        ("infra", "Terraform AWS provider", "5.6{p}.0"), ("checkout-api", "Redis client", "9.6.{p}"))
PR_TITLES = (
    "幂等键改为 order_id+attempt", "Fix double charge on retry", "退款接口加限流",
    "Move currency rounding into ledger", "拆分 reconcile 任务", "Add tracing to payment callback",
    "修复时区导致的日结偏差", "Paginate the orders table", "Kafka 消费者加死信队列",
    "Cache exchange rates for 5 minutes", "支付回调签名校验", "Dark mode for web-console",
    "迁移到 pgx 连接池", "Retry budget for webhook delivery", "订单导出改为异步",
)
INCIDENT_CAUSES = ("Redis 主从切换", "Kafka 分区再均衡", "证书过期", "连接池耗尽", "慢查询锁表",
                   "DNS 解析超时", "磁盘写满")
FLAKY_TESTS = ("TestRefundConcurrent", "e2e/checkout.spec.ts", "TestLedgerReplay", "TestWebhookRetry")
SPRINT_GOALS = (
    "上线多币种结算（CNY/USD/EUR）", "把支付回调 p99 压到 300ms 以内", "完成 Postgres 15 迁移",
    "web-console 订单导出可用", "退款全链路可观测", "清理 ledger-worker 的技术债",
)
RULES = (
    ("发布纪律", "发布前必须跑完 e2e 冒烟测试，并在 #release 频道贴出结果。"),
    ("发布纪律", "周五 16:00 以后不发生产，紧急修复除外且需两人确认。"),
    ("发布纪律", "Every production deploy names a rollback owner before it starts."),
    ("代码评审", "涉及资金计算的 PR 至少两位评审，其中一位是 Maya 或陈雨。"),
    ("代码评审", "PR titles are written in English; descriptions may be Chinese."),
    ("代码评审", "数据库迁移脚本必须可重复执行（幂等），并附回滚脚本。"),
    ("On-call", "告警 15 分钟内无人认领就升级到 tech lead。"),
    ("On-call", "Incidents get a written timeline in the postmortem doc within 48 hours."),
    ("安全", "生产数据库只读账号也不许在本地保存密码，一律走 vault。"),
    ("安全", "客户数据导出前必须确认工单号和客户授权。"),
    ("沟通", "Decisions made in calls are written back to the team channel the same day."),
    ("沟通", "回答里引用记忆时带上条目编号 [n]，方便核对。"),
)
DECISIONS = (
    "决定：ledger-worker 改用幂等键去重，不再依赖 Kafka exactly-once。",
    "决定：web-console 的表格统一用虚拟滚动，超过 500 行不做全量渲染。",
    "Decision: we keep Postgres as the only source of truth; Redis is cache only.",
    "决定：多币种金额一律用最小货币单位的整数存储。",
)
PREFERENCES = (
    f"{LEAD} 偏好 squash merge，提交信息用英文祈使句。",
    f"{PM} 希望周报在周五 17:00 前发出，先写风险再写进展。",
    f"{FRONTEND} prefers screenshots in PR descriptions for any UI change.",
)
EXPERIENCES = (
    "上次 Postgres 小版本升级前没做 pg_dump 演练，回滚花了 2 小时。",
    "Load tests against staging are meaningless unless the Redis cache is warmed first.",
    "Kafka 分区数改动后消费者组要整体重启，否则会出现长时间再均衡。",
)
IDENTITIES = (
    "我是 Harbor 团队的编码助手，负责记录决定、发布和事故。",
    "The team's working hours are 09:30-18:30 Beijing time; Maya is in Berlin (UTC+2).",
)
RUMOURS = (
    ("Redis 集群", "计划升级版本", "7.4（听说，未确认）"),
    ("checkout-api", "下季度是否改用 gRPC", "可能（走廊讨论）"),
    ("Blue Fjord Outfitters", "contract renewal", "maybe in November (hearsay)"),
    ("Kafka", "是否要迁到托管服务", "运维在评估（传闻）"),
    ("web-console", "是否要支持 IE11", "客户提过一次，未确认"),
)


#: the team's goals over the weeks: (workday index, speaker, signal, statement, domain, priority,
#: triggers, what was said); "pause"/"resume" are explicit state changes of the goal named by statement
GOAL_SCRIPT = (
    (0, LEAD, "new", "这个季度把 checkout-api 的可用性稳定在 99.95% 以上", "career", "high",
     ("发布前评审", "事故复盘"), "这个季度我的目标：checkout-api 可用性稳定在 99.95% 以上。"),
    (0, LEAD, "new", "我坚持不在背后议论同事，有问题当面说", "belief", "high", ("团队冲突", "绩效评价"),
     "我坚持不在背后议论同事，有问题当面说。"),
    (1, BACKEND, "new", "I want to get the CKA certification before the end of the year", "education", "medium",
     ("Kubernetes upgrade", "study time"), "My goal: get the CKA certification before the end of the year."),
    (2, SRE, "new", "值班周之外每天晚上十点后不看告警，保证睡眠", "health", "medium", ("夜间告警", "值班交接"),
     "我打算值班周之外晚上十点后不看告警，保证睡眠。"),
    (3, FRONTEND, "new", "Redesign the web-console dashboard with a proper design system", "art", "low", (),
     "I'd like to redesign the web-console dashboard with a proper design system."),
    (4, PM, "new", "十月底前签下 Blue Fjord 的续约", "career", "high", ("客户会议", "合同续约"),
     "我的目标是十月底前签下 Blue Fjord 的续约。"),
    (5, SRE, "new", "把云成本降低 15%，主要是 staging 环境", "money", "medium", ("云账单", "staging 扩容"),
     "目标：把云成本降低 15%，主要砍 staging。"),
    (6, FRONTEND, "new", "Learn Go well enough to review backend PRs", "education", "medium",
     ("code review", "backend PR"), "I want to learn Go well enough to review backend PRs."),
    (7, PM, "new", "组织一次面向客户的技术分享会", "community", "low", (), "想组织一次面向客户的技术分享会。"),
    (8, BACKEND, "new", "Stop working on weekends during release weeks", "lifestyle", "low", (),
     "I want to stop working on weekends during release weeks."),
    (9, LEAD, "new", "每两周和每位组员做一次一对一", "relationship", "medium", ("一对一", "组员反馈"),
     "我要每两周和每位组员做一次一对一。"),
    (10, BACKEND, "new", "Visit the Shanghai office for the November planning week", "travel", "low", (),
     "I plan to visit the Shanghai office for the November planning week."),
    # goals the README's situations activate through a bridge, not through shared words:
    # "we booked a family trip" -> the college fund, a rumour -> a belief about privacy
    (11, BACKEND, "new", "I want to save for my daughter's college fund", "money", "high",
     ("family trip", "kids future"), "I want to save for my daughter's college fund."),
    (11, PM, "new", "给女儿攒大学教育基金", "money", "high", ("家庭旅行", "孩子未来"),
     "我想给女儿攒大学教育基金。"),
    (14, FRONTEND, "new", "I never pass on what a colleague told me in confidence", "belief", "high",
     ("rumour about a colleague", "someone's secret"), "I never pass on what a colleague told me in confidence."),
    (14, SRE, "new", "不传播同事的私事，也不转述没证实的八卦", "belief", "high", ("同事传闻", "别人隐私"),
     "我的原则：不传播同事的私事，也不转述没证实的八卦。"),
    (12, SRE, "progress", "把云成本降低 15%，主要是 staging 环境", None, None, None,
     "云成本这个月已经降了 9%，staging 缩容生效了。"),
    (13, BACKEND, "pause", "I want to get the CKA certification before the end of the year", None, None, None,
     "Pausing the CKA prep until the currency release is out."),
    (15, FRONTEND, "abandon", "Redesign the web-console dashboard with a proper design system", None, None, None,
     "We're buying a UI kit instead, so I'm dropping the dashboard redesign."),
    (17, PM, "abandon", "组织一次面向客户的技术分享会", None, None, None, "客户分享会这季度不做了，放弃。"),
    (19, SRE, "achieve", "把云成本降低 15%，主要是 staging 环境", None, None, None, "云成本降了 16%，目标达成！"),
    (21, BACKEND, "resume", "I want to get the CKA certification before the end of the year", None, None, None,
     "Release is out, back to CKA prep."),
    (23, LEAD, "progress", "这个季度把 checkout-api 的可用性稳定在 99.95% 以上", None, None, None,
     "九月可用性 99.97%，继续保持。"),
    (25, BACKEND, "pause", "Stop working on weekends during release weeks", None, None, None,
     "This weekend I have to work anyway, pausing that goal."),
    (27, PM, "achieve", "十月底前签下 Blue Fjord 的续约", None, None, None, "Blue Fjord 续约签了！"),
    (29, BACKEND, "pause", "Visit the Shanghai office for the November planning week", None, None, None,
     "The Shanghai trip is on hold until the budget is approved."),
    (31, FRONTEND, "progress", "Learn Go well enough to review backend PRs", None, None, None,
     "Reviewed my first backend PR in Go today."),
)


@dataclass
class ScenarioState:
    """Counters that make the story move forward (versions, PR numbers, sprints)."""

    rng: random.Random
    version: tuple[int, int, int] = (2, 3, 0)
    pr: int = 400
    sprint: int = 14
    migration: int = 57
    on_call: str = SRE
    incidents: int = 0
    legacy_turns: int = 0
    facts_seen: dict[str, str] = field(default_factory=dict)

    def version_text(self) -> str:
        return "v%d.%d.%d" % self.version

    def bump(self, minor: bool = False) -> str:
        a, b, c = self.version
        self.version = (a, b + 1, 0) if minor else (a, b, c + 1)
        return self.version_text()

    def pick(self, seq):
        return self.rng.choice(seq)


@dataclass
class Turn:
    """One conversation turn and what the agent wrote to memory during it."""

    user: str
    assistant: str
    kind: str | None = None
    content: tuple | str | None = None
    confidence: str = "medium"
    update: str | None = None
    rule_topic: str | None = None
    touch: str | None = None
    ask: bool = False  # the assembler runs a round on this question before the answer


# -- what happens in a turn --------------------------------------------------------------------

def _release(s: ScenarioState, day: date) -> list[Turn]:
    minor = s.rng.random() < 0.3
    old = s.version_text()
    ver = s.bump(minor)
    who = s.pick((LEAD, BACKEND, SRE))
    pct = s.pick((5, 10, 20))
    turns = [Turn(f"{who}刚把 checkout-api {ver} 发到生产了，先灰度 {pct}%。",
                  f"已记录：checkout-api {ver} 上线（灰度 {pct}% 后全量）。生产版本从 {old} 更新为 {ver}。",
                  "event", (who, "发布", f"checkout-api {ver}", "生产环境", f"灰度 {pct}% 后全量，{day.isoformat()}"),
                  "high")]
    fact = ("checkout-api", "生产版本", ver, f"发布记录#{s.pr}")
    prev = s.facts_seen.get("checkout-api 生产版本")
    turns.append(Turn(f"生产版本现在是 {ver} 对吧？", f"对，checkout-api 生产版本是 {ver}。", "fact", fact, "high",
                      update=prev))
    s.facts_seen["checkout-api 生产版本"] = f"checkout-api | 生产版本 | {ver}"
    return turns


def _merge(s: ScenarioState, day: date) -> list[Turn]:
    s.pr += s.rng.randint(1, 6)
    title = s.pick(PR_TITLES)
    repo = s.pick(REPOS[:3])
    who = s.pick(PEOPLE[:4])
    if s.rng.random() < 0.5:
        return [Turn(f"{who} merged PR #{s.pr} in {repo}: {title}", f"Noted: PR #{s.pr} ({title}) is in {repo}.",
                     "event", (who, "merged", f"PR #{s.pr}", repo, title), s.pick(("high", "medium")))]
    return [Turn(f"{who} 合了 {repo} 的 PR #{s.pr}，{title}。", f"记下了：{repo} PR #{s.pr}「{title}」已合并。",
                 "event", (who, "合并", f"PR #{s.pr}", repo, title), s.pick(("high", "medium")))]


def _incident(s: ScenarioState, day: date) -> list[Turn]:
    s.incidents += 1
    cause = s.pick(INCIDENT_CAUSES)
    mins = s.rng.randint(6, 48)
    lag = s.rng.randint(12, 90) * 1000
    service = s.pick(("ledger-worker", "checkout-api"))
    detail = f"INC-{100 + s.incidents}，疑似{cause}，{mins} 分钟恢复，积压峰值 {lag} 条"
    return [
        Turn(f"昨晚 {service} 又出问题了，{s.on_call}值班处理的，看起来是{cause}。",
             f"记录为事故 INC-{100 + s.incidents}。根因还没确认，我先标成中等置信。",
             "event", (service, "故障", f"INC-{100 + s.incidents}", s.on_call, detail), "medium"),
        Turn(f"INC-{100 + s.incidents} 的复盘文档谁来写？", f"按规则，值班的{s.on_call}在 48 小时内写时间线。"),
    ]


def _sprint_plan(s: ScenarioState, day: date) -> list[Turn]:
    s.sprint += 1
    goal = s.pick(SPRINT_GOALS)
    end = day + timedelta(days=11)
    return [
        Turn(f"sprint {s.sprint} 计划会结束，目标：{goal}。", f"好的，sprint {s.sprint} 目标已记录。",
             "event", ("团队", "确定", f"sprint {s.sprint} 目标", PM, goal), "high"),
        Turn(f"sprint {s.sprint} 哪天截止？", f"sprint {s.sprint} 截止 {end.isoformat()}（周五）。",
             "fact", (f"sprint {s.sprint}", "截止日期", end.isoformat(), f"计划会 {day.isoformat()}#1"), "high"),
    ]


def _load_test(s: ScenarioState, day: date) -> list[Turn]:
    p99 = s.rng.randint(180, 520)
    qps = s.rng.choice((800, 1200, 1500, 2000))
    who = s.pick((BACKEND, SRE))
    return [Turn(f"Load test done by {who}: p99 {p99}ms at {qps} QPS on staging.",
                 f"Recorded the load test: p99 {p99}ms @ {qps} QPS (staging).",
                 "event", ("checkout-api", "load test", "p99 latency", who, f"{p99}ms @ {qps} QPS, staging, {day.isoformat()}"),
                 "medium")]


def _on_call(s: ScenarioState, day: date) -> list[Turn]:
    nxt = s.pick([p for p in (SRE, BACKEND, LEAD) if p != s.on_call])
    prev = s.facts_seen.get("on-call")
    turns = [Turn(f"{s.on_call} hands on-call over to {nxt} this week.", f"On-call is now {nxt}.",
                  "fact", ("on-call rotation", "current", nxt, f"team channel {day.isoformat()}#2"), "high",
                  update=prev)]
    s.facts_seen["on-call"] = f"on-call rotation | current | {nxt} | team channel {day.isoformat()}#2"
    s.on_call = nxt
    return turns


def _migration(s: ScenarioState, day: date) -> list[Turn]:
    s.migration += 1
    mins = s.rng.randint(3, 40)
    return [Turn(f"迁移 {s.migration:04d}_orders_currency 在 staging 跑完了，用了 {mins} 分钟。",
                 f"记录：迁移 {s.migration:04d} staging 耗时 {mins} 分钟；生产执行前记得准备回滚脚本。",
                 "event", (SRE, "执行迁移", f"{s.migration:04d}_orders_currency", "staging Postgres", f"耗时 {mins} 分钟"),
                 "high")]


def _customer(s: ScenarioState, day: date) -> list[Turn]:
    cust = s.pick(CUSTOMERS)
    issue = s.pick(("退款到账慢", "导出的 CSV 金额少了小数位", "webhook 重复推送", "夜间对账单缺一天",
                    "USD 订单显示成 CNY"))
    return [Turn(f"{PM}转来客户 {cust} 的反馈：{issue}。", f"记下了，{cust} 反馈「{issue}」，待复现，先标低置信。",
                 "event", (cust, "反馈", issue, PM, "待复现"), "low")]


def _dependency(s: ScenarioState, day: date) -> list[Turn]:
    repo, dep, pattern = s.pick(DEPS)
    ver = pattern.format(p=s.rng.randint(1, 9))
    key = f"{repo} {dep}"
    prev = s.facts_seen.get(key)
    s.facts_seen[key] = f"{repo} | {dep} version | {ver}"
    manifest = {"web-console": "package.json", "infra": "versions.tf"}.get(repo, "go.mod")
    return [Turn(f"Bumped {dep} to {ver} in {repo}.", f"Updated: {repo} now uses {dep} {ver}.",
                 "fact", (repo, f"{dep} version", ver, f"{repo}/{manifest}#{s.pr}"),
                 s.pick(("high", "medium")), update=prev)]


def _flaky(s: ScenarioState, day: date) -> list[Turn]:
    test = s.pick(FLAKY_TESTS)
    pct = s.rng.randint(2, 15)
    return [Turn(f"CI 上 {test} 又挂了，最近失败率大概 {pct}%。", f"记录：{test} 间歇性失败约 {pct}%，建议先隔离再修。",
                 "event", ("CI", "间歇失败", test, s.pick(REPOS[:3]), f"失败率约 {pct}%"), "medium")]


def _config_fact(s: ScenarioState, day: date) -> list[Turn]:
    options = (
        ("Redis 集群", "maxmemory", f"{s.rng.choice((8, 12, 16))}GB", "运维手册#3"),
        ("支付回调", "超时时间", f"{s.rng.choice((3, 5, 8))}s", "config/payments.yaml#12"),
        ("checkout-api", "可用性 SLO", s.rng.choice(("99.9%", "99.95%")), "SLO 文档#1"),
        ("staging", "数据库地址", f"pg-staging-{s.rng.randint(1, 3)}.internal:5432", "infra repo#7"),
        ("ledger-worker", "consumer concurrency", str(s.rng.choice((4, 8, 16))), "helm values#22"),
        ("web-console", "build tool", s.rng.choice(("Vite 5.4", "Vite 5.3")), "package.json#1"),
        ("退款接口", "限流", f"{s.rng.choice((50, 100, 200))} 次/分钟/商户", "网关配置#9"),
        ("汇率缓存", "TTL", f"{s.rng.choice((5, 10))} 分钟", "PR 讨论#4"),
    )
    entity, attribute, value, source = s.pick(options)
    key = f"{entity} {attribute}"
    prev = s.facts_seen.get(key)
    if prev is not None and prev.endswith(f"| {value}"):
        return [Turn(f"{entity} 的 {attribute} 还是 {value} 吗？", f"是的，{entity} {attribute} = {value}，没有变化。",
                     touch=prev)]
    s.facts_seen[key] = f"{entity} | {attribute} | {value}"
    confidence = s.pick(("high", "high", "medium"))
    return [Turn(f"确认一下：{entity} 的 {attribute} 是 {value}。", f"已记录 {entity} {attribute} = {value}（来源 {source}）。",
                 "fact", (entity, attribute, value, source), confidence, update=prev)]


def _rumour(s: ScenarioState, day: date) -> list[Turn]:
    entity, attribute, value = s.pick(RUMOURS)
    return [Turn(f"顺便说一句，{entity}：{attribute}，{value}。", "这个我先记成低置信，引用前需要核实。",
                 "fact", (entity, attribute, value, f"闲聊 {day.isoformat()}"), "low")]


def _team_rule(s: ScenarioState, day: date) -> list[Turn]:
    topic, rule = s.pick(RULES)
    return [Turn(f"以后都这样：{rule}", f"已加入规则（{topic}）。", "rule", rule, "high", rule_topic=topic)]


def _legacy(s: ScenarioState, day: date) -> list[Turn]:
    # the older kinds take turns, so every one of them is in the home (the agent still meets them)
    kinds = (("decision", DECISIONS), ("preference", PREFERENCES), ("experience", EXPERIENCES),
             ("identity", IDENTITIES))
    kind, pool = kinds[s.legacy_turns % len(kinds)]
    s.legacy_turns += 1
    text = s.pick(pool)
    return [Turn(text, "记住了。" if _is_cjk(text) else "Got it.",
                 kind, text, s.pick(("high", "medium")))]


def _question(s: ScenarioState, day: date) -> list[Turn]:
    q = s.pick((
        ("checkout-api 现在生产上是哪个版本？", f"生产版本是 {s.version_text()}（见发布记录）。"),
        ("Who is on call right now?", f"{s.on_call} is on call this week."),
        (f"sprint {s.sprint} 的目标是什么？", f"sprint {s.sprint} 的目标见计划会记录。"),
        ("上次 Redis 扩容是谁批的？", "记忆里没有找到 Redis 扩容的审批记录。"),
        ("What was the root cause of the last incident?", "The last incident's root cause is still unconfirmed."),
        ("退款接口的限流是多少？", "按网关配置，退款接口按商户限流。"),
        ("checkout-api 的发布历史，从头说一下来龙去脉", "按发布记录整理了版本演变，见素材。"),
        ("总结一下这几周在 CI 稳定性上学到了什么", "总结：间歇失败集中在少数用例，先隔离再修。"),
        ("Which came first, the pgx bump or the Go bump?", "The memory has both bumps with their dates."),
        ("vault 的访问策略是谁维护的？", "记忆里没有 vault 访问策略维护人的记录。"),
        ("Grafana dashboard 的告警阈值是多少？", "记忆里没有 Grafana 告警阈值的记录。"),
    ))
    return [Turn(*q, ask=True)]


#: what a working day is made of, with weights (incidents are rarer than merges)
ACTIVITIES: tuple[tuple[Callable[[ScenarioState, date], list[Turn]], int], ...] = (
    (_merge, 7), (_config_fact, 5), (_flaky, 2), (_incident, 1), (_load_test, 2), (_migration, 2),
    (_customer, 2), (_dependency, 3), (_rumour, 1), (_team_rule, 2), (_legacy, 3), (_question, 3),
)


#: a gap filled by hand (SPEC 12's workflow): asked, not in memory, written down, asked again
GAP_FILL_SCRIPT = {
    date(2026, 10, 19): [
        Turn("vault 的访问策略是谁维护的？", "记忆里没有 vault 访问策略维护人的记录。", ask=True),
        Turn("记一下：vault 访问策略由李想维护，每季度审一次。", "已记录：vault 访问策略的维护人是李想（每季度审查）。",
             "fact", ("vault 访问策略", "维护人", "李想（每季度审查）", "安全 wiki#2"), "high"),
    ],
    date(2026, 10, 21): [
        Turn("vault 的访问策略是谁维护的？", "李想维护，每季度审一次（见记忆）。", ask=True),
    ],
}


def _day_plan(s: ScenarioState, day: date) -> list[Turn]:
    turns: list[Turn] = list(GAP_FILL_SCRIPT.get(day, []))
    if day.weekday() == 0 and (day - START).days % 14 == 0:
        turns += _sprint_plan(s, day)
    if day.weekday() == 0:
        turns += _on_call(s, day)
    if day.weekday() in (1, 3):
        turns += _release(s, day)
    funcs = [f for f, _ in ACTIVITIES]
    weights = [w for _, w in ACTIVITIES]
    for _ in range(s.rng.randint(8, 10)):
        turns += s.rng.choices(funcs, weights)[0](s, day)
    return turns


# -- the generator -----------------------------------------------------------------------------

@dataclass
class DemoSummary:
    """What was generated (the counts the tests check)."""

    root: Path
    journal_days: int = 0
    journal_turns: int = 0
    warm_entries: int = 0
    consolidations: int = 0
    goals: int = 0
    rounds: int = 0
    gaps: int = 0
    states: int = 0  # in the history written beside the home

    def to_dict(self) -> dict:
        return {k: (str(v) if isinstance(v, Path) else v) for k, v in self.__dict__.items()}


def working_days(start: date = START, weeks: int = WEEKS) -> list[date]:
    return [start + timedelta(days=i) for i in range(weeks * 7) if (start + timedelta(days=i)).weekday() < 5]


def _at(day: date, minutes: int) -> datetime:
    return datetime.combine(day, time(9, 30), tzinfo=TEAM_TZ) + timedelta(minutes=minutes)


def generate(out: str | Path, *, seed: int = SEED) -> DemoSummary:
    """Write the demo home under ``out`` (a ``$DSH_HOME``: the files land in ``out/linghun``) and
    its history beside it (``out/linghun-history.git``).

    ``out/linghun`` must not exist yet or be empty: the demo never writes over a real home.
    """
    out = Path(out)
    home = MemoryHome(out.resolve() / "linghun")
    taken = [p for p in (home.root, out.resolve() / HISTORY_DIR) if p.exists() and any(p.iterdir())]
    if taken:
        from linghun.core.errors import InvalidInputError

        raise InvalidInputError(f"{taken[0]} is not empty; the demo is only written into a new folder")
    home.ensure()
    history = _history(home, out.resolve() / HISTORY_DIR)
    # Room for a busy week between consolidations while generating; the result is checked below
    # to stay valid (under the auto-consolidation threshold) for the default configuration.
    memory = Memory(home, MemoryConfig(max_bytes=1 << 20))
    state = ScenarioState(random.Random(seed))
    summary = DemoSummary(root=home.root)

    memory.soul_update(IDENTITY)
    days = working_days()
    goals = _goal_store(home)
    rounds = _round_runner(memory)
    last = _at(days[0], 0)  # the scenario's latest moment so far
    for index, day in enumerate(days):
        minutes = 0
        for turn in _day_plan(state, day):
            minutes += state.rng.randint(7, 35)
            when = last = _at(day, minutes)
            if turn.ask and rounds is not None:
                # the home as the round found it: Reproduce runs our engine on this state
                summary.states += history.scan(HISTORY_WRITER, when - BEFORE_ROUND) is not None
                summary.rounds += rounds(turn.user, when)
            _play(memory, turn, when)
            summary.journal_turns += 1
        for step in (g for g in GOAL_SCRIPT if g[0] == index):
            minutes += 10
            last = max(last, _at(day, max(minutes, 8 * 60)))
            _goal_step(memory, goals, step, _at(day, max(minutes, 8 * 60)))
            summary.journal_turns += 1
        week = (day - START).days // 7
        if day.weekday() == 4 and week in CONSOLIDATED_WEEKS:
            last = max(last, _at(day, 9 * 60))
            memory.consolidate(when=_at(day, 9 * 60))
            summary.consolidations += 1
    summary.journal_days = len(days)

    _write_projection(memory)
    summary.goals = len(goals.goals()) if goals is not None else 0
    summary.gaps = len(team_format.parse_gaps(read_text(home.team_file(team_format.GAPS_FILE)) or ""))

    limit = MemoryConfig().max_bytes * MemoryConfig().trigger_ratio
    if memory.size_bytes() >= limit:
        raise AssertionError(f"the demo's warm.md ({memory.size_bytes()} bytes) is over {limit:.0f}")
    summary.warm_entries = len(memory.entries())
    # the lock file is runtime state of a live home, not part of the bundled copy
    home.lock_path.unlink(missing_ok=True)
    # the home as the generator leaves it, the newest state: the bundled copy, once installed,
    # opens with nothing to record
    summary.states += history.scan(HISTORY_WRITER, last + timedelta(minutes=1)) is not None
    _seal(history)
    return summary


# -- the history --------------------------------------------------------------------------------

def _history(home: MemoryHome, location: Path):
    from linghun.core.history.store import HomeHistory  # libgit2: loaded only to write a demo

    return HomeHistory(home, location)


def _seal(history) -> None:
    """Pack the history (its objects in one pack, deltas between versions) and leave only what
    a repository needs: no lock of a live writer, no sample hooks, and no path of the folder it
    was written in (``install_history`` names the home it is installed for)."""
    history.pack()
    path = history.path
    for name in ("capture.lock", "description"):
        (path / name).unlink(missing_ok=True)
    for name in ("hooks", "info"):
        shutil.rmtree(path / name, ignore_errors=True)
    (path / "linghun-home").write_text("linghun\n", encoding="utf-8")


def install_history(demo_dsh: str | Path, home: MemoryHome, *, replace: bool = False) -> bool:
    """Make the history written beside the demo home at ``demo_dsh`` (by ``generate``) the history
    of ``home``, that demo home or a copy of it: copied to where ``core.history`` keeps ``home``'s.
    Never over a history ``home`` has already (it may be all that is left of a home removed from
    that folder), unless ``replace``: the home it recorded was a demo just generated again.
    True when installed, False when there was nothing to do."""
    source = Path(demo_dsh) / HISTORY_DIR
    target = history_location(home)
    if not (source / "HEAD").is_file() or (_holds_states(target) and not replace):
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.with_name(target.name + ".installing")
    shutil.rmtree(staging, ignore_errors=True)  # an install a crash interrupted
    shutil.copytree(source, staging)
    for p in [staging, *staging.rglob("*")]:  # installed package data may be read-only
        p.chmod(0o755 if p.is_dir() else 0o644)
    for folder in ("refs/tags", "objects/info"):  # empty folders a source checkout does not keep
        (staging / folder).mkdir(parents=True, exist_ok=True)
    (staging / "linghun-home").write_text(str(home.root) + "\n", encoding="utf-8")
    shutil.rmtree(target, ignore_errors=True)  # an empty one, or ``replace``: os.replace needs it gone
    os.replace(staging, target)
    return True


def _holds_states(repository: Path) -> bool:
    """A history with a state in it: one of a home that had none is an empty repository (reading
    it makes one), nothing worth keeping over the demo's."""
    if any(p.is_file() for p in (repository / "refs").rglob("*")):
        return True
    packed = read_text(repository / "packed-refs") or ""
    return any(line and not line.startswith("#") for line in packed.splitlines())


def _play(memory: Memory, turn: Turn, when: datetime) -> None:
    memory.journal_append(turn.user, turn.assistant, when=when)
    if turn.touch:
        memory.touch(turn.touch, when=when)
    if turn.kind is None:
        return
    if turn.rule_topic:
        memory.rules_append(str(turn.content), topic=turn.rule_topic, when=when)
    memory.append(turn.kind, turn.content, confidence=turn.confidence, update=turn.update, when=when)


# -- ontology.md: the projection (memory_project, offline) ------------------------------------

#: the topic buckets the team asked the projection to align to (SPEC 10 ``buckets``)
PROJECTION_BUCKETS = ("发布", "事故", "PR", "CI", "迁移", "sprint", "客户")


def _write_projection(memory: Memory) -> None:
    from linghun.core.ontology import memory_project

    memory_project(memory.home, PROJECTION_BUCKETS, memory=memory)


# -- goals and assembler rounds ---------------------------------------------------------------

def _goal_store(home: MemoryHome):
    try:
        from linghun.core.goals.store import Goals
    except ImportError:  # the goal package is optional for the generator
        return None
    return Goals(home)


def _goal_step(memory: Memory, goals, step: tuple, when: datetime) -> None:
    """One line of ``GOAL_SCRIPT``: the journal turn, then the signal or state change."""
    _, speaker, signal, statement, domain, priority, triggers, said = step
    stamp = when.strftime("%Y-%m-%d %H:%M:%S")
    memory.journal_append(f"{speaker}：{said}", "好的，已更新目标。" if _is_cjk(said) else "Noted, goal updated.", when=when)
    if goals is None:
        return
    source = {"kind": "journal", "ref": stamp}
    existing = next((g for g in goals.goals() if g.statement == statement and g.speaker == speaker), None)
    if signal in ("pause", "resume"):
        goals.set_state(existing.id, "paused" if signal == "pause" else "active", source=source, when=stamp)
        return
    goals.goal_update(signal, statement, speaker=speaker, domain=domain, priority=priority,
                      triggers=list(triggers) if triggers is not None else None,
                      goal_id=existing.id if existing else None, source=source, when=stamp)


def _is_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _round_runner(memory: Memory):
    """A function running one offline assembler round at a scenario time (None without the package).

    Traces are not kept: a trace's round id and timings come from the wall clock, and the demo must
    be the same bytes on every run. The team files (cycle.json, gaps.md, the judge and editor
    ledgers, the archivist's cache, assembled.md) are written by the scribe as in a live home.
    """
    try:
        from linghun.core.assembler.debounce import Debouncer
        from linghun.core.assembler.round import Assembler
    except ImportError:
        return None
    # the assembler reads the home through its own Memory, as the agent's would: it re-reads
    # warm.md when the scenario changed it
    assembler = Assembler(memory.home, debouncer=Debouncer(), keep_traces=False, bus=EventBus())

    def run(question: str, when: datetime) -> int:
        result = assembler.run(question, now=when)
        return 1 if result.status in ("ok", "degraded", "failed") else 0  # a round that ran

    return run


def regenerate(out: str | Path, *, seed: int = SEED) -> DemoSummary:
    """Replace a previously generated demo (used to refresh ``resources/demo-home``)."""
    out = Path(out)
    root = out / "linghun"
    if root.exists():
        # only a folder this generator wrote (its soul card) is removed: never a real home
        if read_text(root / "identity.md") != IDENTITY:
            from linghun.core.errors import InvalidInputError

            raise InvalidInputError(f"{root} is not a generated demo home; it was left untouched")
        shutil.rmtree(root)
        shutil.rmtree(out / HISTORY_DIR, ignore_errors=True)  # the demo's own history, beside it
    return generate(out, seed=seed)


__all__ = ["generate", "regenerate", "install_history", "DemoSummary", "HISTORY_DIR", "SEED", "START", "WEEKS"]
