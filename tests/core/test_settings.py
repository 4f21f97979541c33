"""Configuration as the seeds write it: the assembler seed's block runs a round, paths expand,
unknown keys are warnings that name them."""
import json
from pathlib import Path

from linghun.core.cli import main as cli_main
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.settings import expand_path, home_settings

# the assembler README's configuration block, key for key, as JSON
SEED_BLOCK = {
    "enabled": True,
    "warm": {"path": ""},
    "output": {"injectPath": "$DSH_HOME/bundles/assembled.md",
               "label": "以下记忆素材由认知循环团队按当前问题从记忆库组装（仅保留相关条目，细节原样）"},
    "retrieval": {"mode": "auto", "autoThreshold": 24, "maxDirectChars": 8000, "topK": 12, "strategy": True,
                  "workspaceDirs": []},
    "assemble": {"temperature": 0.2, "maxTokens": 1200},
    "debounceMs": 5000,
    "fallbackKeepLast": True,
    "team": {"cycleDir": "", "judge": {"llm": False},
             "archivist": {"enabled": True, "topRecent": 8, "episodicTail": 6000, "journalDays": 3,
                           "journalTail": 4000},
             "advocate": {"enabled": False}, "feedback": {"enabled": True}},
}


def test_the_seed_block_pasted_into_workbench_json_runs_a_round(upstream_home, capsys):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({
        "assembler": SEED_BLOCK,
        "memory": {"maxBytes": 65536, "injectMaxChars": 6000, "assembler": {"injectPath": "$DSH_HOME/bundles/assembled.md"}},
    }, ensure_ascii=False), encoding="utf-8")
    assert cli_main(["round", "订单服务的端口是多少？", "--home", str(upstream_home), "--llm", "offline"]) == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.err
    # output.injectPath with $DSH_HOME: the bundle lands there, and the context reads it from there
    moved = Path(upstream_home) / "bundles" / "assembled.md"
    assert "8087" in moved.read_text(encoding="utf-8")
    from linghun.core.context import compose

    assert compose(home).part("bundle").source == str(moved)


def test_unknown_keys_are_warnings_naming_them_never_a_failed_round(upstream_home, capsys):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"assembler": {"retrieval": {"topk": 3}, "colour": "blue"},
                                       "memory": {"maxBtyes": 1}}), encoding="utf-8")
    assert cli_main(["round", "订单服务的端口是多少？", "--home", str(upstream_home), "--llm", "offline"]) == 0
    err = capsys.readouterr().err
    assert "retrieval.topk" in err and "'colour'" in err
    warnings = home_settings(home).warnings
    assert any("memory.maxBtyes" in w for w in warnings)


def test_warm_path_and_cycle_dir_move_the_files_a_round_uses(upstream_home, tmp_path, monkeypatch, capsys):
    home = MemoryHome.resolve(upstream_home)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "warm.md").write_bytes(home.warm.read_bytes())
    Memory(home).append("fact", "支付网关 | 超时 | 30s | #12", "high")  # only in the default warm.md
    home.config.write_text(json.dumps({"assembler": {"warm": {"path": str(elsewhere / "warm.md")},
                                                     "team": {"cycleDir": "~/team-ledger"}}}), encoding="utf-8")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cli_main(["round", "支付网关的超时是多少？", "--home", str(upstream_home), "--llm", "offline",
                     "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # the round read the moved warm.md (no 30s there: a gap) and kept its ledger in ~/team-ledger
    assert "30s" not in (out["bundle"] or "") and out["gap"] is True
    assert (tmp_path / "team-ledger" / "cycle.json").exists()
    assert "team-ledger" in out["trace_path"]
    # memory_read's team ledger is the moved one: the round just counted is there
    moved = json.loads((tmp_path / "team-ledger" / "cycle.json").read_text(encoding="utf-8"))
    ledger = Memory(home).team_ledger()
    assert ledger.startswith(f"轮次 {moved['turnCount']}；") and "支付网关的超时是多少？" in ledger


def test_expand_path_knows_dsh_home_tilde_and_relative(upstream_home, monkeypatch):
    home = MemoryHome.resolve(upstream_home)
    monkeypatch.setenv("HOME", "/home/someone")
    monkeypatch.setenv("DSH_HOME", "/not/this/one")
    assert expand_path("$DSH_HOME/a.md", home) == home.dsh_home / "a.md"
    assert expand_path("${DSH_HOME}/a.md", home) == home.dsh_home / "a.md"
    assert expand_path("~/b.md", home) == Path("/home/someone/b.md")
    assert expand_path("rel/c.md", home) == home.dsh_home / "rel" / "c.md"
    assert expand_path("", home) is None
