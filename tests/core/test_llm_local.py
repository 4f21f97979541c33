"""Local servers against the OpenAI-compatible server of the tests (tests/fakeopenai.py): presets
with no key, the model read from /v1/models, prompts sized to the context window (and resized to
the figures of a refusal), timeouts that grow with the prompt, the judge's schema stepping down
where refused, and linghun chat's plain-text fallback."""
import json

import pytest

from linghun.core.chat import NO_TOOL_CALL, TOOLS_REFUSED, ChatAgent
from linghun.core.errors import InvalidInputError
from linghun.core.home import MemoryHome
from linghun.core.llm import LLMError, LLMSettings, OpenAIProvider, parse_json_object, provider_from_settings
from linghun.core.llm.fit import CUT_NOTE, complete_fitted, fit_prompt
from tests.core.test_assembler_support import assembler, filler, new_home, span
from tests.fakeopenai import Reply

SCHEMA = {"title": "t", "type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}


def _local(server, **settings):
    return provider_from_settings({"preset": "local", "baseUrl": server.base_url, **settings}, env={})


def test_a_local_preset_needs_no_key_and_takes_the_servers_first_model(openai_server):
    resolved = LLMSettings.from_dict({"preset": "local", "baseUrl": openai_server.base_url}).resolve({})
    assert resolved is not None and resolved.local and resolved.api_key == ""
    assert resolved.model_source == "the server (/v1/models)"
    with _local(openai_server) as provider:
        assert provider.model == "fake-model"
        provider.complete([{"role": "user", "content": "hi"}], max_tokens=4)
    sent = openai_server.requests[-1]
    assert sent["model"] == "fake-model" and sent["_headers"]["authorization"] == "Bearer no-key"
    # the presets for the usual servers, their default ports; "local" needs the URL
    assert LLMSettings.from_dict({"preset": "ollama"}).resolve({}).base_url == "http://127.0.0.1:11434/v1"
    assert LLMSettings.from_dict({"preset": "llamacpp"}).resolve({}).server == "llama.cpp"
    with pytest.raises(InvalidInputError, match="needs llm.baseUrl"):
        LLMSettings.from_dict({"preset": "local"})
    # a public preset's key never goes to a local server
    assert LLMSettings.from_dict({"preset": "lmstudio"}).resolve({"DEEPSEEK_API_KEY": "sk-d"}).api_key == ""


def test_candidates_are_cut_by_rank_to_fit_the_window_and_the_trace_says_so(tmp_path, openai_server):
    home = new_home(tmp_path, filler(40))
    openai_server.respond_with(lambda body: "素材：无")
    with _local(openai_server, contextWindow=900) as provider:
        result = assembler(home, provider, retrieval__mode="always", retrieval__topK=30).run("天气记录 晴朗 气温")
    editor = span(result, "editor")
    fit = next(d for d in editor["decisions"] if d["what"] == "fit")
    assert "candidates kept by rank" in fit["reason"] and "context window 900 tokens" in fit["reason"]
    sent = openai_server.requests[-1]
    prompt = sent["messages"][-1]["content"]
    assert "按排名截去" in prompt and sent["max_tokens"] < 1200
    kept, total = (int(x) for x in fit["choice"].split(" candidates")[0].split(" of "))
    assert 0 < kept < total
    # the strongest candidates are the ones kept: the first of the retriever's order leads
    first = editor["inputs"]["candidates"]
    assert first == total


def test_a_prompt_whose_instructions_alone_do_not_fit_is_a_clear_error():
    messages = [{"role": "system", "content": "规则" * 400}, {"role": "user", "content": "问题：x"}]
    with pytest.raises(LLMError, match="does not fit the model's context window: 512 tokens") as caught:
        fit_prompt(messages, 512, 300, role="the editor")
    assert caught.value.kind == "context" and "llm.contextWindow" in str(caught.value)
    fitted = fit_prompt(messages, 4096, 300)
    assert not fitted.changed and fitted.messages == messages


def test_a_refused_prompt_is_resized_to_the_figures_the_server_gave(openai_server):
    openai_server.fail(400, "This model's maximum context length is 1024 tokens. However, you requested "
                            "3400 tokens (3000 in the messages, 400 in the completion).")
    openai_server.reply("ok")
    items = "\n\n".join(f"条目 {i}：" + "内容" * 40 for i in range(40))
    messages = [{"role": "system", "content": "你是编辑"}, {"role": "user", "content": "问题：x\n\n候选条目：\n" + items}]
    fits = []
    with _local(openai_server) as provider:
        reply = complete_fitted(provider, messages, max_tokens=400, on_fit=fits.append)
        assert reply.text == "ok" and provider.context_window == 1024 and provider.token_ratio > 1
        assert provider.window_source == "the server's refusal of a longer prompt"
    first, second = openai_server.requests[-2:]
    assert len(second["messages"][-1]["content"]) < len(first["messages"][-1]["content"])
    assert "refused" in fits[-1].reason and fits[-1].kept < 40


def test_a_local_request_waits_longer_for_a_longer_prompt(openai_server):
    long = [{"role": "user", "content": "字" * 2000}]
    openai_server.reply("late", delay=1.5)
    with _local(openai_server, timeout=0.5, promptTokensPerSecond=1000, tokensPerSecond=0) as provider:
        assert provider.request_timeout(long, 10) > 2.0
        assert provider.complete(long, max_tokens=10).text == "late"
    openai_server.reply("late", delay=1.5)
    remote = OpenAIProvider(base_url=openai_server.base_url, api_key="k", model="m", timeout=0.5, max_retries=0)
    with remote, pytest.raises(LLMError, match="no answer within 0.5 s"):
        remote.complete(long, max_tokens=10)


def test_a_refused_schema_steps_down_to_json_mode_and_stays_there(openai_server):
    openai_server.fail(400, "response_format type json_schema is not supported")
    openai_server.reply('{"a": "x"}')
    openai_server.reply('{"a": "y"}')
    with _local(openai_server) as provider:
        assert provider.complete([{"role": "user", "content": "q"}], schema=SCHEMA).text == '{"a": "x"}'
        provider.complete([{"role": "user", "content": "q"}], schema=SCHEMA)
    refused, stepped, later = (r.get("response_format") for r in openai_server.requests[-3:])
    assert refused["type"] == "json_schema" and refused["json_schema"]["schema"] == SCHEMA
    assert stepped == later == {"type": "json_object"}


def test_chat_answers_in_plain_text_when_the_model_calls_no_tool(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)
    openai_server.respond_with(lambda body: "订单服务在 8087。" if body.get("tools") else "素材：无")
    with _local(openai_server) as provider:
        reply = ChatAgent(home, provider).send("订单服务的端口？")
    assert reply.answer == "订单服务在 8087。" and NO_TOOL_CALL in reply.notes and reply.turn.journaled


def test_chat_asks_again_without_tools_when_the_server_refuses_them(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)

    def answer(body):
        if body.get("tools"):
            return Reply(status=400, message="this model does not support tools")
        return "素材：无" if "编辑" in body["messages"][0]["content"] else "在 8087。"

    openai_server.respond_with(answer)
    with _local(openai_server) as provider:
        reply = ChatAgent(home, provider).send("订单服务的端口？")
    assert reply.answer == "在 8087。" and TOOLS_REFUSED in reply.notes and reply.error is None


def test_chat_sizes_its_request_to_a_small_window(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)
    openai_server.respond_with(lambda body: "素材：无" if "编辑" in body["messages"][0]["content"] else "好")
    with _local(openai_server, contextWindow=1024) as provider:
        reply = ChatAgent(home, provider).send("订单服务的端口？")
    sent = next(r for r in reversed(openai_server.requests) if r["messages"][0]["role"] == "system"
                and "编辑" not in r["messages"][0]["content"])
    assert "tools" not in sent and sent["max_tokens"] <= 1024
    assert any("do not fit the model's context window (1024 tokens)" in n for n in reply.notes)
    assert any("left out" in n for n in reply.notes) and reply.answer == "好"
    assert json.dumps(sent, ensure_ascii=False).count("【") >= 1


def test_near_json_from_a_small_model_is_repaired_before_it_is_given_up_on():
    assert parse_json_object('判定：{"level": "deep", "strategy": "timeline",}') == {"level": "deep", "strategy": "timeline"}
    assert parse_json_object("{'level': 'light', 'llm': True, 'marker': None}") == {
        "level": "light", "llm": True, "marker": None}
    assert parse_json_object("{“level”: “medium”}") == {"level": "medium"}
    with pytest.raises(LLMError, match="holds no JSON object"):
        parse_json_object("{level: deep")
