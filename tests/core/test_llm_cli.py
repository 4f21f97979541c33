"""``linghun llm test``: the connection test of Settings for the agent and the shell."""
import json

from linghun.core.cli import main
from linghun.core.home import MemoryHome

KEY = "sk-cli-probe-1a2b3c4d5e"


def _configure(upstream_home, server, **extra):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"baseUrl": server.base_url, "apiKey": KEY, "model": "m1", **extra}}),
                           encoding="utf-8")


def test_llm_test_names_the_model_and_the_latency(upstream_home, openai_server, capsys):
    _configure(upstream_home, openai_server)
    assert main(["llm", "test", "--home", str(upstream_home)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: m1 answered in ") and out.rstrip().endswith(f"ms ({openai_server.base_url})")
    assert openai_server.requests[-1]["max_tokens"] == 1


def test_llm_test_says_a_slow_server_is_slow(upstream_home, openai_server, capsys):
    _configure(upstream_home, openai_server)
    openai_server.reply("p", delay=2.3)
    assert main(["llm", "test", "--home", str(upstream_home)]) == 0
    assert capsys.readouterr().out.startswith("ok, slow: m1 answered in ")
    openai_server.reply("p")
    assert main(["llm", "test", "--home", str(upstream_home), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["slow"] is False


def test_llm_test_reports_the_error_without_the_key(upstream_home, openai_server, capsys):
    _configure(upstream_home, openai_server)
    openai_server.fail(401, "bad key {authorization}")
    assert main(["llm", "test", "--home", str(upstream_home), "--json"]) == 8
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] is False and "HTTP 401" in result["error"] and KEY not in result["error"]


def test_llm_test_waits_only_the_timeout(upstream_home, openai_server, capsys):
    _configure(upstream_home, openai_server, timeout=30)
    openai_server.reply("late", delay=2.0)
    assert main(["llm", "test", "--home", str(upstream_home), "--timeout", "0.5"]) == 8
    assert "no answer within 0.5 s" in capsys.readouterr().out


def test_llm_test_without_a_key_is_a_clear_error(upstream_home, capsys):
    assert main(["llm", "test", "--home", str(upstream_home)]) == 2
    assert "no LLM is set up" in capsys.readouterr().err
