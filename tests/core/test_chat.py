"""linghun chat against the local OpenAI-compatible server: a turn per message, the context as
the system message, a function call that writes warm.md, the journal."""
import json

from linghun.core.chat import AGENT_TOOLS, ChatAgent
from linghun.core.cli import main as cli_main
from linghun.core.home import MemoryHome
from linghun.core.llm import OpenAIProvider
from linghun.core.memory import Memory


def _configure(home, server):
    home.config.write_text(json.dumps({"llm": {"baseUrl": server.base_url, "model": "fake-model",
                                               "apiKey": "sk-test"}}), encoding="utf-8")


def test_chat_makes_a_tool_call_whose_entry_lands_in_warm_and_journals_each_turn(upstream_home, openai_server, capsys):
    home = MemoryHome.resolve(upstream_home)
    _configure(home, openai_server)
    journal_before = len(Memory(home).journal_turns())
    # requests with tools are the agent's (call memory_append, then reply); the others the rounds' roles
    script = []

    def answer(body):
        if body.get("tools"):
            script.append(body)
            if len(script) == 1:
                return _tool_reply(body)
            if len(script) == 2:
                return "记下了：支付网关超时 30s。"
            return "订单服务的端口是 8087。"
        return "素材：订单服务 | 端口 | 8087 | #7"

    openai_server.respond_with(answer)
    assert cli_main(["chat", "--home", str(upstream_home), "-m", "记一下：支付网关超时是 30s",
                     "-m", "订单服务的端口是多少？"]) == 0
    out = capsys.readouterr().out
    assert "⚙ memory_append" in out and "-> ok" in out
    assert "agent> 记下了：支付网关超时 30s。" in out and "agent> 订单服务的端口是 8087。" in out
    # the entry the model wrote is in warm.md
    assert Memory(home).entries()[-1].body == "支付网关 | 超时 | 30s | #chat"
    # the system message was the composed context, the tools the memory tools (no linghun_turn)
    first = script[0]
    assert first["messages"][0]["role"] == "system" and first["messages"][0]["content"].startswith("【身份卡】")
    assert "【本轮素材包】" in first["messages"][0]["content"]
    assert {t["function"]["name"] for t in first["tools"]} == {t["function"]["name"] for t in AGENT_TOOLS}
    assert "linghun_turn" not in {t["function"]["name"] for t in first["tools"]}
    # the tool result went back to the model
    assert script[1]["messages"][-1]["role"] == "tool" and '"mode": "append"' in script[1]["messages"][-1]["content"]
    # one journal entry per turn, with the reply
    turns = Memory(home).journal_turns()
    assert len(turns) == journal_before + 2
    assert (turns[-2].user, turns[-2].assistant) == ("记一下：支付网关超时是 30s", "记下了：支付网关超时 30s。")
    assert turns[-1].assistant == "订单服务的端口是 8087。"


def _tool_reply(body):
    from tests.fakeopenai import Reply

    call = {"id": "call_1", "type": "function", "function": {
        "name": "memory_append",
        "arguments": json.dumps({"kind": "fact", "content": "支付网关 | 超时 | 30s | #chat", "confidence": "high"},
                                ensure_ascii=False)}}
    return Reply("", tool_calls=[call])


def test_a_bad_tool_call_goes_back_to_the_model_as_an_error(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)
    provider = OpenAIProvider(base_url=openai_server.base_url, api_key="k", model="m")
    openai_server.reply("素材：无")  # the editor of the round
    openai_server.reply_tool_call("memory_read", {"ref": "[999]"})
    openai_server.reply("没有这一条。")
    try:
        reply = ChatAgent(home, provider).send("读一下第 999 条")
    finally:
        provider.close()
    assert reply.answer == "没有这一条。" and reply.tool_calls[0]["result"]["ok"] is False
    assert '"NotFoundError"' in openai_server.requests[-1]["messages"][-1]["content"]


def test_without_an_llm_chat_says_so_and_shows_the_context(upstream_home, capsys, monkeypatch):
    for var in ("DEEPSEEK_API_KEY", "OPENAI_API_KEY", "LINGHUN_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    assert cli_main(["chat", "--home", str(upstream_home), "-m", "订单服务的端口是多少？"]) == 0
    out = capsys.readouterr().out
    assert "No LLM is configured" in out and "【身份卡】" in out and "【本轮素材包】" in out
    assert Memory(MemoryHome.resolve(upstream_home)).journal_turns()[-1].user == "订单服务的端口是多少？"
