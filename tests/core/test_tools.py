"""The agent tool surface: schemas, validation and the dispatcher, and the CLI around them."""
import json

import pytest

from linghun.core import tools
from linghun.core.cli import main as cli_main
from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

SPEC_TOOLS = {"memory_append", "memory_read", "memory_touch", "memory_consolidate", "memory_project",
              "memory_rules", "memory_journal", "linghun_goal_update", "linghun_goal_get", "linghun_goal_state",
              "soul_read", "soul_update"}


def test_every_spec_tool_has_an_openai_schema():
    schemas = tools.schemas()
    names = [s["function"]["name"] for s in schemas]
    assert SPEC_TOOLS <= set(names) and len(names) == len(set(names))
    for s in schemas:
        assert s["type"] == "function"
        fn = s["function"]
        assert fn["description"] and fn["parameters"]["type"] == "object"
        assert fn["parameters"]["additionalProperties"] is False
        assert set(fn["parameters"].get("required", [])) <= set(fn["parameters"]["properties"])
    json.dumps(schemas)  # JSON-able as is


CALLS = [
    ("memory_append", {"kind": "fact", "content": "支付网关 | 超时 | 30s | #1", "confidence": "high"}),
    ("memory_append", {"kind": "event", "content": {"subject": "用户", "action": "部署", "object": "支付网关"}}),
    ("memory_read", {}),
    ("memory_read", {"ref": "[8]"}),
    ("memory_read", {"ref": "rules", "full": True}),
    ("memory_touch", {"ref": "回归测试"}),
    ("memory_project", {"buckets": ["支付网关", "订单服务"]}),
    ("memory_rules", {"rule": "上线前确认回滚方案", "topic": "发布纪律"}),
    ("memory_journal", {}),
    ("memory_journal", {"date": "2026-10-07"}),
    ("memory_journal", {"start": "2026-10-07 15:00", "end": "2026-10-07 16:00"}),
    ("linghun_goal_update", {"signal": "new", "statement": "今年存够孩子的大学基金", "priority": "high",
                             "domain": "money", "triggers": ["家庭旅行"]}),
    ("linghun_goal_get", {"situation": "周末家庭旅行的预算", "k": 3}),
    ("linghun_goal_state", {"state": "active"}),
    ("soul_read", {}),
    ("soul_update", {"content": "名字：简\n性格：冷静\n"}),
    ("memory_map", {"budget": 800}),
    ("memory_map", {"format": "graph"}),
    ("memory_drill", {"pointer": "[1]"}),
    ("linghun_turn", {"message": "订单服务的端口是多少？", "answer": "8087"}),
    ("memory_history", {"ref": "[11]"}),
    ("memory_history", {"path": "memory/warm.md", "limit": 2}),
    ("linghun_check", {}),
    ("memory_consolidate", {}),
]


