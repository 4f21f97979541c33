"""Token usage from servers that send none (llama.cpp's in a stream), against the test's
OpenAI-compatible server (tests/fakeopenai.py): counted by the server's tokenizer where it has one,
estimated from the text where not, and labelled so in the trace and ``linghun health``."""
from linghun.core.llm import LLMResponse, provider_from_settings
from linghun.core.llm.fit import estimate_tokens

MESSAGES = [{"role": "system", "content": "你是编辑"}, {"role": "user", "content": "订单服务的端口？"}]


def _llamacpp(server):
    return provider_from_settings({"preset": "llamacpp", "baseUrl": server.base_url}, env={})


def test_a_stream_without_usage_is_counted_by_llama_cpps_tokenizer(openai_server):
    openai_server.usage, openai_server.tokenizer = False, True
    openai_server.reply("订单服务在 8087。")
    with _llamacpp(openai_server) as provider:
        reply = provider.complete(MESSAGES, stream=True)
    assert reply.usage_source == "counted"
    # the fake's tokenizer gives a token per character of the prompt its template rendered
    rendered = "".join(f"<|{m['role']}|>{m['content']}\n" for m in MESSAGES)
    assert (reply.prompt_tokens, reply.completion_tokens) == (len(rendered), len("订单服务在 8087。"))
    assert [t["path"] for t in openai_server.tokenized] == ["/apply-template", "/tokenize", "/tokenize"]
    assert openai_server.tokenized[1]["content"] == rendered


def test_a_server_without_a_tokenizer_is_estimated_and_not_asked_again(openai_server):
    openai_server.usage = False
    openai_server.reply("订单服务在 8087。")
    openai_server.reply("8087")
    with _llamacpp(openai_server) as provider:
        first = provider.complete(MESSAGES, stream=True)
        asked = len(openai_server.tokenized)
        second = provider.complete(MESSAGES)
    assert first.usage_source == second.usage_source == "estimated"
    assert (first.prompt_tokens, first.completion_tokens) == (estimate_tokens(MESSAGES),
                                                              estimate_tokens("订单服务在 8087。"))
    assert asked >= 1 and len(openai_server.tokenized) == asked  # a 404 is not asked twice


def test_a_server_not_known_as_llama_cpp_is_estimated_without_asking_it(openai_server):
    openai_server.usage, openai_server.tokenizer = False, True
    with provider_from_settings({"preset": "local", "baseUrl": openai_server.base_url}, env={}) as provider:
        reply = provider.complete(MESSAGES, stream=True)
    assert reply.usage_source == "estimated" and reply.prompt_tokens == estimate_tokens(MESSAGES)
    assert openai_server.tokenized == []


def test_usage_the_server_sent_is_reported_and_old_records_read_as_reported(openai_server):
    openai_server.tokenizer = True
    with _llamacpp(openai_server) as provider:
        reply = provider.complete(MESSAGES, stream=True)
    assert (reply.usage_source, reply.prompt_tokens) == ("reported", 11) and openai_server.tokenized == []
    old = {"text": "x", "model": "m", "prompt_tokens": 5, "completion_tokens": 1}
    assert LLMResponse.from_dict(old).usage_source == "reported"
    assert LLMResponse.from_dict(reply.to_dict()).usage_source == "reported"
