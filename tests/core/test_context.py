"""The injected context: every part in the seed's order, within its budget, from the home's files."""
import json

from linghun.core.cli import main as cli_main
from linghun.core.context import PART_KEYS, compose, diff, fit
from linghun.core.disciplines import DEFAULT_IDENTITY, DEFAULT_JUDGMENT
from linghun.core.goals import Goals
from linghun.core.home import MemoryHome
from linghun.core.home_lock import update_section


def _home(path):
    home = MemoryHome.resolve(path)
    if home.warm.exists() and not home.memory_ontology.exists():  # the fixture has no event timeline yet
        home.memory_ontology.write_text("## 事件时间线\n" + "".join(
            f"- 2026-10-{d:02d} 10:00 团队 | 发布 | v{d} | 生产环境\n" for d in range(1, 21)), encoding="utf-8")
    return home


def test_parts_come_in_the_seed_order_with_the_bundle_under_its_label(upstream_home):
    home = _home(upstream_home)
    home.identity.unlink()
    ctx = compose(home)
    keys = [p.key for p in ctx.parts]
    # no identity.md: our card, then every part the files give
    assert keys == [k for k in PART_KEYS if k in keys]
    assert keys[:3] == ["identity", "judgment", "discipline"]
    assert ctx.part("identity").text == DEFAULT_IDENTITY["zh"] and ctx.part("identity").source == "default"
    assert keys.index("knowledge") < keys.index("rules") < keys.index("timeline") < keys.index("cold") \
        < keys.index("map") < keys.index("bundle")
    bundle = ctx.part("bundle").text
    assert bundle.startswith("以下记忆素材由认知循环团队按当前问题从记忆库组装") and "8087" in bundle
    text = ctx.text()
    assert text.count("【记忆地图】") == 1  # the map's own title is not repeated
    for p in ctx.parts:
        assert p.budget == 0 or p.chars <= p.budget, p.key


def test_the_home_identity_card_replaces_ours_and_settings_replace_the_disciplines(upstream_home):
    home = _home(upstream_home)
    home.identity.write_text("名字：简\n性格：冷静\n", encoding="utf-8")
    update_section(home, "context", lambda _old: {"language": "en", "judgment": "Be careful."})
    ctx = compose(home)
    assert ctx.part("identity").text == "名字：简\n性格：冷静" and ctx.part("identity").source == str(home.identity)
    assert ctx.part("judgment").text == "Be careful." and ctx.part("judgment").source == "context.judgment"
    assert ctx.part("discipline").title == "Memory discipline" and "knowledge ontology" in ctx.part("discipline").text
    assert DEFAULT_JUDGMENT["en"] not in ctx.text()


def test_memory_parts_share_inject_max_chars_and_each_keeps_a_share(upstream_home):
    home = _home(upstream_home)
    (home.memory / "cold.md").write_text("\n".join(f"## 2026-09-{d:02d} 沉淀（1 条）\n- [high] 事实 {d}"
                                                     for d in range(1, 29)) + "\n", encoding="utf-8")
    update_section(home, "memory", lambda _old: {"injectMaxChars": 400})
    ctx = compose(home)
    memory = [p for p in ctx.parts if p.key in ("knowledge", "rules", "timeline", "cold")]
    assert [p.key for p in memory] == ["knowledge", "rules", "timeline", "cold"]
    assert sum(p.chars for p in memory) <= 400 + 3  # equal shares rounded down, whole lines
    cold = ctx.part("cold")
    # the cold summary keeps its newest sections and says how to read the rest
    assert cold.truncated and "事实 28" in cold.text and "事实 1\n" not in cold.text
    assert "memory_read ref=cold" in cold.text


def test_goal_evidence_carries_every_live_statement_and_nothing_else(empty_home):
    home = _home(empty_home)
    goals = Goals(home)
    statements = ["这个季度把 checkout-api 的可用性稳定在 99.95%", "我坚持不在背后议论同事",
                  "每两周和每位组员做一次一对一", "I want to get the CKA certification",
                  "值班周之外每天晚上十点后不看告警", "Visit the Shanghai office in November"]
    for s in statements:
        goals.goal_update("new", s, priority="high", triggers=["发布评审"])
    dropped = goals.goal_update("new", "I want to run a marathon", priority="low")
    goals.goal_update("abandon", "I want to run a marathon", goal_id=dropped.goal.id)
    part = compose(home, "下周要做发布前评审").part("goals")
    lines = part.text.splitlines()
    # all six, not the top 3 activated ones; the abandoned goal no longer triggers
    assert sorted(lines) == sorted(f"- {s}" for s in statements)
    assert "触发" not in part.text and "high" not in part.text and "marathon" not in part.text


def test_map_enabled_false_drops_the_map_part(upstream_home):
    home = _home(upstream_home)
    update_section(home, "map", lambda _old: {"enabled": False})
    ctx = compose(home)
    assert ctx.part("map") is None and "map.enabled is false: no map part" in ctx.notes