def test_every_tool_is_callable_through_the_dispatcher(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    results = {}
    for name, args in CALLS:
        out = tools.dispatch(home, name, args, provider=False)
        assert out["ok"] is True, (name, out)
        json.dumps(out)
        results.setdefault(name, []).append(out)
    assert {name for name, _ in CALLS} == set(tools.names())
    first, second = results["memory_append"]
    assert first["mode"] == "append" and first["n"] == 11
    assert second["entry"]["body"] == "用户 | 部署 | 支付网关"
    assert "[8] 2026-10-07 11:30 [fact] high" in results["memory_read"][1]["text"]
    assert results["memory_touch"][0]["touched"] == 1
    entry_versions = results["memory_history"][0]["versions"]  # [11], appended by the first call
    assert [v["writer"] for v in entry_versions] == ["tool"] and entry_versions[0]["change"] == "created"
    assert len(results["memory_history"][1]["versions"]) == 2
    assert results["memory_project"][0]["nodes"][0] == "支付网关" and results["memory_project"][0]["by"] == "offline"
    assert results["memory_rules"][0] == {"ok": True, "changed": True}
    assert results["memory_journal"][2]["text"].count("用户：") == 1
    assert results["linghun_goal_update"][0]["goal"]["id"] == "g1"
    assert results["linghun_goal_get"][0]["goals"][0]["parts"]["domain_hit"] is True
    assert [g["id"] for g in results["linghun_goal_state"][0]["goals"]] == ["g1"]
    assert results["soul_read"][0]["text"].startswith("名字：简")
    assert results["memory_map"][0]["chars"] <= 800 and "大学基金" in results["memory_map"][0]["text"]
    assert {"nodes", "edges"} <= set(results["memory_map"][1]["graph"])
    assert results["memory_drill"][0]["n"] == 1
    assert results["memory_consolidate"][0]["archived_bytes"] > 0
    assert Memory(home).entries() == []


@pytest.mark.parametrize("name,args,message", [
    ("memory_append", {"content": "x"}, "missing required argument(s) kind"),
    ("memory_append", {"kind": "note", "content": "x"}, "memory_append.kind must be one of"),
    ("memory_append", {"kind": "fact", "content": "x", "confidence": "sure"}, "memory_append.confidence must be one of"),
    ("memory_append", {"kind": "fact", "content": 5}, "memory_append.content must be string or object or array"),
    ("memory_append", {"kind": "fact", "content": "x", "colour": "red"}, "unknown argument(s) colour"),
    ("memory_read", {"full": "yes"}, "memory_read.full must be boolean"),
    ("memory_touch", {}, "missing required argument(s) ref"),
    ("memory_project", {"buckets": "订单"}, "memory_project.buckets must be array"),
    ("memory_project", {"buckets": ["订单", 3]}, "memory_project.buckets[1] must be string"),
    ("memory_rules", {"rule": "   "}, "memory_rules.rule must not be empty"),
    ("memory_journal", {"date": "07/10/2026"}, "memory_journal.date must look like YYYY-MM-DD"),
    ("linghun_goal_update", {"signal": "maybe"}, "linghun_goal_update.signal must be one of"),
    ("linghun_goal_get", {"situation": "x", "k": -1}, "linghun_goal_get.k must be >= 0"),
    ("linghun_goal_get", {"situation": "x", "k": True}, "linghun_goal_get.k must be integer"),
    ("linghun_goal_state", {"state": "sleeping"}, "linghun_goal_state.state must be one of"),
    ("soul_update", {}, "missing required argument(s) content"),
    ("memory_map", {"budget": "big"}, "memory_map.budget must be integer"),
    ("memory_drill", {"pointer": ""}, "memory_drill.pointer must not be empty"),
    ("memory_read", "{not json", "arguments are not valid JSON"),
    ("memory_read", [1], "arguments must be a JSON object"),
])
def test_bad_arguments_are_rejected_before_anything_happens(upstream_home, name, args, message):
    home = MemoryHome.resolve(upstream_home)
    before = home.warm.read_bytes()
    with pytest.raises(InvalidInputError) as err:
        tools.dispatch(home, name, args, provider=False)
    assert message in str(err.value)
    assert home.warm.read_bytes() == before
    assert tools.call(home, name, args)["error"]["type"] == "InvalidInputError"


def test_unknown_tool_and_nulls(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    with pytest.raises(NotFoundError):
        tools.dispatch(home, "memory_delete_everything", {})
    # null means "not given"; JSON text arguments are accepted as models send them
    assert tools.dispatch(home, "memory_read", '{"ref": null, "full": null}')["text"].startswith("【近期记忆 · 按本体分组】")
    err = tools.call(home, "memory_read", {"ref": "[99]"})
    assert err["ok"] is False and err["error"]["type"] == "NotFoundError"


def test_cli_schema_and_tool(upstream_home, capsys):
    assert cli_main(["tools", "schema"]) == 0
    schemas = json.loads(capsys.readouterr().out)
    assert [s["function"]["name"] for s in schemas] == tools.names()
    args = json.dumps({"kind": "rule", "content": "发布前冻结依赖版本"}, ensure_ascii=False)
    assert cli_main(["tool", "memory_append", "--args", args, "--home", str(upstream_home), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "append"
    assert cli_main(["tool", "memory_read", "--args", '{"ref": "[11]"}', "--home", str(upstream_home)]) == 0
    assert "发布前冻结依赖版本" in capsys.readouterr().out
    assert cli_main(["tool", "memory_append", "--args", '{"kind": 1}', "--home", str(upstream_home)]) == 2
    assert "memory_append" in capsys.readouterr().err


def test_cli_map_project_drill(upstream_home, capsys):
    home = str(upstream_home)
    assert cli_main(["map", "--home", home, "--budget", "500"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("【记忆地图】") and len(out.rstrip("\n")) <= 500
    assert cli_main(["project", "--home", home, "--offline", "--bucket", "订单服务"]) == 0
    assert capsys.readouterr().out.startswith("wrote ")
    assert cli_main(["project", "--home", home, "--offline", "--bucket", "订单服务"]) == 0
    assert capsys.readouterr().out.startswith("unchanged ")
    assert cli_main(["drill", "rules:经验规则", "--home", home]) == 0
    assert "staging" in capsys.readouterr().out
    assert cli_main(["aliases", "memory", "--set", "订单=订单服务", "--home", home]) == 0
    capsys.readouterr()
    assert cli_main(["retrieve", "订单 端口", "--home", home]) == 0
    assert capsys.readouterr().out.startswith("【记忆本体·主题节点（优先）】\n## 订单服务")
