"""LLM providers through a real OpenAI-compatible HTTP server on 127.0.0.1 (no mocks)."""
import pytest

from linghun.core.errors import LinghunError
from linghun.core.llm import (
    LLMError,
    LLMProvider,
    LLMSettings,
    OpenAIProvider,
    RecordingProvider,
    ReplayProvider,
    parse_json_object,
    provider_from_settings,
)

MSGS = [{"role": "system", "content": "你是编辑"}, {"role": "user", "content": "订单服务端口？"}]


def _provider(server, **kw):
    return OpenAIProvider(base_url=server.base_url, api_key="test-key", model="fake-model", **kw)


def test_plain_completion_sends_params_and_reads_usage(openai_server):
    openai_server.reply("素材：订单服务 | 端口 | 8087")
    p = _provider(openai_server)
    assert isinstance(p, LLMProvider)
    r = p.complete(MSGS, temperature=0.2, max_tokens=1200)
    assert r.text == "素材：订单服务 | 端口 | 8087"
    assert r.model == "fake-model"
    assert r.prompt_tokens == 11 and r.completion_tokens == len(r.text) // 2
    assert r.latency_ms > 0
    sent = openai_server.requests[-1]
    assert sent["messages"] == MSGS and sent["temperature"] == 0.2 and sent["max_tokens"] == 1200
    assert sent["_headers"]["authorization"] == "Bearer test-key"
    assert "response_format" not in sent and not sent.get("stream")


def test_json_mode_asks_for_json_object(openai_server):
    openai_server.reply('{"level": "deep"}')
    r = _provider(openai_server).complete(MSGS, json_mode=True)
    assert openai_server.requests[-1]["response_format"] == {"type": "json_object"}
    assert parse_json_object(r.text) == {"level": "deep"}


def test_streaming_accumulates_deltas_and_usage(openai_server):
    text = "素材：迁移 2026-10-06 从 MySQL 5.7 到 PostgreSQL 15，停机 40 分钟。"
    openai_server.reply(text)
    deltas = []
    r = _provider(openai_server).complete(MSGS, stream=True, on_delta=deltas.append)
    assert r.text == text
    assert len(deltas) > 3 and "".join(deltas) == text
    assert r.completion_tokens == len(text) // 2 and r.prompt_tokens == 11
    assert openai_server.requests[-1]["stream"] is True
    assert r.raw["streamed"] is True and r.raw["finish_reason"] == "stop"


@pytest.mark.parametrize("status", [400, 401, 404])
def test_http_error_is_a_clear_llm_error(openai_server, status):
    openai_server.fail(status)
    with pytest.raises(LLMError) as info:
        _provider(openai_server, max_retries=0).complete(MSGS)
    err = info.value
    assert isinstance(err, LinghunError)
    assert err.kind == "http" and err.status == status
    assert f"HTTP {status}" in str(err) and f"fake error {status}" in str(err)
    assert openai_server.base_url in str(err)


def test_timeout_is_reported(openai_server):
    openai_server.reply("late", delay=1.5)
    with pytest.raises(LLMError) as info:
        _provider(openai_server, timeout=0.3, max_retries=0).complete(MSGS)
    assert info.value.kind == "timeout"
    assert "0.3 s" in str(info.value)


def test_retries_recover_from_a_server_error(openai_server):
    openai_server.fail(500)
    openai_server.reply("second try")
    r = _provider(openai_server, max_retries=1).complete(MSGS)
    assert r.text == "second try"
    assert len(openai_server.requests) == 2


def test_retries_give_up_after_max_retries(openai_server):
    for _ in range(3):
        openai_server.fail(503)
    with pytest.raises(LLMError) as info:
        _provider(openai_server, max_retries=1).complete(MSGS)
    assert info.value.status == 503
    assert len(openai_server.requests) == 2


def test_connection_refused_is_a_connection_error():
    p = OpenAIProvider(base_url="http://127.0.0.1:9/v1", api_key="k", model="m", max_retries=0, timeout=2)
    with pytest.raises(LLMError) as info:
        p.complete(MSGS)
    assert info.value.kind in {"connection", "timeout"}


def test_bad_messages_are_rejected_before_the_network(openai_server):
    with pytest.raises(LLMError) as info:
        _provider(openai_server).complete([{"role": "user"}])
    assert info.value.kind == "invalid"
    assert openai_server.requests == []


# -- settings -----------------------------------------------------------------------------

def test_no_key_means_offline():
    assert provider_from_settings(None, env={}) is None
    assert provider_from_settings(LLMSettings(enabled=False, api_key="k"), env={}) is None


def test_deepseek_is_the_default_preset():
    p = provider_from_settings(None, env={"DEEPSEEK_API_KEY": "ds"})
    assert p.base_url == "https://api.deepseek.com" and p.model == "deepseek-chat"
    resolved = LLMSettings().resolve({"DEEPSEEK_API_KEY": "ds"})
    assert resolved.key_source == "DEEPSEEK_API_KEY"


def test_openai_key_alone_never_goes_to_deepseek():
    resolved = LLMSettings().resolve({"OPENAI_API_KEY": "oa"})
    assert resolved.preset == "openai" and "openai.com" in resolved.base_url


