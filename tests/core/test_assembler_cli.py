"""``linghun round``, ``linghun rounds``, ``linghun replay``."""
import json

from linghun.core.cli import main
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome


def test_round_rounds_replay_offline(upstream_home, capsys):
    assert main(["round", "订单服务现在跑在哪个端口？", "--home", str(upstream_home)]) == 0
    out = capsys.readouterr().out
    for role in ("feedback 反馈", "debounce 防抖", "judge 判官", "retriever 捞手", "archivist 史官",
                 "advocate 辩手", "editor 编辑", "scribe 书记"):
        assert role in out
    assert "knowledge_update" in out and "素材：" in out and "write cycle.json" in out

    assert main(["rounds", "--home", str(upstream_home), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["query"] == "订单服务现在跑在哪个端口？" and rows[0]["status"] == "ok"
    rid = rows[0]["round"]

    assert main(["rounds", "--home", str(upstream_home), "--show", rid, "-v"]) == 0
    assert "--- a/cycle.json" in capsys.readouterr().out

    assert main(["replay", rid, "--home", str(upstream_home)]) == 0
    assert "no difference from the original round" in capsys.readouterr().out
    assert main(["replay", rid, "--home", str(upstream_home), "--set", "retrieval.mode=always", "--json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert diff["identical"] is False and any("retrieval.mode" in d for d in diff["differences"])


def test_round_with_an_openai_compatible_server_and_replay_tape(upstream_home, openai_server, capsys):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"baseUrl": openai_server.base_url, "apiKey": "k", "model": "m1",
                                               "maxRetries": 0}}), encoding="utf-8")
    openai_server.reply("素材：订单服务 | 端口 | 8087 | #7")
    assert main(["round", "订单服务的端口", "--home", str(upstream_home), "--llm", "openai", "--stream"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("素材：订单服务 | 端口 | 8087 | #7\n")   # streamed as it arrives
    assert "llm #0: m1 11+" in out
    sent = len(openai_server.requests)
    assert main(["round", "订单服务的端口", "--home", str(upstream_home), "--llm", "replay", "--session", "other",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    # the LLM's bundle, and the entry it dropped that the offline editor keeps (the evidence floor)
    bundle = result["bundle"]
    assert result["llm"] == "replay" and bundle.startswith("素材：订单服务 | 端口 | 8087 | #7\n")
    assert "PostgreSQL 15" in bundle
    assert len(openai_server.requests) == sent
    assert read_text(home.assembled) == bundle + "\n"


def test_openai_without_a_key_is_a_clear_error(upstream_home, capsys):
    assert main(["round", "x", "--home", str(upstream_home), "--llm", "openai"]) == 2
    assert "needs an API key" in capsys.readouterr().err


def test_missing_home_is_not_created(empty_home, capsys):
    assert main(["round", "x", "--home", str(empty_home)]) == 3
    assert "no memory home" in capsys.readouterr().err
    assert not (empty_home / "linghun").exists()


def test_dry_run_writes_nothing(upstream_home, capsys):
    home = MemoryHome.resolve(upstream_home)
    before = read_text(home.team_file("cycle.json"))
    assert main(["round", "订单服务的端口", "--home", str(upstream_home), "--dry-run"]) == 0
    assert "dry-run cycle.json" in capsys.readouterr().out
    assert read_text(home.team_file("cycle.json")) == before
    # the list says it was a dry run: the health's round count leaves it out
    assert main(["rounds", "--home", str(upstream_home)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("订单服务的端口  (dry run)")


def test_bad_set_is_a_clear_error(upstream_home, capsys):
    assert main(["round", "x", "--home", str(upstream_home), "--set", "retrieval.topK=lots"]) == 2
    assert "retrieval.topK" in capsys.readouterr().err


def test_round_during_an_llm_outage_is_degraded_and_keeps_the_bundle(upstream_home, openai_server, capsys):
    """The configured endpoint is down: the round says *degraded* with the reason, exits 0 (the
    conversation is never blocked) and assembled.md keeps its bytes."""
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"baseUrl": openai_server.base_url, "apiKey": "k", "model": "m1",
                                               "maxRetries": 0, "timeout": 2, "stream": True}}), encoding="utf-8")
    before = home.assembled.read_bytes()
    openai_server.stop()
    assert main(["round", "订单服务的端口", "--home", str(upstream_home)]) == 0
    out = capsys.readouterr().out
    assert "\n=> degraded " in out and "reason: LLM failed (editor: " in out
    assert "the last bundle was kept (assembled.md unchanged)" in out
    assert home.assembled.read_bytes() == before
    assert main(["rounds", "--home", str(upstream_home), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["status"] == "degraded"


def test_stream_in_the_home_settings_streams_the_editor(upstream_home, openai_server, capsys):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"baseUrl": openai_server.base_url, "apiKey": "k", "model": "m1",
                                               "maxRetries": 0, "stream": True}}), encoding="utf-8")
    openai_server.reply("素材：订单服务 | 端口 | 8087 | #7")
    assert main(["round", "订单服务的端口", "--home", str(upstream_home)]) == 0
    assert openai_server.requests[-1]["stream"] is True