def test_fit_cuts_whole_lines_from_the_chosen_end():
    text = "\n".join(f"line {i}" for i in range(10))
    head, cut = fit(text, 30, "head", "…{n}…")
    assert head.splitlines()[0] == "line 0" and head.endswith(f"…{cut}…") and len(head) <= 30
    tail, cut = fit(text, 30, "tail", "…{n}…")
    assert tail.splitlines()[-1] == "line 9" and tail.startswith(f"…{cut}…") and len(tail) <= 30


def test_diff_names_what_changed_part_by_part(upstream_home):
    home = _home(upstream_home)
    before = compose(home).to_dict()
    home.assembled.write_text("素材：新的素材包\n", encoding="utf-8")
    after = compose(home).to_dict()
    rows = {r["key"]: r for r in diff(before, after)}
    assert rows["bundle"]["status"] == "changed" and "+素材：新的素材包" in rows["bundle"]["diff"]
    assert rows["identity"]["status"] == "same" and rows["identity"]["diff"] == []


def test_cli_context_prints_every_part_within_budget(upstream_home, capsys):
    assert cli_main(["context", "订单服务的端口是多少？", "--home", str(upstream_home), "--offline", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["round"]["dry_run"] is True and out["round"]["status"] == "ok"
    keys = [p["key"] for p in out["parts"]]
    assert keys[0] == "identity" and keys[-1] == "bundle"
    assert all(p["budget"] == 0 or p["chars"] <= p["budget"] for p in out["parts"])
    # a dry run: the bundle on disk is untouched
    assert "8087" in (_home(upstream_home).assembled.read_text(encoding="utf-8"))
    assert cli_main(["context", "--home", str(upstream_home)]) == 0
    text = capsys.readouterr().out
    assert text.index("【身份卡】") < text.index("【本轮素材包】") and "bundle " in text and "total" in text


def test_the_whole_context_stays_within_max_chars_and_the_bundle_goes_last(empty_home):
    """Over context.maxChars the goal part gives way first, then the map and the memory parts;
    the bundle, the evidence this question asked for, stays whole."""
    home = _home(empty_home)
    goals = Goals(home)
    statements = [
        "我想在年底前把 checkout-api 的 p99 延迟压到 200 毫秒以内", "I want to run the Berlin marathon in under four hours",
        "这个季度给团队的每个服务补齐告警手册", "I plan to learn Portuguese before our trip to Lisbon next summer",
        "今年要存够孩子的大学学费", "I want to repaint the kitchen cabinets a dark green colour this autumn",
        "每周至少读完一本关于系统设计的书", "We are saving for a sailboat we can take out on the lake",
        "把家里的老照片全部扫描成电子版", "I hope to adopt a rescue greyhound once we move to a house with a garden",
        "明年春天带父母去一趟云南大理", "I want to finish my pottery course and sell mugs at the Saturday market",
        "把数据库迁移到 PostgreSQL 16 并去掉旧的分片脚本", "I am training to get my scuba diving certificate in Thailand",
        "每天早上六点起床练半小时吉他", "I would like to publish the cookbook of my grandmother's recipes",
    ]
    for statement in statements:
        goals.goal_update("new", statement, priority="high")
    home.memory_ontology.write_text("## 事件时间线\n" + "".join(
        f"- 2026-09-{1 + d % 28:02d} 10:00 团队 | 发布 | v{d} | 生产环境 " + "记录" * 20 + "\n" for d in range(300)),
        encoding="utf-8")
    bundle = "素材：\n" + "\n".join(f"- [{n}] 2026-10-01 10:00 订单服务 | 端口 | {8000 + n} | #{n}" for n in range(60))
    ctx = compose(home, "订单服务的端口", bundle=bundle)
    assert len(ctx.text()) <= 10000
    assert bundle in ctx.part("bundle").text and not ctx.part("bundle").truncated
    goal_part, timeline = ctx.part("goals"), ctx.part("timeline")
    assert goal_part.truncated and goal_part.chars <= 400 + 60 and goal_part.text.startswith("- ")
    assert timeline.truncated and "memory_read ref=memory" in timeline.text
    assert any(n.startswith("goals: cut from ") and "context.maxChars 10000" in n for n in ctx.notes)
    # with no limit every part keeps its own budget
    update_section(home, "context", lambda _old: {"maxChars": 0})
    unlimited = compose(home, "订单服务的端口", bundle=bundle)
    assert len(unlimited.text()) > 10000 and unlimited.part("goals").chars > goal_part.chars
    # a small limit cuts the bundle too, but only once everything else is down to its cut line
    update_section(home, "context", lambda _old: {"maxChars": 3000})
    tight = compose(home, "订单服务的端口", bundle=bundle)
    assert len(tight.text()) <= 3000 + 80 and tight.part("bundle").truncated
    assert all(p.chars <= 80 for p in tight.parts if p.key in ("goals", "timeline", "map"))