def test_settings_override_endpoint_and_key(openai_server):
    settings = LLMSettings.from_dict({"baseUrl": openai_server.base_url, "model": "m2", "apiKey": "sk-secret-42",
                                      "maxRetries": 0, "timeout": 5})
    p = provider_from_settings(settings, env={"DEEPSEEK_API_KEY": "ds"})
    assert (p.base_url, p.model, p.max_retries, p.timeout) == (openai_server.base_url, "m2", 0, 5.0)
    openai_server.reply("hi")
    assert p.complete(MSGS).text == "hi"
    assert openai_server.requests[-1]["_headers"]["authorization"] == "Bearer sk-secret-42"
    assert "api_key" not in settings.to_dict() and "sk-secret-42" not in repr(p)


def test_custom_endpoint_takes_openai_key():
    resolved = LLMSettings(base_url="http://127.0.0.1:1/v1", model="local").resolve({"OPENAI_API_KEY": "oa"})
    assert resolved.api_key == "oa" and resolved.base_url == "http://127.0.0.1:1/v1"


def test_bad_settings_are_rejected():
    with pytest.raises(LinghunError):
        LLMSettings.from_dict({"preset": "nope"})
    with pytest.raises(LinghunError):
        LLMSettings.from_dict({"timeout": 0})


# -- record / replay ----------------------------------------------------------------------

def test_record_then_replay_gives_equal_responses_without_network(openai_server):
    openai_server.reply("first")
    openai_server.reply("second")
    openai_server.fail(500)
    tape = []
    rec = RecordingProvider(_provider(openai_server, max_retries=0), tape)
    a = rec.complete(MSGS)
    b = rec.complete(MSGS + [{"role": "user", "content": "再说一遍"}], json_mode=True, stream=True)
    with pytest.raises(LLMError):
        rec.complete(MSGS, temperature=0.0)
    assert len(tape) == 3 and tape[2]["error"]["status"] == 500
    assert rec.exchanges == tape
    sent = len(openai_server.requests)

    replay = ReplayProvider(tape)
    deltas = []
    assert replay.complete(MSGS).to_dict() == a.to_dict()
    assert replay.complete(MSGS + [{"role": "user", "content": "再说一遍"}], json_mode=True, stream=True,
                           on_delta=deltas.append).to_dict() == b.to_dict()
    assert deltas == ["second"]
    with pytest.raises(LLMError) as info:
        replay.complete(MSGS, temperature=0.0)
    assert info.value.status == 500
    assert len(openai_server.requests) == sent
    with pytest.raises(LLMError) as info:
        replay.complete(MSGS)
    assert info.value.kind == "replay_exhausted"


def test_replay_mismatch_is_an_error():
    tape = [{"messages": MSGS, "params": {"temperature": 0.2, "max_tokens": 1200, "json_mode": False},
             "response": {"text": "x", "model": "m"}}]
    with pytest.raises(LLMError) as info:
        ReplayProvider(tape).complete([{"role": "user", "content": "别的问题"}])
    assert info.value.kind == "replay_mismatch"
    with pytest.raises(LLMError) as info:
        ReplayProvider(tape).complete(MSGS, max_tokens=10)
    assert "max_tokens" in str(info.value)


def test_loose_replay_matches_out_of_order():
    other = [{"role": "user", "content": "二"}]
    tape = [{"messages": MSGS, "params": {}, "response": {"text": "one", "model": "m"}},
            {"messages": other, "params": {}, "response": {"text": "two", "model": "m"}}]
    replay = ReplayProvider(tape, strict=False)
    assert replay.complete(other).text == "two"
    assert replay.complete(MSGS).text == "one"
    assert replay.remaining == 0


def test_parse_json_object_tolerates_fences_and_rejects_garbage():
    assert parse_json_object('好的：\n```json\n{"a": "}{", "b": [1]}\n```') == {"a": "}{", "b": [1]}
    for bad in ["", "no json here", "[1, 2]", "{broken"]:
        with pytest.raises(LLMError) as info:
            parse_json_object(bad)
        assert info.value.kind == "bad_json"


def test_tape_replay_ignores_prompts_but_notes_differences():
    tape = [{"messages": MSGS, "params": {}, "response": {"text": "one", "model": "m"}}]
    replay = ReplayProvider(tape, ignore_prompts=True)
    assert replay.complete([{"role": "user", "content": "别的"}]).text == "one"
    assert replay.mismatches and "differs" in replay.mismatches[0] or "messages" in replay.mismatches[0]
    with pytest.raises(LLMError):
        replay.complete(MSGS)


def test_streaming_falls_back_when_stream_options_are_rejected(openai_server):
    openai_server.fail(400)
    openai_server.reply("no usage here")
    p = _provider(openai_server, max_retries=0)
    r = p.complete(MSGS, stream=True)
    assert r.text == "no usage here"
    first, second = openai_server.requests
    assert first["stream_options"] == {"include_usage": True} and "stream_options" not in second
    assert p.stream_usage is False
